import { plansWithWhatsAppNotifications } from '~/domain/catalog/catalog';

// The messaging settings card's texts (the spec's Settings catalogue), limits and intents, without zod:
// the lawyer area's page loads this, not the schemas (messaging.schemas.ts re-exports it for the server).

/** 'Intermediário e Premium': the plans with WhatsApp notifications, from the catalogue. */
const WHATSAPP_PLAN_NAMES = /* @__PURE__ */ (() => {
  const names = plansWithWhatsAppNotifications().map((p) => p.tipo);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} e ${names.at(-1)}` : (names[0] ?? '');
})();

export const MESSAGING_TEXTS = {
  invalidNumber: 'Por favor, insira um número de WhatsApp válido',
  saved: 'Configurações salvas com sucesso',
  saveFailed: 'Erro ao salvar: ',
  tokenRemoved: 'Token do WiizoChat removido com segurança',
  removeFailed: 'Erro ao remover token: ',
  testSent: 'Mensagem de teste enviada com sucesso!',
  testFailed: 'Erro ao enviar mensagem de teste: ',
  testNeedsTokenAndNumber: 'Configure o token e o número para testar.',
  loadNotificationData: 'Erro ao buscar dados de notificações',
  loadSettings: 'Erro ao carregar configurações',
  /** Not in the spec: the plans without WhatsApp notifications (docs/product-rules.md, Plans). */
  notInPlan: `As notificações por WhatsApp fazem parte dos planos ${WHATSAPP_PLAN_NAMES}.`,
  /** What every plan gets, whatever the WhatsApp (docs/product-rules.md, Leads). */
  emailForEveryLead: 'Cada novo lead chega no seu e-mail de login, em qualquer plano.',
  /** Not in the spec: no WhatsApp sender is configured on the server at all. */
  noSenderYet: 'o envio por WhatsApp ainda não está ativo na plataforma.',
} as const;

export const NOTIFICATION_NUMBER_MAX_LENGTH = 25;
export const GATEWAY_TOKEN_MAX_LENGTH = 512;

/** The forms of the card, by the value of their `intent` field. */
export const MESSAGING_INTENTS = ['salvar-notificacoes', 'remover-token', 'testar-notificacao'] as const;
export type MessagingIntent = (typeof MESSAGING_INTENTS)[number];
