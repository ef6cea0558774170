import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { DeliveryOutcome } from '~/integrations/outbox/outbox-delivery.server';
import { backgroundLog } from '~/lib/log.server';
import { RetryLaterError, runningJobQueue, type JobDefinition, type JobQueue } from './queue.server';

/**
 * Outbox delivery through the job queue, the same shape for every channel (docs/decisions/0011, 0014,
 * 0039): a dispatcher hands each committed queued row to the channel's queue as one job whose id is the
 * row's id; the job makes one delivery attempt and throws on a failure refused before delivery, so
 * pg-boss retries it with backoff (or later, when the provider said how long to wait). A send whose
 * outcome is unknown is not retried: the row is 'incerto'. Up to OUTBOX_CONCURRENCY sends of a channel
 * run at once, one recipient's messages one after the other, in order: the dispatcher hands over only
 * the oldest unfinished message of each recipient, and the job that finishes one hands over the next.
 */

/** What the dispatcher needs to know of a channel. */
export interface OutboxDispatch {
  /** The channel's pg-boss queue (its delivery job's name). */
  jobName: string;
  /** The channel, for the log: 'email', 'whatsapp'. */
  channel: string;
  /**
   * Queued rows that need a delivery job, oldest first, each the oldest unfinished one of its
   * recipient; with `sameRecipientAs`, only the next one of that row's recipient.
   */
  findToDispatch(options?: { sameRecipientAs?: string }): Promise<string[]>;
  markDispatched(ids: readonly string[]): Promise<void>;
  /** Marks 'incerto' the rows a stopped process left half sent; returns how many. */
  markInterruptedUncertain(): Promise<number>;
}

/** Messages of one channel sent at once by one process, unless OUTBOX_CONCURRENCY says otherwise. */
export const DEFAULT_OUTBOX_CONCURRENCY = 8;

const payload = z.object({ outboxId: z.uuid() });
export type OutboxJobPayload = z.infer<typeof payload>;

/**
 * The job that makes one delivery attempt of one outbox row with `deliver`. A retryable failure throws,
 * so pg-boss retries it; one that carries a provider's wait throws RetryLaterError, so the retry comes
 * no earlier than that.
 */
export function outboxDeliveryJob({
  name,
  label,
  queue,
  concurrency = DEFAULT_OUTBOX_CONCURRENCY,
  deliver,
  dispatch,
}: {
  name: string;
  /** Names the message in the log: 'E-mail', 'WhatsApp'. */
  label: string;
  queue: JobDefinition<unknown>['queue'];
  /** Sends of this channel at once in this process (OUTBOX_CONCURRENCY). */
  concurrency?: number;
  deliver(outboxId: string, options: { finalAttempt: boolean }): Promise<DeliveryOutcome>;
  /** The channel's dispatch: a finished row hands over its recipient's next one. */
  dispatch?: OutboxDispatch;
}): JobDefinition<OutboxJobPayload> {
  return {
    name,
    payload,
    queue,
    // Several sends at once, each worker going straight on to the next queued message: a burst of
    // requests reaches the lawyers in seconds, not at one message per polling interval.
    concurrency,
    async handle({ outboxId }, attempt) {
      const result = await deliver(outboxId, { finalAttempt: attempt.finalAttempt });
      if (result.outcome === 'retry') {
        backgroundLog().warn({ outboxId, attempt: attempt.retryCount + 1, error: result.error, retryAfterSeconds: result.retryAfterSeconds }, `${label} não enviado; nova tentativa mais tarde`);
        throw result.retryAfterSeconds === undefined ? new Error(result.error) : new RetryLaterError(result.error, result.retryAfterSeconds);
      }
      logEnd(label, outboxId, result);
      if (dispatch && result.outcome !== 'skipped') await sendRecipientsNext(dispatch, label, outboxId, deliver, queue);
    },
  };
}

function logEnd(label: string, outboxId: string, result: DeliveryOutcome) {
  if (result.outcome === 'failed') backgroundLog().warn({ outboxId, error: result.error }, `${label} não enviado (definitivo)`);
  if (result.outcome === 'uncertain') backgroundLog().warn({ outboxId, error: result.error }, `${label} com resultado incerto: não é reenviado automaticamente (veja /admin/mensagens)`);
}

/** How long one job goes on sending its recipient's next messages before handing the rest to the queue (the job expires after 2 minutes). */
const INLINE_SENDS_FOR_MS = 60_000;

/**
 * After a recipient's message is done, this job sends that recipient's next ones itself, in order,
 * without a round trip through the queue (a lawyer's burst goes out at the provider's pace, not the
 * queue's): each is the oldest unfinished row of the recipient, claimed and sent like any other. It stops when none is left, when another attempt holds the next one (skipped),
 * after a minute (the next goes to the queue as a job), or at a failure refused before delivery: that
 * row then goes to the queue as a job of its own that starts after the retry delay (or the provider's
 * wait), and holds back the recipient's later messages until it is done.
 */
