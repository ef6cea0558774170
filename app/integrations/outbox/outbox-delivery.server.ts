import { and, eq, gt, inArray, isNull, lt, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { db, type Db } from '~/db/client.server';
import { outbox, type OutboxStatus } from '~/db/schema/messaging';
import { DeliveryError } from './delivery-error';

/**
 * Delivery of outbox rows, the same for every channel (docs/decisions/0011, 0014). A channel's outbox
 * (email/outbox.server.ts, whatsapp/outbox.server.ts) enqueues its rows and says how one is sent;
 * this file claims a row, records how the attempt ended, and finds the rows the dispatcher hands to
 * the job queue:
 *
 *   claimOutboxMessage(id, channel)     'queued' → 'sending' in one UPDATE: one winner, ever
 *   completeOutboxDelivery(claimed, …)  sends, then 'sent' | 'queued' again (refused before delivery) |
 *                                       'incerto' (the outcome is unknown) | 'failed'
 *   findOutboxMessagesToDispatch(…)     committed queued rows not handed to the queue lately, each the
 *                                       oldest unfinished one of its recipient (order kept per recipient)
 *   markInterruptedOutboxSendsUncertain(…)  rows left 'sending' by a process that died mid-send → 'incerto'
 *   requeueOutboxMessage(id, …)         a superadmin's 'Reenviar': 'failed' or 'incerto' → 'queued', once
 *
 * The send policy (docs/decisions/0039): a send refused before delivery is retried with backoff; a
 * send whose outcome is unknown is never repeated automatically, it waits as 'incerto' for a person.
 */

export type OutboxChannel = (typeof outbox.$inferSelect)['channel'];

export type DeliveryOutcome =
  /** Accepted by the provider (some gateways answer without a message id: null). */
  | { outcome: 'sent'; providerMessageId: string | null }
  /** A retryable failure: the row is queued again, the caller (the job) should try later, not before `retryAfterSeconds` when given. */
  | { outcome: 'retry'; error: string; retryAfterSeconds?: number }
  /** Refused for good, or out of attempts: the row is 'failed' with the error. */
  | { outcome: 'failed'; error: string }
  /** The request went out and no answer came: the row is 'incerto', never resent automatically. */
  | { outcome: 'uncertain'; error: string }
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
 * failure is permanent, uncertain (the row becomes 'incerto': it may have been delivered) or
 * retryable; anything else thrown counts as retryable (an adapter throws its own error for anything
 * after the request went out). `finalAttempt`: a retryable failure marks the row failed instead of
 * queuing it again.
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
    if (failure.uncertain) {
      await finishAttempt(claimed.id, { status: 'incerto', lastError: failure.message });
      return { outcome: 'uncertain', error: failure.message };
    }
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

const earlier = alias(outbox, 'earlier');

/**
 * Queued rows of `channel` that need a delivery job: created within `within` (an interval, e.g.
 * '1 day': older ones stay queued and visible), never handed to the queue or handed over long ago,
 * with a way out (`where`, when given), and, with `sameRecipientAs`, of that row's recipient only.
 * Oldest first.
 *
 * Order per recipient: a row is handed over only when no earlier row of its recipient (within the
 * same window) is still queued or being sent, so two messages to one lawyer never race each other on
 * two workers, and a message waiting for its retry is not overtaken by the next one. The job that
 * finishes a row hands over that recipient's next one at once (`sameRecipientAs`), so a lawyer's burst goes
 * out one after the other without waiting for the dispatcher's next tick.
 */
export async function findOutboxMessagesToDispatch(
  channel: OutboxChannel,
  {
    within,
    where,
    sameRecipientAs,
    limit = 100,
  }: {
    within: string;
    /** Which rows have a way out now, said of a row of the table (applied to the earlier rows that hold a row back, too). */
    where?: (row: { metadata: AnyPgColumn }) => SQL;
    sameRecipientAs?: string;
    limit?: number;
  },
): Promise<string[]> {
  const windowStart = sql`now() - ${within}::interval`;
  const rows = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'queued'),
        eq(outbox.channel, channel),
        sameRecipientAs === undefined ? undefined : eq(outbox.recipient, sql`(select finished.recipient from ${outbox} finished where finished.id = ${sameRecipientAs}::uuid)`),
        gt(outbox.createdAt, windowStart),
        or(isNull(outbox.dispatchedAt), lt(outbox.dispatchedAt, sql`now() - ${REDISPATCH_AFTER}::interval`)),
        where?.(outbox),
        notExists(
          db
            .select({ one: sql`1` })
            .from(earlier)
            .where(
              and(
                eq(earlier.channel, outbox.channel),
                eq(earlier.recipient, outbox.recipient),
                inArray(earlier.status, ['queued', 'sending']),
                gt(earlier.createdAt, windowStart),
                // A message that cannot leave yet (no sender for it) holds nothing back.
                where?.(earlier),
                or(lt(earlier.createdAt, outbox.createdAt), and(eq(earlier.createdAt, outbox.createdAt), lt(earlier.id, outbox.id))),
              ),
            ),
        ),
      ),
    )
    .orderBy(outbox.createdAt, outbox.id)
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
 * it may or may not have reached the provider. Marked 'incerto', never resent automatically (nothing
 * is sent twice); /admin/mensagens shows it with 'Reenviar' (nothing is lost silently).
 */
