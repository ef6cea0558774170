import { addDays, saoPauloDay } from '~/lib/calendar-day';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gte, isNotNull, lt } from 'drizzle-orm';
import { db } from '~/db/client.server';
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
  /** When this process last erased old salts and hashes (0: never). */
  lastPurgeAt: number;
  /** The cutoff of that purge: the next one only scans the rows after it. */
  lastCutoff: Date | null;
}
const holder = globalThis as typeof globalThis & { __jusconectaVisitorHash?: SaltState };
const state: SaltState = (holder.__jusconectaVisitorHash ??= { salts: new Map(), lastPurgeAt: 0, lastCutoff: null });

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

/**
 * Erases what could tie a visit back to an IP address: the salts of the days before yesterday (São
 * Paulo), in the database and in memory, and the visitor hashes of views and clicks older than two days.
 * After the first purge of the process, only the rows since the previous cutoff (less a day) are scanned.
 */
export async function purgeOldVisitorData(now = new Date()): Promise<void> {
  const yesterday = daysBefore(saoPauloDay(now), 1);
  const cutoff = new Date(now.getTime() - KEEP_HASHES_MS);
  const since = state.lastCutoff ? new Date(Math.min(state.lastCutoff.getTime(), cutoff.getTime()) - DAY_MS) : null;
  await db.delete(analyticsSalts).where(lt(analyticsSalts.day, yesterday));
  for (const cached of state.salts.keys()) {
    if (cached < yesterday) state.salts.delete(cached);
  }
  await db
    .update(profileViews)
    .set({ visitorHash: null })
    .where(and(lt(profileViews.viewedAt, cutoff), since ? gte(profileViews.viewedAt, since) : undefined, isNotNull(profileViews.visitorHash)));
  await db
    .update(whatsappClicks)
    .set({ visitorHash: null })
    .where(and(lt(whatsappClicks.clickedAt, cutoff), since ? gte(whatsappClicks.clickedAt, since) : undefined, isNotNull(whatsappClicks.visitorHash)));
  state.lastCutoff = cutoff;
}

/** Runs purgeOldVisitorData() if this process has not in the last hour. */
export async function purgeOldVisitorDataHourly(now = new Date()): Promise<void> {
  if (now.getTime() - state.lastPurgeAt < PURGE_EVERY_MS) return;
  state.lastPurgeAt = now.getTime();
  await purgeOldVisitorData(now);
}

/** For tests: forgets the cached salts and the last purge, as a fresh process would. */
export function resetVisitorHashState(): void {
  state.salts.clear();
  state.lastPurgeAt = 0;
  state.lastCutoff = null;
}
