import { z } from 'zod';
import { MONITORING_FREQUENCIES, type MonitoringFrequencyId, type MonitoringStatus, type ProcessUpdateType } from '~/modules/catalog/vocabularies';
import { COURT_CHOICES, isValidCnj, parseCnj } from './cnj';

// Process monitoring (section monitoramento, below the messaging card): the form's input and the texts
// of the spec's Monitoring catalogue (spec part 2, sections 2.9, 5 and 8; docs/product-rules.md,
// "Process monitoring"). Where the spec names Escavador, the texts name the configured provider.
// Browser-safe.

export const MONITORING_TEXTS = {
  notSignedIn: 'Usuário não autenticado',
  invalidNumber: 'Número de processo inválido',
  numberTooLong: 'Número de processo muito longo',
  notCnj: 'Número do processo fora do padrão CNJ.',
  duplicate: 'Este processo já está sendo monitorado na sua conta.',
  created: (provider: string) => `Monitoramento criado! O status será atualizado automaticamente pelo ${provider}.`,
  createFailed: (provider: string) => `Erro ao criar monitoramento no ${provider}.`,
  apiError: (detail: string) => `Erro na API: ${detail}`,
  connectionFailed: (provider: string) => `Erro ao conectar com a API do ${provider}.`,
  loadFailed: 'Erro ao carregar monitoramentos. Verifique sua conexão ou token de API.',
  removed: 'Monitoramento removido com sucesso',
  updatesFailed: 'Não foi possível carregar as atualizações do processo. Tente novamente mais tarde.',
  whatsappFailed: 'Erro ao enviar WhatsApp: ',
  noLawyerNumber: 'Não foi possível encontrar o número do advogado.',
  noToken: 'Token do WiizoChat não configurado para este advogado.',
  notificationSent: 'Notificação de movimentação enviada com sucesso!',
  notificationFailed: 'Erro ao enviar notificação: ',
  notFound: 'Monitoramento não encontrado',
  /** The gate (spec part 2, 6; DECISIONS.md, Plans): gratuito, then basico. */
  notInFreePlan: 'O monitoramento de processos não está disponível no plano gratuito. Assine um plano a partir do Intermediário para acompanhar seus processos e receber as movimentações no WhatsApp.',
  startsAtIntermediario: 'O monitoramento de processos está disponível a partir do plano Intermediário (até 5 processos) e no Premium (até 20 processos).',
  capReached: (cap: number) =>
    `Seu plano permite monitorar até ${cap} ${cap === 1 ? 'processo' : 'processos'} ao mesmo tempo. Remova um monitoramento ou atualize seu plano para acompanhar mais.`,
} as const;

export const FREQUENCY_LABELS: Record<MonitoringFrequencyId, string> = { DIARIA: 'Diária (dias úteis)', SEMANAL: 'Semanal' };

export const MONITORING_STATUS_LABELS: Record<MonitoringStatus, string> = { PENDENTE: 'Pendente', ENCONTRADO: 'Encontrado', NAO_ENCONTRADO: 'Não encontrado' };
export const MOVEMENT_TYPE_LABELS: Record<ProcessUpdateType, string> = { ANDAMENTO: 'Andamento', DECISAO: 'Decisão', DESPACHO: 'Despacho', SENTENCA: 'Sentença' };

/** The court select's "the number's own court" choice: no court is sent, it comes from the number's J.TR. */
export const ALL_COURTS = 'todos';

const COURT_SIGLAS = new Set(COURT_CHOICES.map((court) => court.sigla));

/**
 * The CNJ number as typed: 20 to 25 characters ('Número de processo inválido' / 'Número de processo muito
 * longo'), the mask NNNNNNN-DD.AAAA.J.TR.OOOO and right check digits (mod 97) ('Número do processo fora
 * do padrão CNJ.' for either).
 */
export const cnjNumberSchema = z
  .string({ message: MONITORING_TEXTS.invalidNumber })
  .trim()
  .min(20, MONITORING_TEXTS.invalidNumber)
  .max(25, MONITORING_TEXTS.numberTooLong)
  .refine((numero) => parseCnj(numero) !== null, MONITORING_TEXTS.notCnj)
  .refine((numero) => isValidCnj(numero), MONITORING_TEXTS.notCnj);

export const createMonitoringSchema = z.object({
  numero: cnjNumberSchema,
  /** A court of the list, or 'todos' (or nothing): the number's own court. */
  tribunal: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === undefined || value === '' || value === ALL_COURTS ? null : value))
    .refine((value) => value === null || COURT_SIGLAS.has(value), 'Escolha um tribunal da lista'),
  frequencia: z.enum(MONITORING_FREQUENCIES, { message: 'Escolha a frequência: diária ou semanal' }).default('DIARIA'),
});
export type CreateMonitoringInput = z.infer<typeof createMonitoringSchema>;

/** A monitoring's id from a form or the URL: anything that is not a uuid is nobody's monitoring. */
export const monitoringIdSchema = z.uuid({ message: MONITORING_TEXTS.notFound });

/** The forms of the monitoring part of the section (the messaging card above has its own intents). */
export const MONITORING_INTENTS = ['criar-monitoramento', 'remover-monitoramento', 'atualizar-monitoramento', 'testar-notificacao-processo'] as const;
export type MonitoringIntent = (typeof MONITORING_INTENTS)[number];

/** A form about one monitoring (remove, Atualizar). */
export const monitoringTargetSchema = z.object({ monitoringId: monitoringIdSchema });

/** 'Testar notificação WhatsApp': the monitoring and the dialog's own key (the same click twice sends once). */
export const monitoringTestSchema = z.object({
  monitoringId: monitoringIdSchema,
  envio: z.uuid({ message: 'Envio de teste inválido. Recarregue a página e tente novamente.' }),
});

/**
 * What the section's URL may open: `processo` (the details dialog) and `remover` (the removal's
 * confirmation) name a monitoring; anything else is ignored.
 */
export function monitoringViewFrom(params: URLSearchParams): { processo: string | null; remover: string | null } {
  const id = (name: string) => {
    const parsed = monitoringIdSchema.safeParse(params.get(name));
    return parsed.success ? parsed.data : null;
  };
  return { processo: id('processo'), remover: id('remover') };
}
