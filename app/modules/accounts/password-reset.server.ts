import { isAPIError } from 'better-auth/api';
import { and, eq, gt } from 'drizzle-orm';
import { clientIp, getAuth, RESET_IDENTIFIER_PREFIX, storedResetIdentifier } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { user, verification } from '~/db/schema/auth';
import { AppError } from '~/lib/app-error';
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

/** The code of the AppError for a link that is invalid, used or expired: the page offers a new one instead of the form. */
export const RESET_LINK_DEAD_CODE = 'reset_link_dead';

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

function tooManyAttempts(retryAfter: number): AppError {
  return new AppError(tooManyAttemptsMessage(retryAfter), { status: 429, code: 'too_many_attempts', retryAfter });
}

/**
 * Asks for a reset link for `email`. The answer is the same whether or not the address has an account
 * (and the per-address limit counts either way), so it never tells who is registered. `headers` carry
 * the client IP (CLIENT_IP_HEADER). Refusals are AppErrors: 429 'too_many_attempts' (with the seconds
 * to wait) over a limit, 400 (500 when better-auth failed itself) 'reset_request_failed'.
 */
export async function requestPasswordReset(email: string, headers: Headers): Promise<void> {
  const address = email.trim().toLowerCase();
  const blocked = await blockedFor([
    { key: `password-reset-request:ip:${clientIp(headers)}`, max: PASSWORD_RESET_LIMITS_PER_HOUR.requestsPerIp },
    { key: `password-reset-request:email:${address}`, max: PASSWORD_RESET_LIMITS_PER_HOUR.requestsPerAddress },
  ]);
  if (blocked !== null) throw tooManyAttempts(blocked);
  try {
    await getAuth().api.requestPasswordReset({ body: { email: address }, headers });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    throw new AppError(FORGOT_PASSWORD_FAILED_MESSAGE, { status: error.statusCode >= 500 ? 500 : 400, code: 'reset_request_failed', cause: error });
  }
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
 * is gone and the user's other reset links are dead. Refusals are AppErrors, all 400 but the first:
 * 429 'too_many_attempts' (submissions are limited per client IP), 'invalid_password' (field
 * 'password'), RESET_LINK_DEAD_CODE for a dead link (invalid, used, expired), else 'reset_failed'
 * (500 when better-auth failed itself).
 */
export async function resetPassword(token: string, newPassword: string, headers: Headers): Promise<void> {
  const blocked = await blockedFor([{ key: `password-reset:ip:${clientIp(headers)}`, max: PASSWORD_RESET_LIMITS_PER_HOUR.resetsPerIp }]);
  if (blocked !== null) throw tooManyAttempts(blocked);
  const password = newPasswordSchema.safeParse(newPassword);
  if (!password.success) throw new AppError(password.error.issues[0]!.message, { status: 400, code: 'invalid_password', field: 'password' });
  const wellFormed = resetTokenFrom(token);
  if (!wellFormed) throw deadLink();
  try {
    await getAuth().api.resetPassword({ body: { token: wellFormed, newPassword: password.data }, headers });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const code = (error.body as { code?: unknown } | undefined)?.code;
    if (code === 'INVALID_TOKEN' || code === 'USER_NOT_FOUND') throw deadLink(error);
    throw new AppError(PASSWORD_RESET_FAILED_MESSAGE, { status: error.statusCode >= 500 ? 500 : 400, code: 'reset_failed', cause: error });
  }
}

function deadLink(cause?: unknown): AppError {
  return new AppError(RESET_LINK_DEAD_MESSAGE, { status: 400, code: RESET_LINK_DEAD_CODE, cause });
}
