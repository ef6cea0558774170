import { internationalPhoneDigits } from '~/domain/phone';

// How the CRM shows a lead (docs/product-rules.md, CRM: the card). Browser-safe, pure.

/** The card's preview of the case: the first 100 characters, with an ellipsis when there is more. */
export const LEAD_PREVIEW_LENGTH = 100;

export function leadPreview(mensagem: string | null, max = LEAD_PREVIEW_LENGTH): string {
  const text = (mensagem ?? '').trim();
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'há 5 minutos', with the words Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' }) uses for 1 and 2. */
function ago(n: number, one: string, many: string, yesterday?: readonly [string, string?]): string {
  if (yesterday && n === 1) return yesterday[0];
  if (yesterday?.[1] && n === 2) return yesterday[1];
  return `há ${n} ${n === 1 ? one : many}`;
}

/**
 * How long ago, in Portuguese: 'agora mesmo', 'há 5 minutos', 'há 2 horas', 'ontem', 'há 3 dias',
 * 'mês passado', 'há 2 anos'. Whole units, rounded down; `now` is passed in so the server and the
 * browser write the same text. Written out rather than Intl's (lead-format.test.ts holds them equal): the
 * board renders it for every card while it hydrates, and a page's first Intl object costs the locale
 * data (docs/decisions/0028).
 */
export function relativeTimePtBr(date: Date, now: Date): string {
  const elapsed = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000));
  if (elapsed < MINUTE) return 'agora mesmo';
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), 'minuto', 'minutos');
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), 'hora', 'horas');
  if (elapsed < 30 * DAY) return ago(Math.floor(elapsed / DAY), 'dia', 'dias', ['ontem', 'anteontem']);
  if (elapsed < 365 * DAY) return ago(Math.floor(elapsed / (30 * DAY)), 'mês', 'meses', ['mês passado']);
  return ago(Math.floor(elapsed / (365 * DAY)), 'ano', 'anos', ['ano passado']);
}

let receivedAt: Intl.DateTimeFormat | undefined;

/** When the lead came in, São Paulo time, every field with two digits: '05/03/2025 às 09:07'. */
export function formatReceivedAt(date: Date): string {
  receivedAt ??= new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' });
  const parts = Object.fromEntries(receivedAt.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} às ${parts.hour}:${parts.minute}`;
}

/** The lead's WhatsApp chat: wa.me with the digits of the phone (55 added when missing). */
export function leadWhatsAppUrl(telefone: string): string {
  return `https://wa.me/${internationalPhoneDigits(telefone)}`;
}

export function leadMailtoUrl(email: string): string {
  return `mailto:${email}`;
}

/**
 * The leads of each stage, in the order given (most recently changed first). A lead without a stage,
 * or in a stage that is no longer the lawyer's, shows in the first stage, where new leads land.
 */
export function groupLeadsByStage<Lead extends { stageId: string | null }>(stageIds: readonly string[], leads: readonly Lead[]): Map<string, Lead[]> {
  const columns = new Map<string, Lead[]>(stageIds.map((id) => [id, []]));
  const first = stageIds[0];
  if (first === undefined) return columns;
  for (const lead of leads) {
    const column = (lead.stageId !== null ? columns.get(lead.stageId) : undefined) ?? columns.get(first)!;
    column.push(lead);
  }
  return columns;
}
