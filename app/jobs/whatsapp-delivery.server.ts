import {
  deliverWhatsAppMessage,
  failInterruptedWhatsAppSends,
  findWhatsAppMessagesToDispatch,
  markWhatsAppMessagesDispatched,
} from '~/integrations/whatsapp/outbox.server';
import type { WhatsAppSenders } from '~/integrations/whatsapp/whatsapp-sender.server';
import { outboxDeliveryJob, type OutboxDispatch, type OutboxJobPayload } from './outbox-delivery.server';
import type { JobDefinition } from './queue.server';

export const WHATSAPP_DELIVERY_JOB = 'whatsapp-delivery';

/**
 * Like e-mail: nine attempts over about four hours (30-60 s, then doubling, with jitter), or later
 * when the provider answers 429 with Retry-After. An attempt may run 2 minutes, far more than a send
 * (10 s at most: gateway-http.server.ts), so a job never expires while its message is being sent.
 */
export const WHATSAPP_DELIVERY_QUEUE = { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 };

/** The job that delivers one outbox WhatsApp message through the sender chosen for it. */
export function whatsAppDeliveryJob(senders: WhatsAppSenders, queue: JobDefinition<unknown>['queue'] = WHATSAPP_DELIVERY_QUEUE): JobDefinition<OutboxJobPayload> {
  return outboxDeliveryJob({
    name: WHATSAPP_DELIVERY_JOB,
    label: 'WhatsApp',
    queue,
    deliver: (outboxId, { finalAttempt }) => deliverWhatsAppMessage(outboxId, { senders, finalAttempt }),
  });
}

/** The WhatsApp side of the outbox dispatcher: only messages that have a way out are handed over. */
export function whatsAppDispatch(senders: Pick<WhatsAppSenders, 'cloudApi' | 'wiizoChat'>): OutboxDispatch {
  return {
    jobName: WHATSAPP_DELIVERY_JOB,
    channel: 'whatsapp',
    findToDispatch: () => findWhatsAppMessagesToDispatch(senders),
    markDispatched: markWhatsAppMessagesDispatched,
    failInterrupted: () => failInterruptedWhatsAppSends(),
  };
}
