import { outbox } from '~/db/schema/messaging';
import type { OutboxWriter } from '~/integrations/email/outbox.server';

/**
 * The WhatsApp side of the outbox (docs/decisions/0011): every notification is first a row, written in
 * the transaction of the change that causes it (a routed lead, a court movement, a test send), then
 * delivered by a background job through the lawyer's own WiizoChat token, else the platform's WhatsApp
 * Cloud API sender, else it stays queued and visible.
 */

/** The kinds of WhatsApp message the platform sends; a Cloud API template is chosen by kind. */
export const WHATSAPP_KINDS = ['novo-lead', 'teste', 'movimentacao'] as const;
export type WhatsAppKind = (typeof WHATSAPP_KINDS)[number];

export interface OutboxWhatsApp {
  /** The recipient's number, digits only (10 to 15; with or without Brazil's 55). */
  to: string;
  /** The whole message as plain text (sent as is by gateways, and by the Cloud API without a template). */
  text: string;
  kind: WhatsAppKind;
  /** The text fields of the message, in order: the parameters of the Cloud API template of this kind. */
  params: string[];
  /** Whose messaging token may send it (their own WiizoChat token wins); null for platform messages. */
  lawyerId: string | null;
  /** One message per key, ever (e.g. `novo-lead:${leadId}`): a second enqueue of the same key stores nothing. */
  idempotencyKey: string;
}

const RECIPIENT = /^[0-9]{10,15}$/;

/**
 * Stores WhatsApp messages in the outbox with ONE statement, inside the caller's transaction; keys
 * already stored are skipped. Returns how many rows were stored.
 */
export async function enqueueWhatsAppMessages(tx: OutboxWriter, messages: readonly OutboxWhatsApp[]): Promise<number> {
  if (messages.length === 0) return 0;
  for (const message of messages) {
    if (!RECIPIENT.test(message.to)) throw new Error(`enqueueWhatsAppMessages: invalid recipient ${JSON.stringify(message.to)}`);
  }
  const stored = await tx
    .insert(outbox)
    .values(
      messages.map((m) => ({
        channel: 'whatsapp' as const,
        recipient: m.to,
        body: m.text,
        idempotencyKey: m.idempotencyKey,
        metadata: { kind: m.kind, params: m.params, lawyerId: m.lawyerId },
      })),
    )
    .onConflictDoNothing({ target: outbox.idempotencyKey })
    .returning({ id: outbox.id });
  return stored.length;
}
