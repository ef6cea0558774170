import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { getConfig } from '~/config.server';
import { db } from '~/db/client.server';
import { outbox } from '~/db/schema/messaging';
import { backgroundLog } from '~/lib/log.server';
import { startSmtpStandIn, type SmtpStandIn } from '../../../tests/support/smtp-stand-in';
import type { EmailSender } from './email';
import {
  deliverOutboxMessage,
  enqueueEmail,
  markInterruptedEmailSendsUncertain,
  findEmailsToDispatch,
  findOutboxMessages,
  INTERRUPTED_SEND_ERROR,
} from './outbox.server';
import { createSmtpSender } from './smtp.server';
import { emailConfirmationMessage, lawyerApprovedMessage, passwordResetMessage } from './templates.server';

const closers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  vi.restoreAllMocks();
});

async function smtp(options?: Parameters<typeof startSmtpStandIn>[0]): Promise<{ server: SmtpStandIn; sender: EmailSender }> {
  const server = await startSmtpStandIn(options);
  const sender = createSmtpSender({ url: server.url, from: getConfig().mailFrom });
  closers.push(() => server.close(), () => sender.close?.());
  return { server, sender };
}

async function rowOf(id: string) {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row!;
}

const confirmation = () => emailConfirmationMessage({ name: 'Ana Souza', url: 'http://localhost:3000/api/auth/verify-email?token=abc' });

