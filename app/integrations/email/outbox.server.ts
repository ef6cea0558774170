import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { getConfig } from '~/config.server';
import { db, type Db } from '~/db/client.server';
import { outbox } from '~/db/schema/messaging';
import { backgroundLog } from '~/jobs/log.server';
import { EmailDeliveryError, type EmailMessage, type EmailSender } from './email';

/**
 * The e-mail outbox (docs/decisions/0011). Every e-mail is first a row of `outbox`, written in the
 * transaction of the change that causes it; the job queue delivers it afterwards:
 *
 *   enqueueEmail(tx, …)            status 'queued', in the caller's transaction
 *   dispatcher (jobs/email-delivery.server.ts), every second, after commit: one pg-boss job per queued row
 *   deliverOutboxMessage(id, …)    claims the row ('queued' → 'sending', one winner), sends, then
 *                                  'sent' | 'queued' again (retryable, pg-boss retries with backoff) | 'failed'
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

export type DeliveryOutcome =
  /** Accepted by the provider. */
  | { outcome: 'sent'; providerMessageId: string }
  /** A retryable failure: the row is queued again, the caller (the job) should try later. */
  | { outcome: 'retry'; error: string }
  /** Refused for good, or out of attempts: the row is 'failed' with the error. */
  | { outcome: 'failed'; error: string }
  /** Nothing to do: the row is not queued (already sent, failed, being sent by another attempt) or does not exist. */
  | { outcome: 'skipped' };

/**
 * One delivery attempt of one outbox e-mail. Safe to call twice, concurrently or after a crash: the
 * row is claimed atomically ('queued' → 'sending' in one UPDATE), so only one attempt sends it, and a
 * row that is sent, failed or being sent is left alone. Tests call it directly instead of running the
 * queue. `finalAttempt`: a retryable failure marks the row failed instead of queuing it again.
 */
export async function deliverOutboxMessage(id: string, { sender, finalAttempt = false }: { sender: EmailSender; finalAttempt?: boolean }): Promise<DeliveryOutcome> {
  const [claimed] = await db
    .update(outbox)
    .set({ status: 'sending', attempts: sql`${outbox.attempts} + 1`, updatedAt: sql`now()` })
    .where(and(eq(outbox.id, id), eq(outbox.channel, 'email'), eq(outbox.status, 'queued')))
    .returning({ recipient: outbox.recipient, subject: outbox.subject, text: outbox.body, html: outbox.htmlBody, attempts: outbox.attempts });
  if (!claimed) return { outcome: 'skipped' };

  let providerMessageId: string;
  try {
    ({ providerMessageId } = await sender.send({ to: claimed.recipient, subject: claimed.subject ?? '', html: claimed.html ?? '', text: claimed.text }));
  } catch (error) {
    const failure = error instanceof EmailDeliveryError ? error : new EmailDeliveryError(`Falha no envio: ${(error as Error)?.message ?? String(error)}`, { permanent: false, cause: error });
    const gaveUp = failure.permanent || finalAttempt;
    const message = !failure.permanent && finalAttempt ? `${failure.message} (sem sucesso após ${claimed.attempts} tentativas)` : failure.message;
    await finishAttempt(id, { status: gaveUp ? 'failed' : 'queued', lastError: message });
    return gaveUp ? { outcome: 'failed', error: message } : { outcome: 'retry', error: message };
  }
  await finishAttempt(id, { status: 'sent', lastError: null, providerMessageId, sentAt: sql`now()` });
  return { outcome: 'sent', providerMessageId };
}

function finishAttempt(id: string, values: PgUpdateSetSource<typeof outbox>) {
  return db
    .update(outbox)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')));
}

/** A queued e-mail not handed to the queue for this long is handed over again (a lost job is recovered; a live one is not duplicated: the job id is the row id). */
const REDISPATCH_AFTER = '10 minutes';
/** E-mails older than this are not dispatched any more (a stale confirmation link helps nobody); they stay queued and visible. */
const DISPATCH_WITHIN = '1 day';

/** Queued e-mails that need a delivery job: never handed to the queue, or handed over long ago. Oldest first. */
export async function findEmailsToDispatch(limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'queued'),
        eq(outbox.channel, 'email'),
        gt(outbox.createdAt, sql`now() - ${DISPATCH_WITHIN}::interval`),
        or(isNull(outbox.dispatchedAt), lt(outbox.dispatchedAt, sql`now() - ${REDISPATCH_AFTER}::interval`)),
      ),
    )
    .orderBy(outbox.createdAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function markEmailsDispatched(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(outbox).set({ dispatchedAt: sql`now()` }).where(inArray(outbox.id, [...ids]));
}

export const INTERRUPTED_SEND_ERROR = 'Envio interrompido (o processo parou durante o envio): a mensagem pode ter sido entregue e não é reenviada automaticamente';

/**
 * An e-mail left 'sending' far longer than a send may take (the process stopped mid-send): it may or
 * may not have reached the provider. Marked failed, never resent automatically (nothing is sent twice).
 */
export async function failInterruptedEmailSends(olderThan = '5 minutes'): Promise<number> {
  const rows = await db
    .update(outbox)
    .set({ status: 'failed', lastError: INTERRUPTED_SEND_ERROR, updatedAt: sql`now()` })
    .where(and(eq(outbox.status, 'sending'), eq(outbox.channel, 'email'), lt(outbox.updatedAt, sql`now() - ${olderThan}::interval`)))
    .returning({ id: outbox.id });
  return rows.length;
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
