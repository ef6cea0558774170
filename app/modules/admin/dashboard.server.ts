import { and, count, eq, gte, lt } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { profileViews, whatsappClicks } from '~/db/schema/analytics';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { leads } from '~/db/schema/leads';
import { startOfZonedDay } from '~/modules/analytics/trends';
import { lawyerStatusTotals } from './lawyers.server';

/** The window of 'Atividade Recente' (docs/product-rules.md, "Back office": the last 30 days). */
export const RECENT_ACTIVITY_DAYS = 30;
const DAY_MS = 86_400_000;

/** The figures of /admin/dashboard 'Dashboard Admin' (docs/product-rules.md, "Back office"). */
export interface AdminDashboardFigures {
  lawyers: { total: number; approved: number; pending: number; rejected: number };
  /** Leads created since midnight in São Paulo (one per lawyer a request was routed to, or one unassigned). */
  leadsToday: number;
  /** The last RECENT_ACTIVITY_DAYS days up to now. */
  activity: {
    profileViews: number;
    whatsappClicks: number;
    /** Approved lawyers with at least one profile view, WhatsApp click or lead received in the window. */
    activeLawyers: number;
  };
}

export async function getAdminDashboardFigures(now: Date = new Date()): Promise<AdminDashboardFigures> {
  const end = new Date(now.getTime() + 1);
  const since = new Date(now.getTime() - RECENT_ACTIVITY_DAYS * DAY_MS);
  const today = startOfZonedDay(now);
  const [lawyers, [active], [leadsToday], [views], [clicks]] = await Promise.all([
    // The status counts are kept by the database (migration 0031, decision 0075); the active lawyers are
    // a range of (status, last_activity_at), an index-only scan of the approved lawyers active in the
    // window. last_activity_at is kept by the database from views, clicks and leads (migration 0010, to
    // within an hour): the active lawyers come from the profiles, never from the events.
    lawyerStatusTotals(),
    db
      .select({ n: count() })
      .from(lawyerProfiles)
      .where(and(eq(lawyerProfiles.status, 'approved'), gte(lawyerProfiles.lastActivityAt, since), lt(lawyerProfiles.lastActivityAt, end))),
    db.select({ n: count() }).from(leads).where(and(gte(leads.createdAt, today), lt(leads.createdAt, end))),
    db.select({ n: count() }).from(profileViews).where(and(gte(profileViews.viewedAt, since), lt(profileViews.viewedAt, end))),
    db.select({ n: count() }).from(whatsappClicks).where(and(gte(whatsappClicks.clickedAt, since), lt(whatsappClicks.clickedAt, end))),
  ]);
  return {
    lawyers: { total: lawyers.total, approved: lawyers.approved, pending: lawyers.pending, rejected: lawyers.rejected },
    leadsToday: Number(leadsToday?.n ?? 0),
    activity: { profileViews: Number(views?.n ?? 0), whatsappClicks: Number(clicks?.n ?? 0), activeLawyers: Number(active?.n ?? 0) },
  };
}
