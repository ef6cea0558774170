import { z } from 'zod';
import { CourtProviderError, type CourtMonitoringProvider } from '~/integrations/court-monitoring/provider';
import { checkStalePendingMonitorings, claimDueChecks, processEscavadorCallback, runScheduledCheck, staleUnprocessedCallbacks } from '~/modules/monitoring/monitoring-background.server';
import { recordCheckFailure } from '~/modules/monitoring/monitoring.server';
import { startIntervalPass } from './interval-pass.server';
import { backgroundLog } from '~/lib/log.server';
import { RetryLaterError, stableJobId, type JobDefinition, type JobQueue } from './queue.server';

/**
 * Process monitoring in the background (docs/decisions/0030): the scheduled check of one monitored
 * process (pull providers: DataJud and the simulator), the dispatcher that hands due processes to it, and
 * the job that applies one stored Escavador callback.
 */

export const MONITORING_CHECK_JOB = 'monitoring-check';
export const ESCAVADOR_CALLBACK_JOB = 'escavador-callback';

/**
 * A check: five attempts over about half an hour (60-120 s, doubling, with jitter), later when the
 * provider sent Retry-After. An attempt may run 2 minutes (the provider's deadline is 15 s), so it never
 * expires while the provider is being asked. After the last attempt the process waits for its next slot.
 */
export const MONITORING_CHECK_QUEUE = { retryLimit: 4, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 };

/** A callback: nine attempts over about four hours, like a delivery (only the database can fail it). */
export const ESCAVADOR_CALLBACK_QUEUE = { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 };

const checkPayload = z.object({ processId: z.uuid(), slot: z.iso.datetime({ offset: true }) });
export type MonitoringCheckPayload = z.infer<typeof checkPayload>;

/**
 * The scheduled check of one process through `provider`, `concurrency` at once in this process. A
 * provider's retryable failure (DataJud's failed shards or timed_out, 429, 5xx, no answer) leaves the
 * process as it is and is retried with backoff (the queue's retryDelay doubling per attempt, no earlier
 * than a 429's Retry-After), at a time the job chooses and records on the process, so the details can
 * say 'DataJud indisponível, nova tentativa às HH:mm' (docs/decisions/0051). After the last attempt the
 * process waits for its next slot (and the details name that). Any other refusal (the key refused, an
 * invalid number) would fail every retry alike: it is logged and the process waits for its next slot. A
 * failing process never holds up the others: each has its own job.
 */
export function monitoringCheckJob(
  provider: CourtMonitoringProvider,
  { concurrency, queue = MONITORING_CHECK_QUEUE, now }: { concurrency: number; queue?: JobDefinition<unknown>['queue']; now?: () => Date },
): JobDefinition<MonitoringCheckPayload> {
  return {
    name: MONITORING_CHECK_JOB,
    payload: checkPayload,
    queue,
    concurrency,
    async handle({ processId }, attempt) {
      try {
        await runScheduledCheck(processId, provider, now);
      } catch (error) {
        if (!(error instanceof CourtProviderError)) throw error;
        if (!error.retryable) {
          backgroundLog().warn({ processId, provider: provider.id, kind: error.kind, detail: error.detail }, 'Verificação de processo recusada pelo provedor; próxima no horário seguinte');
          return;
        }
        const at = (now ?? (() => new Date()))();
        if (attempt.finalAttempt) {
          // No attempt left: the next slot (the dispatcher moved next_check_at there when it handed this one out).
          await recordCheckFailure(processId, { retryAt: 'next-slot' }, at);
          backgroundLog().warn({ processId, provider: provider.id, kind: error.kind, attempt: attempt.retryCount + 1 }, 'Verificação de processo falhou na última tentativa; próxima no horário seguinte');
          return;
        }
        // The queue's own backoff, made exact (pg-boss's is jittered): the time the lawyer is told is the time it runs.
        const retryDelay = queue.retryDelay ?? 60;
        const backoff = queue.retryBackoff ? retryDelay * 2 ** attempt.retryCount : retryDelay;
        const afterSeconds = Math.ceil(Math.max(backoff, error.retryAfterSeconds ?? 0)) + 1;
        await recordCheckFailure(processId, { retryAt: new Date(at.getTime() + afterSeconds * 1000) }, at);
        backgroundLog().warn({ processId, provider: provider.id, kind: error.kind, attempt: attempt.retryCount + 1, afterSeconds }, 'Verificação de processo falhou; nova tentativa mais tarde');
        throw new RetryLaterError(error.message, afterSeconds);
      }
    },
  };
}

const callbackPayload = z.object({ uuid: z.string().min(1).max(200) });

