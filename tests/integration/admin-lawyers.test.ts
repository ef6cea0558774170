import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog } from '~/db/schema/admin';
import { user } from '~/db/schema/auth';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { leads } from '~/db/schema/leads';
import { outbox } from '~/db/schema/messaging';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { flashToastCookie } from '~/lib/flash-toast.server';
import { NUL_CHARACTER_MESSAGE } from '~/lib/parse-form.server';
import { LAWYER_NOT_FOUND_MESSAGE, ONLY_APPROVED_MESSAGE, REJECTION_REASON_MAX_LENGTH as REVIEW_REASON_MAX } from '~/modules/accounts/lawyer-review.server';
import { SUPERADMIN_NOT_DELETABLE_MESSAGE } from '~/modules/accounts/account-deletion.server';
import {
  ADMIN_LAWYERS_PAGE_SIZE,
  adminLawyersQueryFrom,
  endsWithinWarning,
  findAdminLawyers,
  paymentStatusOf,
} from '~/modules/admin/lawyers.server';
import { ADMIN_LAWYER_TEXTS, REJECTION_REASON_MAX_LENGTH } from '~/modules/admin/lawyers.schemas';
import { findApprovedLawyers } from '~/modules/lawyers/lawyers.server';
import { action, loader } from '~/routes/admin/lawyers';
import { createLawyer, createLawyers } from '../factories/lawyers';
import { getArgs, postArgs, signedInSuperadmin } from '../factories/superadmin';

// /admin/lawyers 'Gerenciar Advogados' against a real database (docs/product-rules.md,
// "Back office"). Who may reach it is tests/integration/admin-access.test.ts.

const DAY_MS = 86_400_000;
const now = new Date('2026-03-10T18:00:00Z');
const query = (search: string) => adminLawyersQueryFrom(new URLSearchParams(search));
const names = (page: { rows: Array<{ nome: string }> }) => page.rows.map((r) => r.nome);

async function threeLawyers() {
  const ana = await createLawyer({ nome: 'Ana Souza', email: 'ana.souza@exemplo.adv.br', numeroOab: '123456', oabUf: 'SP', status: 'pending', createdAt: new Date('2026-03-01T12:00:00Z') });
  const bruno = await createLawyer({ nome: 'Bruno Lima', email: 'bruno.lima@exemplo.adv.br', numeroOab: '654321', oabUf: 'RJ', status: 'approved', createdAt: new Date('2026-03-02T12:00:00Z') });
  const carla = await createLawyer({ nome: 'Carla Mendes', email: 'carla@outro.com.br', numeroOab: '777888', oabUf: 'MG', status: 'rejected', createdAt: new Date('2026-03-03T12:00:00Z') });
  return { ana, bruno, carla };
}

