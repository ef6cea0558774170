import { and, asc, gte, lt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { db } from '~/db/client.server';
import { profileViews, whatsappClicks } from '~/db/schema/analytics';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { leads } from '~/db/schema/leads';
import { periodTrend, recentZonedDays, type TimeWindow, type ZonedDay } from '~/modules/analytics/trends';
import { cityLabel, practiceAreaLabel } from '~/modules/catalog/catalog';

/** Spec part 2, section 9: 30 days for views, clicks and top lists, the 30 days before for trends. */
export const REPORT_DAYS = 30;
/** The daily series of leads: today and the 6 days before. */
export const WEEK_DAYS = 7;
/** Top 5 cities and top 5 areas. */
export const TOP_LIMIT = 5;

/** A figure of the last REPORT_DAYS days, the same figure of the REPORT_DAYS days before, and the trend between them. */
export interface ReportFigure {
  current: number;
  previous: number;
  /** Whole percent change; 100 when the previous period had none and this one has some (periodTrend). */
  trend: number;
}

/** The counts of one calendar day in São Paulo. */
export interface ReportDay {
  /** '2026-03-10'. */
  date: string;
  leads: number;
  profileViews: number;
  whatsappClicks: number;
}

export interface RankedPlace {
  /** The catalogue id ('sp_sao_paulo', 'familia'). */
  id: string;
  /** The catalogue's label ('São Paulo - SP', 'Direito de Família'). */
  label: string;
  leads: number;
}

/** The figures of /admin/reports 'Relatórios' (docs/product-rules.md, "Back office"). Platform-wide: every lawyer. */
export interface AdminReports {
  /** The first and last day of the REPORT_DAYS-day period ('2026-02-09', '2026-03-10'). */
  period: { from: string; to: string };
  leads: ReportFigure;
  profileViews: ReportFigure;
  whatsappClicks: ReportFigure;
  /** Lawyer profiles created (registrations finished), whatever their status now. */
  newLawyers: ReportFigure;
  /** The last WEEK_DAYS days, oldest first, every day present. */
  lastWeek: ReportDay[];
  /** The last REPORT_DAYS days, oldest first, every day present. */
  lastMonth: ReportDay[];
  /** By leads created in the last REPORT_DAYS days, most first (ties by id); at most TOP_LIMIT. */
  topCities: RankedPlace[];
  topAreas: RankedPlace[];
}

/**
 * The reports, in six aggregate queries whatever the size of the platform. Days are calendar days in
 * São Paulo: "the last 30 days" are today (up to `now`) and the 29 days before, from local midnight,
 * and the trend compares them with the 30 whole days before; so each card's figure is the sum of its
 * 30-day series. A lead is a row of `leads`, as on the dashboard: a request routed to three lawyers is
 * three leads, and a lead a lawyer typed into their CRM counts too.
 */
export async function getAdminReports(now: Date = new Date()): Promise<AdminReports> {
  const days = recentZonedDays(now, 2 * REPORT_DAYS);
  const previousDays = days.slice(0, REPORT_DAYS);
  const currentDays = days.slice(REPORT_DAYS);
  const end = new Date(now.getTime() + 1);
  const current: TimeWindow = { start: currentDays[0]!.start, end };

  const [leadsByDay, viewsByDay, clicksByDay, lawyersByDay, topCities, topAreas] = await Promise.all([
    countByDay(leads, leads.createdAt, days, end),
    countByDay(profileViews, profileViews.viewedAt, days, end),
    countByDay(whatsappClicks, whatsappClicks.clickedAt, days, end),
    countByDay(lawyerProfiles, lawyerProfiles.createdAt, days, end),
    topLeadsBy(leads.cidade, current),
    topLeadsBy(leads.areaInteresse, current),
  ]);

  const figure = (byDay: Map<string, number>): ReportFigure => {
    const sum = (period: ZonedDay[]) => period.reduce((total, day) => total + (byDay.get(day.date) ?? 0), 0);
    const [thisPeriod, lastPeriod] = [sum(currentDays), sum(previousDays)];
    return { current: thisPeriod, previous: lastPeriod, trend: periodTrend(thisPeriod, lastPeriod) };
  };
  const series = currentDays.map(({ date }) => ({
    date,
    leads: leadsByDay.get(date) ?? 0,
    profileViews: viewsByDay.get(date) ?? 0,
    whatsappClicks: clicksByDay.get(date) ?? 0,
  }));

  return {
    period: { from: currentDays[0]!.date, to: currentDays.at(-1)!.date },
    leads: figure(leadsByDay),
    profileViews: figure(viewsByDay),
    whatsappClicks: figure(clicksByDay),
    newLawyers: figure(lawyersByDay),
    lastWeek: series.slice(-WEEK_DAYS),
    lastMonth: series,
    topCities: topCities.map(({ id, leads }) => ({ id, label: cityLabel(id), leads })),
    topAreas: topAreas.map(({ id, leads }) => ({ id, label: practiceAreaLabel(id), leads })),
  };
}

/**
 * Rows of `table` from the first of `days` up to `end`, by day: one range read of the table's time index
 * (leads_created_at_idx, profile_views_time_idx, whatsapp_clicks_time_idx, lawyer_profiles_created_at_idx).
 * Each row goes to its day by width_bucket over the days' first instants (local midnights from
 * recentZonedDays, right across a daylight-saving change): a binary search among 60 instants instead of
 * a time-zone conversion per row, which made the query twice as slow at 100,000 rows.
 */
async function countByDay(table: PgTable, time: PgColumn, days: ZonedDay[], end: Date): Promise<Map<string, number>> {
  const starts = `{${days.map((day) => day.start.toISOString()).join(',')}}`;
  const rows = await db
    .select({ bucket: sql<number>`width_bucket(${time}, ${starts}::timestamptz[])`, n: sql<number>`count(*)::int` })
    .from(table)
    .where(and(gte(time, days[0]!.start), lt(time, end)))
    // By position: the bucket's expression holds a parameter, and a repeated one would be another parameter.
    .groupBy(sql`1`);
  // Bucket i (from 1) holds the rows from the start of days[i - 1] until the next day's.
  return new Map(rows.map((row) => [days[Number(row.bucket) - 1]!.date, Number(row.n)]));
}
/** The TOP_LIMIT values of a lead column with the most leads created in `window`. */
async function topLeadsBy(column: typeof leads.cidade | typeof leads.areaInteresse, window: TimeWindow) {
  const n = sql<number>`count(*)::int`;
  const rows = await db
    .select({ id: column, leads: n })
    .from(leads)
    .where(and(gte(leads.createdAt, window.start), lt(leads.createdAt, window.end)))
    .groupBy(column)
    .orderBy(sql`count(*) desc`, asc(column))
    .limit(TOP_LIMIT);
  return rows.map((row) => ({ id: row.id, leads: Number(row.leads) }));
}