/** Applies one stored Escavador callback (processEscavadorCallback); a database failure is retried. */
export function escavadorCallbackJob({ queue = ESCAVADOR_CALLBACK_QUEUE, now }: { queue?: JobDefinition<unknown>['queue']; now?: () => Date } = {}): JobDefinition<z.infer<typeof callbackPayload>> {
  return {
    name: ESCAVADOR_CALLBACK_JOB,
    payload: callbackPayload,
    queue,
    async handle({ uuid }) {
      const result = await processEscavadorCallback(uuid, now);
      if (result.outcome === 'applied' && result.processes === 0) backgroundLog().info({ uuid }, 'Callback do Escavador sem processo monitorado correspondente');
    },
  };
}

/** The job of a callback: its id comes from the event's uuid, so an event enqueued twice runs once. */
export async function enqueueEscavadorCallback(queue: JobQueue, uuid: string): Promise<void> {
  await queue.boss.insert([{ id: stableJobId(`escavador-callback:${uuid}`), name: ESCAVADOR_CALLBACK_JOB, data: { uuid } }]);
  queue.wake(ESCAVADOR_CALLBACK_JOB);
}

export interface MonitoringDispatcher {
  /** One pass now (tests; the timer calls it too). Answers how many checks were handed out. */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

export interface MonitoringDispatcherOptions {
  /** Hand due processes to the check job (a pull provider is configured). */
  polling: { concurrency: number } | null;
  /** Re-enqueue callbacks whose job was lost (Escavador is configured). */
  callbacks: boolean;
  /**
   * The push provider (Escavador) whose monitorings still PENDENTE a day after creation are asked for
   * their status once a day (checkStalePendingMonitorings), at most every `pendingCheckEveryMs` (10 minutes).
   */
  pendingStatus?: CourtMonitoringProvider;
  pendingCheckEveryMs?: number;
  intervalMs?: number;
  now?: () => Date;
}

/** At most this many checks handed out per pass. */
const MAX_BATCH = 500;
/** Checks waiting in the queue per worker, at most: enough to keep every worker busy until the next pass. */
const BACKLOG_PER_WORKER = 50;

/**
 * The polling dispatcher: an in-process tick (every 5 s), not pg-boss's cron. It is safe with several
 * processes because taking due rows is one transaction with SKIP LOCKED that moves each to its next slot
 * (claimDueChecks), and each check's job id comes from the process and the slot it was due at, so a
 * slot is one job whoever hands it out. A pass tops the queue up to BACKLOG_PER_WORKER × concurrency
 * waiting checks (at most MAX_BATCH): a backlog of 10,000 due processes is taken in bounded batches as
 * the workers drain it, and a process is not handed out long before it can run.
 */
export function startMonitoringDispatcher(queue: JobQueue, { polling, callbacks, pendingStatus, pendingCheckEveryMs = 10 * 60_000, intervalMs = 5_000, now = () => new Date() }: MonitoringDispatcherOptions): MonitoringDispatcher {
  let pendingCheckedAt = -Infinity;
  const pass = async (): Promise<number> => {
    let handedOut = 0;
    if (polling && queue.hasWorker(MONITORING_CHECK_JOB)) {
      try {
        const waiting = await queue.boss.getQueueSize(MONITORING_CHECK_JOB, { before: 'retry' });
        const room = Math.min(MAX_BATCH, BACKLOG_PER_WORKER * polling.concurrency - waiting);
        const due = await claimDueChecks(room, now());
        if (due.length > 0) {
          await queue.boss.insert(due.map(({ processId, slot }) => ({ id: stableJobId(`monitoring-check:${processId}:${slot}`), name: MONITORING_CHECK_JOB, data: { processId, slot } satisfies MonitoringCheckPayload })));
          queue.wake(MONITORING_CHECK_JOB);
          handedOut = due.length;
        }
      } catch (error) {
        backgroundLog().error({ err: error }, 'Falha ao distribuir as verificações de processos');
      }
    }
    if (callbacks && queue.hasWorker(ESCAVADOR_CALLBACK_JOB)) {
      try {
        for (const uuid of await staleUnprocessedCallbacks(100, now())) await enqueueEscavadorCallback(queue, uuid);
      } catch (error) {
        backgroundLog().error({ err: error }, 'Falha ao reenfileirar callbacks do Escavador');
      }
    }
    if (pendingStatus && now().getTime() - pendingCheckedAt >= pendingCheckEveryMs) {
      pendingCheckedAt = now().getTime();
      try {
        await checkStalePendingMonitorings(pendingStatus, { now: now() });
      } catch (error) {
        backgroundLog().error({ err: error }, 'Falha ao consultar monitoramentos pendentes no Escavador');
      }
    }
    return handedOut;
  };
  return startIntervalPass(pass, intervalMs);
}
