import { AppError } from '~/lib/app-error';
import {
  hitRateLimits,
  readRateLimits,
  releaseRateLimitHits,
  resetRateLimits,
  retryAfterSeconds,
  tooManyAttemptsMessage,
  type RateLimitCount,
  type RateLimitRule,
} from '~/lib/rate-limit.server';
import { loginSchema } from './accounts.schemas';

/**
 * Failed sign-ins, limited per client IP and per account (the normalised e-mail, whether or not the
 * account exists), in the database so that every process shares the counts. Called by better-auth's
 * hooks (app/auth/auth.server.ts), so the /login form (in-process `auth.api.signInEmail`) and the HTTP
 * API (`POST /api/auth/sign-in/email`) go through the same check.
 *
 * An attempt first reserves its place (one hit on both keys) and is refused when that goes over a
 * limit, so that parallel attempts cannot all pass a check made before any of them failed. When the
 * attempt ends, a wrong password keeps the hit; anything else gives it back, and a success also clears
 * the account's counter (not the IP's).
 */
export const SIGN_IN_LIMITS = {
  account: { max: 20, windowMs: 15 * 60_000 },
  ip: { max: 50, windowMs: 15 * 60_000 },
} as const;

// Both limits share one window length, so both keys are hit in one statement.
const WINDOW_MS = SIGN_IN_LIMITS.account.windowMs;

export interface SignInAttempt {
  /** The client IP (the Express server's header), or 'unknown'. */
  ip: string;
  /** The e-mail as typed; it is normalised here (trimmed, lower case). */
  email: string;
}

export type SignInOutcome = 'wrong-credentials' | 'success' | 'other';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The attempt a sign-in request makes, or null when its body is not a valid login (bad e-mail shape,
 * short or long password): such requests are refused by validation and never counted.
 */
export function signInAttemptFrom(body: unknown, ip: string | null | undefined): SignInAttempt | null {
  const parsed = loginSchema.safeParse(body ?? {});
  if (!parsed.success) return null;
  return { ip: ip?.trim().slice(0, 64) || 'unknown', email: parsed.data.email };
}

function rules({ ip, email }: SignInAttempt): RateLimitRule[] {
  return [
    { key: `login-failure:ip:${ip || 'unknown'}`, max: SIGN_IN_LIMITS.ip.max },
    { key: `login-failure:account:${normaliseEmail(email)}`, max: SIGN_IN_LIMITS.account.max },
  ];
}

/**
 * Takes a place for a sign-in attempt. Throws AppError 429 'too_many_attempts' with `retryAfter`
 * (seconds) when the IP or the account has used up its failures in the current window: the attempt
 * must then be refused without checking the password.
 */
export async function reserveSignInAttempt(attempt: SignInAttempt, now: Date = new Date()): Promise<void> {
  const limits = rules(attempt);
  const keys = limits.map((r) => r.key);
  // Already blocked: answer from one read, without writing.
  const blocked = retryAfterSeconds(limits, await readRateLimits(keys, now), now);
  if (blocked !== null) throw tooManyAttempts(blocked);
  const hits = await hitRateLimits(keys, WINDOW_MS, now);
  // After this hit a key may hold max + 1 places (parallel attempts): refuse and give the place back.
  const over = new Map<string, RateLimitCount>();
  for (const hit of hits) {
    const rule = limits.find((r) => r.key === hit.key);
    if (rule && hit.count > rule.max) over.set(hit.key, hit);
  }
  if (over.size === 0) return;
  await releaseRateLimitHits(keys, now);
  throw tooManyAttempts(retryAfterSeconds(limits, over, now) ?? 1);
}

function tooManyAttempts(retryAfter: number): AppError {
  return new AppError(tooManyAttemptsMessage(retryAfter), { status: 429, code: 'too_many_attempts', retryAfter });
}

/** Settles a reserved attempt: a wrong e-mail or password keeps its place, anything else gives it back. */
export async function settleSignInAttempt(attempt: SignInAttempt, outcome: SignInOutcome, now: Date = new Date()): Promise<void> {
  if (outcome === 'wrong-credentials') return;
  const [ipRule, accountRule] = rules(attempt);
  if (outcome === 'success') {
    await resetRateLimits([accountRule!.key]);
    await releaseRateLimitHits([ipRule!.key], now);
    return;
  }
  await releaseRateLimitHits([ipRule!.key, accountRule!.key], now);
}
