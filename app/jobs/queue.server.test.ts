import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { getConfig } from '~/config.server';
import { db } from '~/db/client.server';
import { outbox } from '~/db/schema/messaging';
import type { EmailSender } from '~/integrations/email/email';
import { enqueueEmail } from '~/integrations/email/outbox.server';
import { createSmtpSender, type SmtpTimeouts } from '~/integrations/email/smtp.server';
import { emailConfirmationMessage } from '~/integrations/email/templates.server';
import { startSilentServer, startSmtpStandIn, type SmtpStandInOptions } from '../../tests/support/smtp-stand-in';
import { dispatchQueuedEmails, EMAIL_DELIVERY_JOB, emailDeliveryJob, startEmailDispatcher, type EmailDispatcher } from './email-delivery.server';
import { runningJobQueue, startJobQueue, stopJobQueue, type JobQueue } from './queue.server';

// The pg-boss wiring, on the test database of this worker: PGlite through executeSql, or PostgreSQL
// through the queue's own pool when TEST_DATABASE_URL is set.

const closers: Array<() => Promise<void> | void> = [];
let dispatcher: EmailDispatcher | undefined;

afterEach(async () => {
  await dispatcher?.stop();
  dispatcher = undefined;
  await runningJobQueue()?.boss.clearStorage();
  await stopJobQueue();
  for (const close of closers.splice(0).reverse()) await close();
});

/** Fast retries for tests: one second apart, no backoff. */
const TEST_QUEUE = { retryLimit: 3, retryDelay: 1, retryBackoff: false, expireInSeconds: 30 };

async function startQueueWith(sender: EmailSender, queue = TEST_QUEUE, { dispatch = true } = {}): Promise<JobQueue> {
  const started = await startJobQueue({ jobs: [emailDeliveryJob(sender, { queue })], pollingIntervalSeconds: 0.5 });
  if (dispatch) dispatcher = startEmailDispatcher(started, { intervalMs: 100 });
  return started;
}

async function smtpStandIn(options?: SmtpStandInOptions, timeouts?: Partial<SmtpTimeouts>) {
  const server = await startSmtpStandIn(options);
  const sender = createSmtpSender({ url: server.url, from: getConfig().mailFrom, timeouts });
  closers.push(() => server.close(), () => sender.close?.());
  return { server, sender };
}

async function rowOf(id: string) {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row!;
}

function enqueueConfirmation(to = 'ana@exemplo.com.br') {
  return db.transaction((tx) => enqueueEmail(tx, { to, ...emailConfirmationMessage({ name: 'Ana', url: 'http://localhost:3000/confirmar?token=1' }) }));
}

async function until(id: string, status: string, timeout = 10_000) {
  await vi.waitFor(async () => expect((await rowOf(id)).status).toBe(status), { timeout, interval: 50 });
  return rowOf(id);
}

