import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { getConfig } from '~/config.server';
import { db } from '~/db/client.server';
import { auditLog } from '~/db/schema/admin';
import { outbox } from '~/db/schema/messaging';
import { enqueueEmail } from '~/integrations/email/outbox.server';
import { createSmtpSender } from '~/integrations/email/smtp.server';
import { deliverWhatsAppMessage, enqueueWhatsAppMessages, markInterruptedWhatsAppSendsUncertain, type OutboxWhatsApp } from '~/integrations/whatsapp/outbox.server';
import { createConfiguredWhatsAppSenders, type WhatsAppSenders } from '~/integrations/whatsapp/whatsapp-sender.server';
import { EMAIL_DISPATCH, emailDeliveryJob } from '~/jobs/email-delivery.server';
import { startOutboxDispatcher, type OutboxDispatcher } from '~/jobs/outbox-delivery.server';
import { runningJobQueue, startJobQueue, stopJobQueue } from '~/jobs/queue.server';
import { whatsAppDeliveryJob, whatsAppDispatch } from '~/jobs/whatsapp-delivery.server';
import { resendOutboxMessage } from '~/modules/admin/messages.server';
import { signedInSuperadmin } from '../factories/superadmin';
import { startSmtpStandIn } from '../support/smtp-stand-in';
import { startCloudApiStandIn, type WhatsAppStandIn } from '../support/whatsapp-stand-ins';

// The send policy (docs/decisions/0039), through the job queue on this worker's database: a send
// refused before delivery is retried; one whose outcome is unknown is 'incerto', never repeated
// automatically, and 'Reenviar' sends it again; a recipient's messages go out in order.

const CLOUD = { accessToken: 'EAAG-token-da-plataforma', phoneNumberId: '106540352242922' };
/** Fast retries: one second apart, no backoff. */
const FAST_RETRIES = { retryLimit: 3, retryDelay: 1, retryBackoff: false, expireInSeconds: 30 };

const closers: Array<() => Promise<void>> = [];
let dispatcher: OutboxDispatcher | undefined;

afterEach(async () => {
  await dispatcher?.stop();
  dispatcher = undefined;
  await runningJobQueue()?.boss.clearStorage();
  await stopJobQueue();
  for (const close of closers.splice(0).reverse()) await close();
});

async function cloudApi({ timeoutMs }: { timeoutMs?: number } = {}): Promise<{ cloud: WhatsAppStandIn; senders: WhatsAppSenders }> {
  const cloud = await startCloudApiStandIn(CLOUD);
  closers.push(() => cloud.close());
  const senders = createConfiguredWhatsAppSenders({ whatsappCloud: { apiUrl: cloud.url, ...CLOUD, templates: {} }, wiizoChatApiUrl: undefined }, { tokenFor: async () => null, timeoutMs })!;
  return { cloud, senders };
}

async function deliverWith(senders: WhatsAppSenders, { concurrency = 8 } = {}) {
  const queue = await startJobQueue({ jobs: [whatsAppDeliveryJob(senders, { queue: FAST_RETRIES, concurrency })], pollingIntervalSeconds: 0.5 });
  dispatcher = startOutboxDispatcher(queue, [whatsAppDispatch(senders)], { intervalMs: 100 });
  return queue;
}

let keys = 0;
async function enqueue(text = 'Mensagem de teste', to = '11987654321'): Promise<string> {
  keys += 1;
  const message: OutboxWhatsApp = { to, text, params: [text], kind: 'teste', lawyerId: null, idempotencyKey: `politica:${keys}` };
  await db.transaction((tx) => enqueueWhatsAppMessages(tx, [message]));
  const [row] = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.idempotencyKey, message.idempotencyKey));
  return row!.id;
}

async function rowOf(id: string) {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row!;
}

