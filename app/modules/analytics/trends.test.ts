import { describe, expect, test } from 'vitest';
import { calendarMonthWindows, percentChange, rollingWindows, recentZonedDays, startOfZonedDay, startOfZonedMonth, trendDirection, trendText } from './trends';

const DAY_MS = 86_400_000;

describe('trends, one rule for every figure (issue 23)', () => {
  test('the percent change against the previous period, rounded to a whole number', () => {
    expect(percentChange(5, 4)).toBe(25);
    expect(percentChange(3, 4)).toBe(-25);
    expect(percentChange(2, 3)).toBe(-33);
    expect(percentChange(5, 3)).toBe(67);
    expect(percentChange(4, 4)).toBe(0);
    expect(percentChange(0, 7)).toBe(-100);
    expect(percentChange(6, 4)).toBe(50);
  });

  test('none when the previous period had nothing: 0 → 1 and 0 → 2 both read “—”, never +100% beside 0%', () => {
    expect(percentChange(1, 0)).toBeNull();
    expect(percentChange(2, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
    expect(trendText(null)).toBe('— período anterior sem registros');
    expect(trendDirection(null)).toBe('flat');
  });
});

describe('trend text', () => {
  test('says the change with its sign against the previous period', () => {
    expect(trendText(25)).toBe('+25% em relação ao período anterior');
    expect(trendText(-10)).toBe('-10% em relação ao período anterior');
    expect(trendText(0)).toBe('0% em relação ao período anterior');
    expect(trendText(1250)).toBe('+1.250% em relação ao período anterior');
  });

  test('tells up, down and flat apart', () => {
    expect([trendDirection(3), trendDirection(-3), trendDirection(0)]).toEqual(['up', 'down', 'flat']);
  });
});

describe('rolling 30-day windows', () => {
  test('compare the last 30 days with the 30 days before, without a gap or an overlap', () => {
    const now = new Date('2025-06-15T12:00:00Z');
    const { current, previous } = rollingWindows(now);
    expect(current.start).toEqual(new Date(now.getTime() - 30 * DAY_MS));
    expect(current.end.getTime()).toBe(now.getTime() + 1);
    expect(previous.end).toEqual(current.start);
    expect(previous.start).toEqual(new Date(now.getTime() - 60 * DAY_MS));
  });
});

describe('calendar months in São Paulo time', () => {
  test('a month starts at midnight in São Paulo, which is 03:00 UTC', () => {
    expect(startOfZonedMonth(new Date('2025-03-15T15:00:00Z'), 'America/Sao_Paulo')).toEqual(new Date('2025-03-01T03:00:00Z'));
  });

  test('late on the last evening of a month in São Paulo it is still that month, though UTC has moved on', () => {
    // 2025-03-01T02:30Z is 28 February, 23:30 in São Paulo.
    const { current, previous } = calendarMonthWindows(new Date('2025-03-01T02:30:00Z'));
    expect(current.start).toEqual(new Date('2025-02-01T03:00:00Z'));
    expect(previous).toEqual({ start: new Date('2025-01-01T03:00:00Z'), end: new Date('2025-02-01T03:00:00Z') });
  });

  test('the previous month of January is December of the year before', () => {
    const { current, previous } = calendarMonthWindows(new Date('2026-01-10T10:00:00Z'));
    expect(current.start).toEqual(new Date('2026-01-01T03:00:00Z'));
    expect(previous.start).toEqual(new Date('2025-12-01T03:00:00Z'));
    expect(current.end.getTime()).toBe(new Date('2026-01-10T10:00:00Z').getTime() + 1);
  });

  test('months under the old Brazilian summer time start at 02:00 UTC', () => {
    // Summer time ran from 4 November 2018 to 17 February 2019 (UTC-2).
    expect(startOfZonedMonth(new Date('2018-12-20T12:00:00Z'), 'America/Sao_Paulo')).toEqual(new Date('2018-12-01T02:00:00Z'));
    expect(startOfZonedMonth(new Date('2019-03-20T12:00:00Z'), 'America/Sao_Paulo', -1)).toEqual(new Date('2019-02-01T02:00:00Z'));
    expect(startOfZonedMonth(new Date('2018-11-20T12:00:00Z'), 'America/Sao_Paulo')).toEqual(new Date('2018-11-01T03:00:00Z'));
  });

  test('when summer time skips midnight on the 1st, the month starts at the first instant of that day', () => {
    // Paraguay moved its clocks from 00:00 to 01:00 on 1 October 2017.
    expect(startOfZonedMonth(new Date('2017-10-15T12:00:00Z'), 'America/Asuncion')).toEqual(new Date('2017-10-01T04:00:00Z'));
  });

  test('works for another time zone too', () => {
    expect(startOfZonedMonth(new Date('2025-07-01T00:30:00Z'), 'Europe/Lisbon')).toEqual(new Date('2025-06-30T23:00:00Z'));
    expect(startOfZonedMonth(new Date('2025-07-01T00:30:00Z'), 'UTC')).toEqual(new Date('2025-07-01T00:00:00Z'));
  });
});

describe('"today" in São Paulo time', () => {
  test('starts at midnight in São Paulo (03:00 UTC), also late in the evening when UTC is already tomorrow', () => {
    expect(startOfZonedDay(new Date('2026-03-10T18:00:00Z'))).toEqual(new Date('2026-03-10T03:00:00Z'));
    expect(startOfZonedDay(new Date('2026-03-11T02:30:00Z'))).toEqual(new Date('2026-03-10T03:00:00Z'));
    expect(startOfZonedDay(new Date('2026-03-10T03:00:00Z'))).toEqual(new Date('2026-03-10T03:00:00Z'));
  });

  test('under the old summer time a day started at 02:00 UTC; the day clocks skipped midnight starts at its first instant', () => {
    expect(startOfZonedDay(new Date('2018-12-20T12:00:00Z'))).toEqual(new Date('2018-12-20T02:00:00Z'));
    // 4 November 2018: clocks went from 00:00 to 01:00 (03:00 UTC).
    expect(startOfZonedDay(new Date('2018-11-04T12:00:00Z'))).toEqual(new Date('2018-11-04T03:00:00Z'));
  });
});

describe('the last days in São Paulo time', () => {
  test('today and the days before, oldest first, across a month end; 23:30 in São Paulo is still that day', () => {
    // 23:30 on 1 March in São Paulo; 2 March in UTC.
    expect(recentZonedDays(new Date('2026-03-02T02:30:00Z'), 3)).toEqual([
      { date: '2026-02-27', start: new Date('2026-02-27T03:00:00Z') },
      { date: '2026-02-28', start: new Date('2026-02-28T03:00:00Z') },
      { date: '2026-03-01', start: new Date('2026-03-01T03:00:00Z') },
    ]);
  });

  test('under the old summer time the day clocks skipped midnight is 23 hours long', () => {
    const days = recentZonedDays(new Date('2018-11-05T12:00:00Z'), 3);
    expect(days.map((d) => [d.date, d.start.toISOString()])).toEqual([
      ['2018-11-03', '2018-11-03T03:00:00.000Z'],
      ['2018-11-04', '2018-11-04T03:00:00.000Z'],
      ['2018-11-05', '2018-11-05T02:00:00.000Z'],
    ]);
  });
});
