import type { MonitoringFrequencyId, MonitoringStatus, ProcessUpdateType } from '~/domain/catalog/vocabularies';
import { formatDateTimeSaoPaulo } from '~/lib/format-date';

// The texts of the spec's Monitoring catalogue (docs/product-rules.md, "Process monitoring") and the labels and
// intents the monitoring screen needs, without zod: the lawyer area's page loads this, not the schemas
// (monitoring.schemas.ts re-exports it for the server). Where the spec names Escavador, the texts name
// the configured provider.

export const MONITORING_TEXTS = {
  notSignedIn: 'Usuário não autenticado',
  invalidNumber: 'Número de processo inválido',
  numberTooLong: 'Número de processo muito longo',
  notCnj: 'Número do processo fora do padrão CNJ.',
  wrongCheckDigits: 'Dígito verificador não confere: confira o número.',
  /** A check that failed for a reason that passes (DataJud's failed shards, a 429, a 5xx, no answer): when it is tried again. */
  providerUnavailable: (provider: string, at: string) => `${provider} indisponível, nova tentativa às ${at}`,
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
  /** The gate (docs/product-rules.md, "Process monitoring", Plans): gratuito, then basico. */
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

/** The forms of the monitoring part of the section (the messaging card above has its own intents). */
export const MONITORING_INTENTS = ['criar-monitoramento', 'remover-monitoramento', 'atualizar-monitoramento', 'testar-notificacao-processo'] as const;
export type MonitoringIntent = (typeof MONITORING_INTENTS)[number];

/** The provider's name in the retry line: 'DataJud' (the spec's words), else the name users read, capitalised. */
function shortProviderName(providerName: string): string {
  const name = providerName === 'DataJud (CNJ)' ? 'DataJud' : providerName;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * 'DataJud indisponível, nova tentativa às HH:mm' (São Paulo time; 'HH:mm de dd/MM/yyyy' when the retry
 * is on another day there), for a check that failed for a passing reason and is tried again at `at`.
 */
export function retryLine(providerName: string, at: Date, now: Date = new Date()): string {
  const [day, time] = formatDateTimeSaoPaulo(at).split(' ') as [string, string];
  const when = day === formatDateTimeSaoPaulo(now).split(' ')[0] ? time : `${time} de ${day}`;
  return MONITORING_TEXTS.providerUnavailable(shortProviderName(providerName), when);
}
