import type { EmailSender } from '~/integrations/email/email';
import { deliverOutboxMessage, markInterruptedEmailSendsUncertain, findEmailsToDispatch, markEmailsDispatched } from '~/integrations/email/outbox.server';
import { dispatchQueuedOutboxMessages, outboxDeliveryJob, startOutboxDispatcher, type OutboxDispatch, type OutboxDispatcher, type OutboxJobPayload } from './outbox-delivery.server';
import type { JobDefinition, JobQueue } from './queue.server';

export const EMAIL_DELIVERY_JOB = 'email-delivery';

/**
 * Twelve attempts over three to six hours: a send refused before delivery (a 4xx reply, a refused
 * connection) is tried again after 5-10 s, then 10-20 s, 20-40 s… (pg-boss's backoff doubles the
 * delay, with jitter), so a passing refusal costs seconds, a long outage hours (docs/decisions/0039).
 * An attempt may run 2 minutes, far more than a send (20 s at most: smtp.server.ts), so a job never
 * expires while its e-mail is being sent.
 */
export const EMAIL_DELIVERY_QUEUE = { retryLimit: 11, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 };

/** The job that delivers one outbox e-mail through `sender`; a retryable failure throws, so pg-boss retries it. */
export function emailDeliveryJob(
  sender: EmailSender,
  { queue = EMAIL_DELIVERY_QUEUE, concurrency }: { queue?: JobDefinition<unknown>['queue']; concurrency?: number } = {},
): JobDefinition<OutboxJobPayload> {
  return outboxDeliveryJob({
    name: EMAIL_DELIVERY_JOB,
    label: 'E-mail',
    queue,
    concurrency,
    deliver: (outboxId, { finalAttempt }) => deliverOutboxMessage(outboxId, { sender, finalAttempt }),
    dispatch: EMAIL_DISPATCH,
  });
}

/** The e-mail side of the outbox dispatcher. */
export const EMAIL_DISPATCH: OutboxDispatch = {
  jobName: EMAIL_DELIVERY_JOB,
  channel: 'email',
  findToDispatch: (options) => findEmailsToDispatch(options),
  markDispatched: markEmailsDispatched,
  markInterruptedUncertain: () => markInterruptedEmailSendsUncertain(),
};

/** Hands every queued e-mail to the job queue (one job per row, its id the row's id). Returns how many were handed over. */
export function dispatchQueuedEmails(queue: JobQueue): Promise<number> {
  return dispatchQueuedOutboxMessages(queue, EMAIL_DISPATCH);
}

export type EmailDispatcher = OutboxDispatcher;

/** A dispatcher of e-mails alone (the worker runs one dispatcher for every configured channel). */
export function startEmailDispatcher(queue: JobQueue, options: { intervalMs?: number } = {}): EmailDispatcher {
  return startOutboxDispatcher(queue, [EMAIL_DISPATCH], options);
}
