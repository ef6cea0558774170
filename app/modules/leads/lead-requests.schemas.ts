import { z } from 'zod';
import { CITY_IDS, PRACTICE_AREA_IDS } from '~/domain/catalog/catalog';
import { PHONE_INPUT_MAX_LENGTH } from '~/domain/phone';
import { phoneField } from '~/domain/phone-field';
import { lawyerSlugSchema } from '~/modules/lawyers/lawyers.schemas';
import { HONEYPOT_FIELD, LEAD_REQUEST_LIMITS as LIMITS, LEAD_REQUEST_MESSAGES as MESSAGES } from './lead-requests';

/** The server's messages about the lawyers ticked (the page shows them as the action answers them). */
export const LEAD_CHOICE_MESSAGES = {
  advogados: 'Escolha pelo menos um advogado para receber sua solicitação.',
  /** Sent with the list of another area or city ticked (changed without JavaScript after 'Ver advogados'). */
  reviewList: 'Confira os advogados que vão receber sua solicitação e clique em Enviar Solicitação.',
} as const;

/** The form refuses more lawyers than the cap (LEAD_MAX_LAWYERS). */
export function tooManyLawyersMessage(cap: number): string {
  return cap === 1 ? 'Escolha no máximo 1 advogado.' : `Escolha no máximo ${cap} advogados.`;
}

/** The highest LEAD_MAX_LAWYERS the configuration accepts. */
export const LEAD_MAX_LAWYERS_CEILING = 50;

/**
 * The client request form (/solicitar-atendimento), checked on the server with the spec's messages
 * (docs/product-rules.md, "Client requests"). Server-only: the page takes its limits from lead-requests.ts.
 */
export const leadRequestSchema = z.object({
  nome: z.string({ message: MESSAGES.nome }).trim().min(LIMITS.nome.min, MESSAGES.nome).max(LIMITS.nome.max, MESSAGES.nomeTooLong),
  email: z.string({ message: MESSAGES.email }).trim().max(LIMITS.email.max, MESSAGES.email).toLowerCase().pipe(z.email(MESSAGES.email)),
  /** A mobile as typed ('(11) 98888-7777', '+55 11 98888-7777'), stored as '5511988887777'. */
  whatsapp: phoneField({ mobileOnly: true }),
  cidade: z.enum(CITY_IDS, { message: MESSAGES.cidade }),
  areaAtuacao: z.enum(PRACTICE_AREA_IDS, { message: MESSAGES.areaAtuacao }),
  descricao: z
    .string({ message: MESSAGES.descricao })
    .trim()
    .min(LIMITS.descricao.min, MESSAGES.descricao)
    .max(LIMITS.descricao.max, MESSAGES.descricaoTooLong),
  /** The lawyers ticked, by slug (the cap, LEAD_MAX_LAWYERS, is checked by the page and by routing). */
  advogados: z.array(lawyerSlugSchema, { message: LEAD_CHOICE_MESSAGES.advogados }).max(LEAD_MAX_LAWYERS_CEILING, tooManyLawyersMessage(LEAD_MAX_LAWYERS_CEILING)).default([]),
  /** For which area and city the page showed the list ('familia|sp_sao_paulo'); absent: the list was never seen. */
  escolha: z.string().max(100).optional().catch(undefined),
  /** 'ver-advogados': the step that shows the list without JavaScript; anything else sends. */
  intent: z.enum(['ver-advogados', 'enviar']).catch('enviar'),
  /** The honeypot: empty for people; anything else means a bot (never an error shown). */
  [HONEYPOT_FIELD]: z.string().optional().catch(undefined),
});
export type LeadRequestForm = z.output<typeof leadRequestSchema>;
/** What routing needs: the client's data, without the choice, the page's step or the honeypot. */
export type LeadRequestInput = Omit<LeadRequestForm, typeof HONEYPOT_FIELD | 'advogados' | 'escolha' | 'intent'>;

/** The area and city of the list of lawyers (the page's query string and its 'Ver advogados' step). */
export const leadCandidatesQuerySchema = z.object({
  cidade: z.enum(CITY_IDS, { message: MESSAGES.cidade }),
  areaAtuacao: z.enum(PRACTICE_AREA_IDS, { message: MESSAGES.areaAtuacao }),
});

/** How many characters of each field a refused form shows again. */
export const LEAD_REQUEST_ECHO = {
  nome: LIMITS.nome.max,
  email: LIMITS.email.max,
  whatsapp: PHONE_INPUT_MAX_LENGTH,
  cidade: 40,
  areaAtuacao: 40,
  descricao: LIMITS.descricao.max,
  escolha: 100,
  intent: 20,
} as const;
