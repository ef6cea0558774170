import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { currentDatabase, db } from '~/db/client.server';
import { auditLog } from '~/db/schema/admin';
import { profileViews, whatsappClicks } from '~/db/schema/analytics';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { leads } from '~/db/schema/leads';
import { outbox } from '~/db/schema/messaging';
import { runningJobQueue, startJobQueue, stopJobQueue } from '~/jobs/queue.server';
import { approveLawyer, rejectLawyer } from '~/modules/accounts/lawyer-review.server';
import { deleteLawyerAccount } from '~/modules/accounts/account-deletion.server';
import { createSuperadmin } from '~/modules/accounts/superadmins.server';
import { AUDIT_PAGE_SIZE, auditQueryFrom, findAuditEntries } from '~/modules/admin/audit-log.server';
import { getAdminDashboardFigures } from '~/modules/admin/dashboard.server';
import { getSystemHealth } from '~/modules/admin/system-health.server';
import { loader as auditLoader } from '~/routes/admin/audit-log';
import { loader as dashboardLoader } from '~/routes/admin/dashboard';
import { createLawyer } from '../factories/lawyers';
import { signedInSuperadmin } from '../factories/superadmin';

// The back office's dashboard and audit log against a real database: PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set (docs/product-rules.md, "Back office").

