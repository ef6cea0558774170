import { z } from 'zod';
import type { EmailSender } from '~/integrations/email/email';
import { deliverOutboxMessage, failInterruptedEmailSends, findEmailsToDispatch, markEmailsDispatched } from '~/integrations/email/outbox.server';
import { backgroundLog } from './log.server';
import type { JobDefinition, JobQueue } from './queue.server';

export const EMAIL_DELIVERY_JOB = 'email-delivery';

/**
 * Nine attempts over about four hours: a retry waits 30-60 s, then 1-2 min, 2-4 min… (pg-boss's
 * backoff doubles the delay, with jitter). An attempt may run 2 minutes, far more than a send
 * (20 s at most: smtp.server.ts), so a job never expires while its e-mail is being sent.
 */
export const EMAIL_DELIVERY_QUEUE = { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 };

const payload = z.object({ outboxId: z.uuid() });

/** The job that delivers one outbox e-mail through `sender`; a retryable failure throws, so pg-boss retries it. */
export function emailDeliveryJob(sender: EmailSender, queue: JobDefinition<unknown>['queue'] = EMAIL_DELIVERY_QUEUE): JobDefinition<z.infer<typeof payload>> {
  return {
    name: EMAIL_DELIVERY_JOB,
    payload,
    queue,
    async handle({ outboxId }, attempt) {
      const result = await deliverOutboxMessage(outboxId, { sender, finalAttempt: attempt.finalAttempt });
      if (result.outcome === 'retry') {
        backgroundLog().warn({ outboxId, attempt: attempt.retryCount + 1, error: result.error }, 'E-mail não enviado; nova tentativa mais tarde');
        throw new Error(result.error);
      }
      if (result.outcome === 'failed') backgroundLog().warn({ outboxId, error: result.error }, 'E-mail não enviado (definitivo)');
    },
  };
}

/**
 * Hands every queued e-mail to the job queue: one job per outbox row, its id the row's id, so a row
 * handed over twice (two processes, a redispatch) still has one live job. Returns how many were handed over.
 */
export async function dispatchQueuedEmails(queue: JobQueue): Promise<number> {
  const ids = await findEmailsToDispatch();
  if (ids.length === 0) return 0;
  await queue.boss.insert(ids.map((id) => ({ id, name: EMAIL_DELIVERY_JOB, data: { outboxId: id } })));
  await markEmailsDispatched(ids);
  queue.wake(EMAIL_DELIVERY_JOB);
  return ids.length;
}

export interface EmailDispatcher {
  stop(): Promise<void>;
}

const RECOVER_EVERY_MS = 60_000;

/**
 * Polls the outbox every `intervalMs` and dispatches what committed since (an e-mail reaches the
 * queue about a second after its transaction commits; a rolled-back one never exists). Once a minute
 * it also marks failed the sends a stopped process left half done.
 */
export function startEmailDispatcher(queue: JobQueue, { intervalMs = 1_000 }: { intervalMs?: number } = {}): EmailDispatcher {
  let running: Promise<void> | undefined;
  let lastRecoveryAt = 0;
  const tick = async () => {
    try {
      await dispatchQueuedEmails(queue);
      if (Date.now() - lastRecoveryAt >= RECOVER_EVERY_MS) {
        lastRecoveryAt = Date.now();
        const interrupted = await failInterruptedEmailSends();
        if (interrupted > 0) backgroundLog().warn({ count: interrupted }, 'E-mails com envio interrompido marcados como falha');
      }
    } catch (error) {
      backgroundLog().error({ err: error }, 'Falha ao despachar e-mails da caixa de saída');
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
