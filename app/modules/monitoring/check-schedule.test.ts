import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { CHECK_WINDOW_SECONDS, CHECK_WINDOW_START_SECONDS, checkSlotOf, firstCheckAt, nextCheckAt } from './check-schedule';

// The polling slots (docs/decisions/0030): each process at its own time of the São Paulo day, DIARIA on
// weekdays, SEMANAL once a week, never at the weekend, never all at 00:00.

// Fixed ids in the shape of the database's (UUIDs), so the spread is checked on the same 1,000 every run:
// random ones left an hour with 40 processes (a count of 200) about once in thirty runs.
const ids = Array.from({ length: 1000 }, (_, i) => {
  const hex = createHash('sha256').update(`processo-${i}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
});
const saoPaulo = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', weekday: 'short', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });

function local(at: Date) {
  const parts = Object.fromEntries(saoPaulo.formatToParts(at).map((p) => [p.type, p.value]));
  return { weekday: parts.weekday!, hour: Number(parts.hour), minute: Number(parts.minute) };
}

/** Every check of a process from `from` over `days` days, following nextCheckAt as the dispatcher does. */
function checksOver(id: string, frequencia: 'DIARIA' | 'SEMANAL', from: Date, days: number): Date[] {
  const end = from.getTime() + days * 86_400_000;
  const checks: Date[] = [];
  for (let at = nextCheckAt(id, frequencia, from); at.getTime() < end; at = nextCheckAt(id, frequencia, at)) checks.push(at);
  return checks;
}

// Sunday 2026-11-01 12:00 in São Paulo (15:00 UTC): the next day is Monday.
const sunday = new Date('2026-11-01T15:00:00Z');
// Monday 2026-11-02 00:00 in São Paulo (03:00 UTC).
const monday = new Date('2026-11-02T03:00:00Z');

describe('check slots', () => {
  test('1,000 DIARIA processes: five checks in a week, Monday to Friday, none at the weekend, spread over 06:00–22:00', () => {
    const perHour = new Map<number, number>();
    const perDay = new Map<string, number>();
    for (const id of ids) {
      const checks = checksOver(id, 'DIARIA', sunday, 7);
      expect(checks).toHaveLength(5);
      expect(checks.map((c) => local(c).weekday)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
      // The same time every day.
      expect(new Set(checks.map((c) => `${local(c).hour}:${local(c).minute}`)).size).toBe(1);
      for (const check of checks) {
        const { hour, weekday } = local(check);
        expect(hour).toBeGreaterThanOrEqual(6);
        expect(hour).toBeLessThan(22);
        perHour.set(hour, (perHour.get(hour) ?? 0) + 1);
        perDay.set(weekday, (perDay.get(weekday) ?? 0) + 1);
      }
    }
    // 16 hours, 5 checks each of 1,000 processes: about 312 an hour; no hour holds a crowd.
    expect([...perHour.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => 6 + i));
    for (const n of perHour.values()) {
      expect(n).toBeGreaterThan(200);
      expect(n).toBeLessThan(450);
    }
    expect([...perDay.values()]).toEqual([1000, 1000, 1000, 1000, 1000]);
    // Not all at one instant: the slots of 1,000 processes are (nearly) all different.
    expect(new Set(ids.map((id) => checkSlotOf(id).secondOfWindow)).size).toBeGreaterThan(980);
  });

  test('1,000 SEMANAL processes: once a week, on a weekday of their own, the five weekdays shared', () => {
    const perWeekday = new Map<string, number>();
    for (const id of ids) {
      const checks = checksOver(id, 'SEMANAL', sunday, 21);
      expect(checks).toHaveLength(3);
      expect(checks[1]!.getTime() - checks[0]!.getTime()).toBe(7 * 86_400_000);
      const { weekday } = local(checks[0]!);
      expect(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']).toContain(weekday);
      perWeekday.set(weekday, (perWeekday.get(weekday) ?? 0) + 1);
    }
    for (const n of perWeekday.values()) {
      expect(n).toBeGreaterThan(140);
      expect(n).toBeLessThan(260);
    }
  });

  test('the next check is the slot on a later day of the São Paulo calendar, never the same day', () => {
    const id = ids[0]!;
    const slot = nextCheckAt(id, 'DIARIA', sunday);
    const seconds = CHECK_WINDOW_START_SECONDS + checkSlotOf(id).secondOfWindow;
    expect(slot.getTime()).toBe(monday.getTime() + seconds * 1000);
    // Checked at the slot, or before it (a new monitoring's first check), or late the same day: the next weekday's.
    for (const checkedAt of [slot, monday, new Date(slot.getTime() - 60_000), new Date('2026-11-03T02:59:00Z')]) {
      expect(nextCheckAt(id, 'DIARIA', checkedAt).getTime()).toBe(slot.getTime() + 86_400_000);
    }
    // Friday 23:30 in São Paulo is already Saturday in UTC: the next check is on Monday.
    const fridayNight = new Date('2026-11-07T02:30:00Z');
    expect(local(fridayNight).weekday).toBe('Fri');
    const next = nextCheckAt(id, 'DIARIA', fridayNight);
    expect(local(next).weekday).toBe('Mon');
    expect(next.getTime() - new Date('2026-11-09T03:00:00Z').getTime()).toBe(seconds * 1000);
    // A process checked days late (the server was off) is checked once, then goes back to its slot.
    expect(nextCheckAt(id, 'DIARIA', new Date('2026-11-04T12:00:00Z')).getTime()).toBeGreaterThan(new Date('2026-11-04T12:00:00Z').getTime());
    expect(CHECK_WINDOW_SECONDS).toBe(16 * 3600);
  });

  test('a new process is first checked at its own time: today if still ahead on a weekday, else the next weekday, whatever its frequency', () => {
    const id = ids[1]!;
    const seconds = CHECK_WINDOW_START_SECONDS + checkSlotOf(id).secondOfWindow;
    const mondaySlot = new Date(monday.getTime() + seconds * 1000);
    // Created on Monday before its slot: that same slot. Created after it: Tuesday's.
    expect(firstCheckAt(id, new Date(mondaySlot.getTime() - 60_000)).getTime()).toBe(mondaySlot.getTime());
    expect(firstCheckAt(id, mondaySlot).getTime()).toBe(mondaySlot.getTime() + 86_400_000);
    // Created on Sunday (or on Saturday): Monday's slot, never the weekend.
    expect(firstCheckAt(id, sunday).getTime()).toBe(mondaySlot.getTime());
    expect(firstCheckAt(id, new Date('2026-10-31T15:00:00Z')).getTime()).toBe(mondaySlot.getTime());
    // Always ahead, within the window, within four days (a Friday night to the Monday after).
    for (const pid of ids.slice(0, 200)) {
      for (const now of [sunday, monday, new Date('2026-11-06T23:59:00Z'), new Date('2026-11-04T14:00:00Z')]) {
        const at = firstCheckAt(pid, now);
        expect(at.getTime()).toBeGreaterThan(now.getTime());
        expect(at.getTime() - now.getTime()).toBeLessThan(4 * 86_400_000);
        expect(local(at).hour).toBeGreaterThanOrEqual(6);
        expect(local(at).hour).toBeLessThan(22);
        expect(['Sat', 'Sun']).not.toContain(local(at).weekday);
      }
    }
  });
});
