const longDate = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' });

/** A calendar date ('2025-03-12') in pt-BR long form ('12 de março de 2025'), without time-zone drift. */
export function formatCalendarDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}
