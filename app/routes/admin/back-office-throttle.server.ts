import { data } from 'react-router';
import { appErrorOrThrow } from '~/lib/app-error';
import { throttleWrites } from '~/lib/write-throttle.server';

/**
 * Counts one back-office change by the superadmin (approve, reject, delete, resend: one limit for all,
 * app/lib/write-throttle.server.ts). Null when it may go on; otherwise the page's answer: the Portuguese
 * message as the action's `error`, 429 with Retry-After.
 */
export async function backOfficeThrottle(superadminId: string) {
  try {
    await throttleWrites('back-office', superadminId);
    return null;
  } catch (error) {
    const refused = appErrorOrThrow(error);
    return data({ error: refused.message }, { status: refused.status, headers: { 'Retry-After': String(refused.retryAfter ?? 60) } });
  }
}
