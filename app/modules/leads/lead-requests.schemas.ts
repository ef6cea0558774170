import { z } from 'zod';
import { CITY_IDS, PRACTICE_AREA_IDS } from '~/domain/catalog/catalog';
import { PHONE_INPUT_MAX_LENGTH } from '~/domain/phone';
import { phoneField } from '~/domain/phone-field';
import { HONEYPOT_FIELD, LEAD_REQUEST_LIMITS as LIMITS, LEAD_REQUEST_MESSAGES as MESSAGES } from './lead-requests';

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
  /** The honeypot: empty for people; anything else means a bot (never an error shown). */
  [HONEYPOT_FIELD]: z.string().optional().catch(undefined),
});
export type LeadRequestForm = z.output<typeof leadRequestSchema>;
/** What routing needs: the form without the honeypot. */
export type LeadRequestInput = Omit<LeadRequestForm, typeof HONEYPOT_FIELD>;

/** How many characters of each field a refused form shows again. */
export const LEAD_REQUEST_ECHO = {
  nome: LIMITS.nome.max,
  email: LIMITS.email.max,
  whatsapp: PHONE_INPUT_MAX_LENGTH,
  cidade: 40,
  areaAtuacao: 40,
  descricao: LIMITS.descricao.max,
} as const;
