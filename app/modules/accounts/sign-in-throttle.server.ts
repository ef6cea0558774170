import { AppError } from '~/lib/app-error';
import {
  hitRateLimits,
  readRateLimits,
  releaseRateLimitHits,
  resetRateLimits,
  resetRateLimitsAround,
  retryAfterSeconds,
  tooManyAttemptsMessage,
  type RateLimitCount,
  type RateLimitRule,
} from '~/lib/rate-limit.server';
import { loginSchema } from './accounts.schemas';

/**
 * Failed sign-ins (docs/product-rules.md, Limits; docs/decisions/0040), in the database so that every
 * process shares the counts. Three limits, each on wrong passwords only:
 * - per client IP and account together (the pair): the tight one. A guesser at one address is slowed
 *   down on that account, and nobody else is: the owner's own address keeps its own count;
 * - per client IP, across accounts: one address cannot spray many accounts;
 * - per account, whatever the address (a ceiling over an hour): only a guess spread over many addresses
 *   reaches it, and then the account refuses every sign-in until the hour ends or a password reset
 *   (which clears the account's counters: `clearSignInFailures`). A lockout an attacker can cause is
 *   the price of a bound on distributed guessing; the pair limit keeps it far above what a few
 *   addresses can do, and the e-mailed reset link is the owner's way in meanwhile.
 * The account is the normalised e-mail, whether or not it exists. Called by better-auth's hooks
 * (app/auth/auth.server.ts), so the /login form, /admin (in-process `auth.api.signInEmail`) and the HTTP
 * API (`POST /api/auth/sign-in/email`) go through the same check.
 *
 * An attempt first reserves its place (one hit on every key) and is refused when that goes over a
 * limit, so that parallel attempts cannot all pass a check made before any of them failed. When the
 * attempt ends, a wrong password keeps the hits; anything else gives them back, and a success also
 * clears the pair's counter (not the IP's, nor the account's: the other addresses' guesses still count).
 */
export const SIGN_IN_LIMITS = {
  pair: { max: 10, windowMs: 15 * 60_000 },
  ip: { max: 50, windowMs: 15 * 60_000 },
  account: { max: 100, windowMs: 60 * 60_000 },
} as const;

const KEY_PREFIX = 'login-failure:';

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

interface KeyedRules {
  pair: RateLimitRule;
  ip: RateLimitRule;
  account: RateLimitRule;
}

// Every key that names the account ends with ':' and its e-mail (account deletion and a password
// reset find them by that suffix).
function rules({ ip, email }: SignInAttempt): KeyedRules {
  const address = ip || 'unknown';
  const account = normaliseEmail(email);
  return {
    pair: { key: `${KEY_PREFIX}pair:${address}:${account}`, max: SIGN_IN_LIMITS.pair.max },
    ip: { key: `${KEY_PREFIX}ip:${address}`, max: SIGN_IN_LIMITS.ip.max },
    account: { key: `${KEY_PREFIX}account:${account}`, max: SIGN_IN_LIMITS.account.max },
  };
}

/**
 * Takes a place for a sign-in attempt. Throws AppError 429 'too_many_attempts' with `retryAfter`
 * (seconds) when the pair, the IP or the account has used up its failures in its current window: the
 * attempt must then be refused without checking the password.
 */
export async function reserveSignInAttempt(attempt: SignInAttempt, now: Date = new Date()): Promise<void> {
  const { pair, ip, account } = rules(attempt);
  const limits = [pair, ip, account];
  const keys = limits.map((r) => r.key);
  // Already blocked: answer from one read, without writing.
  const blocked = retryAfterSeconds(limits, await readRateLimits(keys, now), now);
  if (blocked !== null) throw tooManyAttempts(blocked);
  // The pair and the IP share a window length (one statement); the account's is longer.
  const hits = [
    ...(await hitRateLimits([pair.key, ip.key], SIGN_IN_LIMITS.pair.windowMs, now)),
    ...(await hitRateLimits([account.key], SIGN_IN_LIMITS.account.windowMs, now)),
  ];
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
  const { pair, ip, account } = rules(attempt);
  if (outcome === 'success') {
    await resetRateLimits([pair.key]);
    await releaseRateLimitHits([ip.key, account.key], now);
    return;
  }
  await releaseRateLimitHits([pair.key, ip.key, account.key], now);
}

/**
 * Forgets an account's failed sign-ins, from every address (its ceiling and every pair): called once a
 * password reset is complete, when the guesses made against the old password no longer matter. The
 * addresses' own counts across accounts stay.
 */
export async function clearSignInFailures(email: string): Promise<void> {
  await resetRateLimitsAround(KEY_PREFIX, `:${normaliseEmail(email)}`);
}
