import { and, gte, lt, lte, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { db } from '~/db/client.server';
import { activityDays, profileViews, whatsappClicks } from '~/db/schema/analytics';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { leads } from '~/db/schema/leads';
import { percentChange, recentZonedDays, type ZonedDay } from '~/modules/analytics/trends';
import { cityLabel, practiceAreaLabel } from '~/domain/catalog/catalog';

/** 30 days for views, clicks and top lists, the 30 days before for trends (docs/product-rules.md, "Back office": Relatórios). */
export const REPORT_DAYS = 30;
/** The daily series of leads: today and the 6 days before. */
export const WEEK_DAYS = 7;
/** Top 5 cities and top 5 areas. */
export const TOP_LIMIT = 5;

/** A figure of the last REPORT_DAYS days, the same figure of the REPORT_DAYS days before, and the trend between them. */
export interface ReportFigure {
  current: number;
  previous: number;
  /** Whole percent change; null ('—') when the previous period had none (percentChange). */
  trend: number | null;
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

/** A closed day is counted once, an hour after it ended (late writes of its last minutes are in). */
const SETTLED_AFTER_MS = 60 * 60 * 1000;

interface DayFigures {
  leads: number;
  profileViews: number;
  whatsappClicks: number;
  newLawyers: number;
  leadCities: Record<string, number>;
  leadAreas: Record<string, number>;
}

/**
 * The reports. Days are calendar days in São Paulo: "the last 30 days" are today (up to `now`) and the
 * 29 days before, from local midnight, and the trend compares them with the 30 whole days before; so
 * each card's figure is the sum of its 30-day series. A lead is a row of `leads`, as on the dashboard:
 * a request routed to three lawyers is three leads, and a lead a lawyer typed into their CRM counts too.
 *
 * Closed days come from `activity_days` (docs/decisions/0021): a day over for an hour is counted once
 * from the raw rows, the first time a report needs it, and kept; the days still open (today, and
 * yesterday during the first hour) are counted live on the tables' time indexes. So a report reads
 * today's rows and a few dozen stored days, whatever the platform's history.
 */
export async function getAdminReports(now: Date = new Date()): Promise<AdminReports> {
  const days = recentZonedDays(now, 2 * REPORT_DAYS);
  const previousDays = days.slice(0, REPORT_DAYS);
  const currentDays = days.slice(REPORT_DAYS);
  const end = new Date(now.getTime() + 1);
  const ends = days.map((day, i) => days[i + 1]?.start ?? end);
  const settled = days.filter((_, i) => ends[i]!.getTime() + SETTLED_AFTER_MS <= now.getTime());
  const open = days.slice(settled.length);

  const [stored, live] = await Promise.all([settledDays(settled, ends[settled.length - 1]), countDays(open, end)]);
  const byDay = new Map([...stored, ...live]);
  const dayOf = (date: string): DayFigures => byDay.get(date) ?? EMPTY_DAY;

  const figure = (key: 'leads' | 'profileViews' | 'whatsappClicks' | 'newLawyers'): ReportFigure => {
    const sum = (period: ZonedDay[]) => period.reduce((total, day) => total + dayOf(day.date)[key], 0);
    const [thisPeriod, lastPeriod] = [sum(currentDays), sum(previousDays)];
    return { current: thisPeriod, previous: lastPeriod, trend: percentChange(thisPeriod, lastPeriod) };
  };
  const series = currentDays.map(({ date }) => ({ date, leads: dayOf(date).leads, profileViews: dayOf(date).profileViews, whatsappClicks: dayOf(date).whatsappClicks }));
  const top = (key: 'leadCities' | 'leadAreas') => {
    const totals = new Map<string, number>();
    for (const { date } of currentDays) for (const [id, n] of Object.entries(dayOf(date)[key])) totals.set(id, (totals.get(id) ?? 0) + n);
    return [...totals]
      .filter(([, n]) => n > 0)
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
      .slice(0, TOP_LIMIT);
  };

  return {
    period: { from: currentDays[0]!.date, to: currentDays.at(-1)!.date },
    leads: figure('leads'),
    profileViews: figure('profileViews'),
    whatsappClicks: figure('whatsappClicks'),
    newLawyers: figure('newLawyers'),
    lastWeek: series.slice(-WEEK_DAYS),
    lastMonth: series,
    topCities: top('leadCities').map(([id, leads]) => ({ id, label: cityLabel(id), leads })),
    topAreas: top('leadAreas').map(([id, leads]) => ({ id, label: practiceAreaLabel(id), leads })),
  };
}

const EMPTY_DAY: DayFigures = { leads: 0, profileViews: 0, whatsappClicks: 0, newLawyers: 0, leadCities: {}, leadAreas: {} };

/** The settled days from activity_days; those not stored yet are counted from the raw rows and stored. */
async function settledDays(days: ZonedDay[], end: Date | undefined): Promise<Map<string, DayFigures>> {
  if (days.length === 0 || !end) return new Map();
  const rows = await db
    .select()
    .from(activityDays)
    .where(and(gte(activityDays.day, days[0]!.date), lte(activityDays.day, days.at(-1)!.date)));
  const found = new Map<string, DayFigures>(rows.map(({ day, computedAt: _, ...figures }) => [day, figures]));
  const firstMissing = days.findIndex((day) => !found.has(day.date));
  if (firstMissing === -1) return found;
  // From the first missing day to the last settled one: one range of each time index.
  const counted = await countDays(days.slice(firstMissing), end);
  const toStore = days.slice(firstMissing).filter((day) => !found.has(day.date));
  await db
    .insert(activityDays)
    .values(toStore.map(({ date }) => ({ day: date, ...(counted.get(date) ?? EMPTY_DAY) })))
    .onConflictDoNothing();
  for (const { date } of toStore) found.set(date, counted.get(date) ?? EMPTY_DAY);
  return found;
}

/** Every figure of `days` (consecutive, oldest first; the last one ending at `end`), from the raw rows. */
async function countDays(days: ZonedDay[], end: Date): Promise<Map<string, DayFigures>> {
  if (days.length === 0) return new Map();
  const [leadsByDay, viewsByDay, clicksByDay, lawyersByDay, cities, areas] = await Promise.all([
    countByDay(leads, leads.createdAt, days, end),
    countByDay(profileViews, profileViews.viewedAt, days, end),
    countByDay(whatsappClicks, whatsappClicks.clickedAt, days, end),
    countByDay(lawyerProfiles, lawyerProfiles.createdAt, days, end),
    leadsByDayAnd(leads.cidade, days, end),
    leadsByDayAnd(leads.areaInteresse, days, end),
  ]);
  return new Map(
    days.map(({ date }) => [
      date,
      {
        leads: leadsByDay.get(date) ?? 0,
        profileViews: viewsByDay.get(date) ?? 0,
        whatsappClicks: clicksByDay.get(date) ?? 0,
        newLawyers: lawyersByDay.get(date) ?? 0,
        leadCities: cities.get(date) ?? {},
        leadAreas: areas.get(date) ?? {},
      },
    ]),
  );
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
/** Leads from the first of `days` up to `end`, by day and by the value of a column (city or area). */
async function leadsByDayAnd(column: typeof leads.cidade | typeof leads.areaInteresse, days: ZonedDay[], end: Date): Promise<Map<string, Record<string, number>>> {
  const starts = `{${days.map((day) => day.start.toISOString()).join(',')}}`;
  const rows = await db
    .select({ bucket: sql<number>`width_bucket(${leads.createdAt}, ${starts}::timestamptz[])`, id: column, n: sql<number>`count(*)::int` })
    .from(leads)
    .where(and(gte(leads.createdAt, days[0]!.start), lt(leads.createdAt, end)))
    .groupBy(sql`1`, column);
  const byDay = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const date = days[Number(row.bucket) - 1]!.date;
    const counts = byDay.get(date) ?? {};
    counts[row.id] = Number(row.n);
    byDay.set(date, counts);
  }
  return byDay;
}
