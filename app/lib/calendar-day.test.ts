import { describe, expect, test } from 'vitest';
import { addDays, isCalendarDay, saoPauloDay } from './calendar-day';

describe('saoPauloDay', () => {
  test('the day in São Paulo (UTC−3), across midnight, asked again within a minute and out of order', () => {
    expect(saoPauloDay(new Date('2026-11-27T02:59:59.999Z'))).toBe('2026-11-26');
    expect(saoPauloDay(new Date('2026-11-27T02:59:00.000Z'))).toBe('2026-11-26');
    expect(saoPauloDay(new Date('2026-11-27T03:00:00.000Z'))).toBe('2026-11-27');
    expect(saoPauloDay(new Date('2026-11-27T03:00:59.999Z'))).toBe('2026-11-27');
    expect(saoPauloDay(new Date('2026-11-27T02:59:30.000Z'))).toBe('2026-11-26');
    expect(saoPauloDay(new Date('2027-01-01T02:00:00.000Z'))).toBe('2026-12-31');
    expect(saoPauloDay(new Date('2027-01-01T03:00:00.000Z'))).toBe('2027-01-01');
  });

  test('an invalid date is refused, not answered from the last minute', () => {
    expect(() => saoPauloDay(new Date(Number.NaN))).toThrow(RangeError);
  });

  test('calendar arithmetic', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(isCalendarDay('2026-02-30')).toBe(false);
  });
});