async function until(id: string, status: string, timeout = 10_000) {
  await vi.waitFor(async () => expect((await rowOf(id)).status).toBe(status), { timeout, interval: 50 });
  return rowOf(id);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('refused before delivery: retried with backoff, delivered once', () => {
  test.each([
    ['a 503 (131016)', 'unavailable'],
    ['a 400 Meta marks is_transient', 'transient'],
    ['a 429 without Retry-After', 'rate-limited'],
  ] as const)('%s, then 200', async (_label, behaviour) => {
    const { cloud, senders } = await cloudApi();
    cloud.retryAfterSeconds = null;
    cloud.next(behaviour);
    await deliverWith(senders);
    const id = await enqueue();

    const row = await until(id, 'sent');
    expect(row.attempts).toBe(2);
    expect(cloud.requests).toHaveLength(2);
    expect(cloud.acceptedIds).toEqual([row.providerMessageId]);
  });

  test('a refused connection is retryable: the row waits, queued, for the next attempt', async () => {
    const { cloud, senders } = await cloudApi();
    await cloud.close();
    const id = await enqueue();
    const result = await deliverWhatsAppMessage(id, { senders });
    expect(result).toMatchObject({ outcome: 'retry', error: expect.stringContaining('ECONNREFUSED') });
    expect(await rowOf(id)).toMatchObject({ status: 'queued', attempts: 1 });
  });
});

describe('an unknown outcome: incerto, never repeated automatically', () => {
  test('a provider that answers after the deadline receives the message once; it shows incerto', async () => {
    const { cloud, senders } = await cloudApi({ timeoutMs: 300 });
    cloud.lateAnswerMs = 1_000;
    cloud.next('late');
    await deliverWith(senders);
    const id = await enqueue();

    const row = await until(id, 'incerto');
    expect(row.lastError).toBe('Tempo esgotado: a API do WhatsApp não respondeu em 300 ms; a mensagem pode ter sido entregue');
    // Past the queue's retry delay and the redispatch: still one request.
    await pause(2_500);
    expect(cloud.requests).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'incerto', attempts: 1 });
  });

  test('a send cut by a killed process stays sending, then becomes incerto: not failed, not resent', async () => {
    const { cloud, senders } = await cloudApi();
    const id = await enqueue();
    await db.update(outbox).set({ status: 'sending', attempts: 1, updatedAt: sql`now() - interval '6 minutes'` }).where(eq(outbox.id, id));
    const recent = await enqueue('Outra mensagem', '21987654321');
    await db.update(outbox).set({ status: 'sending', attempts: 1 }).where(eq(outbox.id, recent));

    expect(await markInterruptedWhatsAppSendsUncertain()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'incerto', lastError: expect.stringContaining('Envio interrompido') });
    expect((await rowOf(recent)).status).toBe('sending');

    await deliverWith(senders);
    await pause(1_500);
    expect(cloud.requests).toHaveLength(0);
    expect((await rowOf(id)).status).toBe('incerto');
  });

  test('an e-mail whose server takes it and answers after the deadline is incerto, received once', async () => {
    const server = await startSmtpStandIn({ acceptAfterMs: 5_000 });
    const sender = createSmtpSender({ url: server.url, from: getConfig().mailFrom, timeouts: { sendMs: 2_500 } });
    closers.push(() => server.close(), async () => sender.close?.());
    const queue = await startJobQueue({ jobs: [emailDeliveryJob(sender, { queue: FAST_RETRIES })], pollingIntervalSeconds: 0.5 });
    dispatcher = startOutboxDispatcher(queue, [EMAIL_DISPATCH], { intervalMs: 100 });
    const { id } = await db.transaction((tx) => enqueueEmail(tx, { to: 'cliente@exemplo.com.br', subject: 'Confirmação', html: '<p>Olá</p>', text: 'Olá' }));

    const row = await until(id, 'incerto');
    expect(row.lastError).toContain('a mensagem pode ter sido aceita');
    await pause(2_500);
    expect(server.received).toHaveLength(1);
    expect((await rowOf(id)).status).toBe('incerto');
  });

  test('Reenviar sends an incerto message again, once, with its audit entry', async () => {
    const { cloud, senders } = await cloudApi({ timeoutMs: 300 });
    cloud.lateAnswerMs = 1_000;
    cloud.next('late');
    await deliverWith(senders);
    const id = await enqueue();
    await until(id, 'incerto');
    const { id: superadminId } = await signedInSuperadmin();

    await Promise.allSettled([resendOutboxMessage(id, { superadminId }), resendOutboxMessage(id, { superadminId })]);
    const row = await until(id, 'sent');
    expect(row.attempts).toBe(2);
    await pause(1_000);
    expect(cloud.requests).toHaveLength(2);
    const entries = await db.select().from(auditLog).where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'outbox.resent')));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toMatchObject({ channel: 'whatsapp', previousStatus: 'incerto' });
  });
});

describe('order per recipient', () => {
  test('one lawyer’s messages go out in the order they were written, while other recipients go at the same time', async () => {
    const { cloud, senders } = await cloudApi();
    const ana: string[] = [];
    const bruno: string[] = [];
    for (let n = 1; n <= 6; n++) {
      ana.push(await enqueue(`Ana ${n}`, '11911111111'));
      bruno.push(await enqueue(`Bruno ${n}`, '11922222222'));
    }
    // The first of Ana's is refused once: the others wait for it rather than overtake it.
    cloud.decide = (request) => ((request.body as { text?: { body?: string } }).text?.body === 'Ana 1' && cloud.requests.filter((r) => JSON.stringify(r.body).includes('Ana 1')).length === 1 ? 'unavailable' : undefined);
    await deliverWith(senders);
    for (const id of [...ana, ...bruno]) await until(id, 'sent', 15_000);

    const texts = (to: string) =>
      cloud.requests.filter((r) => (r.body as { to: string }).to === `55${to}`).map((r) => (r.body as { text: { body: string } }).text.body);
    expect(texts('11911111111')).toEqual(['Ana 1', 'Ana 1', 'Ana 2', 'Ana 3', 'Ana 4', 'Ana 5', 'Ana 6']);
    expect(texts('11922222222')).toEqual(['Bruno 1', 'Bruno 2', 'Bruno 3', 'Bruno 4', 'Bruno 5', 'Bruno 6']);
  });
});
