/**
 * Pure rules of the lawyer dashboard's numbers (docs/product-rules.md, Counting rules): the time
 * windows that are compared and the percent change between them. Browser-safe: no server imports.
 */

import { formatCount } from '~/lib/format-number';

export const SAO_PAULO_TIME_ZONE = 'America/Sao_Paulo';

const DAY_MS = 86_400_000;

/** A half-open time range: `start <= t < end`. */
export interface TimeWindow {
  start: Date;
  end: Date;
}

export interface ComparedWindows {
  current: TimeWindow;
  previous: TimeWindow;
}

/**
 * Views and clicks: the last `days` days up to `now`, and the `days` days before that. An event at
 * exactly `now` counts: the current window ends one millisecond after it.
 */
export function rollingWindows(now: Date, days = 30): ComparedWindows {
  const end = new Date(now.getTime() + 1);
  const split = new Date(now.getTime() - days * DAY_MS);
  const start = new Date(now.getTime() - 2 * days * DAY_MS);
  return { current: { start: split, end }, previous: { start, end: split } };
}

/**
 * Leads: the current calendar month up to `now`, and the whole previous calendar month, with months as
 * they are on the wall clocks of São Paulo (docs/product-rules.md, Language, time and money), not in UTC.
 */
export function calendarMonthWindows(now: Date, timeZone = SAO_PAULO_TIME_ZONE): ComparedWindows {
  const thisMonth = startOfZonedMonth(now, timeZone, 0);
  const lastMonth = startOfZonedMonth(now, timeZone, -1);
  return {
    current: { start: thisMonth, end: new Date(now.getTime() + 1) },
    previous: { start: lastMonth, end: thisMonth },
  };
}

/**
 * The instant at which the calendar month `monthOffset` months away from the one containing `now`
 * begins in `timeZone` (midnight of its first day there, or the first instant after it when a
 * daylight-saving change skipped midnight, as Brazil's once did).
 */
export function startOfZonedMonth(now: Date, timeZone: string, monthOffset = 0): Date {
  const { year, month } = zonedParts(now, timeZone);
  // Date.UTC rolls month 0 back into December of the year before, and 13 into January after.
  const wallClockMidnight = Date.UTC(year, month - 1 + monthOffset, 1);
  const target = new Date(wallClockMidnight);
  // The zone's offset a day before and a day after: they differ only around a daylight-saving change.
  // Of the two readings, keep the earliest instant whose wall clock is already in the target month.
  const candidates = [DAY_MS, -DAY_MS].map((shift) => wallClockMidnight - offsetMs(new Date(wallClockMidnight + shift), timeZone));
  const inMonth = candidates.filter((instant) => {
    const local = zonedParts(new Date(instant), timeZone);
    return local.year === target.getUTCFullYear() && local.month === target.getUTCMonth() + 1;
  });
  return new Date(Math.min(...(inMonth.length > 0 ? inMonth : candidates)));
}

/**
 * The instant at which the day containing `now` begins in `timeZone` ("today" of the back office's
 * dashboard: leads received since midnight in São Paulo), or the first instant after it when a
 * daylight-saving change skipped midnight.
 */
export function startOfZonedDay(now: Date, timeZone = SAO_PAULO_TIME_ZONE): Date {
  const { year, month, day } = zonedParts(now, timeZone);
  const wallClockMidnight = Date.UTC(year, month - 1, day);
  const candidates = [DAY_MS, 0, -DAY_MS].map((shift) => wallClockMidnight - offsetMs(new Date(wallClockMidnight + shift), timeZone));
  const sameDay = candidates.filter((instant) => {
    const local = zonedParts(new Date(instant), timeZone);
    return local.year === year && local.month === month && local.day === day;
  });
  return new Date(Math.min(...(sameDay.length > 0 ? sameDay : candidates)));
}

/** One calendar day in a time zone: its date ('2026-03-10') and the instant it begins there. */
export interface ZonedDay {
  date: string;
  start: Date;
}

/**
 * The `count` calendar days in `timeZone` that end with the day containing `now`, oldest first ("the
 * last 7 days" of the back office's reports: today and the 6 days before). Each begins at its local
 * midnight (startOfZonedDay), so a day is 23 or 25 hours long around a daylight-saving change.
 */
export function recentZonedDays(now: Date, count: number, timeZone = SAO_PAULO_TIME_ZONE): ZonedDay[] {
  const { year, month, day } = zonedParts(now, timeZone);
  return Array.from({ length: count }, (_, index) => {
    // Date.UTC rolls day 0 and below back into the months before.
    const calendarDate = new Date(Date.UTC(year, month - 1, day - (count - 1 - index)));
    // Noon UTC of that date is the same date on the wall clocks of any zone less than 12 h from UTC (Brazil: 2 to 5 h behind).
    return { date: calendarDate.toISOString().slice(0, 10), start: startOfZonedDay(new Date(calendarDate.getTime() + DAY_MS / 2), timeZone) };
  });
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function zonedParts(date: Date, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far the zone's wall clock is ahead of UTC at `date` (negative west of Greenwich: -3 h in São Paulo). */
function offsetMs(date: Date, timeZone: string): number {
  const p = zonedParts(date, timeZone);
  const asIfUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asIfUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/**
 * Percent change against the previous period, as a whole number, for every figure that has a trend (the
 * lawyer's dashboard, the back office's reports): null when the previous period had nothing, shown as
 * '—', since no percentage describes a change from zero (issue 23: '+100%' for 0 → 1 beside '0%' for
 * 0 → 2 contradicted each other).
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** What a trend of nothing to compare with says after its '—'. */
export const NO_TREND_TEXT = 'período anterior sem registros';

/** '+25% em relação ao período anterior', '-10% …', '0% …', or '— período anterior sem registros'. */
export function trendText(trend: number | null): string {
  if (trend === null) return `— ${NO_TREND_TEXT}`;
  const sign = trend > 0 ? '+' : trend < 0 ? '-' : '';
  return `${sign}${formatCount(Math.abs(trend))}% em relação ao período anterior`;
}

export type TrendDirection = 'up' | 'down' | 'flat';

export function trendDirection(trend: number | null): TrendDirection {
  if (trend === null) return 'flat';
  return trend > 0 ? 'up' : trend < 0 ? 'down' : 'flat';
}
