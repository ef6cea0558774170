import type { MonitoringFrequencyId } from '~/domain/catalog/vocabularies';
import { SAO_PAULO_TIME_ZONE, startOfZonedDay } from '~/modules/analytics/trends';

// When the polling dispatcher checks a monitored process (docs/decisions/0030). Each process has its
// own time of day, derived from a hash of its id, so 10,000 processes are spread over the checking
// window instead of all asking the court at 00:00; DIARIA is checked on every weekday (Monday to
// Friday on the São Paulo calendar), SEMANAL once a week, on one weekday also derived from the hash.
// Courts do not publish on weekends, so nothing is checked then.

/** The checking window of a São Paulo day: 06:00 to 22:00, so a movement's WhatsApp never wakes anyone. */
export const CHECK_WINDOW_START_SECONDS = 6 * 3600;
export const CHECK_WINDOW_SECONDS = 16 * 3600;

const DAY_MS = 86_400_000;

/** FNV-1a (32 bits) of the id: stable across processes and releases (a slot never moves by itself). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The process's slot: seconds after the window opens, and the weekday (1 Monday … 5 Friday) of a SEMANAL check. */
export function checkSlotOf(processId: string): { secondOfWindow: number; weekday: number } {
  const hash = fnv1a(processId);
  // Two independent parts of one hash: the low bits pick the second, a second mix the weekday.
  const weekdayHash = fnv1a(`${processId}:dia`);
  return { secondOfWindow: hash % CHECK_WINDOW_SECONDS, weekday: 1 + (weekdayHash % 5) };
}

const dateFormatter = new Intl.DateTimeFormat('en-CA', { timeZone: SAO_PAULO_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The São Paulo calendar date of an instant, as a UTC midnight (only its year, month, day and weekday are read). */
function saoPauloDate(instant: Date): Date {
  return new Date(`${dateFormatter.format(instant)}T00:00:00Z`);
}

const midnights = new Map<number, number>();

/** The instant a São Paulo calendar date begins (cached: a dispatcher's batch asks for a few dates only). */
function localMidnight(calendar: Date): number {
  let midnight = midnights.get(calendar.getTime());
  if (midnight === undefined) {
    if (midnights.size > 64) midnights.clear();
    // Noon UTC of that date is the same date in São Paulo (3 h behind); its local midnight.
    midnight = startOfZonedDay(new Date(calendar.getTime() + DAY_MS / 2), SAO_PAULO_TIME_ZONE).getTime();
    midnights.set(calendar.getTime(), midnight);
  }
  return midnight;
}

/**
 * The check that follows one made (or handed out) at `after`: the process's slot on a later São Paulo
 * day, the next weekday (DIARIA) or the next of its own weekday (SEMANAL). Never the same day: a process
 * checked before its slot (its first check, due at creation) or after it (the machine was busy or off)
 * is not checked again that day, and missed slots are never made up one by one.
 */
export function nextCheckAt(processId: string, frequencia: MonitoringFrequencyId, after: Date): Date {
  const { secondOfWindow, weekday } = checkSlotOf(processId);
  const today = saoPauloDate(after);
  for (let days = 1; days <= 8; days++) {
    const calendar = new Date(today.getTime() + days * DAY_MS);
    const day = calendar.getUTCDay();
    if (day === 0 || day === 6) continue;
    if (frequencia === 'SEMANAL' && day !== weekday) continue;
    const at = new Date(localMidnight(calendar) + (CHECK_WINDOW_START_SECONDS + secondOfWindow) * 1000);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error(`nextCheckAt: no slot within 8 days for ${frequencia}`);
}

/**
 * A new process's first check: its own time of day, today if that is still ahead on a weekday, else on
 * the next weekday, whatever its frequency (a weekly process is still found within a working day). Not
 * at once: 'Atualizar' asks the court now, and a check at creation would race the lawyer's own first
 * 'Atualizar' and notify its movement twice.
 */
export function firstCheckAt(processId: string, now: Date): Date {
  let at = nextCheckAt(processId, 'DIARIA', new Date(now.getTime() - DAY_MS));
  while (at.getTime() <= now.getTime()) at = nextCheckAt(processId, 'DIARIA', at);
  return at;
}
