import {
  deliverWhatsAppMessage,
  markInterruptedWhatsAppSendsUncertain,
  findWhatsAppMessagesToDispatch,
  markWhatsAppMessagesDispatched,
} from '~/integrations/whatsapp/outbox.server';
import type { WhatsAppSenders } from '~/integrations/whatsapp/whatsapp-sender.server';
import { outboxDeliveryJob, type OutboxDispatch, type OutboxJobPayload } from './outbox-delivery.server';
import type { JobDefinition } from './queue.server';

export const WHATSAPP_DELIVERY_JOB = 'whatsapp-delivery';

/**
 * Like e-mail: twelve attempts over three to six hours (5-10 s, then doubling, with jitter), or later
 * when the provider answers 429 with Retry-After. An attempt may run 2 minutes, far more than a send
 * (10 s at most: gateway-http.server.ts), so a job never expires while its message is being sent.
 */
export const WHATSAPP_DELIVERY_QUEUE = { retryLimit: 11, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 };

/** The job that delivers one outbox WhatsApp message through the sender chosen for it. */
export function whatsAppDeliveryJob(
  senders: WhatsAppSenders,
  { queue = WHATSAPP_DELIVERY_QUEUE, concurrency }: { queue?: JobDefinition<unknown>['queue']; concurrency?: number } = {},
): JobDefinition<OutboxJobPayload> {
  return outboxDeliveryJob({
    name: WHATSAPP_DELIVERY_JOB,
    label: 'WhatsApp',
    queue,
    concurrency,
    deliver: (outboxId, { finalAttempt }) => deliverWhatsAppMessage(outboxId, { senders, finalAttempt }),
    dispatch: whatsAppDispatch(senders),
  });
}

/** The WhatsApp side of the outbox dispatcher: only messages that have a way out are handed over. */
export function whatsAppDispatch(senders: Pick<WhatsAppSenders, 'cloudApi' | 'wiizoChat'>): OutboxDispatch {
  return {
    jobName: WHATSAPP_DELIVERY_JOB,
    channel: 'whatsapp',
    findToDispatch: (options) => findWhatsAppMessagesToDispatch(senders, options),
    markDispatched: markWhatsAppMessagesDispatched,
    markInterruptedUncertain: () => markInterruptedWhatsAppSendsUncertain(),
  };
}
