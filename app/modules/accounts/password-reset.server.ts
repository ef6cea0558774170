import { isAPIError } from 'better-auth/api';
import { and, eq, gt } from 'drizzle-orm';
import { clientIp, getAuth, RESET_IDENTIFIER_PREFIX, storedResetIdentifier } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { user, verification } from '~/db/schema/auth';
import { hitRateLimits, retryAfterSeconds, tooManyAttemptsMessage, type RateLimitRule } from '~/lib/rate-limit.server';
import { FORGOT_PASSWORD_FAILED_MESSAGE, PASSWORD_RESET_FAILED_MESSAGE, PASSWORD_RESET_LIMITS_PER_HOUR, RESET_LINK_DEAD_MESSAGE, resetTokenFrom } from './password-reset.schemas';
import { newPasswordSchema } from './registration.schemas';

/**
 * Password recovery (docs/product-rules.md, "Password recovery"), on better-auth's own reset machinery
 * called in process: `requestPasswordReset` stores a single-use token (hashed, 1 hour) and calls
 * `sendResetPassword` (app/auth/auth.server.ts), which queues our e-mail; `resetPassword` spends the
 * token, sets the password and deletes every session of the user in one transaction, then calls
 * `onPasswordReset` (afterPasswordReset, in password-reset-callbacks.server.ts). Their /api/auth endpoints stay closed; the limits are
 * counted here.
 */

const HOUR_MS = 60 * 60_000;

export type PasswordResetFailure = {
  ok: false;
  status: number;
  message: string;
  /** seconds, with status 429 */
  retryAfter?: number;
  /** The form field the message is about. */
  field?: string;
  /** The link is invalid, used or expired: the page offers a new one instead of the form. */
  deadLink?: true;
};

/** Counts one hit on each rule's key; the seconds to wait when this hit went over a limit, else null. */
async function blockedFor(rules: RateLimitRule[]): Promise<number | null> {
  const now = new Date();
  const counts = await hitRateLimits(
    rules.map((r) => r.key),
    HOUR_MS,
    now,
  );
  // The hit just counted may be the one over the limit: compare with max + 1 reached.
  return retryAfterSeconds(
    rules.map((r) => ({ ...r, max: r.max + 1 })),
    new Map(counts.map((c) => [c.key, c])),
    now,
  );
}

function tooManyAttempts(retryAfter: number): PasswordResetFailure {
  return { ok: false, status: 429, message: tooManyAttemptsMessage(retryAfter), retryAfter };
}

/**
 * Asks for a reset link for `email`. The answer is the same whether or not the address has an account
 * (and the per-address limit counts either way), so it never tells who is registered. `headers` carry
 * the client IP (CLIENT_IP_HEADER).
 */
export async function requestPasswordReset(email: string, headers: Headers): Promise<{ ok: true } | PasswordResetFailure> {
  const address = email.trim().toLowerCase();
  const blocked = await blockedFor([
    { key: `password-reset-request:ip:${clientIp(headers)}`, max: PASSWORD_RESET_LIMITS_PER_HOUR.requestsPerIp },
    { key: `password-reset-request:email:${address}`, max: PASSWORD_RESET_LIMITS_PER_HOUR.requestsPerAddress },
  ]);
  if (blocked !== null) return tooManyAttempts(blocked);
  try {
    await getAuth().api.requestPasswordReset({ body: { email: address }, headers });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return { ok: false, status: error.statusCode >= 500 ? 500 : 400, message: FORGOT_PASSWORD_FAILED_MESSAGE };
  }
  return { ok: true };
}

/**
 * Whether a reset link still works (its token exists, is not used and has not expired), without
 * spending it: /recuperar-senha checks it before showing the form.
 */
export async function isResetLinkUsable(token: string | null | undefined, now: Date = new Date()): Promise<boolean> {
  const wellFormed = resetTokenFrom(token);
  if (!wellFormed) return false;
  const [row] = await db
    .select({ id: verification.id })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(and(eq(verification.identifier, storedResetIdentifier(`${RESET_IDENTIFIER_PREFIX}${wellFormed}`)), gt(verification.expiresAt, now)))
    .limit(1);
  return Boolean(row);
}

/**
 * Sets a new password through a reset link. On success the token is spent, every session of the user
 * is gone and the user's other reset links are dead. A dead link (invalid, used, expired) answers
 * `deadLink`; submissions are limited per client IP.
 */
export async function resetPassword(token: string, newPassword: string, headers: Headers): Promise<{ ok: true } | PasswordResetFailure> {
  const blocked = await blockedFor([{ key: `password-reset:ip:${clientIp(headers)}`, max: PASSWORD_RESET_LIMITS_PER_HOUR.resetsPerIp }]);
  if (blocked !== null) return tooManyAttempts(blocked);
  const password = newPasswordSchema.safeParse(newPassword);
  if (!password.success) return { ok: false, status: 400, message: password.error.issues[0]!.message, field: 'password' };
  const wellFormed = resetTokenFrom(token);
  if (!wellFormed) return deadLink();
  try {
    await getAuth().api.resetPassword({ body: { token: wellFormed, newPassword: password.data }, headers });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const code = (error.body as { code?: unknown } | undefined)?.code;
    if (code === 'INVALID_TOKEN' || code === 'USER_NOT_FOUND') return deadLink();
    return { ok: false, status: error.statusCode >= 500 ? 500 : 400, message: PASSWORD_RESET_FAILED_MESSAGE };
  }
  return { ok: true };
}

function deadLink(): PasswordResetFailure {
  return { ok: false, status: 400, message: RESET_LINK_DEAD_MESSAGE, deadLink: true };
}
