import { sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import { db } from '~/db/client.server';
import type { WhatsAppClickSource } from '~/modules/catalog/catalog';

/**
 * Profile views and WhatsApp clicks. They are buffered in memory and written in one statement every
 * second (or every 200 events), so a busy public profile costs no database write per request. The
 * insert keeps only events of approved lawyers; a deleted lawyer's late events are dropped.
 */

export interface Visit {
  lawyerId: string;
  userAgent: string | null;
  /** The signed-in visitor, if any: a lawyer looking at their own profile is not counted. */
  viewerId?: string | null;
  /** Browser prefetches (Sec-Purpose: prefetch) are not visits. */
  purpose?: string | null;
}

/** Known bots, link-preview fetchers, prefetches and a lawyer's own visits are not counted. */
export function isCountableVisit(visit: Visit): boolean {
  if (!visit.userAgent || isbot(visit.userAgent)) return false;
  if (visit.purpose && /prefetch|preview/i.test(visit.purpose)) return false;
  return visit.viewerId !== visit.lawyerId;
}

interface Pending {
  views: Array<{ lawyerId: string; at: Date }>;
  clicks: Array<{ lawyerId: string; at: Date; source: WhatsAppClickSource }>;
  timer: NodeJS.Timeout | null;
  /** Writes run one after another on this chain, so a flush waits for every earlier write. */
  writes: Promise<void>;
}
const holder = globalThis as typeof globalThis & { __jusconectaAnalytics?: Pending };
const pending: Pending = (holder.__jusconectaAnalytics ??= { views: [], clicks: [], timer: null, writes: Promise.resolve() });

const FLUSH_EVERY_MS = 1000;
const FLUSH_AT = 200;

export function recordProfileView(visit: Visit, at = new Date()): boolean {
  if (!isCountableVisit(visit)) return false;
  pending.views.push({ lawyerId: visit.lawyerId, at });
  scheduleFlush();
  return true;
}

export function recordWhatsAppClick(visit: Visit & { source: WhatsAppClickSource }, at = new Date()): boolean {
  if (!isCountableVisit(visit)) return false;
  pending.clicks.push({ lawyerId: visit.lawyerId, at, source: visit.source });
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
  if (views.length > 0 || clicks.length > 0) pending.writes = pending.writes.then(() => writeEvents(views, clicks));
  return pending.writes;
}

async function writeEvents(views: Pending['views'], clicks: Pending['clicks']) {
  try {
    if (views.length > 0) {
      await db.execute(sql`
        insert into profile_views (lawyer_id, viewed_at)
        select v.lawyer_id, v.viewed_at
        from json_to_recordset(${JSON.stringify(views.map((v) => ({ lawyer_id: v.lawyerId, viewed_at: v.at.toISOString() })))}::json)
          as v(lawyer_id text, viewed_at timestamptz)
        join lawyer_profiles lp on lp.id = v.lawyer_id and lp.status = 'approved'`);
    }
    if (clicks.length > 0) {
      await db.execute(sql`
        insert into whatsapp_clicks (lawyer_id, clicked_at, source_page)
        select c.lawyer_id, c.clicked_at, c.source_page
        from json_to_recordset(${JSON.stringify(clicks.map((c) => ({ lawyer_id: c.lawyerId, clicked_at: c.at.toISOString(), source_page: c.source })))}::json)
          as c(lawyer_id text, clicked_at timestamptz, source_page text)
        join lawyer_profiles lp on lp.id = c.lawyer_id and lp.status = 'approved'`);
    }
  } catch (error) {
    console.error('Could not record profile views and WhatsApp clicks', error);
  }
}
