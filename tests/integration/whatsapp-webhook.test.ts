import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { db } from '~/db/client.server';
import { outbox, whatsappStatusEvents } from '~/db/schema/messaging';
import { webhookSignature } from '~/integrations/whatsapp/cloud-api-webhook.server';
import { enqueueWhatsAppMessages } from '~/integrations/whatsapp/outbox.server';
import { createConfiguredWhatsAppSenders } from '~/integrations/whatsapp/whatsapp-sender.server';
import { runningJobQueue, startJobQueue, stopJobQueue } from '~/jobs/queue.server';
import { whatsAppDeliveryJob } from '~/jobs/whatsapp-delivery.server';
import { answerWhatsAppVerification, receiveWhatsAppStatusWebhook, SIGNATURE_FAILURES_PER_WINDOW } from '~/modules/messaging/whatsapp-status-webhook.server';
import { loader } from '~/routes/resources/whatsapp-webhook';
import { realWorldText } from '../support/real-world';
import { startCloudApiStandIn } from '../support/whatsapp-stand-ins';

// /api/webhooks/whatsapp: Meta's verification, the signature over the raw body, each status stored
// once, the delivery log's provider status, and a retryable failure sent again.

const SETTINGS = { verifyToken: 'verifica-jusconecta-123', appSecret: 'segredo-do-app-meta-456' };
const CLOUD = { accessToken: 'EAAG-token-da-plataforma', phoneNumberId: '106540352242922' };

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await runningJobQueue()?.boss.clearStorage();
  await stopJobQueue();
  for (const close of closers.splice(0).reverse()) await close();
});

const WAMID = 'wamid.HBgNNTUxMTk5NDAyOTI3NRUCABEYEjA0QzQ2QkI0QjQ2NzE3OEQ5MgA=';

/** A status webhook body in Meta's envelope. */
function statusBody(...statuses: Array<{ id?: string; status: string; timestamp?: string; errors?: unknown[] }>) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: CLOUD.phoneNumberId },
              statuses: statuses.map((s) => ({ id: WAMID, timestamp: '1750263773', recipient_id: '5511994029275', ...s })),
            },
          },
        ],
      },
    ],
  });
}

function post(body: string, { signature = webhookSignature(body, SETTINGS.appSecret), ip = '203.0.113.9' }: { signature?: string | null; ip?: string } = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'x-jusconecta-client-ip': ip };
  if (signature !== null) headers['X-Hub-Signature-256'] = signature;
  return receiveWhatsAppStatusWebhook(new Request('http://localhost:3000/api/webhooks/whatsapp', { method: 'POST', headers, body }), SETTINGS);
}

/** A message the Cloud API accepted under the real answer's WAMID. */
async function sentMessage() {
  await db.transaction((tx) => enqueueWhatsAppMessages(tx, [{ to: '11994029275', text: 'Olá', params: ['Olá'], kind: 'teste', lawyerId: null, idempotencyKey: 'webhook:1' }]));
  const accepted = JSON.parse(realWorldText('wa-success-template.json')) as { messages: Array<{ id: string }> };
  const [row] = await db
    .update(outbox)
    .set({ status: 'sent', attempts: 1, providerMessageId: accepted.messages[0]!.id, sentAt: new Date() })
    .where(eq(outbox.idempotencyKey, 'webhook:1'))
    .returning();
  return row!;
}

async function rowOf(id: string) {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row!;
}

describe('GET: Meta’s verification', () => {
  const verify = (query: string) => answerWhatsAppVerification(new URL(`http://localhost:3000/api/webhooks/whatsapp?${query}`), SETTINGS);

  test('answers the challenge, as plain text, only for our verify token', async () => {
    const right = verify('hub.mode=subscribe&hub.verify_token=verifica-jusconecta-123&hub.challenge=1158201444');
    expect(right.status).toBe(200);
    expect(await right.text()).toBe('1158201444');
    expect(verify('hub.mode=subscribe&hub.verify_token=outro-token&hub.challenge=1158201444').status).toBe(403);
    expect(verify('hub.mode=unsubscribe&hub.verify_token=verifica-jusconecta-123&hub.challenge=1').status).toBe(403);
    expect(verify('hub.mode=subscribe&hub.verify_token=verifica-jusconecta-123').status).toBe(403);
  });

  test('a server without the webhook’s settings answers 404', async () => {
    expect(answerWhatsAppVerification(new URL('http://localhost:3000/api/webhooks/whatsapp?hub.mode=subscribe'), null).status).toBe(404);
    const answer = (await loader({ request: new Request('http://localhost:3000/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1'), params: {}, context: {} } as never)) as Response;
    expect(answer.status).toBe(404);
  });
});

