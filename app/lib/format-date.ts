// Dates in pt-BR. A calendar date needs no Intl (a month name), so public pages format it without one;
// an instant in São Paulo time needs the time-zone data, so its formatter is made on first use, never
// while a module loads (docs/decisions/0028).

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'] as const;

/** A calendar date ('2025-03-12') in pt-BR long form ('12 de março de 2025'), without time-zone drift. */
export function formatCalendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  return `${day} de ${MONTHS[month - 1]} de ${year}`;
}

let saoPauloLongDate: Intl.DateTimeFormat | undefined;

/** An instant as its São Paulo calendar date in pt-BR long form: '12 de março de 2025'. */
export function formatLongDateSaoPaulo(date: Date | string): string {
  saoPauloLongDate ??= new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' });
  return saoPauloLongDate.format(new Date(date));
}

let saoPauloDateTime: Intl.DateTimeFormat | undefined;

/** An instant in São Paulo time as dd/MM/yyyy HH:mm ('05/03/2025 09:07'), for the server to write. */
export function formatDateTimeSaoPaulo(date: Date | string): string {
  saoPauloDateTime ??= new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'America/Sao_Paulo' });
  const parts = Object.fromEntries(saoPauloDateTime.formatToParts(new Date(date)).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
