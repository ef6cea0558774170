// Calendar days in São Paulo, the product's calendar, as 'YYYY-MM-DD' strings. Browser-safe: the CRM's
// cards, the digest and the analytics' daily salts read a day the same way. The formatter is made on
// first use, never while a module loads (docs/decisions/0028).

let saoPauloDayFormat: Intl.DateTimeFormat | undefined;
// The last minute asked and its day: every search asks for today's (the rotation), and a day starts on
// a whole minute in every offset São Paulo has had.
let lastMinute = Number.NaN;
let lastDay = '';

/** The São Paulo calendar day of an instant, as 'YYYY-MM-DD'. */
export function saoPauloDay(instant: Date): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute === lastMinute) return lastDay;
  saoPauloDayFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' });
  const parts = Object.fromEntries(saoPauloDayFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  lastMinute = minute;
  lastDay = `${parts.year}-${parts.month}-${parts.day}`;
  return lastDay;
}

/** The day `days` after `day` ('YYYY-MM-DD'; negative: before), on the calendar (no time zone involved). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** Whether `day` is a real calendar day written as 'YYYY-MM-DD' (no 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const parsed = new Date(Date.UTC(year, month - 1, date));
  return parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === date;
}
