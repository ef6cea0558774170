import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { rateLimits } from '~/db/schema/rate-limits';

/**
 * Fixed-window counters in the database (table rate_limits), shared by every process of the app.
 * Keys are free text, one per thing counted: 'login-failure:ip:203.0.113.7',
 * 'login-failure:account:ana@exemplo.com.br', 'api-auth:ip:203.0.113.7'. A window starts with the first
 * hit of a key and lasts `windowMs`; a row whose window has ended counts as zero (the next hit restarts
 * it, and prune deletes it). Every function takes `now` so that tests can move the clock.
 */

export interface RateLimitCount {
  key: string;
  count: number;
  windowStartedAt: Date;
  windowEndsAt: Date;
}

/** A limit on one key: blocked once `max` hits are counted in its current window. */
export interface RateLimitRule {
  key: string;
  max: number;
}

const PRUNE_EVERY_MS = 10 * 60_000;
let lastPruneAt = 0;

/**
 * Counts one hit on each key, atomically (one `insert … on conflict do update` for all of them): a key
 * without a live window starts a new one at 1; a live one adds 1. Returns every key's count after the
 * hit. Ended windows are pruned now and then.
 */
export async function hitRateLimits(keys: readonly string[], windowMs: number, now: Date = new Date()): Promise<RateLimitCount[]> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return [];
  await pruneOccasionally(now);
  const windowEndsAt = new Date(now.getTime() + windowMs);
  // In DO UPDATE, "rate_limits".* is the stored row and excluded.* the one proposed (this hit).
  const ended = sql`${rateLimits.windowEndsAt} <= excluded.window_started_at`;
  return db
    .insert(rateLimits)
    .values(unique.map((key) => ({ key, count: 1, windowStartedAt: now, windowEndsAt })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${ended} then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${ended} then excluded.window_started_at else ${rateLimits.windowStartedAt} end`,
        windowEndsAt: sql`case when ${ended} then excluded.window_ends_at else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt, windowEndsAt: rateLimits.windowEndsAt });
}

/** Counts one hit on a key; returns its count in the current window. */
export async function hitRateLimit(key: string, windowMs: number, now: Date = new Date()): Promise<RateLimitCount> {
  const [row] = await hitRateLimits([key], windowMs, now);
  return row!;
}

/** The current counts of the keys that have a live window (a key missing from the map counts zero). */
export async function readRateLimits(keys: readonly string[], now: Date = new Date()): Promise<Map<string, RateLimitCount>> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ key: rateLimits.key, count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt, windowEndsAt: rateLimits.windowEndsAt })
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, unique), gt(rateLimits.windowEndsAt, now)));
  return new Map(rows.map((row) => [row.key, row]));
}

/** Takes back one hit on each key, in its live window (for an attempt that turned out not to count). */
export async function releaseRateLimitHits(keys: readonly string[], now: Date = new Date()): Promise<void> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(inArray(rateLimits.key, unique), gt(rateLimits.windowEndsAt, now)));
}

/** Forgets the keys' counts (their next hit starts a new window). */
export async function resetRateLimits(keys: readonly string[]): Promise<void> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  await db.delete(rateLimits).where(inArray(rateLimits.key, unique));
}

/**
 * Forgets every key that starts with `prefix` and ends with `suffix` (compared as text, no pattern
 * characters): one account's counters kept under keys of several shapes, say.
 */
export async function resetRateLimitsAround(prefix: string, suffix: string): Promise<void> {
  await db
    .delete(rateLimits)
    .where(and(eq(sql`left(${rateLimits.key}, ${prefix.length})`, prefix), eq(sql`right(${rateLimits.key}, ${suffix.length})`, suffix)));
}

/** Deletes the rows whose window has ended; returns how many. */
export async function pruneRateLimits(now: Date = new Date()): Promise<number> {
  const deleted = await db.delete(rateLimits).where(lte(rateLimits.windowEndsAt, now)).returning({ key: rateLimits.key });
  return deleted.length;
}

async function pruneOccasionally(now: Date): Promise<void> {
  const at = now.getTime();
  if (Math.abs(at - lastPruneAt) < PRUNE_EVERY_MS) return;
  lastPruneAt = at;
  await pruneRateLimits(now);
}

/**
 * The seconds to wait (at least 1) when any rule's key has reached its max in its current window;
 * null when none has. `counts` is what readRateLimits or hitRateLimits answered.
 */
export function retryAfterSeconds(rules: readonly RateLimitRule[], counts: ReadonlyMap<string, RateLimitCount>, now: Date = new Date()): number | null {
  let waitMs: number | null = null;
  for (const rule of rules) {
    const current = counts.get(rule.key);
    if (!current || current.count < rule.max || current.windowEndsAt.getTime() <= now.getTime()) continue;
    waitMs = Math.max(waitMs ?? 0, current.windowEndsAt.getTime() - now.getTime());
  }
  return waitMs === null ? null : Math.max(1, Math.ceil(waitMs / 1000));
}

/** The Portuguese answer for a blocked client: 'um minuto' for a minute or less, else whole minutes rounded up. */
export function tooManyAttemptsMessage(retryAfter: number): string {
  if (retryAfter <= 60) return 'Muitas tentativas. Aguarde um minuto e tente novamente.';
  return `Muitas tentativas. Aguarde ${Math.ceil(retryAfter / 60)} minutos e tente novamente.`;
}

/** A JSON 429 with Retry-After, the shape the API answers when blocked. */
export function tooManyRequestsResponse(retryAfter: number): Response {
  return Response.json(
    { code: 'TOO_MANY_REQUESTS', message: tooManyAttemptsMessage(retryAfter) },
    { status: 429, headers: { 'Retry-After': String(retryAfter), 'Cache-Control': 'no-store' } },
  );
}
