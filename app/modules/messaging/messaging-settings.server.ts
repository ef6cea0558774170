import { eq } from 'drizzle-orm';
import { getConfig } from '~/config.server';
import { db } from '~/db/client.server';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { sendWhatsAppMessageNow } from '~/integrations/whatsapp/outbox.server';
import { testWhatsAppText } from '~/integrations/whatsapp/templates';
import { createConfiguredWhatsAppSenders, type WhatsAppSenders } from '~/integrations/whatsapp/whatsapp-sender.server';
import { backgroundLog } from '~/lib/log.server';
import { AppError } from '~/lib/app-error';
import { hitRateLimit, tooManyAttemptsMessage } from '~/lib/rate-limit.server';
import type { LawyerStatus } from '~/domain/catalog/catalog';
import { requireApprovedLawyer } from '~/modules/subscriptions/lawyer-gate';
import { getLawyerPlan } from '~/modules/subscriptions/lawyer-plan.server';
import { hasGatewayToken, readGatewayToken, removeGatewayToken as deleteGatewayToken, saveGatewayToken } from './gateway-tokens.server';
import { MESSAGING_TEXTS, type SaveMessagingSettingsInput, type TestMessageInput } from './messaging.schemas';

// The messaging settings of the lawyer area (section monitoramento; docs/product-rules.md, Messaging). Every write takes the lawyer openMessaging() let in,
// from the session, and touches that lawyer's rows only: there is no other id in any input.

const messagingAccess: unique symbol = Symbol('messaging access');

/** A lawyer the messaging card let in; only openMessaging() makes one, so no write below runs without the check. */
export interface MessagingLawyer {
  readonly id: string;
  readonly [messagingAccess]: true;
}

/**
 * The door of the messaging card for the signed-in `user` (the session's, with the profile status it
 * read): an approved lawyer, or a superadmin with a profile (the one gate, lawyer-gate.ts). Refuses with
 * a Portuguese 404/403 otherwise. The plan is checked by each write: removing a token needs none.
 */
export async function openMessaging(user: { id: string; isSuperadmin: boolean; lawyer: { status: LawyerStatus } | null }): Promise<MessagingLawyer> {
  requireApprovedLawyer(user, user.lawyer?.status);
  return { id: user.id, [messagingAccess]: true };
}

/**
 * How the lawyer's notifications leave now: their own WiizoChat token, the platform's Cloud API number,
 * 'aguardando-token' (only WiizoChat is configured and no token is saved) or 'indisponivel' (no
 * WhatsApp sender is configured: notifications wait in the outbox).
 */
export type NotificationDelivery = 'wiizochat' | 'cloud-api' | 'aguardando-token' | 'indisponivel';

export interface MessagingSettings {
  /** The lawyer's plan includes WhatsApp notifications. */
  allowed: boolean;
  /** The notification number (digits), or null. */
  notificationNumber: string | null;
  /** 'configurado' when a token is saved; never the token. */
  token: 'configurado' | null;
  delivery: NotificationDelivery;
  /** The senders the server has: lawyers' own WiizoChat tokens, the platform's own number (the card explains the token by them). */
  senders: { wiizoChat: boolean; platform: boolean };
  /** A loading failure to show instead of the values it hides (spec: 'Erro ao buscar dados de notificações', 'Erro ao carregar configurações'). */
  loadError: string | null;
}

/** At most this many test sends per lawyer in TEST_WINDOW_MS: each one reaches a real phone. */
const TEST_SENDS_PER_WINDOW = 5;
const TEST_WINDOW_MS = 10 * 60_000;

function configuredSenders(): WhatsAppSenders | null {
  return createConfiguredWhatsAppSenders(getConfig(), { tokenFor: readGatewayToken });
}

function deliveryOf(senders: WhatsAppSenders | null, hasToken: boolean): NotificationDelivery {
  if (senders?.wiizoChat && hasToken) return 'wiizochat';
  if (senders?.cloudApi) return 'cloud-api';
  return senders?.wiizoChat ? 'aguardando-token' : 'indisponivel';
}

/**
 * Whether the lawyer's effective plan includes WhatsApp notifications (`planAllows`): the active plan,
 * as long as it has not ended (an ended plan counts as gratuito, as in search).
 */
export async function notificationsAllowed(lawyerId: string, now: Date = new Date()): Promise<boolean> {
  return (await getLawyerPlan(lawyerId, now)).allows.whatsappNotifications;
}

async function notificationNumberOf(lawyerId: string): Promise<string | null> {
  const [profile] = await db.select({ number: lawyerProfiles.whatsappNotificacoes }).from(lawyerProfiles).where(eq(lawyerProfiles.id, lawyerId));
  if (!profile) throw new AppError('Perfil não encontrado', { status: 404, code: 'lawyer_not_found' });
  return profile.number;
}

/** What the settings card shows. A read that fails shows the spec's message instead of wrong values. */
export async function getMessagingSettings(lawyerId: string, now: Date = new Date()): Promise<MessagingSettings> {
  const [allowed, number, token] = await Promise.allSettled([notificationsAllowed(lawyerId, now), notificationNumberOf(lawyerId), hasGatewayToken(lawyerId)]);
  for (const result of [allowed, number, token]) {
    if (result.status === 'rejected') backgroundLog().error({ err: result.reason, lawyerId }, 'Falha ao ler as configurações de notificação');
  }
  const hasToken = token.status === 'fulfilled' && token.value;
  const senders = configuredSenders();
  return {
    allowed: allowed.status === 'fulfilled' && allowed.value,
    notificationNumber: number.status === 'fulfilled' ? number.value : null,
    token: hasToken ? 'configurado' : null,
    delivery: deliveryOf(senders, hasToken),
    senders: { wiizoChat: Boolean(senders?.wiizoChat), platform: Boolean(senders?.cloudApi) },
    loadError: number.status === 'rejected' ? MESSAGING_TEXTS.loadNotificationData : allowed.status === 'rejected' || token.status === 'rejected' ? MESSAGING_TEXTS.loadSettings : null,
  };
}