export async function markInterruptedOutboxSendsUncertain(channel: OutboxChannel, olderThan = '5 minutes'): Promise<number> {
  const rows = await db
    .update(outbox)
    .set({ status: 'incerto', lastError: INTERRUPTED_SEND_ERROR, updatedAt: sql`now()` })
    .where(and(eq(outbox.status, 'sending'), eq(outbox.channel, channel), lt(outbox.updatedAt, sql`now() - ${olderThan}::interval`)))
    .returning({ id: outbox.id });
  return rows.length;
}

/** The statuses 'Reenviar' applies to: refused for good, or not known to have arrived. */
export const RESENDABLE_STATUSES = ['failed', 'incerto'] as const satisfies readonly OutboxStatus[];

/**
 * A superadmin's 'Reenviar' (/admin/mensagens): a failed or uncertain row of one of `channels` (those
 * that can be delivered now) goes back to 'queued' in one UPDATE that matches only while it is still
 * so, so two clicks or two superadmins requeue it once, and a row queued, being sent or sent is never
 * touched. The attempts are kept (the history of the row; pg-boss counts the retries of the new job
 * itself), and so is the last error, until the next attempt ends. `dispatched_at` is set because the
 * caller hands the row to the job queue at once (the dispatcher then leaves it alone; it would not pick
 * a row older than its window anyway). Undefined when nothing changed; else the status it had.
 */
export async function requeueOutboxMessage(
  id: string,
  channels: readonly OutboxChannel[],
  executor: Pick<Db, 'update'> = db,
): Promise<{ id: string; channel: OutboxChannel; attempts: number; previous: OutboxStatus } | undefined> {
  if (channels.length === 0) return undefined;
  const before = alias(outbox, 'before');
  // The UPDATE reads the row's status as it was through a self-join on the same locked row.
  const [row] = await executor
    .update(outbox)
    .set({ status: 'queued', dispatchedAt: sql`now()`, updatedAt: sql`now()` })
    .from(before)
    .where(and(eq(outbox.id, id), eq(before.id, outbox.id), inArray(outbox.status, [...RESENDABLE_STATUSES]), inArray(outbox.channel, [...channels])))
    .returning({ id: outbox.id, channel: outbox.channel, attempts: outbox.attempts, previous: before.status });
  return row;
}

/**
 * Undoes requeueOutboxMessage when the row could not be handed to the job queue: back to its previous
 * status (its last error unchanged) if it is still queued, so it stays visible with its 'Reenviar'.
 */
export async function restoreUndeliveredOutboxMessage(id: string, previous: OutboxStatus): Promise<void> {
  await db
    .update(outbox)
    .set({ status: previous, dispatchedAt: null, updatedAt: sql`now()` })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'queued')));
}
