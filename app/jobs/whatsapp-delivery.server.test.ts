import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { db } from '~/db/client.server';
import { outbox } from '~/db/schema/messaging';
import { enqueueWhatsAppMessages, type OutboxWhatsApp } from '~/integrations/whatsapp/outbox.server';
import { newLeadWhatsAppText } from '~/integrations/whatsapp/templates';
import { createConfiguredWhatsAppSenders, type WhatsAppSenders } from '~/integrations/whatsapp/whatsapp-sender.server';
import { readGatewayToken, saveGatewayToken } from '~/modules/messaging/gateway-tokens.server';
import { createLawyer } from '../../tests/factories/lawyers';
import { startCloudApiStandIn, startWiizoChatStandIn, type WhatsAppStandIn } from '../../tests/support/whatsapp-stand-ins';
import { dispatchQueuedOutboxMessages, startOutboxDispatcher, type OutboxDispatcher } from './outbox-delivery.server';
import { runningJobQueue, startJobQueue, stopJobQueue, type JobQueue } from './queue.server';
import { WHATSAPP_DELIVERY_JOB, whatsAppDeliveryJob, whatsAppDispatch } from './whatsapp-delivery.server';
import { startBackgroundWork, stopBackgroundWork } from './worker.server';

// WhatsApp delivery through pg-boss, on the test database of this worker, against the local stand-ins.

const CLOUD = { accessToken: 'EAAG-token-da-plataforma', phoneNumberId: '106540352242922' };
const LAWYER_TOKEN = 'wz-token-da-advogada-123';

const closers: Array<() => Promise<void>> = [];
let dispatcher: OutboxDispatcher | undefined;

afterEach(async () => {
  await dispatcher?.stop();
  dispatcher = undefined;
  await stopBackgroundWork();
  await runningJobQueue()?.boss.clearStorage();
  await stopJobQueue();
  for (const close of closers.splice(0).reverse()) await close();
});

/** Fast retries for tests: one second apart, no backoff. */
const TEST_QUEUE = { retryLimit: 3, retryDelay: 1, retryBackoff: false, expireInSeconds: 30 };

async function gateways({ timeoutMs }: { timeoutMs?: number } = {}): Promise<{ cloud: WhatsAppStandIn; wiizo: WhatsAppStandIn; senders: WhatsAppSenders }> {
  const cloud = await startCloudApiStandIn(CLOUD);
  const wiizo = await startWiizoChatStandIn({ tokens: [LAWYER_TOKEN] });
  closers.push(() => cloud.close(), () => wiizo.close());
  const senders = createConfiguredWhatsAppSenders({ whatsappCloud: { apiUrl: cloud.url, ...CLOUD, templates: {} }, wiizoChatApiUrl: wiizo.url }, { tokenFor: readGatewayToken, timeoutMs })!;
  return { cloud, wiizo, senders };
}

async function startQueueWith(senders: WhatsAppSenders, queue = TEST_QUEUE, { dispatch = true } = {}): Promise<JobQueue> {
  const started = await startJobQueue({ jobs: [whatsAppDeliveryJob(senders, { queue })], pollingIntervalSeconds: 0.5 });
  if (dispatch) dispatcher = startOutboxDispatcher(started, [whatsAppDispatch(senders)], { intervalMs: 100 });
  return started;
}

