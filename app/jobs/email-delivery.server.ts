import type { EmailSender } from '~/integrations/email/email';
import { deliverOutboxMessage, failInterruptedEmailSends, findEmailsToDispatch, markEmailsDispatched } from '~/integrations/email/outbox.server';
import { dispatchQueuedOutboxMessages, outboxDeliveryJob, startOutboxDispatcher, type OutboxDispatch, type OutboxDispatcher, type OutboxJobPayload } from './outbox-delivery.server';
import type { JobDefinition, JobQueue } from './queue.server';

export const EMAIL_DELIVERY_JOB = 'email-delivery';

/**
 * Nine attempts over about four hours: a retry waits 30-60 s, then 1-2 min, 2-4 min… (pg-boss's
 * backoff doubles the delay, with jitter). An attempt may run 2 minutes, far more than a send
 * (20 s at most: smtp.server.ts), so a job never expires while its e-mail is being sent.
 */
export const EMAIL_DELIVERY_QUEUE = { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 };

/** The job that delivers one outbox e-mail through `sender`; a retryable failure throws, so pg-boss retries it. */
export function emailDeliveryJob(sender: EmailSender, queue: JobDefinition<unknown>['queue'] = EMAIL_DELIVERY_QUEUE): JobDefinition<OutboxJobPayload> {
  return outboxDeliveryJob({
    name: EMAIL_DELIVERY_JOB,
    label: 'E-mail',
    queue,
    deliver: (outboxId, { finalAttempt }) => deliverOutboxMessage(outboxId, { sender, finalAttempt }),
  });
}

/** The e-mail side of the outbox dispatcher. */
export const EMAIL_DISPATCH: OutboxDispatch = {
  jobName: EMAIL_DELIVERY_JOB,
  channel: 'email',
  findToDispatch: () => findEmailsToDispatch(),
  markDispatched: markEmailsDispatched,
  failInterrupted: () => failInterruptedEmailSends(),
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
