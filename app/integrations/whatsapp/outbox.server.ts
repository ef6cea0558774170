import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { db } from '~/db/client.server';
import { lawyerApiTokens, outbox, type OutboxStatus } from '~/db/schema/messaging';
import type { OutboxWriter } from '~/integrations/email/outbox.server';
import {
  claimOutboxMessage,
  completeOutboxDelivery,
  markInterruptedOutboxSendsUncertain,
  findOutboxMessagesToDispatch,
  markOutboxMessagesDispatched,
  type DeliveryOutcome,
} from '~/integrations/outbox/outbox-delivery.server';
import { WHATSAPP_KINDS, WIIZOCHAT_TOKEN_NAME, type WhatsAppKind, type WhatsAppMessage } from './whatsapp';
import type { ChosenWhatsAppSender, WhatsAppSenders } from './whatsapp-sender.server';

/**
 * The WhatsApp side of the outbox (docs/decisions/0011): every notification is first a row, written in
 * the transaction of the change that causes it (a routed lead, a court movement, a test send), then
 * delivered by a background job through the lawyer's own WiizoChat token, else the platform's WhatsApp
 * Cloud API sender, else it stays queued and visible (docs/decisions/0014):
 *
 *   enqueueWhatsAppMessages(tx, …)    status 'queued', in the caller's transaction
 *   dispatcher (jobs/outbox-delivery.server.ts): one 'whatsapp-delivery' job per row that has a sender
 *   deliverWhatsAppMessage(id, …)     chooses the sender, claims the row (one winner), sends, records
 *   sendWhatsAppMessageNow(…)         a test send: stored, claimed and sent in the caller's request
 */

// The kinds of message live in whatsapp.ts (which the adapters import), re-exported here.
export { WHATSAPP_KINDS, type WhatsAppKind };