let keys = 0;
async function enqueueNotification(lawyerId: string | null = null): Promise<string> {
  keys += 1;
  const message: OutboxWhatsApp = {
    to: '11987654321',
    ...newLeadWhatsAppText({ nome: 'Maria Souza', areaId: 'familia', cityId: 'sp_sao_paulo' }),
    kind: 'novo-lead',
    lawyerId,
    idempotencyKey: `novo-lead:fila-${keys}`,
  };
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

describe('WhatsApp delivery through the job queue', () => {
  test('a lead notification goes out through the lawyer’s token once its transaction commits', async () => {
    const { wiizo, cloud, senders } = await gateways();
    const lawyer = await createLawyer({ plan: 'premium' });
    await saveGatewayToken(lawyer.id, LAWYER_TOKEN);
    await startQueueWith(senders);
    const id = await enqueueNotification(lawyer.id);

    const row = await until(id, 'sent');
    expect(row).toMatchObject({ attempts: 1, providerMessageId: wiizo.acceptedIds[0] });
    expect(row.dispatchedAt).toBeInstanceOf(Date);
    expect(wiizo.requests).toHaveLength(1);
    expect(cloud.requests).toHaveLength(0);
  });

  test('a 500 is retried until the gateway accepts; the message goes out once', async () => {
    const { cloud, senders } = await gateways();
    cloud.next('server-error', 'server-error');
    await startQueueWith(senders);
    const id = await enqueueNotification();

    const row = await until(id, 'sent');
    expect(row.attempts).toBe(3);
    expect(cloud.requests).toHaveLength(3);
    expect(cloud.acceptedIds).toHaveLength(1);
  });

  test('a 429 is retried no earlier than its Retry-After, though the queue would retry sooner', async () => {
    const { cloud, senders } = await gateways();
    cloud.retryAfterSeconds = 3;
    cloud.next('rate-limited');
    await startQueueWith(senders);
    const id = await enqueueNotification();

    const row = await until(id, 'sent', 15_000);
    expect(row.attempts).toBe(2);
    const [refused, accepted] = cloud.requests;
    // The queue's own retry would come after one second.
    expect(accepted!.receivedAt - refused!.receivedAt).toBeGreaterThanOrEqual(2_900);
    expect(cloud.acceptedIds).toHaveLength(1);
  });

  test('a wait asked by the provider does not add attempts: the last one still gives up', async () => {
    const { cloud, senders } = await gateways();
    cloud.retryAfterSeconds = 2;
    cloud.next('rate-limited', 'rate-limited', 'rate-limited');
    await startQueueWith(senders, { ...TEST_QUEUE, retryLimit: 1 });
    const id = await enqueueNotification();

    const row = await until(id, 'failed', 15_000);
    expect(row.attempts).toBe(2);
    expect(row.lastError).toContain('sem sucesso após 2 tentativas');
    expect(cloud.requests).toHaveLength(2);
  });

  test('a permanent refusal is not retried: failed with the provider’s error', async () => {
    const { wiizo, senders } = await gateways();
    const lawyer = await createLawyer({ plan: 'premium' });
    await saveGatewayToken(lawyer.id, LAWYER_TOKEN);
    wiizo.next('not-on-whatsapp');
    const queue = await startQueueWith(senders);
    const id = await enqueueNotification(lawyer.id);

    const row = await until(id, 'failed');
    expect(row.lastError).toBe('O WiizoChat recusou a mensagem (HTTP 400, INVALID_NUMBER): O número não possui WhatsApp');
    expect((await queue.boss.getJobById(WHATSAPP_DELIVERY_JOB, id))?.state).toBe('completed');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(wiizo.requests).toHaveLength(1);
  });

  test('one message however many times it is dispatched or jobs run for it', async () => {
    const { cloud, senders } = await gateways();
    const queue = await startQueueWith(senders, TEST_QUEUE, { dispatch: false });
    const id = await enqueueNotification();

    const dispatched = await Promise.all([dispatchQueuedOutboxMessages(queue, whatsAppDispatch(senders)), dispatchQueuedOutboxMessages(queue, whatsAppDispatch(senders))]);
    expect(dispatched.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await dispatchQueuedOutboxMessages(queue, whatsAppDispatch(senders))).toBe(0);
    await queue.boss.send(WHATSAPP_DELIVERY_JOB, { outboxId: id });
    queue.wake(WHATSAPP_DELIVERY_JOB);

    await until(id, 'sent');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(cloud.requests).toHaveLength(1);
    expect((await rowOf(id)).attempts).toBe(1);
  });

  test('a hung gateway times the attempt out as incerto, never retried; the recipient’s next message then goes, and enqueuing it did not wait', async () => {
    const { cloud, senders } = await gateways({ timeoutMs: 1_000 });
    cloud.next('hang');
    await startQueueWith(senders, { ...TEST_QUEUE, retryDelay: 60 });
    const first = await enqueueNotification();
    await until(first, 'sending');

    const started = Date.now();
    const second = await enqueueNotification();
    expect(Date.now() - started).toBeLessThan(500);

    const row = await until(first, 'incerto', 5_000);
    expect(row).toMatchObject({ attempts: 1, lastError: 'Tempo esgotado: a API do WhatsApp não respondeu em 1 s; a mensagem pode ter sido entregue' });
    expect(await until(second, 'sent', 5_000)).toMatchObject({ attempts: 1 });
    expect(cloud.requests).toHaveLength(2);
  });
});

describe('the worker', () => {
  test('starts WhatsApp delivery when a gateway is configured, and stops cleanly', async () => {
    const { cloud } = await gateways();
    await startBackgroundWork({
      env: 'test',
      smtpUrl: undefined,
      mailFrom: 'nao-responda@exemplo.com.br',
      whatsappCloud: { apiUrl: cloud.url, ...CLOUD, templates: {} },
      wiizoChatApiUrl: undefined,
      courtMonitoring: { provider: 'simulado' },
      monitoringPollConcurrency: 1,
    });
    const id = await enqueueNotification();
    expect((await until(id, 'sent')).providerMessageId).toBe(cloud.acceptedIds[0]);

    await stopBackgroundWork();
    expect(runningJobQueue()).toBeUndefined();
  });

  test('without any gateway no WhatsApp job runs: notifications stay queued', async () => {
    await startBackgroundWork({
      env: 'test',
      smtpUrl: undefined,
      mailFrom: 'nao-responda@exemplo.com.br',
      whatsappCloud: null,
      wiizoChatApiUrl: undefined,
      courtMonitoring: { provider: 'simulado' },
      monitoringPollConcurrency: 1,
    });
    const id = await enqueueNotification();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await rowOf(id)).toMatchObject({ status: 'queued', attempts: 0, dispatchedAt: null });
  });
});
