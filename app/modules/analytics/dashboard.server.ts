import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { db } from '~/db/client.server';
import { profileViews, whatsappClicks } from '~/db/schema/analytics';
import { leads } from '~/db/schema/leads';
import { calendarMonthWindows, percentChange, rollingWindows, type ComparedWindows } from './trends';

/** The three numbers of the lawyer dashboard with their trends (docs/product-rules.md, Counting rules). */
export interface LawyerDashboardStats {
  /** Profile views in the last 30 days. */
  totalViews: number;
  viewsTrend: number | null;
  /** WhatsApp clicks in the last 30 days. */
  totalClicks: number;
  clicksTrend: number | null;
  /** Leads assigned to the lawyer since the start of this calendar month (São Paulo time). */
  leadsThisMonth: number;
  leadsTrend: number | null;
}

/**
 * The dashboard of one lawyer. Every count is scoped to `lawyerId`, which the caller takes from the
 * session, never from the URL.
 */
export async function getLawyerDashboardStats(lawyerId: string, now = new Date()): Promise<LawyerDashboardStats> {
  const days = rollingWindows(now);
  const months = calendarMonthWindows(now);
  const [views, clicks, leadCounts] = await Promise.all([
    countInWindows(profileViews, profileViews.viewedAt, eq(profileViews.lawyerId, lawyerId), days),
    countInWindows(whatsappClicks, whatsappClicks.clickedAt, eq(whatsappClicks.lawyerId, lawyerId), days),
    countInWindows(leads, leads.createdAt, eq(leads.assignedTo, lawyerId), months),
  ]);
  return {
    totalViews: views.current,
    viewsTrend: percentChange(views.current, views.previous),
    totalClicks: clicks.current,
    clicksTrend: percentChange(clicks.current, clicks.previous),
    leadsThisMonth: leadCounts.current,
    leadsTrend: percentChange(leadCounts.current, leadCounts.previous),
  };
}

/**
 * Rows of `owner` in the current and the previous window, in one query that reads only the index
 * range (owner, time) covering both windows.
 */
async function countInWindows(table: PgTable, time: PgColumn, owner: SQL, windows: ComparedWindows) {
  const { current, previous } = windows;
  const inCurrent = and(gte(time, current.start), lt(time, current.end))!;
  const inPrevious = and(gte(time, previous.start), lt(time, previous.end))!;
  const [row] = await db
    .select({
      current: sql<number>`count(*) filter (where ${inCurrent})::int`,
      previous: sql<number>`count(*) filter (where ${inPrevious})::int`,
    })
    .from(table)
    .where(and(owner, gte(time, previous.start), lt(time, current.end)));
  return { current: Number(row?.current ?? 0), previous: Number(row?.previous ?? 0) };
}
