import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { getConfig } from '~/config.server';
import { db } from '~/db/client.server';
import { auditLog } from '~/db/schema/admin';
import { outbox } from '~/db/schema/messaging';
import { enqueueEmail } from '~/integrations/email/outbox.server';
import { requeueOutboxMessage } from '~/integrations/outbox/outbox-delivery.server';
import { createSmtpSender } from '~/integrations/email/smtp.server';
import { passwordResetMessage } from '~/integrations/email/templates.server';
import { enqueueWhatsAppMessages } from '~/integrations/whatsapp/outbox.server';
import { createConfiguredWhatsAppSenders } from '~/integrations/whatsapp/whatsapp-sender.server';
import { emailDeliveryJob } from '~/jobs/email-delivery.server';
import { runningJobQueue, startJobQueue, stopJobQueue } from '~/jobs/queue.server';
import { whatsAppDeliveryJob } from '~/jobs/whatsapp-delivery.server';
import { flashToastCookie } from '~/lib/flash-toast.server';
import { signInWithPassword } from '~/modules/accounts/login.server';
import { findAuditEntries } from '~/modules/admin/audit-log.server';
import { ADMIN_MESSAGES_PAGE_SIZE, adminMessagesQueryFrom, findAdminMessages, MESSAGE_RESENT_AUDIT_ACTION } from '~/modules/admin/messages.server';
import { ADMIN_MESSAGE_TEXTS, MESSAGE_COUNT_CAP } from '~/modules/admin/messages.schemas';
import { readGatewayToken } from '~/modules/messaging/gateway-tokens.server';
import { action, loader } from '~/routes/admin/messages';
import { createLawyer } from '../factories/lawyers';
import { getArgs, postArgs, signedInSuperadmin, SUPERADMIN_PASSWORD } from '../factories/superadmin';
import { startSmtpStandIn } from '../support/smtp-stand-in';
import { startCloudApiStandIn } from '../support/whatsapp-stand-ins';

// /admin/mensagens against a real database and the real job queue (docs/decisions/0011;
// docs/product-rules.md, "Back office"). Who may reach it is tests/integration/admin-access.test.ts.

const closers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  await runningJobQueue()?.boss.clearStorage();
  await stopJobQueue();
  for (const close of closers.splice(0).reverse()) await close();
});

type NewRow = typeof outbox.$inferInsert;
let seq = 0;
/** An outbox row written directly, as delivery would have left it. */
async function message(values: Partial<NewRow> = {}) {
  seq += 1;
  const [row] = await db
    .insert(outbox)
    .values({ channel: 'email', recipient: `pessoa${seq}@exemplo.com.br`, subject: `Assunto ${seq}`, body: 'corpo', ...values })
    .returning();
  return row!;
}

const failed = (values: Partial<NewRow> = {}) =>
  message({ status: 'failed', attempts: 9, lastError: 'SMTP 451: tente mais tarde (sem sucesso após 9 tentativas)', createdAt: new Date(Date.now() - 3 * 86_400_000), ...values });

async function rowOf(id: string) {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row!;
}

const query = (search: string) => adminMessagesQueryFrom(new URLSearchParams(search));

const PASSWORD = SUPERADMIN_PASSWORD;


/** What the action answered: a redirect with its toast, or a status with its message. */
async function submit(args: never): Promise<{ status: number; location?: string | null; message?: string; setCookie?: string }> {
  try {
    const answer = (await action(args)) as unknown as { data: { message: string }; init: ResponseInit | null };
    return { status: answer.init?.status ?? 200, message: answer.data.message };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get('Location'), setCookie: thrown.headers.get('Set-Cookie') ?? '' };
  }
}
const toastOf = (text: string) => flashToastCookie(text).split(';')[0]!;
const resend = (cookie: string, id: string, url = '/admin/mensagens') => submit(postArgs(cookie, url, { intent: 'reenviar', messageId: id }));

/** The e-mail queue with a worker, delivering to a local SMTP server; no dispatcher (only a resend hands jobs over). */
async function emailDelivery() {
  const server = await startSmtpStandIn();
  const sender = createSmtpSender({ url: server.url, from: getConfig().mailFrom });
  closers.push(() => server.close(), () => sender.close?.());
  await startJobQueue({ jobs: [emailDeliveryJob(sender, { queue: { retryLimit: 2, retryDelay: 1, retryBackoff: false, expireInSeconds: 30 } })], pollingIntervalSeconds: 0.5 });
  return server;
}

async function until(id: string, status: string) {
  await vi.waitFor(async () => expect((await rowOf(id)).status).toBe(status), { timeout: 10_000, interval: 50 });
  return rowOf(id);
}

