import { sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import { ADVISORY_LOCKS, db } from '~/db/client.server';
import type { WhatsAppClickSource } from '~/domain/catalog/catalog';
import { saltsOf, saoPauloDay, startHourlyPurge, visitorHash } from './visitor-hash.server';

/**
 * Profile views and WhatsApp clicks. They are buffered in memory and written in one statement per table
 * every second (or every 200 events), so a busy public profile costs no database write per request. The
 * insert keeps only events of approved lawyers; a deleted lawyer's late events are dropped.
 *
 * One visitor (a hash of IP address and user agent with the day's salt: visitor-hash.server.ts) counts at
 * most one view of a lawyer per 30 minutes and one WhatsApp click per minute: repeats are dropped inside
 * the batch, and the insert skips an event when a row of the same visitor and lawyer is already stored
 * in that window (written by an earlier flush or by another process). The raw IP and user agent stay in
 * memory until the flush (about a second) and are never stored.
 */

export interface Visit {
  lawyerId: string;
  /** The client IP address set by the server (CLIENT_IP_HEADER); null counts as 'unknown'. */
  ip: string | null;
  userAgent: string | null;
  /** The signed-in visitor, if any: a lawyer looking at their own profile is not counted. */
  viewerId?: string | null;
  /** Browser prefetches (Sec-Purpose: prefetch) are not visits. */
  purpose?: string | null;
}

const VIEW_WINDOW_MS = 30 * 60 * 1000;
const CLICK_WINDOW_MS = 60 * 1000;

// isbot() runs a large regular expression: remember its answer for the user agents seen lately.
const BOT_MEMO_SIZE = 500;
const BOT_MEMO_MAX_LENGTH = 512;
const botMemo = new Map<string, boolean>();

function isBotUserAgent(userAgent: string): boolean {
  let bot = botMemo.get(userAgent);
  if (bot === undefined) {
    bot = isbot(userAgent);
    if (userAgent.length <= BOT_MEMO_MAX_LENGTH) {
      if (botMemo.size >= BOT_MEMO_SIZE) botMemo.clear();
      botMemo.set(userAgent, bot);
    }
  }
  return bot;
}

/** Known bots, link-preview fetchers, prefetches and a lawyer's own visits are not counted. */
export function isCountableVisit(visit: Visit): boolean {
  if (!visit.userAgent || isBotUserAgent(visit.userAgent)) return false;
  if (visit.purpose && /prefetch|preview/i.test(visit.purpose)) return false;
  return visit.viewerId !== visit.lawyerId;
}

interface BufferedEvent {
  lawyerId: string;
  at: Date;
  ip: string | null;
  userAgent: string;
}
interface BufferedClick extends BufferedEvent {
  source: WhatsAppClickSource;
}

interface Pending {
  views: BufferedEvent[];
  clicks: BufferedClick[];
  timer: NodeJS.Timeout | null;
  /** Writes run one after another on this chain, so a flush waits for every earlier write. */
  writes: Promise<void>;
}
const holder = globalThis as typeof globalThis & { __jusconectaAnalytics?: Pending };
const pending: Pending = (holder.__jusconectaAnalytics ??= { views: [], clicks: [], timer: null, writes: Promise.resolve() });

const FLUSH_EVERY_MS = 1000;
const FLUSH_AT = 200;

/**
 * The visits already buffered since the last flush, so that a repeat within the window is dropped here,
 * at the cost of one Map lookup, instead of being buffered, hashed and sorted out at the flush (a busy
 * cached profile is answered thousands of times a second: one event per visitor and lawyer reaches each
 * batch). It applies, in arrival order, the same rule as dedupeWithinBatch, so it changes no count; it
 * is emptied at each flush, and the insert's own check covers earlier batches and other processes.
 * Keyed by the raw visitor, in memory only; it never holds more keys than the buffer holds events.
 */
const recent = new Map<string, number>();

function isRepeat(kind: 'view' | 'click', visit: Visit, at: Date, windowMs: number): boolean {
  const key = `${kind}\u0000${visit.lawyerId}\u0000${visit.ip ?? ''}\u0000${visit.userAgent!}`;
  const last = recent.get(key);
  const time = at.getTime();
  if (last !== undefined && time >= last && time - last < windowMs) return true;
  recent.delete(key);
  recent.set(key, time);
  return false;
}

/** For tests: forgets the visits buffered so far, as a fresh process would. */
export function forgetRecentVisits(): void {
  recent.clear();
}

/** Buffers a profile view (no database work here); false when it does not count. */
export function recordProfileView(visit: Visit, at = new Date()): boolean {
  if (!isCountableVisit(visit) || isRepeat('view', visit, at, VIEW_WINDOW_MS)) return false;
  pending.views.push({ lawyerId: visit.lawyerId, at, ip: visit.ip, userAgent: visit.userAgent! });
  scheduleFlush();
  return true;
}

/** Buffers a WhatsApp click (no database work here); false when it does not count. */
export function recordWhatsAppClick(visit: Visit & { source: WhatsAppClickSource }, at = new Date()): boolean {
  if (!isCountableVisit(visit) || isRepeat('click', visit, at, CLICK_WINDOW_MS)) return false;
  pending.clicks.push({ lawyerId: visit.lawyerId, at, ip: visit.ip, userAgent: visit.userAgent!, source: visit.source });
  scheduleFlush();
  return true;
}

function scheduleFlush() {
  if (pending.views.length + pending.clicks.length >= FLUSH_AT) {
    void flushAnalytics();
    return;
  }
  pending.timer ??= setTimeout(() => void flushAnalytics(), FLUSH_EVERY_MS);
  pending.timer.unref?.();
}

/**
 * Hands what is buffered to the writer and resolves when it, and every earlier batch, is written.
 * Called by the timer, when the buffer fills, at shutdown and by tests. A failed write is logged and dropped.
 */
export function flushAnalytics(): Promise<void> {
  if (pending.timer) clearTimeout(pending.timer);
  pending.timer = null;
  const views = pending.views.splice(0);
  const clicks = pending.clicks.splice(0);
  recent.clear();
  if (views.length > 0 || clicks.length > 0) pending.writes = pending.writes.then(() => writeEvents(views, clicks));
  return pending.writes;
}

/** The events with their visitor hash, the raw IP and user agent left behind. */
async function hashVisitors<E extends BufferedEvent>(events: E[]): Promise<Array<Omit<E, 'ip' | 'userAgent'> & { visitor: string }>> {
  const days = events.map((e) => saoPauloDay(e.at));
  const salts = await saltsOf(days);
  return events.map(({ ip, userAgent, ...event }, i) => ({ ...event, visitor: visitorHash(salts.get(days[i]!)!, ip, userAgent) }));
}

/**
 * One event per visitor and lawyer per window: in time order, an event is kept unless the same
 * visitor's last kept event for that lawyer is less than `windowMs` before it.
 */
export function dedupeWithinBatch<E extends { lawyerId: string; visitor: string; at: Date }>(events: E[], windowMs: number): E[] {
  const lastKept = new Map<string, number>();
  const kept: E[] = [];
  for (const event of [...events].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const key = `${event.lawyerId}\u0000${event.visitor}`;
    const last = lastKept.get(key);
    if (last !== undefined && event.at.getTime() - last < windowMs) continue;
    lastKept.set(key, event.at.getTime());
    kept.push(event);
  }
  return kept;
}

async function writeEvents(bufferedViews: BufferedEvent[], bufferedClicks: BufferedClick[]) {
  try {
    const views = dedupeWithinBatch(await hashVisitors(bufferedViews), VIEW_WINDOW_MS);
    const clicks = dedupeWithinBatch(await hashVisitors(bufferedClicks), CLICK_WINDOW_MS);
    // Each insert skips an event already stored in its window, a check that two processes flushing the
    // same visitor at the same moment would both pass (READ COMMITTED): flushes take turns across
    // processes on a transaction-scoped advisory lock, about one short transaction a second each.
    if (views.length > 0 || clicks.length > 0) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.analyticsFlush})`);
        if (views.length > 0) {
          const rows = views.map((v) => ({ lawyer_id: v.lawyerId, viewed_at: v.at.toISOString(), visitor_hash: v.visitor }));
          await tx.execute(sql`
            insert into profile_views (lawyer_id, viewed_at, visitor_hash)
            select v.lawyer_id, v.viewed_at, v.visitor_hash
            from json_to_recordset(${JSON.stringify(rows)}::json) as v(lawyer_id text, viewed_at timestamptz, visitor_hash text)
            join lawyer_profiles lp on lp.id = v.lawyer_id and lp.status = 'approved'
            where not exists (
              select 1 from profile_views p
              where p.lawyer_id = v.lawyer_id and p.visitor_hash = v.visitor_hash and p.viewed_at > v.viewed_at - interval '30 minutes'
            )`);
        }
        if (clicks.length > 0) {
          const rows = clicks.map((c) => ({ lawyer_id: c.lawyerId, clicked_at: c.at.toISOString(), source_page: c.source, visitor_hash: c.visitor }));
          await tx.execute(sql`
            insert into whatsapp_clicks (lawyer_id, clicked_at, source_page, visitor_hash)
            select c.lawyer_id, c.clicked_at, c.source_page, c.visitor_hash
            from json_to_recordset(${JSON.stringify(rows)}::json) as c(lawyer_id text, clicked_at timestamptz, source_page text, visitor_hash text)
            join lawyer_profiles lp on lp.id = c.lawyer_id and lp.status = 'approved'
            where not exists (
              select 1 from whatsapp_clicks w
              where w.lawyer_id = c.lawyer_id and w.visitor_hash = c.visitor_hash and w.clicked_at > c.clicked_at - interval '1 minute'
            )`);
        }
      });
    }
  } catch (error) {
    console.error('Could not record profile views and WhatsApp clicks', error);
  }
  // Beside the writes, not on their chain (docs/decisions/0071).
  startHourlyPurge();
}