describe('POST: status reports', () => {
  test('a missing or wrong signature is refused (401) and stores nothing; repeated failures from one address get 429', async () => {
    const row = await sentMessage();
    const body = statusBody({ status: 'delivered' });
    expect((await post(body, { signature: null })).status).toBe(401);
    expect((await post(body, { signature: webhookSignature(body, 'outro-segredo') })).status).toBe(401);
    // Signed, then changed: the signature covers the raw bytes.
    expect((await post(body.replace('delivered', 'read'), { signature: webhookSignature(body, SETTINGS.appSecret) })).status).toBe(401);
    expect(await db.select().from(whatsappStatusEvents)).toHaveLength(0);
    expect((await rowOf(row.id)).providerStatus).toBeNull();

    for (let n = 0; n < SIGNATURE_FAILURES_PER_WINDOW; n++) expect((await post(body, { signature: null, ip: '203.0.113.77' })).status).toBe(401);
    const throttled = await post(body, { signature: null, ip: '203.0.113.77' });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('Retry-After')).toMatch(/^\d+$/);
    // A right signature is never throttled.
    expect((await post(body, { ip: '203.0.113.77' })).status).toBe(200);
  });

  test('delivered then read are recorded once each; a repeat changes nothing; read is never moved back', async () => {
    const row = await sentMessage();
    const delivered = await post(statusBody({ status: 'delivered' }));
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toEqual({ recebidos: 1, novos: 1 });
    expect((await rowOf(row.id)).providerStatus).toBe('delivered');

    const again = await post(statusBody({ status: 'delivered' }));
    expect(await again.json()).toEqual({ recebidos: 1, novos: 0 });

    await post(statusBody({ status: 'read', timestamp: '1750263800' }));
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', providerStatus: 'read', providerStatusAt: new Date(1750263800 * 1000) });
    // A late 'sent' report keeps the furthest state.
    await post(statusBody({ status: 'sent', timestamp: '1750263700' }));
    expect((await rowOf(row.id)).providerStatus).toBe('read');
    expect((await db.select().from(whatsappStatusEvents)).map((e) => e.status).sort()).toEqual(['delivered', 'read', 'sent']);
  });

  test('a body that is not a WhatsApp Business webhook is 400; one without statuses is fine', async () => {
    expect((await post('{"object":"page","entry":[]}')).status).toBe(400);
    expect((await post('não é json')).status).toBe(400);
    expect((await post(JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages', value: { messages: [] } }] }] }))).status).toBe(200);
  });

  test('a body over 512 KiB is refused before it is read whole (413)', async () => {
    const big = 'x'.repeat(512 * 1024 + 1);
    expect((await post(big, { signature: webhookSignature(big, SETTINGS.appSecret) })).status).toBe(413);
  });

  test('a failure Meta reports with a final code is shown, and the message is not sent again', async () => {
    const row = await sentMessage();
    await post(statusBody({ status: 'failed', errors: [{ code: 131026, title: 'Message undeliverable' }] }));
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', providerStatus: 'failed', lastError: 'O WhatsApp informou falha na entrega (código 131026: Message undeliverable)' });
  });

  test('a failure Meta reports with a retryable code sends the message again, once', async () => {
    const cloud = await startCloudApiStandIn(CLOUD);
    closers.push(() => cloud.close());
    const senders = createConfiguredWhatsAppSenders({ whatsappCloud: { apiUrl: cloud.url, ...CLOUD, templates: {} }, wiizoChatApiUrl: undefined }, { tokenFor: async () => null })!;
    await startJobQueue({ jobs: [whatsAppDeliveryJob(senders, { queue: { retryLimit: 2, retryDelay: 1, retryBackoff: false, expireInSeconds: 30 } })], pollingIntervalSeconds: 0.5 });
    const row = await sentMessage();

    const body = statusBody({ status: 'failed', errors: [{ code: 131016, title: 'Service unavailable' }] });
    await post(body);
    await post(body);
    await vi.waitFor(() => expect(cloud.requests).toHaveLength(1), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 2 }), { timeout: 5_000, interval: 50 });
    const resent = await rowOf(row.id);
    expect(resent.providerMessageId).toBe(cloud.acceptedIds[0]);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(cloud.requests).toHaveLength(1);
  });
});
