import { afterEach, describe, expect, test } from 'vitest';
import { startCloudApiStandIn, type WhatsAppStandIn } from '../../../tests/support/whatsapp-stand-ins';
import { createCloudApiSender, type CloudApiSenderOptions } from './cloud-api.server';
import { newLeadWhatsAppText, testWhatsAppText } from './templates';
import { WhatsAppDeliveryError, type WhatsAppMessage } from './whatsapp';

const ACCESS_TOKEN = 'EAAG-token-de-teste';
const PHONE_NUMBER_ID = '106540352242922';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function cloudApi(options: Partial<CloudApiSenderOptions> = {}): Promise<{ standIn: WhatsAppStandIn; sender: ReturnType<typeof createCloudApiSender> }> {
  const standIn = await startCloudApiStandIn({ accessToken: ACCESS_TOKEN, phoneNumberId: PHONE_NUMBER_ID });
  closers.push(() => standIn.close());
  const sender = createCloudApiSender({ apiUrl: standIn.url, accessToken: ACCESS_TOKEN, phoneNumberId: PHONE_NUMBER_ID, templates: {}, ...options });
  return { standIn, sender };
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

describe('the WhatsApp Cloud API adapter', () => {
  test('without a template it sends the plain text to the Brazilian number with 55, with the Bearer token, and returns the WAMID', async () => {
    const { standIn, sender } = await cloudApi();
    const { providerMessageId } = await sender.send(newLead);

    expect(providerMessageId).toBe(standIn.acceptedIds[0]);
    expect(providerMessageId).toMatch(/^wamid\./);
    const [request] = standIn.requests;
    expect(request).toMatchObject({ method: 'POST', path: `/v21.0/${PHONE_NUMBER_ID}/messages` });
    expect(request!.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      type: 'text',
      text: { preview_url: false, body: newLead.text },
    });
  });

  test('a new lead goes as the new-lead template, its fields as body parameters in pt_BR; other kinds as the text template', async () => {
    const { standIn, sender } = await cloudApi({ templates: { newLead: 'novo_lead', text: 'aviso_texto' } });
    await sender.send({ ...newLead, to: '5521987654321' });
    await sender.send({ to: '21987654321', kind: 'teste', ...testWhatsAppText({ brandName: 'JusConecta' }) });

    expect(standIn.requests[0]!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5521987654321',
      type: 'template',
      template: {
        name: 'novo_lead',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: '"Maria Souza"' },
              { type: 'text', text: 'Direito de Família' },
              { type: 'text', text: 'São Paulo - SP' },
            ],
          },
        ],
      },
    });
    expect(standIn.requests[1]!.body).toMatchObject({ to: '5521987654321', type: 'template', template: { name: 'aviso_texto', components: [{ parameters: [{ type: 'text', text: expect.stringContaining('Mensagem de teste do JusConecta') }] }] } });
    expect(standIn.acceptedIds).toHaveLength(2);
  });

  test('a template parameter never carries a line break (the API refuses them)', async () => {
    const { standIn, sender } = await cloudApi({ templates: { text: 'aviso_texto' } });
    await sender.send({ to: '11987654321', kind: 'movimentacao', text: 'Processo 1\n\nNova decisão', params: ['Processo 1\n\nNova\tdecisão     publicada'] });
    expect(standIn.requests[0]!.body).toMatchObject({ template: { components: [{ parameters: [{ text: 'Processo 1 Nova decisão publicada' }] }] } });
  });

  test('a refused access token (401, code 190) is permanent', async () => {
    const { sender } = await cloudApi({ accessToken: 'token-vencido' });
    const error = await failureOf(sender.send(newLead));
    expect(error.permanent).toBe(true);
    expect(error.message).toBe('A API do WhatsApp recusou o token de acesso (HTTP 401, código 190): Invalid OAuth access token - Cannot parse access token');
  });

  test('a rate limit (429, code 130429) is retried after the Retry-After it sends', async () => {
    const { standIn, sender } = await cloudApi();
    standIn.retryAfterSeconds = 7;
    standIn.next('rate-limited');
    const error = await failureOf(sender.send(newLead));
    expect(error).toMatchObject({ permanent: false, retryAfterSeconds: 7 });
    expect(error.message).toBe('Limite de envios da API do WhatsApp atingido (HTTP 429, código 130429): (#130429) Rate limit hit — Cloud API message throughput has been reached.');

    standIn.retryAfterSeconds = null;
    standIn.next('rate-limited');
    expect(await failureOf(sender.send(newLead))).toMatchObject({ permanent: false, retryAfterSeconds: undefined });
  });

  test('a server error (500) is retryable', async () => {
    const { standIn, sender } = await cloudApi();
    standIn.next('server-error');
    const error = await failureOf(sender.send(newLead));
    expect(error.permanent).toBe(false);
    expect(error.message).toContain('Falha temporária na API do WhatsApp (HTTP 500, código 1)');
  });

  test('a number that is not on WhatsApp (131026) and a malformed request (400) are permanent', async () => {
    const { standIn, sender } = await cloudApi();
    standIn.next('not-on-whatsapp');
    const undeliverable = await failureOf(sender.send(newLead));
    expect(undeliverable.permanent).toBe(true);
    expect(undeliverable.message).toBe('A API do WhatsApp recusou a mensagem (HTTP 400, código 131026): (#131026) Message undeliverable — Message Undeliverable.');

    const wrongNumberId = createCloudApiSender({ apiUrl: standIn.url, accessToken: ACCESS_TOKEN, phoneNumberId: '999', templates: {} });
    const unknownObject = await failureOf(wrongNumberId.send(newLead));
    expect(unknownObject.permanent).toBe(true);
    expect(unknownObject.message).toContain("(HTTP 400, código 100): Unsupported post request. Object with ID '999' does not exist");
  });

  test('a gateway that hangs after the request went out fails the attempt within the timeout, uncertain (never retried)', async () => {
    const { standIn, sender } = await cloudApi({ timeoutMs: 400 });
    standIn.next('hang');
    const started = Date.now();
    const error = await failureOf(sender.send(newLead));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error).toMatchObject({ permanent: false, uncertain: true, message: 'Tempo esgotado: a API do WhatsApp não respondeu em 400 ms; a mensagem pode ter sido entregue' });
    expect(standIn.requests).toHaveLength(1);
  });

  test('an answer after the deadline: the message was accepted, the send is uncertain', async () => {
    const { standIn, sender } = await cloudApi({ timeoutMs: 300 });
    standIn.lateAnswerMs = 1_000;
    standIn.next('late');
    const error = await failureOf(sender.send(newLead));
    expect(error).toMatchObject({ permanent: false, uncertain: true });
    expect(standIn.acceptedIds).toHaveLength(1);
  });

  test('a 503 (131016) and an error Meta marks is_transient are retryable', async () => {
    const { standIn, sender } = await cloudApi();
    standIn.next('unavailable', 'transient');
    expect(await failureOf(sender.send(newLead))).toMatchObject({ permanent: false, uncertain: false, message: expect.stringContaining('HTTP 503, código 131016') });
    expect(await failureOf(sender.send(newLead))).toMatchObject({ permanent: false, uncertain: false, message: expect.stringContaining('HTTP 400, código 2') });
  });

  test('a server that refuses connections is a retryable network failure', async () => {
    const { standIn } = await cloudApi();
    const url = standIn.url;
    await standIn.close();
    const sender = createCloudApiSender({ apiUrl: url, accessToken: ACCESS_TOKEN, phoneNumberId: PHONE_NUMBER_ID, templates: {} });
    const error = await failureOf(sender.send(newLead));
    expect(error).toMatchObject({ permanent: false, uncertain: false, message: 'Falha ao conectar com a API do WhatsApp: ECONNREFUSED' });
  });
});