describe('Visão Geral and the list', () => {
  test('search by part of the name, e-mail or OAB number, or the OAB as written; the counts are of every lawyer', async () => {
    await threeLawyers();
    const all = await findAdminLawyers(query(''), now);
    expect(all.counts).toEqual({ total: 3, approved: 1, pending: 1, rejected: 1, suspended: 0 });
    // Newest first.
    expect(names(all)).toEqual(['Carla Mendes', 'Bruno Lima', 'Ana Souza']);
    expect(all.rows.map((r) => r.oab)).toEqual(['OAB/MG 777888', 'OAB/RJ 654321', 'OAB/SP 123456']);

    expect(names(await findAdminLawyers(query('q=souza'), now))).toEqual(['Ana Souza']);
    expect(names(await findAdminLawyers(query('q=BRUNO.LIMA@'), now))).toEqual(['Bruno Lima']);
    expect(names(await findAdminLawyers(query('q=outro.com'), now))).toEqual(['Carla Mendes']);
    expect(names(await findAdminLawyers(query('q=6543'), now))).toEqual(['Bruno Lima']);
    expect(names(await findAdminLawyers(query('q=OAB/RJ 654321'), now))).toEqual(['Bruno Lima']);
    expect(names(await findAdminLawyers(query('q=rj654'), now))).toEqual(['Bruno Lima']);
    // The state must agree; LIKE's wildcards are plain characters here.
    expect(names(await findAdminLawyers(query('q=OAB/SP 654321'), now))).toEqual([]);
    expect(names(await findAdminLawyers(query('q=%25'), now))).toEqual([]);
    expect(names(await findAdminLawyers(query('q=_'), now))).toEqual([]);

    const filtered = await findAdminLawyers(query('q=exemplo.adv.br&status=approved'), now);
    expect(names(filtered)).toEqual(['Bruno Lima']);
    expect(filtered).toMatchObject({ total: 1, counts: { total: 3 } });
    expect(names(await findAdminLawyers(query('status=pending'), now))).toEqual(['Ana Souza']);
    // Nonsense in the query string is the whole list, page 1, never an error.
    expect(await findAdminLawyers(query('status=banido&pagina=-4'), now)).toMatchObject({ total: 3, page: 1, query: { status: undefined, pagina: 1 } });
    expect(query(`q=${'a'.repeat(500)}`).q).toHaveLength(100);
  });

  test('pages on the server, newest first, with the count of what matches', async () => {
    const created = await createLawyers(ADMIN_LAWYERS_PAGE_SIZE * 2 + 5, { status: 'pending' });
    await createLawyer({ status: 'approved' });
    const first = await findAdminLawyers(query('status=pending'), now);
    const third = await findAdminLawyers(query('status=pending&pagina=3'), now);
    expect(first).toMatchObject({ total: created.length, page: 1, pageCount: 3 });
    expect(first.rows).toHaveLength(ADMIN_LAWYERS_PAGE_SIZE);
    expect(third.rows).toHaveLength(5);
    const seen = new Set<string>();
    for (let pagina = 1; pagina <= 3; pagina++) for (const row of (await findAdminLawyers(query(`status=pending&pagina=${pagina}`), now)).rows) seen.add(row.id);
    expect(seen.size).toBe(created.length);
  });
});

describe('Área Financeira', () => {
  test('Em Dia, Em Atraso and Sem Plano as the spec derives them, red within 7 days, and the revenue of plans em dia', async () => {
    const lawyers = await createLawyers(6);
    const [premium, intermediario, overdue, gratuito, noPlan, cancelled] = lawyers.map((l) => l.id) as [string, string, string, string, string, string];
    const setPlan = (lawyerId: string, planType: 'gratuito' | 'basico' | 'intermediario' | 'premium', endDate: Date | null, status: 'active' | 'cancelled' = 'active') =>
      db.update(lawyerPlans).set({ planType, startDate: new Date(now.getTime() - 40 * DAY_MS), endDate, status }).where(eq(lawyerPlans.lawyerId, lawyerId));
    await setPlan(premium, 'premium', new Date(now.getTime() + 3 * DAY_MS));
    await setPlan(intermediario, 'intermediario', new Date(now.getTime() + 20 * DAY_MS));
    await setPlan(overdue, 'basico', new Date(now.getTime() - DAY_MS));
    await setPlan(gratuito, 'gratuito', null);
    await db.delete(lawyerPlans).where(eq(lawyerPlans.lawyerId, noPlan));
    await setPlan(cancelled, 'premium', new Date(now.getTime() + 10 * DAY_MS), 'cancelled');

    const page = await findAdminLawyers(query(''), now);
    const byId = new Map(page.rows.map((r) => [r.id, r]));
    expect(byId.get(premium)).toMatchObject({ paymentStatus: 'em_dia', endsSoon: true, subscription: { name: 'Plano Premium', priceBrl: 997, status: 'active' } });
    expect(byId.get(intermediario)).toMatchObject({ paymentStatus: 'em_dia', endsSoon: false, subscription: { name: 'Plano Intermediário', priceBrl: 497 } });
    expect(byId.get(overdue)).toMatchObject({ paymentStatus: 'atraso', endsSoon: true, subscription: { name: 'Plano Básico', priceBrl: 297 } });
    expect(byId.get(gratuito)).toMatchObject({ paymentStatus: 'em_dia', endsSoon: false, subscription: { name: 'Plano Gratuito', priceBrl: 0, endDate: null } });
    expect(byId.get(noPlan)).toMatchObject({ paymentStatus: 'sem_plano', endsSoon: false, subscription: null });
    // Only an active plan counts.
    expect(byId.get(cancelled)).toMatchObject({ paymentStatus: 'sem_plano', subscription: null });
    // 997 + 497 + 0: the overdue basico is not revenue.
    expect(page.finance).toEqual({ revenueBrl: 1494, emDia: 3, atraso: 1, semPlano: 2 });
  });

  test('the rules at their edges', () => {
    expect(paymentStatusOf(null, now)).toBe('sem_plano');
    expect(paymentStatusOf({ endDate: null }, now)).toBe('em_dia');
    expect(paymentStatusOf({ endDate: now }, now)).toBe('atraso');
    expect(paymentStatusOf({ endDate: new Date(now.getTime() + 1) }, now)).toBe('em_dia');
    expect(endsWithinWarning(new Date(now.getTime() + 7 * DAY_MS), now)).toBe(true);
    expect(endsWithinWarning(new Date(now.getTime() + 7 * DAY_MS + 1), now)).toBe(false);
    expect(endsWithinWarning(null, now)).toBe(false);
    expect(REJECTION_REASON_MAX_LENGTH).toBe(REVIEW_REASON_MAX);
  });
});

