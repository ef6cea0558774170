import { z } from 'zod';

/**
 * The labels and the form of /admin/mensagens (docs/product-rules.md, "Back office"; docs/decisions/0011): every message of
 * the outbox, with 'Reenviar' for a failed or uncertain one. Browser-safe: the values mirror OUTBOX_STATUSES and
 * OUTBOX_CHANNELS of db/schema/messaging.ts (messages.server.ts checks that they agree).
 */

export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'failed', 'incerto'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_CHANNELS = ['email', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** The list counts the matching messages up to this many, then says 'mais de' (a count of the whole table would be slow). */
export const MESSAGE_COUNT_CAP = 10_000;

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = { queued: 'Na fila', sending: 'Enviando', sent: 'Enviada', failed: 'Falhou', incerto: 'Incerto' };
/** The statuses 'Reenviar' is offered for: refused for good, or not known to have arrived (the outbox's RESENDABLE_STATUSES). */
export const RESENDABLE_MESSAGE_STATUSES = ['failed', 'incerto'] as const satisfies readonly MessageStatus[];

/** What the provider reported after accepting a message (the WhatsApp status webhook). */
export const PROVIDER_STATUS_LABELS = { sent: 'Enviada ao WhatsApp', delivered: 'Entregue', read: 'Lida', failed: 'Falha na entrega' } as const;
export type ProviderStatusLabel = keyof typeof PROVIDER_STATUS_LABELS;
export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = { email: 'E-mail', whatsapp: 'WhatsApp' };

export const ADMIN_MESSAGE_TEXTS = {
  resent: 'Mensagem reenfileirada para envio.',
  notResendable: 'Esta mensagem não pode ser reenviada.',
  invalidIntent: 'Ação inválida.',
  channelNotConfigured: (channel: MessageChannel) =>
    `O envio de ${channel === 'email' ? 'e-mails' : 'mensagens de WhatsApp'} não está configurado neste servidor: a mensagem não pode ser reenviada agora.`,
  enqueueFailed: 'Não foi possível reenfileirar a mensagem agora. Tente novamente em instantes.',
} as const;

/** 'Reenviar' posts the intent and the message's id; who resends is the session's superadmin, never a field. */
export const adminMessageActionSchema = z.object({
  intent: z.literal('reenviar', { message: ADMIN_MESSAGE_TEXTS.invalidIntent }),
  messageId: z.uuid({ message: ADMIN_MESSAGE_TEXTS.notResendable }),
});
export type AdminMessageAction = z.output<typeof adminMessageActionSchema>;
