import { afterEach, describe, expect, test } from 'vitest';
import { startWiizoChatStandIn, type WhatsAppStandIn, type WiizoChatStandInOptions } from '../../../tests/support/whatsapp-stand-ins';
import { parseRetryAfter } from './gateway-http.server';
import { newLeadWhatsAppText } from './templates';
import { WhatsAppDeliveryError, type WhatsAppMessage } from './whatsapp';
import { createWiizoChatSender } from './wiizochat.server';

const TOKEN = 'wz-token-da-advogada-123';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function wiizoChat(options: Partial<WiizoChatStandInOptions> = {}, token = TOKEN, timeoutMs?: number) {
  const standIn: WhatsAppStandIn = await startWiizoChatStandIn({ tokens: [TOKEN], ...options });
  closers.push(() => standIn.close());
  return { standIn, sender: createWiizoChatSender({ apiUrl: standIn.url, token, timeoutMs }) };
}

const newLead: WhatsAppMessage = { to: '11987654321', kind: 'novo-lead', ...newLeadWhatsAppText({ nome: 'Maria Souza', areaId: 'familia', cityId: 'sp_sao_paulo' }) };

async function failureOf(promise: Promise<unknown>): Promise<WhatsAppDeliveryError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WhatsAppDeliveryError);
  return error as WhatsAppDeliveryError;
}

describe('the WiizoChat adapter', () => {
  test('sends the text with the lawyer’s token in both headers to +55 and the number, and returns the id', async () => {
    const { standIn, sender } = await wiizoChat();
    const { providerMessageId } = await sender.send(newLead);

    expect(providerMessageId).toBe(standIn.acceptedIds[0]);
    const [request] = standIn.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/whatsapp-api/send-message' });
    expect(request!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request!.headers.apikey).toBe(TOKEN);
    expect(request!.body).toEqual({ to: '+5511987654321', type: 'text', text: { body: newLead.text } });
  });

  test('reads the id of a Cloud-API-style answer too', async () => {
    const { standIn, sender } = await wiizoChat({ idIn: 'messages' });
    expect((await sender.send({ ...newLead, to: '5521987654321' })).providerMessageId).toBe(standIn.acceptedIds[0]);
    expect(standIn.requests[0]!.body).toMatchObject({ to: '+5521987654321' });
  });

  test('an unknown token (401) is permanent, with the gateway’s message', async () => {
    const { sender } = await wiizoChat({}, 'token-errado-456');
    const error = await failureOf(sender.send(newLead));
    expect(error.permanent).toBe(true);
    expect(error.message).toBe('O WiizoChat recusou o token do advogado (HTTP 401, UNAUTHORIZED): Token inválido ou ausente');
  });

  test('a rate limit (429) waits for Retry-After; a 500 and a disconnected instance (503) are retried', async () => {
    const { standIn, sender } = await wiizoChat();
    standIn.retryAfterSeconds = 30;
    standIn.next('rate-limited', 'server-error', 'disconnected');
    expect(await failureOf(sender.send(newLead))).toMatchObject({ permanent: false, retryAfterSeconds: 30, message: 'Limite de envios do WiizoChat atingido (HTTP 429, RATE_LIMITED): Muitas requisições' });
    expect(await failureOf(sender.send(newLead))).toMatchObject({ permanent: false, message: 'Falha temporária no WiizoChat (HTTP 500, INTERNAL_ERROR): Erro interno do servidor' });
    expect(await failureOf(sender.send(newLead))).toMatchObject({ permanent: false, message: 'Falha temporária no WiizoChat (HTTP 503, INSTANCE_DISCONNECTED): Instância do WhatsApp desconectada' });
    expect(standIn.acceptedIds).toHaveLength(0);
  });

  test('a number without WhatsApp (400) is permanent', async () => {
    const { standIn, sender } = await wiizoChat();
    standIn.next('not-on-whatsapp');
    expect(await failureOf(sender.send(newLead))).toMatchObject({ permanent: true, message: 'O WiizoChat recusou a mensagem (HTTP 400, INVALID_NUMBER): O número não possui WhatsApp' });
  });

  test('a gateway that hangs fails the attempt within the timeout, uncertain (the request went out)', async () => {
    const { standIn, sender } = await wiizoChat({}, TOKEN, 300);
    standIn.next('hang');
    const started = Date.now();
    expect(await failureOf(sender.send(newLead))).toMatchObject({ permanent: false, uncertain: true, message: 'Tempo esgotado: o WiizoChat não respondeu em 300 ms; a mensagem pode ter sido entregue' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('Retry-After', () => {
  test('takes seconds or an HTTP date, at least 1 s and at most an hour', () => {
    const now = Date.parse('2025-03-10T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('0', now)).toBe(1);
    expect(parseRetryAfter('Mon, 10 Mar 2025 12:00:45 GMT', now)).toBe(45);
    expect(parseRetryAfter('86400', now)).toBe(3600);
    expect(parseRetryAfter('amanhã', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