const DAY_MS = 86_400_000;
// 15:00 in São Paulo (UTC-3) on 10 March 2026: "today" there began at 03:00 UTC.
const now = new Date('2026-03-10T18:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

async function addViews(lawyerId: string, ...times: Date[]) {
  await db.insert(profileViews).values(times.map((viewedAt) => ({ lawyerId, viewedAt })));
}

async function addClicks(lawyerId: string, ...times: Date[]) {
  await db.insert(whatsappClicks).values(times.map((clickedAt) => ({ lawyerId, clickedAt, sourcePage: 'perfil_advogado' as const })));
}

async function addLeads(assignedTo: string | null, ...times: Date[]) {
  await db.insert(leads).values(
    times.map((createdAt, i) => ({ nome: `Cliente ${i + 1}`, email: `cliente${i + 1}@exemplo.com.br`, telefone: '11987654321', cidade: 'sp_sao_paulo', areaInteresse: 'familia', assignedTo, createdAt, updatedAt: createdAt })),
  );
}

afterEach(async () => {
  await runningJobQueue()?.boss.clearStorage();
  await stopJobQueue();
});

describe('the dashboard figures', () => {
  test('lawyers by status, leads received today in São Paulo, and the last 30 days of activity', async () => {
    const [ana, bruno, carla] = [await createLawyer(), await createLawyer(), await createLawyer()];
    const pending = await createLawyer({ status: 'pending' });
    await createLawyer({ status: 'pending' });
    await createLawyer({ status: 'rejected' });

    // Today in São Paulo: since 03:00 UTC. 02:59 UTC is still yesterday there; a lead after `now` is not counted.
    await addLeads(ana.id, new Date('2026-03-10T03:00:00Z'), new Date('2026-03-10T17:59:00Z'));
    await addLeads(null, new Date('2026-03-10T12:00:00Z'), new Date('2026-03-10T02:59:59Z'), new Date('2026-03-10T18:00:01Z'));
    // Activity: views and clicks of the last 30 days count; older ones do not.
    await addViews(ana.id, ago(DAY_MS), ago(29 * DAY_MS));
    await addViews(bruno.id, ago(31 * DAY_MS));
    await addViews(pending.id, ago(DAY_MS));
    await addClicks(ana.id, ago(2 * DAY_MS));
    await addClicks(bruno.id, ago(40 * DAY_MS));
    await addLeads(carla.id, ago(10 * DAY_MS));

    expect(await getAdminDashboardFigures(now)).toEqual({
      lawyers: { total: 6, approved: 3, pending: 2, rejected: 1 },
      leadsToday: 3,
      // Ana (views, clicks, leads) and Carla (a lead) were active; Bruno only before the window; the
      // pending lawyer's view does not make a pending profile an active lawyer.
      activity: { profileViews: 3, whatsappClicks: 1, activeLawyers: 2 },
    });
  });

  test('an empty platform shows zeros', async () => {
    expect(await getAdminDashboardFigures(now)).toEqual({
      lawyers: { total: 0, approved: 0, pending: 0, rejected: 0 },
      leadsToday: 0,
      activity: { profileViews: 0, whatsappClicks: 0, activeLawyers: 0 },
    });
  });
});

describe('last_activity_at, kept by the database', () => {
  const lastActivity = async (id: string) => (await db.select({ at: lawyerProfiles.lastActivityAt }).from(lawyerProfiles).where(eq(lawyerProfiles.id, id)))[0]?.at;

  test('a view, a click or an assigned lead moves it forward, by more than an hour at a time, never back', async () => {
    const ana = await createLawyer();
    const t = new Date('2026-03-01T12:00:00Z');
    const plus = (minutes: number) => new Date(t.getTime() + minutes * 60_000);
    expect(await lastActivity(ana.id)).toBeNull();
    await addViews(ana.id, t);
    expect(await lastActivity(ana.id)).toEqual(t);
    // Within the hour: the row is not rewritten (a busy profile is not written on every view).
    await addClicks(ana.id, plus(30));
    expect(await lastActivity(ana.id)).toEqual(t);
    await addLeads(ana.id, plus(90));
    expect(await lastActivity(ana.id)).toEqual(plus(90));
    // An older event (a late insert) does not move it back; an unassigned lead touches no lawyer.
    await addViews(ana.id, plus(-600));
    await addLeads(null, plus(600));
    expect(await lastActivity(ana.id)).toEqual(plus(90));
    // Many events in one statement: the latest of each lawyer.
    const bruno = await createLawyer();
    await db.insert(profileViews).values([
      { lawyerId: bruno.id, viewedAt: plus(5) },
      { lawyerId: ana.id, viewedAt: plus(300) },
      { lawyerId: bruno.id, viewedAt: plus(200) },
    ]);
    expect([await lastActivity(ana.id), await lastActivity(bruno.id)]).toEqual([plus(300), plus(200)]);
  });
});

describe('the system status', () => {
  test('the database answers; delivery shows the configured adapters, waiting messages and failures of the last 24 h', async () => {
    const day = DAY_MS;
    const fresh = new Date();
    await db.insert(outbox).values([
      { channel: 'email', recipient: 'a@exemplo.com.br', subject: 'x', body: 'x', status: 'failed', updatedAt: new Date(fresh.getTime() - 3_600_000) },
      { channel: 'email', recipient: 'b@exemplo.com.br', subject: 'x', body: 'x', status: 'failed', updatedAt: new Date(fresh.getTime() - 2 * day) },
      { channel: 'email', recipient: 'c@exemplo.com.br', subject: 'x', body: 'x', status: 'sent' },
      { channel: 'email', recipient: 'd@exemplo.com.br', subject: 'x', body: 'x', status: 'queued' },
      { channel: 'whatsapp', recipient: '5511987654321', body: 'x', status: 'queued' },
      { channel: 'whatsapp', recipient: '5511987654321', body: 'x', status: 'queued' },
    ]);
    const configured = await getSystemHealth({
      config: {
        smtpUrl: 'smtp://usuario:senha-smtp@mail.exemplo.com.br:587',
        wiizoChatApiUrl: 'https://api.wiizochat.exemplo',
        whatsappCloud: { apiUrl: 'https://graph.facebook.com/v21.0', accessToken: 't', phoneNumberId: '1', templates: {} },
      },
    });
    expect(configured.database).toEqual({ level: 'ok', engine: currentDatabase().target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite', roundTripMs: expect.any(Number) });
    expect(configured.email).toEqual({ level: 'warning', adapters: ['SMTP (mail.exemplo.com.br:587)'], queued: 1, failedLast24h: 1 });
    expect(configured.whatsapp).toEqual({ level: 'ok', adapters: ['WiizoChat (token de cada advogado)', 'WhatsApp Cloud API da plataforma'], queued: 2, failedLast24h: 0 });
    expect(JSON.stringify(configured)).not.toContain('senha-smtp');

    const bare = await getSystemHealth({ config: { smtpUrl: undefined, wiizoChatApiUrl: undefined, whatsappCloud: null } });
    expect(bare.email).toMatchObject({ level: 'warning', adapters: [] });
    expect(bare.whatsapp).toMatchObject({ level: 'warning', adapters: [], queued: 2 });
  });

  test('the job queue: stopped is a failure; running, its backlog and the jobs failed in the last 24 h are read from pg-boss', async () => {
    const stopped = await getSystemHealth();
    expect(stopped.queue).toMatchObject({ level: 'error', running: false });

    const queue = await startJobQueue({ jobs: [] });
    await queue.boss.createQueue('saude-teste', { name: 'saude-teste', retryLimit: 0 });
    await queue.boss.send('saude-teste', { n: 1 });
    await queue.boss.send('saude-teste', { n: 2 });
    await queue.boss.send('saude-teste', { n: 3 });
    const [job] = await queue.boss.fetch('saude-teste');
    await queue.boss.fail('saude-teste', job!.id, { motivo: 'teste' });

    expect((await getSystemHealth()).queue).toEqual({ level: 'warning', running: true, backlog: 2, failedLast24h: 1 });
  });
});

describe('the audit log', () => {
  test('says who approved, rejected or deleted whom, newest first, a page at a time', async () => {
    const adminId = await createSuperadmin({ nome: 'Beatriz Admin', email: 'beatriz@exemplo.com.br', password: 'senha-da-admin-2025' });
    const ana = await createLawyer({ nome: 'Ana Souza', status: 'pending', numeroOab: '123456', oabUf: 'RJ' });
    const bruno = await createLawyer({ nome: 'Bruno Lima', status: 'pending' });
    await approveLawyer(ana.id, { reviewerId: adminId, cnaChecked: true, now: new Date('2026-03-01T12:00:00Z') });
    await rejectLawyer(bruno.id, { reviewerId: adminId, reason: 'OAB não confere', now: new Date('2026-03-02T12:00:00Z') });
    await deleteLawyerAccount(bruno.id, { by: { superadminId: adminId }, now: new Date('2026-03-03T12:00:00Z') });

    const page = await findAuditEntries(auditQueryFrom(new URLSearchParams()));
    expect(page).toMatchObject({ total: 3, page: 1, pageCount: 1, filter: undefined });
    expect(page.entries.map(({ description, actor, target, details }) => ({ description, actor, target, details }))).toEqual([
      { description: 'Excluiu a conta do advogado', actor: 'Beatriz Admin', target: `Conta excluída (código ${bruno.id})`, details: ['0 leads ficaram sem advogado'] },
      { description: 'Rejeitou o cadastro do advogado', actor: 'Beatriz Admin', target: `Conta excluída (código ${bruno.id})`, details: ['Situação anterior: pendente', 'Motivo: OAB não confere'] },
      { description: 'Aprovou o cadastro do advogado', actor: 'Beatriz Admin', target: 'Ana Souza (OAB/RJ 123456)', details: ['Situação anterior: pendente'] },
    ]);

    const rejections = await findAuditEntries(auditQueryFrom(new URLSearchParams('acao=rejeicoes')));
    expect(rejections.entries.map((e) => e.description)).toEqual(['Rejeitou o cadastro do advogado']);
    // Nonsense in the query is page 1 of everything, never an error.
    expect(await findAuditEntries(auditQueryFrom(new URLSearchParams('pagina=-3&acao=<script>')))).toMatchObject({ page: 1, total: 3, filter: undefined });
  });

  test('paginates on the server', async () => {
    await db.insert(auditLog).values(
      Array.from({ length: AUDIT_PAGE_SIZE + 3 }, (_, i) => ({ action: 'lawyer.approved', targetType: 'lawyer', targetId: `x${i}`, createdAt: new Date(now.getTime() - i * 60_000) })),
    );
    const first = await findAuditEntries(auditQueryFrom(new URLSearchParams()));
    const second = await findAuditEntries(auditQueryFrom(new URLSearchParams('pagina=2')));
    expect(first).toMatchObject({ total: AUDIT_PAGE_SIZE + 3, pageCount: 2 });
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(second.entries.map((e) => e.target)).toEqual(['Conta excluída (código x25)', 'Conta excluída (código x26)', 'Conta excluída (código x27)']);
    expect((await findAuditEntries(auditQueryFrom(new URLSearchParams('pagina=99')))).entries).toEqual([]);
  });
});

describe('the pages', () => {

  test('the dashboard and the audit log load for a superadmin', async () => {
    const { cookie } = await signedInSuperadmin();
    await createLawyer({ status: 'pending' });
    const args = (url: string) => ({ request: new Request(`http://localhost:3000${url}`, { headers: { cookie } }), params: {}, context: {} }) as never;
    const dashboard = await dashboardLoader(args('/admin/dashboard'));
    expect(dashboard.figures.lawyers).toEqual({ total: 1, approved: 0, pending: 1, rejected: 0 });
    expect(dashboard.health.checkedAt).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const audit = await auditLoader(args('/admin/auditoria?pagina=1'));
    expect(audit).toMatchObject({ total: 0, entries: [], filters: expect.arrayContaining([{ id: 'aprovacoes', label: 'Aprovações' }]) });
  });
});
