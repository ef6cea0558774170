import { afterEach, describe, expect, test } from 'vitest';
import { startSilentServer, startSmtpStandIn, type SmtpStandIn } from '../../../tests/support/smtp-stand-in';
import { EmailDeliveryError } from './email';
import { createSmtpSender } from './smtp.server';

const message = {
  to: 'ana.souza@exemplo.com.br',
  subject: 'Confirmação de cadastro — ação necessária',
  html: '<p>Olá, <strong>Ana</strong>! Clique em <a href="https://jusconecta.example/confirmar?t=1&amp;u=2">confirmar</a>.</p>',
  text: 'Olá, Ana! Confirme em https://jusconecta.example/confirmar?t=1&u=2',
};

const closers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function standIn(options?: Parameters<typeof startSmtpStandIn>[0]): Promise<SmtpStandIn> {
  const server = await startSmtpStandIn(options);
  closers.push(() => server.close());
  return server;
}

function sender(url: string, timeouts?: Parameters<typeof createSmtpSender>[0]['timeouts']) {
  const smtp = createSmtpSender({ url, from: '"JusConecta" <nao-responda@jusconecta.example>', timeouts });
  closers.push(() => smtp.close?.());
  return smtp;
}

async function failureOf(promise: Promise<unknown>): Promise<EmailDeliveryError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EmailDeliveryError);
  return error as EmailDeliveryError;
}

describe('the SMTP adapter', () => {
  test('delivers the message with its from, to, subject, HTML and text, and returns its Message-ID', async () => {
    const server = await standIn();
    const { providerMessageId } = await sender(server.url).send(message);

    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail!.envelopeFrom).toBe('nao-responda@jusconecta.example');
    expect(mail!.envelopeTo).toEqual(['ana.souza@exemplo.com.br']);
    expect(mail!.headers.from).toBe('JusConecta <nao-responda@jusconecta.example>');
    expect(mail!.headers.to).toBe('ana.souza@exemplo.com.br');
    expect(mail!.subject).toBe(message.subject);
    expect(mail!.html).toBe(message.html);
    expect(mail!.text).toBe(message.text);
    expect(mail!.headers['message-id']).toBe(providerMessageId);
  });

  test('logs in with the user and password of SMTP_URL, percent-decoded', async () => {
    const server = await standIn({ login: { user: 'envio@jusconecta.example', pass: 'p@ss:w/rd%' } });
    await sender(`smtp://${encodeURIComponent('envio@jusconecta.example')}:${encodeURIComponent('p@ss:w/rd%')}@127.0.0.1:${server.port}`).send(message);
    expect(server.received).toHaveLength(1);

    const refused = await failureOf(sender(`smtp://envio:errada@127.0.0.1:${server.port}`).send(message));
    // A refused login is the configuration's fault, not the message's: retried once it is fixed.
    expect(refused.permanent).toBe(false);
    expect(refused.message).toContain('535');
  });

  test('a permanent refusal (550) is a permanent error carrying the server’s reply', async () => {
    const server = await standIn({ refuseRecipient: () => ({ code: 550, message: '5.1.1 Caixa postal inexistente' }) });
    const error = await failureOf(sender(server.url).send(message));
    expect(error.permanent).toBe(true);
    expect(error.message).toContain('550');
    expect(error.message).toContain('5.1.1 Caixa postal inexistente');
    expect(server.received).toHaveLength(0);
  });

  test('a temporary refusal (451) is retryable', async () => {
    const server = await standIn({ refuseRecipient: () => ({ code: 451, message: '4.3.0 Tente mais tarde' }) });
    const error = await failureOf(sender(server.url).send(message));
    expect(error.permanent).toBe(false);
    expect(error.message).toContain('451');
  });

  test('a server that never answers fails within the timeouts, retryable', async () => {
    const silent = await startSilentServer();
    closers.push(() => silent.close());
    const started = Date.now();
    const error = await failureOf(sender(silent.url, { connectionMs: 500, greetingMs: 300, socketMs: 500, sendMs: 2_000 }).send(message));
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(error.permanent).toBe(false);
    expect(error.message).toMatch(/Tempo esgotado/);
    // No greeting: the session never began, nothing was sent.
    expect(error.uncertain).toBe(false);
    expect(silent.connections()).toBe(1);
  });

  test('the whole send has a deadline, even when each step answers just in time', async () => {
    const silent = await startSilentServer();
    closers.push(() => silent.close());
    const started = Date.now();
    const error = await failureOf(sender(silent.url, { connectionMs: 5_000, greetingMs: 5_000, socketMs: 5_000, sendMs: 400 }).send(message));
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(error.permanent).toBe(false);
    expect(error.message).toContain('Tempo esgotado: o servidor SMTP não concluiu o envio');
    // nodemailer does not say how far the session got: a send cut by its deadline may have been taken.
    expect(error.uncertain).toBe(true);
  });

  test('a server that is not there is a retryable connection error', async () => {
    const silent = await startSilentServer();
    const url = silent.url;
    await silent.close();
    const error = await failureOf(sender(url).send(message));
    expect(error.permanent).toBe(false);
    expect(error.message).toContain('Falha ao conectar ao servidor SMTP');
    expect(error.uncertain).toBe(false);
  });
});