describe('the job queue (pg-boss)', () => {
  test('delivers an e-mail once its transaction commits', async () => {
    const { server, sender } = await smtpStandIn();
    await startQueueWith(sender);
    const { id } = await enqueueConfirmation();

    const row = await until(id, 'sent');
    expect(row.attempts).toBe(1);
    expect(row.dispatchedAt).toBeInstanceOf(Date);
    expect(server.received).toHaveLength(1);
    expect(server.received[0]!.envelopeTo).toEqual(['ana@exemplo.com.br']);
  });

  test('retries a temporary refusal (451) until the server accepts', async () => {
    let refusals = 0;
    const { server, sender } = await smtpStandIn({ refuseRecipient: () => (refusals++ < 1 ? { code: 451, message: '4.3.0 Tente mais tarde' } : undefined) });
    await startQueueWith(sender);
    const { id } = await enqueueConfirmation();

    const row = await until(id, 'sent');
    expect(row.attempts).toBe(2);
    expect(server.recipientAttempts).toBe(2);
    expect(server.received).toHaveLength(1);
  });

  test('does not retry a permanent refusal (550)', async () => {
    const { server, sender } = await smtpStandIn({ refuseRecipient: () => ({ code: 550, message: '5.1.1 Caixa postal inexistente' }) });
    const queue = await startQueueWith(sender);
    const { id } = await enqueueConfirmation('ninguem@exemplo.com.br');

    const row = await until(id, 'failed');
    expect(row.lastError).toContain('550 5.1.1 Caixa postal inexistente');
    // The handler marks the row before pg-boss records the job's end: wait for that, never a retry.
    await expect.poll(async () => (await queue.boss.getJobById(EMAIL_DELIVERY_JOB, id))?.state, { timeout: 5_000 }).toBe('completed');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(server.recipientAttempts).toBe(1);
  });

  test('gives up after the last retry and marks the e-mail failed', async () => {
    const { server, sender } = await smtpStandIn({ refuseRecipient: () => ({ code: 421, message: '4.3.2 Serviço indisponível' }) });
    await startQueueWith(sender, { ...TEST_QUEUE, retryLimit: 1 });
    const { id } = await enqueueConfirmation();

    const row = await until(id, 'failed');
    expect(row.attempts).toBe(2);
    expect(row.lastError).toContain('sem sucesso após 2 tentativas');
    expect(server.recipientAttempts).toBe(2);
  });

  test('a hung mail server times the attempt out and queues it for a retry; a request that enqueues does not wait for it', async () => {
    const silent = await startSilentServer();
    const sender = createSmtpSender({ url: silent.url, from: getConfig().mailFrom, timeouts: { connectionMs: 2_000, greetingMs: 1_000, socketMs: 2_000, sendMs: 1_500 } });
    closers.push(() => silent.close(), () => sender.close?.());
    await startQueueWith(sender, { ...TEST_QUEUE, retryDelay: 60 });
    const first = await enqueueConfirmation();
    await until(first.id, 'sending');

    // While the worker waits on the silent server, another transaction enqueues an e-mail at once.
    const started = Date.now();
    const second = await enqueueConfirmation('bruno@exemplo.com.br');
    expect(Date.now() - started).toBeLessThan(500);
    expect((await rowOf(second.id)).status).not.toBe('sent');

    const row = await until(first.id, 'queued', 5_000);
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('Tempo esgotado');
  });

  test('one e-mail however many times it is dispatched or jobs run for it', async () => {
    const { server, sender } = await smtpStandIn({ acceptAfterMs: 300 });
    const queue = await startQueueWith(sender, TEST_QUEUE, { dispatch: false });
    const { id } = await enqueueConfirmation();

    // Two processes dispatch at once: the job id is the row id, so there is one job…
    const dispatched = await Promise.all([dispatchQueuedEmails(queue), dispatchQueuedEmails(queue)]);
    expect(dispatched.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await dispatchQueuedEmails(queue)).toBe(0);
    // …and a stray second job for the same row (another id) finds it claimed or sent.
    await queue.boss.send(EMAIL_DELIVERY_JOB, { outboxId: id });
    queue.wake(EMAIL_DELIVERY_JOB);

    await until(id, 'sent');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(server.received).toHaveLength(1);
    expect((await rowOf(id)).attempts).toBe(1);
  });

  test('an e-mail rolled back with its transaction is never dispatched nor sent', async () => {
    const { server, sender } = await smtpStandIn();
    await startQueueWith(sender);
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx, { to: 'ana@exemplo.com.br', ...emailConfirmationMessage({ name: 'Ana', url: 'http://localhost:3000/x' }) });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const committed = await enqueueConfirmation('bruno@exemplo.com.br');
    await until(committed.id, 'sent');
    expect(server.received.map((m) => m.envelopeTo)).toEqual([['bruno@exemplo.com.br']]);
  });

  test('stopping waits for the delivery in progress, which ends sent', async () => {
    const { server, sender } = await smtpStandIn({ acceptAfterMs: 800 });
    await startQueueWith(sender);
    const { id } = await enqueueConfirmation();
    await until(id, 'sending');

    await dispatcher!.stop();
    dispatcher = undefined;
    await stopJobQueue();
    expect(runningJobQueue()).toBeUndefined();
    expect((await rowOf(id)).status).toBe('sent');
    expect(server.received).toHaveLength(1);
  });

  test('without a running queue nothing is delivered: tests deliver synchronously instead', async () => {
    expect(runningJobQueue()).toBeUndefined();
    const { id } = await enqueueConfirmation();
    await new Promise((r) => setTimeout(r, 300));
    expect((await rowOf(id)).status).toBe('queued');
  });
});
