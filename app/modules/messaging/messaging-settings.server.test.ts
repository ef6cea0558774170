import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { getConfig, type AppConfig } from '~/config.server';
import { db } from '~/db/client.server';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { lawyerApiTokens, outbox } from '~/db/schema/messaging';
import { AppError } from '~/lib/app-error';
import { createLawyer, expirePlan } from '../../../tests/factories/lawyers';
import { startCloudApiStandIn, startWiizoChatStandIn, type WhatsAppStandIn } from '../../../tests/support/whatsapp-stand-ins';
import { hasGatewayToken, readGatewayToken } from './gateway-tokens.server';
import { saveMessagingSettingsSchema } from './messaging.schemas';
import { getMessagingSettings, openMessaging, removeGatewayToken, saveMessagingSettings, sendTestMessage } from './messaging-settings.server';

const TOKEN = 'wz-token-da-advogada-123';
const CLOUD = { accessToken: 'EAAG-token-da-plataforma', phoneNumberId: '106540352242922' };

let wiizo: WhatsAppStandIn;
let cloud: WhatsAppStandIn;
let saved: Pick<AppConfig, 'whatsappCloud' | 'wiizoChatApiUrl'>;

beforeEach(async () => {
  wiizo = await startWiizoChatStandIn({ tokens: [TOKEN, 'wz-token-do-bruno-456'] });
  cloud = await startCloudApiStandIn(CLOUD);
  const config = getConfig();
  saved = { whatsappCloud: config.whatsappCloud, wiizoChatApiUrl: config.wiizoChatApiUrl };
  config.wiizoChatApiUrl = wiizo.url;
  config.whatsappCloud = null;
});

afterEach(async () => {
  Object.assign(getConfig(), saved);
  vi.restoreAllMocks();
  await wiizo.close();
  await cloud.close();
});

/** The card's door for a lawyer of the factories (approved). */
const messagingOf = (id: string) => openMessaging({ id, isSuperadmin: false, lawyer: { status: 'approved' } });
const input = (numero: string, token?: string) => saveMessagingSettingsSchema.parse({ numero, token });
const click = () => ({ envio: crypto.randomUUID() });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('the notification number', () => {
  test.each(['', '119876', 'abc1234567890', '(11) 9876-543a', '+55 (11) 98765-4321 ramal 2', '1234567890123456'])('%j is refused with the spec’s message', (numero) => {
    const parsed = saveMessagingSettingsSchema.safeParse({ numero });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe('Por favor, insira um número de WhatsApp válido');
  });

  test.each([
    ['(11) 98765-4321', '5511987654321'],
    ['+55 11 98765-4321', '5511987654321'],
    ['11987654321', '5511987654321'],
  ])('%j is kept as its digits with the country code, %s', (numero, digits) => {
    expect(saveMessagingSettingsSchema.parse({ numero }).numero).toBe(digits);
  });

  test('an unknown area code and a landline are refused with their own messages', () => {
    expect(saveMessagingSettingsSchema.safeParse({ numero: '(10) 98765-4321' }).error?.issues[0]?.message).toBe('DDD inválido');
    expect(saveMessagingSettingsSchema.safeParse({ numero: '1133334444' }).error?.issues[0]?.message).toBe('Informe um celular com DDD: (11) 91234-5678');
  });

  test('a token with a space or a line break cannot be saved (it goes in a header)', () => {
    expect(saveMessagingSettingsSchema.safeParse({ numero: '11987654321', token: 'abc def ghi' }).error?.issues[0]?.message).toBe('O token não pode ter espaços nem acentos');
    expect(saveMessagingSettingsSchema.safeParse({ numero: '11987654321', token: 'abcdefgh\r\nX-Evil: 1' }).success).toBe(false);
    expect(saveMessagingSettingsSchema.parse({ numero: '11987654321', token: '   ' }).token).toBeUndefined();
  });
});

