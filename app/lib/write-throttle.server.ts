import { AppError } from './app-error';
import { hitRateLimit, tooManyAttemptsMessage } from './rate-limit.server';

/**
 * A signed-in user's changes, counted per user whatever path they take (docs/product-rules.md, "Abuse"):
 * - `lawyer-area`: the CRM (the board's JSON endpoint and the plain form posts alike), the messaging
 *   settings card and /editar-perfil, one counter for all of them;
 * - `back-office`: a superadmin's approvals, rejections, deletions and resends.
 * Generous for a person working fast (a drag every two seconds for ten minutes), a wall for a script
 * replaying a stolen session. Keys end in `:{userId}` so that deleting an account deletes them too.
 */
export const WRITE_LIMITS = {
  'lawyer-area': { max: 300, windowMs: 10 * 60_000 },
  'back-office': { max: 300, windowMs: 10 * 60_000 },
} as const;

export type WriteScope = keyof typeof WRITE_LIMITS;

export function writeThrottleKey(scope: WriteScope, userId: string): string {
  return `${scope}-write:user:${userId}`;
}

/**
 * Counts one change by `userId`; throws a Portuguese 429 (with the seconds to wait) once the user has
 * gone past the scope's limit in its window. Call it before the change, after the session check.
 */
export async function throttleWrites(scope: WriteScope, userId: string, now: Date = new Date()): Promise<void> {
  const { max, windowMs } = WRITE_LIMITS[scope];
  const hit = await hitRateLimit(writeThrottleKey(scope, userId), windowMs, now);
  if (hit.count <= max) return;
  const retryAfter = Math.max(1, Math.ceil((hit.windowEndsAt.getTime() - now.getTime()) / 1000));
  throw new AppError(tooManyAttemptsMessage(retryAfter), { status: 429, code: 'too_many_changes', retryAfter });
}