describe('the list', () => {
  test('newest first, dd/MM/aaaa HH:mm in São Paulo, filtered by status and channel, nonsense ignored', async () => {
    const { cookie } = await signedInSuperadmin();
    // 01:30 UTC on 10 March is 22:30 on 9 March in São Paulo.
    const old = await message({ createdAt: new Date('2026-03-10T01:30:00Z'), status: 'sent', attempts: 1, providerMessageId: '<abc@smtp.exemplo>' });
    const wa = await message({ channel: 'whatsapp', recipient: '5511987654321', subject: null, body: 'Olá! Novo lead', createdAt: new Date('2026-03-11T12:00:00Z'), status: 'failed', attempts: 2, lastError: 'Token recusado' });
    const newest = await message({ createdAt: new Date('2026-03-12T12:00:00Z') });

    const page = await loader(getArgs(cookie, '/admin/mensagens'));
    expect(page.rows.map((r) => r.id)).toEqual([newest.id, wa.id, old.id]);
    expect(page).toMatchObject({ total: 3, totalCapped: false, nextCursor: null });
    expect(page.rows[2]).toMatchObject({ createdAt: '09/03/2026 22:30', channel: 'email', status: 'sent', attempts: 1, providerMessageId: '<abc@smtp.exemplo>', lastError: null });
    expect(page.rows[1]).toMatchObject({ channel: 'whatsapp', recipient: '5511987654321', summary: 'Olá! Novo lead', status: 'failed', attempts: 2, lastError: 'Token recusado' });

    expect((await findAdminMessages(query('status=failed'))).rows.map((r) => r.id)).toEqual([wa.id]);
    expect((await findAdminMessages(query('canal=email'))).rows.map((r) => r.id)).toEqual([newest.id, old.id]);
    expect((await findAdminMessages(query('canal=email&status=sent'))).rows.map((r) => r.id)).toEqual([old.id]);
    expect(await findAdminMessages(query('canal=whatsapp&status=sent'))).toMatchObject({ rows: [], total: 0 });
    // Nonsense in the query string is the whole list, never an error.
    for (const search of ['status=enviada', 'canal=sms', 'status[]=x', 'antes=ontem', 'antes=2026-03-11T12:00:00.000000Z_nao-e-uuid', `antes=${'9'.repeat(300)}`]) {
      const ignored = await loader(getArgs(cookie, `/admin/mensagens?${search}`));
      expect(ignored, search).toMatchObject({ total: 3, query: { status: undefined, canal: undefined, antes: undefined } });
      expect(ignored.rows, search).toHaveLength(3);
    }
  });

  test('pages by keyset, however many rows share a timestamp: every row once, in order', async () => {
    const same = new Date('2026-03-10T12:00:00.123456Z');
    const count = ADMIN_MESSAGES_PAGE_SIZE * 2 + 7;
    await db.insert(outbox).values(
      Array.from({ length: count }, (_, i) => ({ channel: 'email' as const, recipient: `p${i}@exemplo.com.br`, subject: `S${i}`, body: 'x', createdAt: i % 3 === 0 ? same : new Date(same.getTime() - i * 1000) })),
    );
    await message({ channel: 'whatsapp', body: 'fora do filtro', createdAt: same });
    const expected = (await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.channel, 'email')).orderBy(sql`${outbox.createdAt} desc, ${outbox.id} desc`)).map((r) => r.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await findAdminMessages(query(`canal=email${cursor ? `&antes=${encodeURIComponent(cursor)}` : ''}`));
      expect(page.total).toBe(count);
      seen.push(...page.rows.map((r) => r.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);
  });

  test('counts up to 10.000 and says so beyond', async () => {
    await db.execute(sql`insert into outbox (channel, recipient, subject, body, status) select 'email', 'massa' || g || '@exemplo.com.br', 'Em massa', 'x', 'sent' from generate_series(1, ${MESSAGE_COUNT_CAP + 5}) g`);
    await message({ status: 'failed' });
    expect(await findAdminMessages(query(''))).toMatchObject({ total: MESSAGE_COUNT_CAP, totalCapped: true });
    expect(await findAdminMessages(query('status=failed'))).toMatchObject({ total: 1, totalCapped: false });
    expect((await findAdminMessages(query(''))).rows).toHaveLength(ADMIN_MESSAGES_PAGE_SIZE);
  });

  test('no secret reaches the page: an e-mail shows its subject, never its body; links in a WhatsApp text are hidden', async () => {
    const { cookie } = await signedInSuperadmin();
    const token = 'tok_9f8e7d6c5b4a3210fedcba';
    await db.transaction((tx) => enqueueEmail(tx, { to: 'ana@exemplo.com.br', ...passwordResetMessage({ name: 'Ana', url: `http://localhost:3000/redefinir-senha?token=${token}` }) }));
    await message({ channel: 'whatsapp', recipient: '5511987654321', subject: null, body: `Veja: https://jusconecta.com.br/remover/${token} e www.exemplo.com/${token}` });
    const page = await loader(getArgs(cookie, '/admin/mensagens'));
    expect(JSON.stringify(page)).not.toContain(token);
    expect(page.rows.map((r) => r.summary)).toEqual(['Veja: [link oculto] e [link oculto]', expect.stringMatching(/^Redefinição de senha no /)]);
  });
});