describe('messaging settings', () => {
  test('saving stores the number and the token encrypted: the stored value is neither the token nor its base64, and the screen learns only “configurado”', async () => {
    const ana = await createLawyer({ plan: 'intermediario', whatsappNotificacoes: null });
    expect(await getMessagingSettings(ana.id)).toEqual({ allowed: true, notificationNumber: null, token: null, delivery: 'aguardando-token', senders: { wiizoChat: true, platform: false }, loadError: null });

    await saveMessagingSettings(await messagingOf(ana.id), input('(11) 98765-4321', TOKEN));

    const [row] = await db.select().from(lawyerApiTokens).where(eq(lawyerApiTokens.lawyerId, ana.id));
    expect(row!.tokenName).toBe('wiizochat');
    expect(row!.encryptedToken).not.toContain(TOKEN);
    for (const encoding of ['base64', 'base64url', 'hex'] as const) expect(row!.encryptedToken).not.toContain(Buffer.from(TOKEN).toString(encoding).replace(/=+$/, ''));
    expect(await readGatewayToken(ana.id)).toBe(TOKEN);

    const settings = await getMessagingSettings(ana.id);
    expect(settings).toEqual({ allowed: true, notificationNumber: '5511987654321', token: 'configurado', delivery: 'wiizochat', senders: { wiizoChat: true, platform: false }, loadError: null });
    expect(JSON.stringify(settings)).not.toContain(TOKEN);
  });

  test('saving without a token keeps the saved one; removing it leaves no token', async () => {
    const ana = await createLawyer({ plan: 'premium' });
    await saveMessagingSettings(await messagingOf(ana.id), input('11987654321', TOKEN));
    await saveMessagingSettings(await messagingOf(ana.id), input('21912345678'));
    expect(await readGatewayToken(ana.id)).toBe(TOKEN);
    expect((await getMessagingSettings(ana.id)).notificationNumber).toBe('5521912345678');

    await removeGatewayToken(await messagingOf(ana.id));
    expect(await hasGatewayToken(ana.id)).toBe(false);
    expect((await getMessagingSettings(ana.id)).token).toBeNull();
    // Removing again is no error.
    await removeGatewayToken(await messagingOf(ana.id));
  });

  test('every function touches the session lawyer’s rows only: another lawyer’s token is neither seen, used nor removed', async () => {
    const ana = await createLawyer({ plan: 'premium' });
    const bruno = await createLawyer({ plan: 'premium', whatsappNotificacoes: null });
    await saveMessagingSettings(await messagingOf(ana.id), input('11987654321', TOKEN));

    expect(await getMessagingSettings(bruno.id)).toMatchObject({ notificationNumber: null, token: null });
    await removeGatewayToken(await messagingOf(bruno.id));
    expect(await readGatewayToken(ana.id)).toBe(TOKEN);

    await saveMessagingSettings(await messagingOf(bruno.id), input('21912345678'));
    expect((await refusal(sendTestMessage(await messagingOf(bruno.id), click()))).message).toBe('Configure o token e o número para testar.');
    expect(wiizo.requests).toHaveLength(0);

    // Bruno's own token is his alone, and a copy of Ana's sealed token onto his row does not open.
    await saveMessagingSettings(await messagingOf(bruno.id), input('21912345678', 'wz-token-do-bruno-456'));
    const [anas] = await db.select().from(lawyerApiTokens).where(eq(lawyerApiTokens.lawyerId, ana.id));
    await db.update(lawyerApiTokens).set({ encryptedToken: anas!.encryptedToken }).where(eq(lawyerApiTokens.lawyerId, bruno.id));
    expect(await readGatewayToken(bruno.id)).toBeNull();
    expect((await getMessagingSettings(ana.id)).notificationNumber).toBe('5511987654321');
  });

  test('plans without WhatsApp notifications cannot save or test; they can still remove a token', async () => {
    const gratuito = await createLawyer({ plan: 'gratuito' });
    const basico = await createLawyer({ plan: 'basico', whatsappNotificacoes: null });
    for (const lawyer of [gratuito, basico]) {
      expect((await getMessagingSettings(lawyer.id)).allowed).toBe(false);
      const saving = await refusal(saveMessagingSettings(await messagingOf(lawyer.id), input('11987654321', TOKEN)));
      expect(saving).toMatchObject({ status: 403, message: 'Erro ao salvar: As notificações por WhatsApp fazem parte dos planos Intermediário e Premium.' });
      expect((await refusal(sendTestMessage(await messagingOf(lawyer.id), click()))).status).toBe(403);
    }
    expect(await hasGatewayToken(basico.id)).toBe(false);
    const [profile] = await db.select({ number: lawyerProfiles.whatsappNotificacoes }).from(lawyerProfiles).where(eq(lawyerProfiles.id, basico.id));
    expect(profile!.number).toBeNull();

    // A premium lawyer whose plan ended is treated like one without a plan.
    const ended = await createLawyer({ plan: 'premium' });
    await saveMessagingSettings(await messagingOf(ended.id), input('11987654321', TOKEN));
    await expirePlan(ended.id);
    expect((await getMessagingSettings(ended.id)).allowed).toBe(false);
    await removeGatewayToken(await messagingOf(ended.id));
    expect(await hasGatewayToken(ended.id)).toBe(false);
  });

  test('a failure while saving is said with the spec’s prefix; the cause stays in the log', async () => {
    const ana = await createLawyer({ plan: 'premium' });
    vi.spyOn(db, 'transaction').mockRejectedValueOnce(new Error('conexão perdida'));
    const error = await refusal(saveMessagingSettings(await messagingOf(ana.id), input('11987654321', TOKEN)));
    expect(error).toMatchObject({ status: 500, message: 'Erro ao salvar: não foi possível guardar as configurações com segurança. Tente novamente.' });
    expect(await hasGatewayToken(ana.id)).toBe(false);
  });

  test('a failing read shows the spec’s loading message instead of wrong values', async () => {
    const ana = await createLawyer({ plan: 'premium' });
    const select = db.select.bind(db);
    // The notification number is the second read.
    let calls = 0;
    vi.spyOn(db, 'select').mockImplementation(((...args: Parameters<typeof db.select>) => {
      calls += 1;
      if (calls === 2) throw new Error('conexão perdida');
      return select(...args);
    }) as typeof db.select);
    expect(await getMessagingSettings(ana.id)).toMatchObject({ notificationNumber: null, loadError: 'Erro ao buscar dados de notificações' });
  });
});

