// Browser-safe: the page of the request form imports this (no zod, no server code). The server's
// schema (lead-requests.schemas.ts) takes its limits and messages from here.

/** Limits of the client request form (docs/product-rules.md, "Client requests"). */
export const LEAD_REQUEST_LIMITS = {
  nome: { min: 3, max: 120 },
  // The longest address (RFC 5321), as the login's EMAIL_MAX_LENGTH: that module carries zod, this one
  // is loaded by the public page and must not.
  email: { max: 254 },
  // 3,000 characters of Portuguese stay well under the 16 KiB form body even percent-encoded.
  descricao: { min: 20, max: 3000 },
} as const;

/** The spec's texts for the request form (docs/product-rules.md, "Client requests"). */
export const LEAD_REQUEST_MESSAGES = {
  sentWithMatches: 'Solicitação enviada com sucesso! Em breve um advogado entrará em contato.',
  sentWithoutMatches: 'Solicitação enviada! Em breve um advogado entrará em contato.',
  failed: 'Erro ao enviar solicitação. Por favor, tente novamente.',
  nome: 'Nome deve ter pelo menos 3 caracteres',
  nomeTooLong: 'Nome muito longo',
  email: 'Email inválido',
  cidade: 'Selecione uma cidade',
  areaAtuacao: 'Selecione uma área de atuação',
  descricao: 'Descreva seu caso com pelo menos 20 caracteres',
  descricaoTooLong: `A descrição deve ter no máximo ${LEAD_REQUEST_LIMITS.descricao.max} caracteres`,
  /** What happens to a request no lawyer matched (docs/decisions/0043, 0044). */
  unmatchedNextStep:
    'Nenhum advogado aprovado atende essa área nessa cidade ainda. Sua solicitação foi encaminhada à equipe da plataforma, que vai passá-la a um advogado aprovado; você receberá um e-mail com o nome e a OAB de quem vai atendê-la.',
} as const;

/**
 * The sentence above 'Enviar Solicitação', stored with the request as the client's agreement
 * (docs/decisions/0043): to the lawyers ticked, or, when none serves the area and city, to the team.
 */
export const LEAD_REQUEST_AGREEMENT = {
  /** Shown while no list is on the page (no area or city yet, or no JavaScript before 'Ver advogados'). */
  unseen: (cap: number) =>
    `Ao enviar, concordo que minha solicitação vá para até ${cap} advogados aprovados da área e da cidade escolhidas, na ordem da busca (ou, se nenhum atender, para a equipe da plataforma, que a passa a um advogado aprovado), que poderão me procurar pelo WhatsApp e pelo e-mail informados. Para escolher quais, use "Ver advogados".`,
  chosen: 'Ao enviar, concordo que minha solicitação vá somente para os advogados que marquei, que poderão me procurar pelo WhatsApp e pelo e-mail informados.',
  team: 'Ao enviar, concordo que a equipe da plataforma passe minha solicitação a um advogado aprovado da área e da cidade escolhidas, que poderá me procurar pelo WhatsApp e pelo e-mail informados.',
} as const;

/** The hidden field that says for which area and city the client saw the list of lawyers ('familia|sp_sao_paulo'). */
export function listShownFor(area: string, city: string): string {
  return `${area}|${city}`;
}

/** The list's count line: '3 advogados marcados de no máximo 5', with the hint when the cap leaves boxes out. */
export function choiceCountText(ticked: number, cap: number, offered: number): string {
  const count = ticked === 1 ? '1 advogado marcado' : `${ticked} advogados marcados`;
  return `${count} de no máximo ${cap}${ticked >= cap && offered > ticked ? '. Desmarque um para escolher outro.' : ''}`;
}

/** The removal page (/solicitacao/remover). */
export const REMOVAL_MESSAGES = {
  invalidLink: 'Este link de remoção não é válido ou a solicitação já foi removida.',
  done: 'Sua solicitação foi removida. Os dados que você enviou foram apagados da plataforma e dos registros dos advogados.',
} as const;

/**
 * The honeypot: a text field people never see (off-screen, hidden from assistive technology, out of
 * the tab order). A form that comes back with it filled was filled by a bot.
 */
export const HONEYPOT_FIELD = 'website';

/** Cadastro Nacional dos Advogados: where anyone checks a lawyer's OAB registration. */
export { CNA_URL } from '~/domain/trust';

/** The outcome the page shows after a request (carried across the redirect by a one-time cookie). */
export type LeadRequestOutcome = 'matched' | 'unmatched';

export function outcomeMessage(outcome: LeadRequestOutcome): string {
  return outcome === 'matched' ? LEAD_REQUEST_MESSAGES.sentWithMatches : LEAD_REQUEST_MESSAGES.sentWithoutMatches;
}
