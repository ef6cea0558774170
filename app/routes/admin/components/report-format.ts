/** Formats of /admin/reports, browser-safe: the page and its charts show the same text. */

const count = new Intl.NumberFormat('pt-BR');

/** 1234 -> '1.234'. */
export function formatCount(value: number): string {
  return count.format(value);
}

/** A calendar day of São Paulo ('2026-03-10', already a local date) as the reports show it: '10/03'. */
export function formatDayMonth(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}`;
}