describe('the test send', () => {
  test('goes to the notification number through the lawyer’s token and says so only once the gateway accepted it', async () => {
    const ana = await createLawyer({ plan: 'intermediario' });
    await saveMessagingSettings(await messagingOf(ana.id), input('(11) 98765-4321', TOKEN));

    expect(await sendTestMessage(await messagingOf(ana.id), click())).toEqual({ message: 'Mensagem de teste enviada com sucesso!' });
    expect(wiizo.requests).toHaveLength(1);
    expect(wiizo.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(wiizo.requests[0]!.body).toEqual({
      to: '+5511987654321',
      type: 'text',
      text: { body: 'Mensagem de teste do JusConecta: as notificações de novos leads e de movimentações de processos chegarão a este número.' },
    });
    const [row] = await db.select().from(outbox).where(eq(outbox.channel, 'whatsapp'));
    expect(row).toMatchObject({ status: 'sent', providerMessageId: wiizo.acceptedIds[0], metadata: { kind: 'teste', lawyerId: ana.id } });
  });

  test('the same click twice sends once', async () => {
    const ana = await createLawyer({ plan: 'premium' });
    await saveMessagingSettings(await messagingOf(ana.id), input('11987654321', TOKEN));
    const same = click();
    await sendTestMessage(await messagingOf(ana.id), same);
    expect(await sendTestMessage(await messagingOf(ana.id), same)).toEqual({ message: 'Mensagem de teste enviada com sucesso!' });
    expect(wiizo.requests).toHaveLength(1);
  });

  test('a gateway refusal is shown with the spec’s prefix and the gateway’s reason, and is not retried later', async () => {
    const ana = await createLawyer({ plan: 'premium' });
    await saveMessagingSettings(await messagingOf(ana.id), input('11987654321', TOKEN));
    wiizo.next('disconnected');
    const error = await refusal(sendTestMessage(await messagingOf(ana.id), click()));
    expect(error).toMatchObject({
      status: 502,
      message: 'Erro ao enviar mensagem de teste: Falha temporária no WiizoChat (HTTP 503, INSTANCE_DISCONNECTED): Instância do WhatsApp desconectada',
    });
    const [row] = await db.select().from(outbox).where(eq(outbox.channel, 'whatsapp'));
    expect(row!.status).toBe('failed');
  });

  test('needs the number and the token, unless the platform’s Cloud API sends for everyone', async () => {
    const ana = await createLawyer({ plan: 'premium', whatsappNotificacoes: null });
    expect((await refusal(sendTestMessage(await messagingOf(ana.id), click()))).message).toBe('Configure o token e o número para testar.');
    await saveMessagingSettings(await messagingOf(ana.id), input('11987654321'));
    expect((await refusal(sendTestMessage(await messagingOf(ana.id), click()))).message).toBe('Configure o token e o número para testar.');

    getConfig().whatsappCloud = { apiUrl: cloud.url, ...CLOUD, templates: {} };
    expect((await getMessagingSettings(ana.id)).delivery).toBe('cloud-api');
    expect(await sendTestMessage(await messagingOf(ana.id), click())).toEqual({ message: 'Mensagem de teste enviada com sucesso!' });
    expect(cloud.requests[0]!.body).toMatchObject({ to: '5511987654321', type: 'text', text: { body: expect.stringContaining('Mensagem de teste do JusConecta') } });
  });

  test('at most five test sends in ten minutes', async () => {
    const ana = await createLawyer({ plan: 'premium' });
    await saveMessagingSettings(await messagingOf(ana.id), input('11987654321', TOKEN));
    for (let i = 0; i < 5; i++) await sendTestMessage(await messagingOf(ana.id), click());
    const error = await refusal(sendTestMessage(await messagingOf(ana.id), click()));
    expect(error).toMatchObject({ status: 429, message: 'Muitas tentativas. Aguarde 10 minutos e tente novamente.' });
    expect(error.retryAfter).toBeGreaterThan(500);
    expect(wiizo.requests).toHaveLength(5);
  });

  test('without any WhatsApp sender on the server a saved token cannot be tested', async () => {
    const ana = await createLawyer({ plan: 'premium' });
    await saveMessagingSettings(await messagingOf(ana.id), input('11987654321', TOKEN));
    getConfig().wiizoChatApiUrl = undefined;
    expect((await getMessagingSettings(ana.id)).delivery).toBe('indisponivel');
    expect(await refusal(sendTestMessage(await messagingOf(ana.id), click()))).toMatchObject({ status: 503, message: 'Erro ao enviar mensagem de teste: o envio por WhatsApp ainda não está ativo na plataforma.' });
  });
});
