import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { getConfig } from '~/config.server';
import { db, type Db } from '~/db/client.server';
import { outbox } from '~/db/schema/messaging';
import { backgroundLog } from '~/lib/log.server';
import {
  claimOutboxMessage,
  completeOutboxDelivery,
  markInterruptedOutboxSendsUncertain,
  findOutboxMessagesToDispatch,
  INTERRUPTED_SEND_ERROR,
  markOutboxMessagesDispatched,
  type DeliveryOutcome,
} from '~/integrations/outbox/outbox-delivery.server';
import type { EmailMessage, EmailSender } from './email';

/**
 * The e-mail outbox (docs/decisions/0011). Every e-mail is first a row of `outbox`, written in the
 * transaction of the change that causes it; the job queue delivers it afterwards:
 *
 *   enqueueEmail(tx, …)            status 'queued', in the caller's transaction
 *   dispatcher (jobs/email-delivery.server.ts), every second, after commit: one pg-boss job per queued row
 *   deliverOutboxMessage(id, …)    claims the row ('queued' → 'sending', one winner), sends, then
 *                                  'sent' | 'queued' again (retryable, pg-boss retries with backoff) | 'failed'
 *                                  (the claim and the bookkeeping are the channels' common part:
 *                                  integrations/outbox/outbox-delivery.server.ts)
 *
 * Without SMTP_URL there is no delivery: rows stay 'queued' and /dev/outbox shows them.
 */

/** Anything that can insert: `db` or a transaction. */
export type OutboxWriter = Pick<Db, 'insert'>;

/** An e-mail to enqueue: the message, plus what the templates add (their name, and the action link). */
export interface OutboxEmail extends EmailMessage {
  /** The template's name, kept in the row's metadata (e.g. 'confirmacao-email'). */
  template?: string;
  /** The message's action link (confirmation, password reset): logged when no SMTP server is configured. */
  link?: string;
  /** Kept in the row's metadata beside the template's name (e.g. the request a confirmation is about). */
  metadata?: Record<string, unknown>;
}

const recipientSchema = z.email();

/**
 * Stores an e-mail in the outbox, inside the caller's transaction: it is delivered only if that
 * transaction commits, and never slows or fails the caller (delivery happens later, in the job queue).
 *
 * ```ts
 * await db.transaction(async (tx) => {
 *   await tx.update(lawyerProfiles).set({ status: 'approved' }).where(eq(lawyerProfiles.id, id));
 *   await enqueueEmail(tx, { to: profile.email, ...lawyerApprovedEmail({ name: profile.nome }) });
 * });
 * ```
 * Without SMTP_URL, the message stays queued and its link is logged at info level, so that a
 * registration can be finished on the embedded default (the log line comes before the commit: a
 * rolled-back message may have been logged, never sent).
 */
export async function enqueueEmail(tx: OutboxWriter, email: OutboxEmail): Promise<{ id: string }> {
  if (!recipientSchema.safeParse(email.to).success) throw new Error(`enqueueEmail: invalid recipient ${JSON.stringify(email.to)}`);
  const [row] = await tx
    .insert(outbox)
    .values({
      channel: 'email',
      recipient: email.to,
      subject: email.subject,
      body: email.text,
      htmlBody: email.html,
      metadata: { ...email.metadata, ...(email.template ? { template: email.template } : {}) },
    })
    .returning({ id: outbox.id });
  if (!getConfig().smtpUrl) {
    backgroundLog().info(
      { outboxId: row!.id, to: email.to, subject: email.subject, ...(email.link ? { link: email.link } : {}) },
      email.link ? `E-mail não enviado (SMTP_URL não definido); link: ${email.link}` : 'E-mail não enviado (SMTP_URL não definido); veja /dev/outbox',
    );
  }
  return { id: row!.id };
}

export type { DeliveryOutcome };
export { INTERRUPTED_SEND_ERROR };

/**
 * One delivery attempt of one outbox e-mail. Safe to call twice, concurrently or after a crash: the
 * row is claimed atomically ('queued' → 'sending' in one UPDATE), so only one attempt sends it, and a
 * row that is sent, failed or being sent is left alone. Tests call it directly instead of running the
 * queue. `finalAttempt`: a retryable failure marks the row failed instead of queuing it again.
 */
export async function deliverOutboxMessage(id: string, { sender, finalAttempt = false }: { sender: EmailSender; finalAttempt?: boolean }): Promise<DeliveryOutcome> {
  const claimed = await claimOutboxMessage(id, 'email');
  if (!claimed) return { outcome: 'skipped' };
  return completeOutboxDelivery(claimed, () => sender.send({ to: claimed.recipient, subject: claimed.subject ?? '', html: claimed.htmlBody ?? '', text: claimed.body }), { finalAttempt });
}

/** E-mails older than this are not dispatched any more (a stale confirmation link helps nobody); they stay queued and visible. */
const DISPATCH_WITHIN = '1 day';

/** Queued e-mails that need a delivery job: never handed to the queue, or handed over long ago; one per recipient at a time, oldest first (`sameRecipientAs`: that row's recipient's next one). */
export function findEmailsToDispatch({ sameRecipientAs, limit = 100 }: { sameRecipientAs?: string; limit?: number } = {}): Promise<string[]> {
  return findOutboxMessagesToDispatch('email', { within: DISPATCH_WITHIN, sameRecipientAs, limit });
}

export function markEmailsDispatched(ids: readonly string[]): Promise<void> {
  return markOutboxMessagesDispatched(ids);
}

/**
 * An e-mail left 'sending' far longer than a send may take (the process stopped mid-send): it may or
 * may not have reached the provider. Marked 'incerto', never resent automatically (nothing is sent
 * twice); /admin/mensagens offers 'Reenviar'.
 */
export function markInterruptedEmailSendsUncertain(olderThan = '5 minutes'): Promise<number> {
  return markInterruptedOutboxSendsUncertain('email', olderThan);
}

export type OutboxRow = typeof outbox.$inferSelect;

/** The latest outbox rows, newest first (for /dev/outbox). */
export async function findOutboxMessages({ limit = 100 }: { limit?: number } = {}): Promise<OutboxRow[]> {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit);
}

export async function getOutboxMessage(id: string): Promise<OutboxRow | undefined> {
  if (!z.uuid().safeParse(id).success) return undefined;
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row;
}