export interface OutboxWhatsApp {
  /** The recipient's number, digits only (10 to 15; with or without Brazil's 55). */
  to: string;
  /** The whole message as plain text (sent as is by gateways, and by the Cloud API without a template). */
  text: string;
  kind: WhatsAppKind;
  /**
   * The text fields of the message, in order: the body parameters of the Cloud API template of this
   * kind. 'novo-lead' has its own template (name, area, city); every other kind shares the generic text
   * template, whose body has ONE parameter: give [the message on one line].
   */
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

/** What a WhatsApp row's metadata holds (enqueueWhatsAppMessages writes it); a row written otherwise goes as plain text of its own. */
const metadataSchema = z.object({
  kind: z.enum(WHATSAPP_KINDS).catch('teste'),
  params: z.array(z.string()).catch([]),
  lawyerId: z.string().nullable().catch(null),
});

function messageOf(row: { recipient: string; body: string; metadata: unknown }): { message: WhatsAppMessage; lawyerId: string | null } {
  const metadata = metadataSchema.parse(row.metadata ?? {});
  return {
    message: { to: row.recipient, text: row.body, kind: metadata.kind, params: metadata.params.length > 0 ? metadata.params : [row.body] },
    lawyerId: metadata.lawyerId,
  };
}

/**
 * One delivery attempt of one outbox WhatsApp message, through the sender chosen for its lawyer (their
 * WiizoChat token, else the Cloud API). Like e-mail: the row is claimed atomically, so only one attempt
 * sends it; a row that is sent, failed or being sent is left alone. A row with no sender now (no token,
 * no Cloud API) is not claimed: it stays queued, and 'skipped' is answered.
 */
export async function deliverWhatsAppMessage(id: string, { senders, finalAttempt = false }: { senders: WhatsAppSenders; finalAttempt?: boolean }): Promise<DeliveryOutcome> {
  if (!z.uuid().safeParse(id).success) return { outcome: 'skipped' };
  const [queued] = await db
    .select({ recipient: outbox.recipient, body: outbox.body, metadata: outbox.metadata })
    .from(outbox)
    .where(and(eq(outbox.id, id), eq(outbox.channel, 'whatsapp'), eq(outbox.status, 'queued')));
  if (!queued) return { outcome: 'skipped' };
  const chosen = await senders.choose(messageOf(queued).lawyerId);
  if (!chosen) return { outcome: 'skipped' };

  const claimed = await claimOutboxMessage(id, 'whatsapp');
  if (!claimed) return { outcome: 'skipped' };
  const { message } = messageOf(claimed);
  return completeOutboxDelivery(claimed, () => chosen.sender.send(message), { finalAttempt });
}

/**
 * Stores one message and sends it at once through `chosen`, in this call (a test send, whose result the
 * lawyer waits for): the row is inserted and claimed in one transaction, so the dispatcher never sees
 * it queued, and a failure of any kind is final (it is not retried in the background). A key already
 * stored sends nothing and answers that row's state ('duplicate').
 */
export async function sendWhatsAppMessageNow(
  message: OutboxWhatsApp,
  chosen: ChosenWhatsAppSender,
): Promise<DeliveryOutcome | { outcome: 'duplicate'; status: OutboxStatus; error: string | null }> {
  const claimed = await db.transaction(async (tx) => {
    if ((await enqueueWhatsAppMessages(tx, [message])) === 0) return undefined;
    const [row] = await tx.select({ id: outbox.id }).from(outbox).where(eq(outbox.idempotencyKey, message.idempotencyKey));
    return claimOutboxMessage(row!.id, 'whatsapp', tx);
  });
  if (!claimed) {
    const [existing] = await db.select({ status: outbox.status, error: outbox.lastError }).from(outbox).where(eq(outbox.idempotencyKey, message.idempotencyKey));
    return { outcome: 'duplicate', status: existing!.status, error: existing!.error };
  }
  return completeOutboxDelivery(claimed, () => chosen.sender.send({ to: message.to, text: message.text, kind: message.kind, params: message.params }), { finalAttempt: true });
}

/** WhatsApp messages older than this are not dispatched any more (a day-old notification is news no longer); they stay queued and visible. */
const DISPATCH_WITHIN = '1 day';

/**
 * Queued WhatsApp messages that need a delivery job and have a way out: all of them when the Cloud API
 * is configured; otherwise only those of lawyers with a saved WiizoChat token (the rest stay queued,
 * and go out once their lawyer saves a token or the Cloud API is configured, within the day). One per
 * recipient at a time, in order (`sameRecipientAs`: that row's recipient's next one).
 */
export function findWhatsAppMessagesToDispatch(
  senders: Pick<WhatsAppSenders, 'cloudApi' | 'wiizoChat'>,
  { sameRecipientAs, limit = 100 }: { sameRecipientAs?: string; limit?: number } = {},
): Promise<string[]> {
  if (senders.cloudApi) return findOutboxMessagesToDispatch('whatsapp', { within: DISPATCH_WITHIN, sameRecipientAs, limit });
  if (!senders.wiizoChat) return Promise.resolve([]);
  const hasToken = (row: { metadata: AnyPgColumn }) =>
    sql`exists (select 1 from ${lawyerApiTokens} where ${lawyerApiTokens.lawyerId} = ${row.metadata} ->> 'lawyerId' and ${lawyerApiTokens.tokenName} = ${WIIZOCHAT_TOKEN_NAME})`;
  return findOutboxMessagesToDispatch('whatsapp', { within: DISPATCH_WITHIN, where: hasToken, sameRecipientAs, limit });
}

export function markWhatsAppMessagesDispatched(ids: readonly string[]): Promise<void> {
  return markOutboxMessagesDispatched(ids);
}

/** A WhatsApp message left 'sending' by a process that stopped mid-send: 'incerto', never resent automatically (it may have gone out). */
export function markInterruptedWhatsAppSendsUncertain(olderThan = '5 minutes'): Promise<number> {
  return markInterruptedOutboxSendsUncertain('whatsapp', olderThan);
}