describe('Reenviar', () => {
  test('a failed e-mail older than a day goes back to the queue once, is delivered by its job, and the audit says who', async () => {
    const admin = await signedInSuperadmin();
    const other = await signedInSuperadmin('carla@exemplo.com.br');
    const server = await emailDelivery();
    const row = await failed({ recipient: 'ana@exemplo.com.br', subject: 'Seu perfil foi aprovado' });

    // Two superadmins (or a double click) at once: one requeues it, the other is refused.
    const outcomes = await Promise.all([resend(admin.cookie, row.id, '/admin/mensagens?status=failed&canal=email'), resend(other.cookie, row.id)]);
    const ok = outcomes.filter((o) => o.status === 302);
    expect(ok).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 409)).toEqual([{ status: 409, message: ADMIN_MESSAGE_TEXTS.notResendable }]);
    if (ok[0] === outcomes[0]) expect(ok[0]).toMatchObject({ location: '/admin/mensagens?status=failed&canal=email' });
    expect(ok[0]!.setCookie).toContain(toastOf(ADMIN_MESSAGE_TEXTS.resent));

    const sent = await until(row.id, 'sent');
    expect(sent).toMatchObject({ attempts: 10, lastError: null, createdAt: row.createdAt });
    expect(sent.providerMessageId).toBeTruthy();
    expect(server.received).toHaveLength(1);
    expect(server.received[0]!.envelopeTo).toEqual(['ana@exemplo.com.br']);
    // Sent now: no second resend.
    expect(await resend(admin.cookie, row.id)).toEqual({ status: 409, message: ADMIN_MESSAGE_TEXTS.notResendable });
    expect(server.received).toHaveLength(1);

    const entries = await db.select().from(auditLog).where(eq(auditLog.action, MESSAGE_RESENT_AUDIT_ACTION));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ targetType: 'outbox', targetId: row.id, details: { channel: 'email', attempts: 9 } });
    expect([admin.id, other.id]).toContain(entries[0]!.actorId);
    const audit = await findAuditEntries({ pagina: 1, acao: 'mensagens' });
    expect(audit.entries).toEqual([
      expect.objectContaining({ description: 'Reenviou uma mensagem que falhou', actor: 'Beatriz Admin', target: `Mensagem da caixa de saída (código ${row.id})`, details: ['Canal: E-mail', 'Tentativas anteriores: 9'] }),
    ]);
  });

  test('the statement: two requeues at once change the row once; only a failed row of a deliverable channel moves', async () => {
    const row = await failed();
    const results = await Promise.all([requeueOutboxMessage(row.id, ['email']), requeueOutboxMessage(row.id, ['email'])]);
    expect(results.filter(Boolean)).toEqual([{ id: row.id, channel: 'email', attempts: 9, previous: 'failed' }]);
    expect(await rowOf(row.id)).toMatchObject({ status: 'queued', attempts: 9, lastError: row.lastError, createdAt: row.createdAt });
    expect(await requeueOutboxMessage(row.id, ['email'])).toBeUndefined();
    const other = await failed();
    expect(await requeueOutboxMessage(other.id, ['whatsapp'])).toBeUndefined();
    expect(await requeueOutboxMessage(other.id, [])).toBeUndefined();
    expect(await rowOf(other.id)).toEqual(other);
  });

  test('the attempts and the last error stay visible until the new attempt ends', async () => {
    const admin = await signedInSuperadmin();
    const server = await startSmtpStandIn({ acceptAfterMs: 1_500 });
    const sender = createSmtpSender({ url: server.url, from: getConfig().mailFrom });
    closers.push(() => server.close(), () => sender.close?.());
    await startJobQueue({ jobs: [emailDeliveryJob(sender)], pollingIntervalSeconds: 0.5 });
    const row = await failed();

    expect(await resend(admin.cookie, row.id)).toMatchObject({ status: 302 });
    const during = await until(row.id, 'sending');
    expect(during).toMatchObject({ attempts: 10, lastError: row.lastError });
    expect(during.dispatchedAt).toBeInstanceOf(Date);
    const page = await findAdminMessages(query('status=sending'));
    expect(page.rows).toEqual([expect.objectContaining({ id: row.id, lastError: row.lastError, attempts: 10 })]);
    await until(row.id, 'sent');
  });

  test('a failed WhatsApp message is resent through its delivery job', async () => {
    const admin = await signedInSuperadmin();
    const CLOUD = { accessToken: 'EAAG-token-da-plataforma', phoneNumberId: '106540352242922' };
    const cloud = await startCloudApiStandIn(CLOUD);
    closers.push(() => cloud.close());
    const senders = createConfiguredWhatsAppSenders({ whatsappCloud: { apiUrl: cloud.url, ...CLOUD, templates: {} }, wiizoChatApiUrl: undefined }, { tokenFor: readGatewayToken })!;
    await startJobQueue({ jobs: [whatsAppDeliveryJob(senders)], pollingIntervalSeconds: 0.5 });
    await db.transaction((tx) =>
      enqueueWhatsAppMessages(tx, [{ to: '5511987654321', text: 'Mensagem de teste', params: ['Mensagem de teste'], kind: 'teste', lawyerId: null, idempotencyKey: 'teste:reenvio' }]),
    );
    const [row] = await db.update(outbox).set({ status: 'failed', attempts: 1, lastError: 'Cloud API: erro 500', createdAt: new Date(Date.now() - 2 * 86_400_000) }).returning();

    expect(await resend(admin.cookie, row!.id)).toMatchObject({ status: 302 });
    const sent = await until(row!.id, 'sent');
    expect(sent.attempts).toBe(2);
    expect(cloud.acceptedIds).toEqual([sent.providerMessageId]);
  });

  test('refused with a 4xx, changing nothing, for a message queued, being sent, sent, unknown, or a bad form', async () => {
    const admin = await signedInSuperadmin();
    await emailDelivery();
    const rows = [await message({ status: 'queued' }), await message({ status: 'sending', attempts: 1 }), await message({ status: 'sent', attempts: 1, sentAt: new Date() })];
    const before = await db.select().from(outbox).orderBy(outbox.id);
    for (const row of rows) expect(await resend(admin.cookie, row.id), row.status).toEqual({ status: 409, message: ADMIN_MESSAGE_TEXTS.notResendable });
    expect(await resend(admin.cookie, '00000000-0000-4000-8000-000000000000')).toEqual({ status: 404, message: ADMIN_MESSAGE_TEXTS.notResendable });
    expect(await resend(admin.cookie, 'nao-e-um-id')).toEqual({ status: 400, message: ADMIN_MESSAGE_TEXTS.notResendable });
    expect(await submit(postArgs(admin.cookie, '/admin/mensagens', { intent: 'excluir', messageId: rows[0]!.id }))).toEqual({ status: 400, message: ADMIN_MESSAGE_TEXTS.invalidIntent });
    expect(await submit(postArgs(admin.cookie, '/admin/mensagens', {}))).toMatchObject({ status: 400 });
    expect(await db.select().from(outbox).orderBy(outbox.id)).toEqual(before);
    expect(await db.select().from(auditLog)).toEqual([]);
  });

  test('a signed-in lawyer (or a visitor) resends nothing and reads no list: sent to /admin', async () => {
    await emailDelivery();
    const row = await failed();
    await createLawyer({ status: 'approved', email: 'aprovada@exemplo.adv.br', password: PASSWORD });
    const login = await signInWithPassword({ email: 'aprovada@exemplo.adv.br', password: PASSWORD }, new Headers({ [CLIENT_IP_HEADER]: '203.0.113.10' }));
    const lawyer = login.setCookies.map((c) => c.split(';')[0]).join('; ');
    for (const cookie of [lawyer, '']) {
      expect(await resend(cookie, row.id)).toMatchObject({ status: 302, location: '/admin' });
      await expect(loader(getArgs(cookie, '/admin/mensagens'))).rejects.toSatisfy((r: Response) => r.status === 302 && r.headers.get('Location') === '/admin');
    }
    expect(await rowOf(row.id)).toEqual(row);
    expect(await db.select().from(auditLog)).toEqual([]);
  });

  test('refused while the channel has no delivery in this process: the message stays failed', async () => {
    const admin = await signedInSuperadmin();
    const row = await failed();
    expect(await resend(admin.cookie, row.id)).toEqual({ status: 409, message: ADMIN_MESSAGE_TEXTS.channelNotConfigured('email') });
    // A queue that delivers e-mail only does not take WhatsApp messages.
    await emailDelivery();
    const wa = await failed({ channel: 'whatsapp', recipient: '5511987654321', subject: null });
    expect(await resend(admin.cookie, wa.id)).toEqual({ status: 409, message: ADMIN_MESSAGE_TEXTS.channelNotConfigured('whatsapp') });
    expect(await rowOf(row.id)).toEqual(row);
    expect(await rowOf(wa.id)).toEqual(wa);
  });
});
