import { and, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { db, type Db } from '~/db/client.server';
import { outbox } from '~/db/schema/messaging';
import { DeliveryError } from './delivery-error';

/**
 * Delivery of outbox rows, the same for every channel (docs/decisions/0011, 0014). A channel's outbox
 * (email/outbox.server.ts, whatsapp/outbox.server.ts) enqueues its rows and says how one is sent;
 * this file claims a row, records how the attempt ended, and finds the rows the dispatcher hands to
 * the job queue:
 *
 *   claimOutboxMessage(id, channel)     'queued' → 'sending' in one UPDATE: one winner, ever
 *   completeOutboxDelivery(claimed, …)  sends, then 'sent' | 'queued' again (retryable) | 'failed'
 *   findOutboxMessagesToDispatch(…)     committed queued rows not handed to the queue lately
 *   failInterruptedOutboxSends(…)       rows left 'sending' by a process that died mid-send → 'failed'
 *   requeueFailedOutboxMessage(id, …)   a superadmin's 'Reenviar': 'failed' → 'queued' in one UPDATE, once
 */

export type OutboxChannel = (typeof outbox.$inferSelect)['channel'];

export type DeliveryOutcome =
  /** Accepted by the provider (some gateways answer without a message id: null). */
  | { outcome: 'sent'; providerMessageId: string | null }
  /** A retryable failure: the row is queued again, the caller (the job) should try later, not before `retryAfterSeconds` when given. */
  | { outcome: 'retry'; error: string; retryAfterSeconds?: number }
  /** Refused for good, or out of attempts: the row is 'failed' with the error. */
  | { outcome: 'failed'; error: string }
  /** Nothing to do: the row is not queued (already sent, failed, being sent by another attempt), does not exist, or has no way to be sent yet. */
  | { outcome: 'skipped' };

/** A row one attempt has claimed: it alone may send it. */
export interface ClaimedOutboxMessage {
  id: string;
  recipient: string;
  subject: string | null;
  body: string;
  htmlBody: string | null;
  metadata: Record<string, unknown>;
  /** Attempts started, this one included. */
  attempts: number;
}

/**
 * Claims a queued row of `channel` for one delivery attempt: `queued` → `sending`, attempts + 1, in
 * one UPDATE, so among concurrent or retried attempts exactly one gets the row. Undefined when the row
 * is not queued (sent, failed, being sent) or does not exist. `executor`: a transaction that also
 * inserted the row, so that no dispatcher ever sees it queued.
 */
export async function claimOutboxMessage(id: string, channel: OutboxChannel, executor: Pick<Db, 'update'> = db): Promise<ClaimedOutboxMessage | undefined> {
  const [claimed] = await executor
    .update(outbox)
    .set({ status: 'sending', attempts: sql`${outbox.attempts} + 1`, updatedAt: sql`now()` })
    .where(and(eq(outbox.id, id), eq(outbox.channel, channel), eq(outbox.status, 'queued')))
    .returning({
      id: outbox.id,
      recipient: outbox.recipient,
      subject: outbox.subject,
      body: outbox.body,
      htmlBody: outbox.htmlBody,
      metadata: outbox.metadata,
      attempts: outbox.attempts,
    });
  return claimed;
}

/**
 * Sends a claimed row with `send` and records the result on it. A DeliveryError says whether the
 * failure is permanent; anything else thrown counts as retryable. `finalAttempt`: a retryable failure
 * marks the row failed instead of queuing it again.
 */
export async function completeOutboxDelivery(
  claimed: ClaimedOutboxMessage,
  send: () => Promise<{ providerMessageId: string | null }>,
  { finalAttempt = false }: { finalAttempt?: boolean } = {},
): Promise<DeliveryOutcome> {
  let providerMessageId: string | null;
  try {
    ({ providerMessageId } = await send());
  } catch (error) {
    const failure = error instanceof DeliveryError ? error : new DeliveryError(`Falha no envio: ${(error as Error)?.message ?? String(error)}`, { permanent: false, cause: error });
    const gaveUp = failure.permanent || finalAttempt;
    const message = !failure.permanent && finalAttempt && claimed.attempts > 1 ? `${failure.message} (sem sucesso após ${claimed.attempts} tentativas)` : failure.message;
    await finishAttempt(claimed.id, { status: gaveUp ? 'failed' : 'queued', lastError: message });
    if (gaveUp) return { outcome: 'failed', error: message };
    return failure.retryAfterSeconds === undefined ? { outcome: 'retry', error: message } : { outcome: 'retry', error: message, retryAfterSeconds: failure.retryAfterSeconds };
  }
  await finishAttempt(claimed.id, { status: 'sent', lastError: null, providerMessageId, sentAt: sql`now()` });
  return { outcome: 'sent', providerMessageId };
}

function finishAttempt(id: string, values: PgUpdateSetSource<typeof outbox>) {
  return db
    .update(outbox)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')));
}

/** A queued row not handed to the queue for this long is handed over again (a lost job is recovered; a live one is not duplicated: the job id is the row id). */
const REDISPATCH_AFTER = '10 minutes';

/**
 * Queued rows of `channel` that need a delivery job: created within `within` (an interval, e.g.
 * '1 day': older ones stay queued and visible), never handed to the queue or handed over long ago,
 * and matching `where` when given. Oldest first.
 */
export async function findOutboxMessagesToDispatch(channel: OutboxChannel, { within, where, limit = 100 }: { within: string; where?: SQL; limit?: number }): Promise<string[]> {
  const rows = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'queued'),
        eq(outbox.channel, channel),
        gt(outbox.createdAt, sql`now() - ${within}::interval`),
        or(isNull(outbox.dispatchedAt), lt(outbox.dispatchedAt, sql`now() - ${REDISPATCH_AFTER}::interval`)),
        where,
      ),
    )
    .orderBy(outbox.createdAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function markOutboxMessagesDispatched(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(outbox).set({ dispatchedAt: sql`now()` }).where(inArray(outbox.id, [...ids]));
}

export const INTERRUPTED_SEND_ERROR = 'Envio interrompido (o processo parou durante o envio): a mensagem pode ter sido entregue e não é reenviada automaticamente';

/**
 * A row of `channel` left 'sending' far longer than a send may take (the process stopped mid-send):
 * it may or may not have reached the provider. Marked failed, never resent automatically (nothing is
 * sent twice).
 */
export async function failInterruptedOutboxSends(channel: OutboxChannel, olderThan = '5 minutes'): Promise<number> {
  const rows = await db
    .update(outbox)
    .set({ status: 'failed', lastError: INTERRUPTED_SEND_ERROR, updatedAt: sql`now()` })
    .where(and(eq(outbox.status, 'sending'), eq(outbox.channel, channel), lt(outbox.updatedAt, sql`now() - ${olderThan}::interval`)))
    .returning({ id: outbox.id });
  return rows.length;
}

/**
 * A superadmin's 'Reenviar' (/admin/mensagens): a failed row of one of `channels` (those that can be
 * delivered now) goes back to 'queued' in one UPDATE that matches only while it is still failed, so two
 * clicks or two superadmins requeue it once, and a row queued, being sent or sent is never touched. The
 * attempts are kept (the history of the row; pg-boss counts the retries of the new job itself), and so
 * is the last error, until the next attempt ends. `dispatched_at` is set because the caller hands the
 * row to the job queue at once (the dispatcher then leaves it alone; it would not pick a row older than
 * its window anyway). Undefined when nothing changed.
 */
export async function requeueFailedOutboxMessage(
  id: string,
  channels: readonly OutboxChannel[],
  executor: Pick<Db, 'update'> = db,
): Promise<{ id: string; channel: OutboxChannel; attempts: number } | undefined> {
  if (channels.length === 0) return undefined;
  const [row] = await executor
    .update(outbox)
    .set({ status: 'queued', dispatchedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'failed'), inArray(outbox.channel, [...channels])))
    .returning({ id: outbox.id, channel: outbox.channel, attempts: outbox.attempts });
  return row;
}

/**
 * Undoes requeueFailedOutboxMessage when the row could not be handed to the job queue: back to 'failed'
 * (its last error unchanged) if it is still queued, so it stays visible with its 'Reenviar'.
 */
export async function restoreFailedOutboxMessage(id: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'failed', dispatchedAt: null, updatedAt: sql`now()` })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'queued')));
}
