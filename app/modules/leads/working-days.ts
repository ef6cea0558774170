// The working days of a Brazilian law office (docs/decisions/0049): Monday to Friday, except the national
// holidays (Lei 662/1949, Lei 6.802/1980, Lei 14.759/2023) and the days the courts close nationwide
// (Carnival Monday and Tuesday, Good Friday, Corpus Christi). Local holidays are not known here.

const FIXED_HOLIDAYS = new Set(['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25']);

/** Easter Sunday of `year` (Gregorian computus, Meeus/Jones/Butcher), as a UTC date. */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const daysFrom = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/** The holidays that move with Easter: Carnival Monday and Tuesday, Good Friday, Corpus Christi. */
function movableHolidays(year: number): Set<string> {
  const easter = easterSunday(year);
  return new Set([-48, -47, -2, 60].map((offset) => isoDay(daysFrom(easter, offset))));
}

/** Whether `day` ('YYYY-MM-DD') is a working day: a weekday that is not a national holiday. */
export function isWorkingDay(day: string): boolean {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  if (FIXED_HOLIDAYS.has(day.slice(5))) return false;
  return !movableHolidays(year).has(day);
}