describe('the route, as a superadmin', () => {

  /** What the action answered: a redirect with its toast, or a status with its message. */
  async function submit(args: never): Promise<{ status: number; location?: string | null; toast?: boolean; message?: string; setCookie?: string }> {
    try {
      const answer = (await action(args)) as unknown as { data: { message: string }; init: ResponseInit | null };
      return { status: answer.init?.status ?? 200, message: answer.data.message };
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      return { status: thrown.status, location: thrown.headers.get('Location'), setCookie: thrown.headers.get('Set-Cookie') ?? '' };
    }
  }
  const toastOf = (message: string) => flashToastCookie(message).split(';')[0];

  test('the page: rows with OAB and dd/MM/aaaa in São Paulo, the confirmation asked for in the URL, a page past the end goes to the last', async () => {
    const { cookie } = await signedInSuperadmin();
    // 01:30 UTC on 10 March is still 9 March in São Paulo.
    const ana = await createLawyer({ nome: 'Ana Souza', numeroOab: '123456', oabUf: 'SP', status: 'pending', createdAt: new Date('2026-03-10T01:30:00Z') });
    const page = await loader(getArgs(cookie, `/admin/lawyers?excluir=${ana.id}&rejeitar=nao-existe`));
    expect(page.rows).toEqual([expect.objectContaining({ nome: 'Ana Souza', oab: 'OAB/SP 123456', status: 'pending', createdAt: '09/03/2026' })]);
    expect(page).toMatchObject({ counts: { total: 1, pending: 1 }, tab: 'lista', toDelete: { id: ana.id, nome: 'Ana Souza' }, toReject: null });
    expect((await loader(getArgs(cookie, '/admin/lawyers?aba=financeiro'))).tab).toBe('financeiro');
    await expect(loader(getArgs(cookie, '/admin/lawyers?q=ana&pagina=7'))).rejects.toSatisfy((r: Response) => r.status === 302 && r.headers.get('Location') === '/admin/lawyers?q=ana');
  });

  test('approve: status, audit entry, e-mail in the outbox, in search at once, back to the same list with the toast', async () => {
    const admin = await signedInSuperadmin();
    const ana = await createLawyer({ nome: 'Ana Souza', email: 'ana.souza@exemplo.adv.br', status: 'pending' });
    const outcome = await submit(postArgs(admin.cookie, `/admin/lawyers?q=ana&status=pending`, { intent: 'aprovar', lawyerId: ana.id, cna: 'sim' }));
    expect(outcome).toMatchObject({ status: 302, location: '/admin/lawyers?q=ana&status=pending' });
    expect(outcome.setCookie).toContain(toastOf('Status do advogado atualizado para aprovado'));

    const [profile] = await db.select().from(lawyerProfiles).where(eq(lawyerProfiles.id, ana.id));
    expect(profile?.status).toBe('approved');
    expect(profile?.oabCheckedBy).toBe(admin.id);
    expect(profile?.oabCheckedAt).toBeInstanceOf(Date);
    expect(await db.select().from(auditLog).where(and(eq(auditLog.targetId, ana.id), eq(auditLog.action, 'lawyer.approved')))).toEqual([
      expect.objectContaining({ actorId: admin.id, details: { from: 'pending' } }),
    ]);
    expect(await db.select({ subject: outbox.subject }).from(outbox).where(eq(outbox.recipient, 'ana.souza@exemplo.adv.br'))).toHaveLength(1);
    const search = await findApprovedLawyers({ area: 'familia', cidade: 'sp_sao_paulo', pagina: 1 });
    expect(search.lawyers.map((l) => l.id)).toContain(ana.id);
  });

  test('reject with a reason: status, audit entry with the reason, e-mail', async () => {
    const admin = await signedInSuperadmin();
    const bruno = await createLawyer({ nome: 'Bruno Lima', email: 'bruno@exemplo.adv.br', status: 'approved' });
    const outcome = await submit(postArgs(admin.cookie, `/admin/lawyers?rejeitar=${bruno.id}`, { intent: 'rejeitar', lawyerId: bruno.id, motivo: '  OAB não confere  ' }));
    expect(outcome).toMatchObject({ status: 302, location: '/admin/lawyers' });
    expect(outcome.setCookie).toContain(toastOf('Status do advogado atualizado para rejeitado'));
    const [profile] = await db.select().from(lawyerProfiles).where(eq(lawyerProfiles.id, bruno.id));
    expect(profile?.status).toBe('rejected');
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.targetId, bruno.id));
    expect(entry).toMatchObject({ action: 'lawyer.rejected', actorId: admin.id, details: { from: 'approved', reason: 'OAB não confere' } });
    const [email] = await db.select().from(outbox).where(eq(outbox.recipient, 'bruno@exemplo.adv.br'));
    expect(email?.body).toContain('OAB não confere');
  });

  test('delete after the confirmation: the lawyer and their rows are gone, their leads stay unassigned, an audit entry and the final e-mail', async () => {
    const admin = await signedInSuperadmin();
    const carla = await createLawyer({ nome: 'Carla Mendes', email: 'carla@exemplo.adv.br', status: 'rejected' });
    await db.insert(leads).values({ nome: 'Cliente', email: 'cliente@exemplo.com.br', telefone: '11987654321', cidade: 'sp_sao_paulo', areaInteresse: 'familia', assignedTo: carla.id });

    const refused = await submit(postArgs(admin.cookie, '/admin/lawyers', { intent: 'excluir', lawyerId: carla.id }));
    expect(refused).toMatchObject({ status: 400, message: ADMIN_LAWYER_TEXTS.deleteConfirmation });
    expect(await db.select().from(lawyerProfiles).where(eq(lawyerProfiles.id, carla.id))).toHaveLength(1);

    const outcome = await submit(postArgs(admin.cookie, `/admin/lawyers?aba=financeiro&excluir=${carla.id}`, { intent: 'excluir', lawyerId: carla.id, confirmacao: 'excluir' }));
    expect(outcome).toMatchObject({ status: 302, location: '/admin/lawyers?aba=financeiro' });
    expect(outcome.setCookie).toContain(toastOf('Advogado excluído com sucesso.'));
    expect(await db.select().from(lawyerProfiles).where(eq(lawyerProfiles.id, carla.id))).toEqual([]);
    expect(await db.select().from(user).where(eq(user.id, carla.id))).toEqual([]);
    expect(await db.select().from(lawyerPlans).where(eq(lawyerPlans.lawyerId, carla.id))).toEqual([]);
    expect(await db.select({ assignedTo: leads.assignedTo, nome: leads.nome }).from(leads)).toEqual([{ assignedTo: null, nome: 'Cliente' }]);
    expect(await db.select().from(auditLog).where(eq(auditLog.targetId, carla.id))).toEqual([
      expect.objectContaining({ action: 'account.deleted', actorId: admin.id, details: { by: 'superadmin', unassignedLeads: 1 } }),
    ]);
    expect(await db.select().from(outbox).where(eq(outbox.recipient, 'carla@exemplo.adv.br'))).toHaveLength(1);

    // Twice: the second finds nothing.
    expect(await submit(postArgs(admin.cookie, '/admin/lawyers', { intent: 'excluir', lawyerId: carla.id, confirmacao: 'excluir' }))).toMatchObject({ status: 404 });
  });

  test('bad input is a 4xx in Portuguese and changes nothing', async () => {
    const admin = await signedInSuperadmin();
    const ana = await createLawyer({ status: 'pending' });
    const cases: Array<[Record<string, string>, number, string]> = [
      [{}, 400, ADMIN_LAWYER_TEXTS.invalidIntent],
      [{ intent: 'promover', lawyerId: ana.id }, 400, ADMIN_LAWYER_TEXTS.invalidIntent],
      [{ intent: 'aprovar' }, 400, ADMIN_LAWYER_TEXTS.invalidLawyer],
      [{ intent: 'aprovar', lawyerId: "x' or 1=1 --" }, 400, ADMIN_LAWYER_TEXTS.invalidLawyer],
      [{ intent: 'aprovar', lawyerId: 'nao-existe', cna: 'sim' }, 404, LAWYER_NOT_FOUND_MESSAGE],
      [{ intent: 'aprovar', lawyerId: ana.id }, 400, ADMIN_LAWYER_TEXTS.cnaRequired],
      [{ intent: 'aprovar', lawyerId: ana.id, cna: 'on' }, 400, ADMIN_LAWYER_TEXTS.cnaRequired],
      [{ intent: 'suspender', lawyerId: ana.id }, 409, ONLY_APPROVED_MESSAGE],
      [{ intent: 'conferir', lawyerId: ana.id, cna: 'sim' }, 409, ONLY_APPROVED_MESSAGE],
      [{ intent: 'rejeitar', lawyerId: ana.id, motivo: 'x'.repeat(REJECTION_REASON_MAX_LENGTH + 1) }, 400, ADMIN_LAWYER_TEXTS.reasonTooLong],
      [{ intent: 'excluir', lawyerId: admin.id, confirmacao: 'excluir' }, 403, SUPERADMIN_NOT_DELETABLE_MESSAGE],
      [{ intent: 'aprovar', lawyerId: 'a\u0000b', cna: 'sim' }, 400, NUL_CHARACTER_MESSAGE],
    ];
    for (const [fields, status, message] of cases) {
      const outcome = await submit(postArgs(admin.cookie, '/admin/lawyers', fields));
      expect(outcome, JSON.stringify(fields)).toMatchObject({ status });
      expect(outcome.message, JSON.stringify(fields)).toBe(message);
    }
    const [profile] = await db.select().from(lawyerProfiles).where(eq(lawyerProfiles.id, ana.id));
    expect(profile?.status).toBe('pending');
    expect(await db.select().from(auditLog)).toEqual([]);
  });
});
