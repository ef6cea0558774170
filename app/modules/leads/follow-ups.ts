// A lead's 'Próximo contato' (issue 23, docs/decisions/0049): a São Paulo calendar day and, optionally, a
// time of that day. Browser-safe: the card, the dialog and the server read it the same way.

/** A follow-up is due today, overdue (an earlier day) or later. */
export type FollowUpState = 'atrasado' | 'hoje' | 'futuro';

/** How far ahead a follow-up may be set: two years. */
export const FOLLOW_UP_MAX_DAYS_AHEAD = 730;

import { addDays } from '~/lib/calendar-day';

export { addDays, isCalendarDay, saoPauloDay } from '~/lib/calendar-day';

export function followUpState(on: string, today: string): FollowUpState {
  if (on < today) return 'atrasado';
  return on === today ? 'hoje' : 'futuro';
}

/** '26/11/2026' of '2026-11-26'. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** The follow-up as a card and the digest say it: 'Hoje às 14:30', 'Amanhã', 'Atrasado desde 25/11/2026', '28/11/2026 às 09:00'. */
export function followUpLabel(on: string, time: string | null, today: string): string {
  const at = time ? ` às ${time}` : '';
  const state = followUpState(on, today);
  if (state === 'hoje') return `Hoje${at}`;
  if (state === 'atrasado') return `Atrasado desde ${formatDay(on)}${at}`;
  if (on === addDays(today, 1)) return `Amanhã${at}`;
  return `${formatDay(on)}${at}`;
}
