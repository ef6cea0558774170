import { addDays, saoPauloDay } from '~/lib/calendar-day';
import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import { db, selectRows } from '~/db/client.server';
import { analyticsSalts, profileViews, whatsappClicks } from '~/db/schema/analytics';

/**
 * The anonymous visitor behind a view or a click, for the dedupe (LGPD): a hash of the IP address and
 * the user agent with a random salt of the day (America/Sao_Paulo). The salt lives in analytics_salts,
 * so every process of the app hashes a visitor alike, and is deleted once the day is more than two days
 * old; the hashes themselves are set to null after two days. The raw IP and user agent are never stored.
 */

const DAY_MS = 86_400_000;
const PURGE_EVERY_MS = 60 * 60 * 1000;
/** Stored hashes older than this are erased (the dedupe needs the last 30 minutes only). */
const KEEP_HASHES_MS = 2 * DAY_MS;

interface SaltState {
  /** Salts by São Paulo day ('2025-03-12'), today's and yesterday's at most. */
  salts: Map<string, string>;
  /** When this process last started erasing old salts and hashes (0: never). */
  lastPurgeAt: number;
  /** The purge running in this process, if one is. */
  purge: Promise<void> | null;
  /** Set to end the running purge after its current batch (shutdown, tests). */
  stopPurge: boolean;
}
const holder = globalThis as typeof globalThis & { __jusconectaVisitorHash?: SaltState };
const state: SaltState = (holder.__jusconectaVisitorHash ??= { salts: new Map(), lastPurgeAt: 0, purge: null, stopPurge: false });

export { saoPauloDay };

/** The calendar day `days` before `day` ('YYYY-MM-DD'). */
export function daysBefore(day: string, days: number): string {
  return addDays(day, -days);
}

/**
 * sha256 over the salt, the IP address and the user agent, encoded as JSON (an unambiguous separator:
 * no IP and user agent pair can pose as another), in base64url. A missing IP counts as 'unknown'.
 */
export function visitorHash(salt: string, ip: string | null, userAgent: string): string {
  return createHash('sha256')
    .update(JSON.stringify([salt, ip?.trim() || 'unknown', userAgent]))
    .digest('base64url');
}

/**
 * The salt of each given day: from memory, else created in the database if no process has yet
 * (`on conflict do nothing`) and read back, so that every process uses the same one.
 */
export async function saltsOf(days: Iterable<string>): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const day of new Set(days)) {
    let salt = state.salts.get(day);
    if (!salt) {
      await db.insert(analyticsSalts).values({ day, salt: randomBytes(32).toString('base64url') }).onConflictDoNothing();
      const [row] = await db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day));
      if (!row) throw new Error(`The analytics salt of ${day} could not be read back`);
      salt = row.salt;
      rememberSalt(day, salt);
    }
    found.set(day, salt);
  }
  return found;
}

function rememberSalt(day: string, salt: string) {
  const yesterday = daysBefore(saoPauloDay(new Date()), 1);
  for (const cached of state.salts.keys()) {
    if (cached < yesterday) state.salts.delete(cached);
  }
  state.salts.set(day, salt);
}

/** Rows erased per statement by the purge, and the pause between two statements. */
const PURGE_BATCH = 2000;
const PURGE_PAUSE_MS = 25;

/**
 * Erases what could tie a visit back to an IP address: the salts of the days before yesterday (São
 * Paulo), in the database and in memory, and the visitor hashes of views and clicks older than two days.
 * The hashes go a batch at a time (rows locked by another process's purge are left to it), with a
 * pause between batches, so that a purge with much to catch up on (a database restored from a backup,
 * a long-stopped deployment) does not take the machine from the requests. Only the rows that still have
 * a hash are read (partial indexes, migration 0028). Returns how many hashes were erased.
 */
export async function purgeOldVisitorData(
  now = new Date(),
  { batch = PURGE_BATCH, pauseMs = PURGE_PAUSE_MS, shouldStop = () => false }: { batch?: number; pauseMs?: number; shouldStop?: () => boolean } = {},
): Promise<number> {
  const yesterday = daysBefore(saoPauloDay(now), 1);
  const cutoff = new Date(now.getTime() - KEEP_HASHES_MS).toISOString();
  await db.delete(analyticsSalts).where(lt(analyticsSalts.day, yesterday));
  for (const cached of state.salts.keys()) {
    if (cached < yesterday) state.salts.delete(cached);
  }
  let erased = 0;
  for (const [table, at] of [
    [profileViews, profileViews.viewedAt],
    [whatsappClicks, whatsappClicks.clickedAt],
  ] as const) {
    for (;;) {
      // What is left is erased by the next purge, of this process or another.
      if (shouldStop()) return erased;
      const rows = await selectRows<{ one: number }>(sql`
        update ${table} set visitor_hash = null
         where id in (
           select id from ${table}
            where visitor_hash is not null and ${at} < ${cutoff}::timestamptz
            limit ${batch} for update skip locked)
        returning 1 as one`);
      erased += rows.length;
      if (rows.length < batch) break;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
  return erased;
}

/**
 * Starts purgeOldVisitorData() beside the caller, unless this process started one in the last hour or
 * one is still running: the analytics writer calls it after each flush, and a purge with a backlog (its
 * batches and pauses) must not hold back the next views' write. A failure is logged; the next hour tries again.
 */
export function startHourlyPurge(now = new Date()): void {
  if (state.purge || state.stopPurge || now.getTime() - state.lastPurgeAt < PURGE_EVERY_MS) return;
  state.lastPurgeAt = now.getTime();
  state.purge = purgeOldVisitorData(now, { shouldStop: () => state.stopPurge })
    .then(
      () => undefined,
      (error: unknown) => console.error('Could not erase old analytics salts and visitor hashes', error),
    )
    .finally(() => {
      state.purge = null;
    });
}

/**
 * Resolves when the running purge (if any) has ended. With `stop`, it ends after its current batch:
 * shutdown calls it so as not to close the database under it, or wait for a whole backlog.
 */
export async function settleVisitorDataPurge({ stop = false } = {}): Promise<void> {
  if (stop) state.stopPurge = true;
  try {
    await state.purge;
  } finally {
    if (stop) state.stopPurge = false;
  }
}

/** For tests: ends a running purge and forgets the cached salts and the last purge, as a fresh process would. */
export async function resetVisitorHashState(): Promise<void> {
  await settleVisitorDataPurge({ stop: true });
  state.salts.clear();
  state.lastPurgeAt = 0;
}
