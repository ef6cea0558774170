import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { outbox } from '~/db/schema/messaging';
import { INTERRUPTED_SEND_ERROR } from '~/integrations/outbox/outbox-delivery.server';
import { readGatewayToken, saveGatewayToken } from '~/modules/messaging/gateway-tokens.server';
import { createLawyer } from '../../../tests/factories/lawyers';
import { startCloudApiStandIn, startWiizoChatStandIn, type WhatsAppStandIn } from '../../../tests/support/whatsapp-stand-ins';
import {
  deliverWhatsAppMessage,
  enqueueWhatsAppMessages,
  markInterruptedWhatsAppSendsUncertain,
  findWhatsAppMessagesToDispatch,
  sendWhatsAppMessageNow,
  type OutboxWhatsApp,
} from '~/integrations/whatsapp/outbox.server';
import { newLeadWhatsAppText, testWhatsAppText } from '~/integrations/whatsapp/templates';
import { createConfiguredWhatsAppSenders, type WhatsAppSenders } from '~/integrations/whatsapp/whatsapp-sender.server';

// Delivery of outbox WhatsApp rows through the adapters, against the local stand-ins: the sender chosen
// per message, one send per row however many attempts run, and what each answer leaves on the row.

const CLOUD = { accessToken: 'EAAG-token-da-plataforma', phoneNumberId: '106540352242922' };
const LAWYER_TOKEN = 'wz-token-da-advogada-123';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

interface Gateways {
  cloud: WhatsAppStandIn;
  wiizo: WhatsAppStandIn;
  senders: WhatsAppSenders;
}

async function gateways({ cloudApi = true, wiizoChat = true, timeoutMs }: { cloudApi?: boolean; wiizoChat?: boolean; timeoutMs?: number } = {}): Promise<Gateways> {
  const cloud = await startCloudApiStandIn(CLOUD);
  const wiizo = await startWiizoChatStandIn({ tokens: [LAWYER_TOKEN] });
  closers.push(() => cloud.close(), () => wiizo.close());
  const senders = createConfiguredWhatsAppSenders(
    {
      whatsappCloud: cloudApi ? { apiUrl: cloud.url, ...CLOUD, templates: { newLead: 'novo_lead' } } : null,
      wiizoChatApiUrl: wiizoChat ? wiizo.url : undefined,
    },
    { tokenFor: readGatewayToken, timeoutMs },
  );
  return { cloud, wiizo, senders: senders! };
}

let keys = 0;
function notification(lawyerId: string | null, to = '11987654321'): OutboxWhatsApp {
  keys += 1;
  return { to, ...newLeadWhatsAppText({ nome: 'Maria Souza', areaId: 'familia', cityId: 'sp_sao_paulo' }), kind: 'novo-lead', lawyerId, idempotencyKey: `novo-lead:teste-${keys}` };
}

async function enqueue(message: OutboxWhatsApp): Promise<string> {
  await db.transaction((tx) => enqueueWhatsAppMessages(tx, [message]));
  const [row] = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.idempotencyKey, message.idempotencyKey));
  return row!.id;
}

async function rowOf(id: string) {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row!;
}

async function lawyerWithToken() {
  const lawyer = await createLawyer({ plan: 'intermediario' });
  await saveGatewayToken(lawyer.id, LAWYER_TOKEN);
  return lawyer;
}