async function sendRecipientsNext(
  dispatch: OutboxDispatch,
  label: string,
  finishedId: string,
  deliver: (outboxId: string, options: { finalAttempt: boolean }) => Promise<DeliveryOutcome>,
  queueOptions: JobDefinition<unknown>['queue'],
): Promise<void> {
  const queue = runningJobQueue();
  if (!queue) return;
  const started = Date.now();
  let previous = finishedId;
  try {
    for (;;) {
      const [next] = await dispatch.findToDispatch({ sameRecipientAs: previous });
      if (!next) return;
      if (Date.now() - started > INLINE_SENDS_FOR_MS || queue.stopping) {
        await handOver(queue, dispatch, [next]);
        return;
      }
      // Not marked handed over: should the dispatcher hand it to the queue meanwhile, the claim decides
      // (one attempt gets it; this loop then stops at 'skipped').
      const result = await deliver(next, { finalAttempt: false });
      if (result.outcome === 'skipped') return;
      if (result.outcome === 'retry') {
        const wait = Math.max(result.retryAfterSeconds ?? 0, queueOptions.retryDelay ?? 5);
        await queue.boss.insert([{ id: next, name: dispatch.jobName, data: { outboxId: next } satisfies OutboxJobPayload, startAfter: `${Math.ceil(wait)} seconds` }]);
        await dispatch.markDispatched([next]);
        backgroundLog().warn({ outboxId: next, error: result.error, retryAfterSeconds: wait }, `${label} não enviado; nova tentativa mais tarde`);
        return;
      }
      logEnd(label, next, result);
      previous = next;
    }
  } catch (error) {
    backgroundLog().warn({ err: error, outboxId: previous }, 'Próxima mensagem do destinatário fica para o despachante');
  }
}

/** Inserts one job per row (its id the row's id), marks the rows handed over and wakes the workers. */
async function handOver(queue: JobQueue, channel: OutboxDispatch, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await queue.boss.insert(ids.map((id) => ({ id, name: channel.jobName, data: { outboxId: id } satisfies OutboxJobPayload })));
  await channel.markDispatched(ids);
  queue.wake(channel.jobName);
  return ids.length;
}

/**
 * Hands every queued row of a channel to its job queue: one job per outbox row, its id the row's id, so
 * a row handed over twice (two processes, a redispatch) still has one live job. Returns how many were
 * handed over.
 */
export async function dispatchQueuedOutboxMessages(queue: JobQueue, channel: OutboxDispatch): Promise<number> {
  return handOver(queue, channel, await channel.findToDispatch());
}

/**
 * Hands one outbox row to a channel's queue now, as a NEW job (a superadmin's resend): the row's first
 * job, whose id is the row's id, may still be stored, and pg-boss would ignore an insert under that id.
 * Two jobs of one row never send it twice: each must claim the row first ('queued' → 'sending').
 */
export async function enqueueOutboxDelivery(queue: JobQueue, jobName: string, outboxId: string): Promise<void> {
  await queue.boss.insert([{ id: randomUUID(), name: jobName, data: { outboxId } satisfies OutboxJobPayload }]);
  queue.wake(jobName);
}

export interface OutboxDispatcher {
  stop(): Promise<void>;
}

const RECOVER_EVERY_MS = 60_000;

/**
 * Polls the outbox every `intervalMs` and dispatches what committed since, channel by channel (a row
 * reaches the queue about a second after its transaction commits; a rolled-back one never exists).
 * Once a minute it also marks 'incerto' the sends a stopped process left half done.
 */
export function startOutboxDispatcher(queue: JobQueue, channels: readonly OutboxDispatch[], { intervalMs = 1_000 }: { intervalMs?: number } = {}): OutboxDispatcher {
  let running: Promise<void> | undefined;
  let lastRecoveryAt = 0;
  const tick = async () => {
    const recover = Date.now() - lastRecoveryAt >= RECOVER_EVERY_MS;
    if (recover) lastRecoveryAt = Date.now();
    for (const channel of channels) {
      try {
        await dispatchQueuedOutboxMessages(queue, channel);
        if (recover) {
          const interrupted = await channel.markInterruptedUncertain();
          if (interrupted > 0) backgroundLog().warn({ channel: channel.channel, count: interrupted }, 'Mensagens com envio interrompido marcadas como incertas');
        }
      } catch (error) {
        backgroundLog().error({ err: error, channel: channel.channel }, 'Falha ao despachar mensagens da caixa de saída');
      }
    }
  };
  const timer = setInterval(() => {
    running ??= tick().finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  running = tick().finally(() => (running = undefined));
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