function refuseOutsidePlan(prefix: string): never {
  throw new AppError(`${prefix}${MESSAGING_TEXTS.notInPlan}`, { status: 403, code: 'notifications_not_in_plan' });
}

/**
 * Saves the notification number and, when one is given, the WiizoChat token (sealed), in one
 * transaction. Plans without WhatsApp notifications are refused.
 */
export async function saveMessagingSettings({ id: lawyerId }: MessagingLawyer, input: SaveMessagingSettingsInput, now: Date = new Date()): Promise<void> {
  if (!(await notificationsAllowed(lawyerId, now))) refuseOutsidePlan(MESSAGING_TEXTS.saveFailed);
  try {
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(lawyerProfiles)
        .set({ whatsappNotificacoes: input.numero, updatedAt: now })
        .where(eq(lawyerProfiles.id, lawyerId))
        .returning({ id: lawyerProfiles.id });
      if (updated.length === 0) throw new AppError(`${MESSAGING_TEXTS.saveFailed}perfil não encontrado.`, { status: 404, code: 'lawyer_not_found' });
      if (input.token) await saveGatewayToken(lawyerId, input.token, tx);
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The card says what happened (spec: 'Erro ao salvar: ...'); the cause goes to the log, never to the page.
    backgroundLog().error({ err: error, lawyerId }, 'Falha ao salvar as configurações de notificação');
    throw new AppError(`${MESSAGING_TEXTS.saveFailed}não foi possível guardar as configurações com segurança. Tente novamente.`, { status: 500, code: 'settings_not_saved', cause: error });
  }
}

/** Removes the lawyer's WiizoChat token, whatever the plan (a lawyer can always take their secret back). Removing none is no error. */
export async function removeGatewayToken({ id: lawyerId }: MessagingLawyer): Promise<void> {
  try {
    await deleteGatewayToken(lawyerId);
  } catch (error) {
    backgroundLog().error({ err: error, lawyerId }, 'Falha ao remover o token do WiizoChat');
    throw new AppError(`${MESSAGING_TEXTS.removeFailed}não foi possível remover o token. Tente novamente.`, { status: 500, code: 'token_not_removed', cause: error });
  }
}

/**
 * Sends the test message to the lawyer's notification number now, through the sender their
 * notifications use, and answers what the provider said: the spec's 'Mensagem de teste enviada com
 * sucesso!' is true only once the provider has accepted it (docs/decisions/0014). The message is an
 * outbox row like every other (kind 'teste', one key per click: the same click twice sends once) and a
 * failure is final, never retried in the background. Needs the number, and a token unless the
 * platform's Cloud API sends for everyone.
 */
export async function sendTestMessage({ id: lawyerId }: MessagingLawyer, { envio }: TestMessageInput, now: Date = new Date()): Promise<{ message: string }> {
  if (!(await notificationsAllowed(lawyerId, now))) refuseOutsidePlan(MESSAGING_TEXTS.testFailed);
  const [number, hasToken] = await Promise.all([notificationNumberOf(lawyerId), hasGatewayToken(lawyerId)]);
  const senders = configuredSenders();
  if (!number || (!hasToken && !senders?.cloudApi)) throw new AppError(MESSAGING_TEXTS.testNeedsTokenAndNumber, { status: 400, code: 'test_needs_token_and_number' });

  // The sender the notifications use: the lawyer's token when saved and usable, else the platform's number.
  const chosen = await senders?.choose(lawyerId);
  if (!chosen) {
    throw new AppError(`${MESSAGING_TEXTS.testFailed}${senders?.wiizoChat ? 'o token salvo não pôde ser lido. Salve o token novamente.' : MESSAGING_TEXTS.noSenderYet}`, {
      status: senders?.wiizoChat ? 409 : 503,
      code: 'no_whatsapp_sender',
    });
  }

  const hits = await hitRateLimit(`whatsapp-test:lawyer:${lawyerId}`, TEST_WINDOW_MS, now);
  if (hits.count > TEST_SENDS_PER_WINDOW) {
    const retryAfter = Math.max(1, Math.ceil((hits.windowEndsAt.getTime() - now.getTime()) / 1000));
    throw new AppError(tooManyAttemptsMessage(retryAfter), { status: 429, code: 'too_many_test_messages', retryAfter });
  }

  const result = await sendWhatsAppMessageNow(
    { to: number, ...testWhatsAppText({ brandName: getConfig().brandName }), kind: 'teste', lawyerId, idempotencyKey: `teste:${lawyerId}:${envio}` },
    chosen,
  );
  if (result.outcome === 'sent' || (result.outcome === 'duplicate' && result.status === 'sent')) return { message: MESSAGING_TEXTS.testSent };
  if (result.outcome === 'duplicate') {
    const detail = result.status === 'failed' ? (result.error ?? 'falha no envio') : 'este envio já está em andamento.';
    throw new AppError(`${MESSAGING_TEXTS.testFailed}${detail}`, { status: 409, code: 'test_message_repeated' });
  }
  if (result.outcome === 'skipped') throw new Error('sendWhatsAppMessageNow: a freshly claimed message was skipped');
  throw new AppError(`${MESSAGING_TEXTS.testFailed}${result.error}`, { status: 502, code: 'test_message_failed' });
}