describe('choosing the sender', () => {
  test('a lawyer’s own WiizoChat token wins; without one, and for platform messages, the Cloud API sends', async () => {
    const { cloud, wiizo, senders } = await gateways();
    const withToken = await lawyerWithToken();
    const withoutToken = await createLawyer();

    const viaToken = await enqueue(notification(withToken.id));
    const viaCloud = await enqueue(notification(withoutToken.id, '5521912345678'));
    const platform = await enqueue(notification(null, '5531912345678'));
    for (const id of [viaToken, viaCloud, platform]) expect((await deliverWhatsAppMessage(id, { senders })).outcome).toBe('sent');

    expect(wiizo.requests.map((r) => (r.body as { to: string }).to)).toEqual(['+5511987654321']);
    expect(wiizo.requests[0]!.headers.authorization).toBe(`Bearer ${LAWYER_TOKEN}`);
    expect(cloud.requests.map((r) => (r.body as { to: string }).to)).toEqual(['5521912345678', '5531912345678']);
    expect(cloud.requests[0]!.body).toMatchObject({ type: 'template', template: { name: 'novo_lead' } });
    expect(await rowOf(viaToken)).toMatchObject({ status: 'sent', attempts: 1, providerMessageId: wiizo.acceptedIds[0], lastError: null });
    expect((await rowOf(viaCloud)).providerMessageId).toBe(cloud.acceptedIds[0]);
  });

  test('without the Cloud API, a lawyer without a token has no sender: the row stays queued, untouched, and is not dispatched', async () => {
    const { wiizo, senders } = await gateways({ cloudApi: false });
    const withToken = await lawyerWithToken();
    const withoutToken = await createLawyer();
    const waiting = await enqueue(notification(withoutToken.id));
    await enqueue(notification(null));
    const ready = await enqueue(notification(withToken.id));

    expect(await findWhatsAppMessagesToDispatch(senders)).toEqual([ready]);
    // With the Cloud API all three could leave, one after the other: the same number gets them in order.
    expect(await findWhatsAppMessagesToDispatch({ cloudApi: true, wiizoChat: false })).toEqual([waiting]);
    expect(await findWhatsAppMessagesToDispatch({ cloudApi: false, wiizoChat: false })).toEqual([]);

    expect(await deliverWhatsAppMessage(waiting, { senders })).toEqual({ outcome: 'skipped' });
    expect(await rowOf(waiting)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(wiizo.requests).toHaveLength(0);

    // Once the lawyer saves a token, the message has a way out.
    await saveGatewayToken(withoutToken.id, LAWYER_TOKEN);
    // Both can leave now: the older goes first, the other once it is done.
    expect(await findWhatsAppMessagesToDispatch(senders)).toEqual([waiting]);
    expect((await deliverWhatsAppMessage(waiting, { senders })).outcome).toBe('sent');
  });

  test('a token that no longer opens counts as none', async () => {
    const { cloud, wiizo, senders } = await gateways();
    const lawyer = await lawyerWithToken();
    await db.execute(sql`update lawyer_api_tokens set encrypted_token = 'v1.AAAAAAAAAAAAAAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA' where lawyer_id = ${lawyer.id}`);
    const id = await enqueue(notification(lawyer.id));
    expect((await deliverWhatsAppMessage(id, { senders })).outcome).toBe('sent');
    expect(wiizo.requests).toHaveLength(0);
    expect(cloud.requests).toHaveLength(1);
  });
});

describe('delivering a WhatsApp message', () => {
  test('sends the row once, however many attempts run, even at the same time', async () => {
    const { cloud, senders } = await gateways();
    const id = await enqueue(notification(null));
    const results = await Promise.all([deliverWhatsAppMessage(id, { senders }), deliverWhatsAppMessage(id, { senders }), deliverWhatsAppMessage(id, { senders })]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['sent', 'skipped', 'skipped']);
    expect(await deliverWhatsAppMessage(id, { senders })).toEqual({ outcome: 'skipped' });
    expect(cloud.requests).toHaveLength(1);
    expect((await rowOf(id)).attempts).toBe(1);
  });

  test('a refused token is permanent: failed with the gateway’s answer, never tried again', async () => {
    const { wiizo, senders } = await gateways();
    const lawyer = await lawyerWithToken();
    wiizo.next('unauthorized');
    const id = await enqueue(notification(lawyer.id));
    const result = await deliverWhatsAppMessage(id, { senders });
    expect(result).toEqual({ outcome: 'failed', error: 'O WiizoChat recusou o token do advogado (HTTP 401, UNAUTHORIZED): Token inválido ou ausente' });
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: result.outcome === 'failed' ? result.error : '' });
    expect(await deliverWhatsAppMessage(id, { senders })).toEqual({ outcome: 'skipped' });
    expect(await findWhatsAppMessagesToDispatch(senders)).toEqual([]);
    expect(wiizo.requests).toHaveLength(1);
  });

  test('a 500 queues the row again with the error; the next attempt sends it', async () => {
    const { cloud, senders } = await gateways();
    cloud.next('server-error');
    const id = await enqueue(notification(null));
    expect(await deliverWhatsAppMessage(id, { senders })).toEqual({ outcome: 'retry', error: expect.stringContaining('Falha temporária na API do WhatsApp (HTTP 500') });
    expect(await rowOf(id)).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringContaining('HTTP 500') });
    expect((await deliverWhatsAppMessage(id, { senders })).outcome).toBe('sent');
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(cloud.acceptedIds).toHaveLength(1);
  });

  test('a 429 says how long to wait; on the last attempt a retryable failure gives up', async () => {
    const { cloud, senders } = await gateways();
    cloud.retryAfterSeconds = 20;
    cloud.next('rate-limited', 'rate-limited');
    const id = await enqueue(notification(null));
    expect(await deliverWhatsAppMessage(id, { senders })).toEqual({ outcome: 'retry', error: expect.stringContaining('HTTP 429, código 130429'), retryAfterSeconds: 20 });
    expect(await deliverWhatsAppMessage(id, { senders, finalAttempt: true })).toEqual({ outcome: 'failed', error: expect.stringContaining('sem sucesso após 2 tentativas') });
    expect((await rowOf(id)).status).toBe('failed');
  });

  test('a send interrupted by a crash is marked incerto after a while, never sent again', async () => {
    const { cloud, senders } = await gateways();
    const id = await enqueue(notification(null));
    await db.update(outbox).set({ status: 'sending', attempts: 1, updatedAt: sql`now() - interval '1 minute'` }).where(eq(outbox.id, id));
    expect(await markInterruptedWhatsAppSendsUncertain()).toBe(0);
    await db.update(outbox).set({ updatedAt: sql`now() - interval '6 minutes'` }).where(eq(outbox.id, id));
    expect(await markInterruptedWhatsAppSendsUncertain()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'incerto', lastError: INTERRUPTED_SEND_ERROR });
    expect(await deliverWhatsAppMessage(id, { senders })).toEqual({ outcome: 'skipped' });
    expect(cloud.requests).toHaveLength(0);
  });
});