describe('the e-mail outbox', () => {
  test('an enqueued e-mail is a queued row with its HTML and text, committed with the transaction', async () => {
    const { id } = await db.transaction((tx) => enqueueEmail(tx, { to: 'ana@exemplo.com.br', ...confirmation() }));
    const row = await rowOf(id);
    expect(row).toMatchObject({
      channel: 'email',
      recipient: 'ana@exemplo.com.br',
      subject: 'Confirme seu e-mail no JusConecta',
      status: 'queued',
      attempts: 0,
      lastError: null,
      providerMessageId: null,
      sentAt: null,
      metadata: { template: 'confirmacao-email' },
    });
    expect(row.body).toContain('Confirmar e-mail: http://localhost:3000/api/auth/verify-email?token=abc');
    expect(row.htmlBody).toContain('<html lang="pt-BR">');
  });

  test('an e-mail written in a rolled-back transaction does not exist, so it is never sent', async () => {
    const { server } = await smtp();
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx, { to: 'ana@exemplo.com.br', ...confirmation() });
        throw new Error('o cadastro falhou');
      }),
    ).rejects.toThrow('o cadastro falhou');
    expect(await findOutboxMessages()).toEqual([]);
    expect(await findEmailsToDispatch()).toEqual([]);
    expect(server.received).toHaveLength(0);
  });

  test('without SMTP the confirmation link is logged at info level, so a newcomer can finish a registration', async () => {
    expect(getConfig().smtpUrl).toBeUndefined();
    const info = vi.spyOn(backgroundLog(), 'info').mockImplementation(() => undefined);
    await enqueueEmail(db, { to: 'ana@exemplo.com.br', ...confirmation() });
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ to: 'ana@exemplo.com.br', link: 'http://localhost:3000/api/auth/verify-email?token=abc' }),
      expect.stringContaining('SMTP_URL não definido'),
    );
  });

  test('a recipient that is not an e-mail address is a programming error, refused before any write', async () => {
    await expect(enqueueEmail(db, { to: 'ana@exemplo.com.br\r\nBcc: x@y.z', ...confirmation() })).rejects.toThrow(/invalid recipient/);
    expect(await findOutboxMessages()).toEqual([]);
  });

  test('delivery sends the row once and records the provider’s message id', async () => {
    const { server, sender } = await smtp();
    const { id } = await enqueueEmail(db, { to: 'ana@exemplo.com.br', ...passwordResetMessage({ name: 'Ana', url: 'http://localhost:3000/recuperar-senha?token=xyz' }) });

    const result = await deliverOutboxMessage(id, { sender });
    expect(result.outcome).toBe('sent');
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.providerMessageId).toBe(server.received[0]!.headers['message-id']);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(server.received).toHaveLength(1);
    expect(server.received[0]!.text).toBe(row.body);
    expect(server.received[0]!.subject).toBe('Redefinição de senha no JusConecta');

    // A retried job, or the same job run again, finds nothing to send.
    expect(await deliverOutboxMessage(id, { sender })).toEqual({ outcome: 'skipped' });
    expect(server.received).toHaveLength(1);
  });

  test('two deliveries of one row at the same time send one e-mail', async () => {
    const { server, sender } = await smtp();
    const { id } = await enqueueEmail(db, { to: 'ana@exemplo.com.br', ...lawyerApprovedMessage({ name: 'Ana' }) });
    const results = await Promise.all([deliverOutboxMessage(id, { sender }), deliverOutboxMessage(id, { sender }), deliverOutboxMessage(id, { sender })]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['sent', 'skipped', 'skipped']);
    expect(server.received).toHaveLength(1);
    expect((await rowOf(id)).attempts).toBe(1);
  });

  test('a permanent refusal (550) marks the row failed with the server’s reply, and it is not tried again', async () => {
    const { server, sender } = await smtp({ refuseRecipient: () => ({ code: 550, message: '5.1.1 Caixa postal inexistente' }) });
    const { id } = await enqueueEmail(db, { to: 'ninguem@exemplo.com.br', ...confirmation() });

    const result = await deliverOutboxMessage(id, { sender });
    expect(result).toEqual({ outcome: 'failed', error: expect.stringContaining('550 5.1.1 Caixa postal inexistente') });
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('O servidor SMTP recusou a mensagem') });

    expect(await deliverOutboxMessage(id, { sender })).toEqual({ outcome: 'skipped' });
    expect(server.recipientAttempts).toBe(1);
    expect(await findEmailsToDispatch()).toEqual([]);
  });

  test('a temporary refusal (451) queues the row again with the error; the next attempt sends it', async () => {
    let refuse = true;
    const { server, sender } = await smtp({ refuseRecipient: () => (refuse ? { code: 451, message: '4.7.1 Muitas conexões, tente mais tarde' } : undefined) });
    const { id } = await enqueueEmail(db, { to: 'ana@exemplo.com.br', ...confirmation() });

    expect(await deliverOutboxMessage(id, { sender })).toEqual({ outcome: 'retry', error: expect.stringContaining('451') });
    expect(await rowOf(id)).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringContaining('Falha temporária') });

    refuse = false;
    expect((await deliverOutboxMessage(id, { sender })).outcome).toBe('sent');
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(server.received).toHaveLength(1);
  });

  test('a temporary refusal on the last attempt gives up: failed, saying how many attempts were made', async () => {
    const { sender } = await smtp({ refuseRecipient: () => ({ code: 421, message: '4.3.2 Serviço indisponível' }) });
    const { id } = await enqueueEmail(db, { to: 'ana@exemplo.com.br', ...confirmation() });
    await deliverOutboxMessage(id, { sender });
    const result = await deliverOutboxMessage(id, { sender, finalAttempt: true });
    expect(result).toEqual({ outcome: 'failed', error: expect.stringContaining('sem sucesso após 2 tentativas') });
    expect((await rowOf(id)).status).toBe('failed');
  });

  test('a sender that throws something unexpected counts as a retryable failure', async () => {
    const { id } = await enqueueEmail(db, { to: 'ana@exemplo.com.br', ...confirmation() });
    const broken: EmailSender = { send: () => Promise.reject(new TypeError('boom')) };
    expect(await deliverOutboxMessage(id, { sender: broken })).toEqual({ outcome: 'retry', error: 'Falha no envio: boom' });
  });

  test('a send interrupted by a crash is marked incerto after a while, never sent again', async () => {
    const { server, sender } = await smtp();
    const { id } = await enqueueEmail(db, { to: 'ana@exemplo.com.br', ...confirmation() });
    // The process died after claiming the row: it stays 'sending'.
    await db.update(outbox).set({ status: 'sending', attempts: 1, updatedAt: sql`now() - interval '1 minute'` }).where(eq(outbox.id, id));
    expect(await markInterruptedEmailSendsUncertain()).toBe(0);

    await db.update(outbox).set({ updatedAt: sql`now() - interval '6 minutes'` }).where(eq(outbox.id, id));
    expect(await markInterruptedEmailSendsUncertain()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'incerto', lastError: INTERRUPTED_SEND_ERROR });
    expect(await deliverOutboxMessage(id, { sender })).toEqual({ outcome: 'skipped' });
    expect(server.received).toHaveLength(0);
  });

  test('the dispatcher picks queued e-mails once, again after ten minutes, and never stale or WhatsApp ones', async () => {
    const fresh = await enqueueEmail(db, { to: 'ana@exemplo.com.br', ...confirmation() });
    const handedOver = await enqueueEmail(db, { to: 'bruno@exemplo.com.br', ...confirmation() });
    const lost = await enqueueEmail(db, { to: 'carla@exemplo.com.br', ...confirmation() });
    const stale = await enqueueEmail(db, { to: 'davi@exemplo.com.br', ...confirmation() });
    await db.update(outbox).set({ dispatchedAt: sql`now()` }).where(eq(outbox.id, handedOver.id));
    await db.update(outbox).set({ dispatchedAt: sql`now() - interval '11 minutes'` }).where(eq(outbox.id, lost.id));
    await db.update(outbox).set({ createdAt: sql`now() - interval '2 days'` }).where(eq(outbox.id, stale.id));
    await db.insert(outbox).values({ channel: 'whatsapp', recipient: '5511999999999', body: 'Novo lead' });

    expect((await findEmailsToDispatch()).sort()).toEqual([fresh.id, lost.id].sort());
  });
});
