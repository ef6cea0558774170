// What lets a client tell a lawyer of the platform from the "falso advogado" (issue 27, decisions 0061
// and 0062): the OAB line of profiles and cards, the fixed warning every client sees, and the address of
// the confirm page. Browser-safe, pure.

/** The public page where a client checks a number or an OAB inscription. */
export const CONFIRM_LAWYER_PATH = '/confirmar-advogado';

/** The OAB's national register, where a superadmin checks an inscription (and anyone can). */
export const CNA_URL = 'https://cna.oab.org.br/';

/** The confirmation a superadmin ticks when approving or checking again (docs/decisions/0061). */
export const CNA_CHECK_LABEL = 'Conferi no Cadastro Nacional dos Advogados: inscrição regular';

/** After how long a check is due again: the yearly re-check list ('Conferir de novo'). */
export const OAB_RECHECK_AFTER_DAYS = 365;

/** The fixed warning's words before and after the confirm page's address (pages make the address a link). */
export function scamWarningParts(brandName: string): { before: string; after: string } {
  return {
    before: `Atenção ao golpe do falso advogado: advogados do ${brandName} nunca pedem PIX nem pagamento de taxas para liberar dinheiro de processo. Recebeu um pedido assim? Confirme o número em`,
    after: 'antes de pagar qualquer coisa.',
  };
}

/**
 * The short, fixed warning of profiles, the request confirmation and every message to a client
 * (decision 0062). `confirmUrl` is the confirm page's absolute address.
 */
export function scamWarning(brandName: string, confirmUrl: string): string {
  const { before, after } = scamWarningParts(brandName);
  return `${before} ${confirmUrl} ${after}`;
}

let saoPauloDay: Intl.DateTimeFormat | undefined;

/** dd/mm/aaaa of an instant, in São Paulo (the OAB line's date); the formatter is made on first use (decision 0028). */
export function saoPauloDate(date: Date | string): string {
  saoPauloDay ??= new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Sao_Paulo' });
  const parts = Object.fromEntries(saoPauloDay.formatToParts(new Date(date)).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year}`;
}

/**
 * The OAB line of profiles and cards: 'OAB/SP 214587 · inscrição conferida em 12/11/2026', or the bare
 * 'OAB/SP 214587' for a lawyer whose inscription no superadmin has checked on the platform yet.
 */
export function oabLine(uf: string, numero: string, checkedAt: Date | string | null): string {
  const oab = `OAB/${uf} ${numero}`;
  return checkedAt ? `${oab} · inscrição conferida em ${saoPauloDate(checkedAt)}` : oab;
}

/** What the back office has done about a client's report ('Denunciar', decision 0062). */
export const SCAM_REPORT_STATUSES = ['nova', 'em_analise', 'resolvida', 'descartada'] as const;
export type ScamReportStatus = (typeof SCAM_REPORT_STATUSES)[number];