describe('sending at once (a test send)', () => {
  test('stores the row, sends it in the call and records the result; the same key again sends nothing', async () => {
    const { wiizo, senders } = await gateways();
    const lawyer = await lawyerWithToken();
    const chosen = (await senders.choose(lawyer.id))!;
    const message: OutboxWhatsApp = { to: '11987654321', ...testWhatsAppText({ brandName: 'JusConecta' }), kind: 'teste', lawyerId: lawyer.id, idempotencyKey: `teste:${lawyer.id}:1` };

    expect(await sendWhatsAppMessageNow(message, chosen)).toEqual({ outcome: 'sent', providerMessageId: wiizo.acceptedIds[0] });
    expect(await sendWhatsAppMessageNow(message, chosen)).toEqual({ outcome: 'duplicate', status: 'sent', error: null });
    expect(wiizo.requests).toHaveLength(1);
    const [row] = await db.select().from(outbox).where(eq(outbox.idempotencyKey, message.idempotencyKey));
    expect(row).toMatchObject({ channel: 'whatsapp', status: 'sent', recipient: '11987654321', metadata: { kind: 'teste', lawyerId: lawyer.id } });
  });

  test('an unknown outcome is final for a test send (it never arrives later by surprise)', async () => {
    const { wiizo, senders } = await gateways({ timeoutMs: 300 });
    const lawyer = await lawyerWithToken();
    wiizo.next('hang');
    const message: OutboxWhatsApp = { to: '11987654321', ...testWhatsAppText({ brandName: 'JusConecta' }), kind: 'teste', lawyerId: lawyer.id, idempotencyKey: `teste:${lawyer.id}:2` };
    const result = await sendWhatsAppMessageNow(message, (await senders.choose(lawyer.id))!);
    expect(result).toEqual({ outcome: 'uncertain', error: 'Tempo esgotado: o WiizoChat não respondeu em 300 ms; a mensagem pode ter sido entregue' });
    expect(await findWhatsAppMessagesToDispatch(senders)).toEqual([]);
  });
});
