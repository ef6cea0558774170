import { z } from 'zod';
import { STATE_CODES } from '~/domain/catalog/catalog';
import { phoneField } from '~/domain/phone-field';
import { SCAM_REPORT_STATUSES, type ScamReportStatus } from '~/domain/trust';

/**
 * The forms of /confirmar-advogado (decision 0062): look a lawyer up by a phone number or by the OAB
 * number and UF; 'Denunciar' (what happened, the number used, an optional contact). And the back
 * office's status of a report. Each form posts an `intent`.
 */

/** Queries of the confirm page per client address and minute: the 31st in a minute is refused (429). */
export const CONFIRM_QUERIES_PER_MINUTE = 30;
/** Reports per client address and hour. */
export const REPORTS_PER_HOUR = 5;

export const RELATO_MIN_LENGTH = 10;
export const RELATO_MAX_LENGTH = 2000;
export const CONTATO_MAX_LENGTH = 200;

export const TRUST_TEXTS = {
  invalidIntent: 'Ação inválida.',
  numeroOab: 'Informe o número da OAB, só com números (de 3 a 10 dígitos).',
  uf: 'Selecione a seccional (UF) da OAB',
  relatoShort: `Conte o que aconteceu (ao menos ${RELATO_MIN_LENGTH} caracteres).`,
  relatoLong: `O relato deve ter no máximo ${RELATO_MAX_LENGTH} caracteres.`,
  contatoLong: `O contato deve ter no máximo ${CONTATO_MAX_LENGTH} caracteres.`,
  reported: 'Denúncia recebida. Obrigado: a equipe vai analisá-la.',
  statusInvalid: 'Status inválido.',
  reportNotFound: 'Denúncia não encontrada.',
  statusChanged: 'Status da denúncia atualizado.',
} as const;

const PHONE_WORDS = { short: 'Informe o número com DDD: (11) 98765-4321' };

/** 'Pelo telefone': any Brazilian number, mobile or landline, compared as the project stores phones. */
export const confirmByPhoneSchema = z.object({ intent: z.literal('telefone'), telefone: phoneField({ messages: PHONE_WORDS }) });

/** 'Pelo número da OAB': the number (dots, spaces and dashes dropped) and the Seccional's UF. */
export const confirmByOabSchema = z.object({
  intent: z.literal('oab'),
  numeroOab: z
    .string({ message: TRUST_TEXTS.numeroOab })
    .max(20, TRUST_TEXTS.numeroOab)
    .transform((typed) => typed.replace(/[\s.-]/g, ''))
    .pipe(z.string().regex(/^[0-9]{3,10}$/, TRUST_TEXTS.numeroOab)),
  uf: z.enum(STATE_CODES, { message: TRUST_TEXTS.uf }),
});

/** 'Denunciar'. `perfil` is the slug of the profile the client came from, when any (a malformed one is dropped). */
export const reportSchema = z.object({
  intent: z.literal('denunciar'),
  relato: z.string({ message: TRUST_TEXTS.relatoShort }).trim().min(RELATO_MIN_LENGTH, TRUST_TEXTS.relatoShort).max(RELATO_MAX_LENGTH, TRUST_TEXTS.relatoLong),
  numero: phoneField({ messages: PHONE_WORDS }),
  contato: z
    .string()
    .trim()
    .max(CONTATO_MAX_LENGTH, TRUST_TEXTS.contatoLong)
    .optional()
    .transform((contact) => contact || undefined),
  perfil: z
    .string()
    .regex(/^[a-z0-9-]{1,100}$/)
    .optional()
    .catch(undefined),
});
export type ReportInput = z.output<typeof reportSchema>;

export const SCAM_REPORT_STATUS_LABELS: Record<ScamReportStatus, string> = { nova: 'Nova', em_analise: 'Em análise', resolvida: 'Resolvida', descartada: 'Descartada' };

/** The back office's status change of a report. */
export const reportStatusSchema = z.object({
  intent: z.literal('status'),
  reportId: z.uuid({ message: TRUST_TEXTS.reportNotFound }),
  status: z.enum(SCAM_REPORT_STATUSES, { message: TRUST_TEXTS.statusInvalid }),
});
