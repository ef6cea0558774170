import fs from 'node:fs';
import { and, eq, inArray, like, or } from 'drizzle-orm';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { CLIENT_IP_HEADER, getAuth } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { pendingRegistrations } from '~/db/schema/accounts';
import { auditLog } from '~/db/schema/admin';
import { profileViews, whatsappClicks } from '~/db/schema/analytics';
import { account, session, user, verification } from '~/db/schema/auth';
import { lawyerCities, lawyerPracticeAreas, lawyerProfiles } from '~/db/schema/lawyers';
import { leadRequests, leads, leadStatuses } from '~/db/schema/leads';
import { lawyerApiTokens, outbox } from '~/db/schema/messaging';
import { monitoredProcesses, processUpdates } from '~/db/schema/monitoring';
import { rateLimits } from '~/db/schema/rate-limits';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { publicContentGeneration } from '~/lib/public-content.server';
import {
  ACCOUNT_NOT_FOUND_MESSAGE,
  deleteLawyerAccount,
  NOT_ALLOWED_TO_DELETE_MESSAGE,
  SUPERADMIN_NOT_DELETABLE_MESSAGE,
} from '~/modules/accounts/account-deletion.server';
import { ACCOUNT_DELETED_TOAST, DELETE_CONFIRMATION_MESSAGE } from '~/modules/accounts/account-deletion.schemas';
import { signInWithPassword } from '~/modules/accounts/login.server';
import { createSuperadmin } from '~/modules/accounts/superadmins.server';
import { photoDirectory } from '~/modules/lawyers/photo-store.server';
import { findApprovedLawyers } from '~/modules/lawyers/lawyers.server';
import { action as deleteAccountAction, loader as deleteAccountLoader } from '~/routes/lawyer/delete-account';
import { createLawyer } from '../factories/lawyers';
import { LAWYER_PASSWORD, lawyerWithEverything } from '../factories/personal-data';
import { refusalOf } from '../support/refusal';

// Photo files of this file's lawyers live in a directory of its own, never in the worktree's data/.
// (Set before any module reads the configuration; the factory creates the directory.)
const dataDir = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? '/tmp'}/jusconecta-deletion-${process.pid}-${Date.now()}`;
  process.env.DATA_DIR = dir;
  return dir;
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** How many rows each table holds about the user (by their id, e-mail or WhatsApp). */
async function rowsAbout(lawyer: { id: string; email: string; whatsapp: string }) {
  const count = async (query: Promise<unknown[]>) => (await query).length;
  const id = lawyer.id;
  return {
    user: await count(db.select().from(user).where(eq(user.id, id))),
    account: await count(db.select().from(account).where(eq(account.userId, id))),
    session: await count(db.select().from(session).where(eq(session.userId, id))),
    verification: await count(db.select().from(verification).where(eq(verification.value, id))),
    pendingRegistrations: await count(db.select().from(pendingRegistrations).where(eq(pendingRegistrations.userId, id))),
    lawyerProfiles: await count(db.select().from(lawyerProfiles).where(eq(lawyerProfiles.id, id))),
    lawyerPracticeAreas: await count(db.select().from(lawyerPracticeAreas).where(eq(lawyerPracticeAreas.lawyerId, id))),
    lawyerCities: await count(db.select().from(lawyerCities).where(eq(lawyerCities.lawyerId, id))),
    lawyerPlans: await count(db.select().from(lawyerPlans).where(eq(lawyerPlans.lawyerId, id))),
    leadStatuses: await count(db.select().from(leadStatuses).where(eq(leadStatuses.lawyerId, id))),
    assignedLeads: await count(db.select().from(leads).where(eq(leads.assignedTo, id))),
    lawyerApiTokens: await count(db.select().from(lawyerApiTokens).where(eq(lawyerApiTokens.lawyerId, id))),
    monitoredProcesses: await count(db.select().from(monitoredProcesses).where(eq(monitoredProcesses.lawyerId, id))),
    processUpdates: await count(
      db.select().from(processUpdates).innerJoin(monitoredProcesses, eq(monitoredProcesses.id, processUpdates.processoId)).where(eq(monitoredProcesses.lawyerId, id)),
    ),
    profileViews: await count(db.select().from(profileViews).where(eq(profileViews.lawyerId, id))),
    whatsappClicks: await count(db.select().from(whatsappClicks).where(eq(whatsappClicks.lawyerId, id))),
    messages: await count(db.select().from(outbox).where(or(eq(outbox.recipient, lawyer.email), eq(outbox.recipient, `+${lawyer.whatsapp}`)))),
    rateLimits: await count(db.select().from(rateLimits).where(like(rateLimits.key, `%${lawyer.email}`))),
  };
}

async function sessionUser(cookie: string) {
  const found = await getAuth().api.getSession({ headers: new Headers({ cookie, [CLIENT_IP_HEADER]: '203.0.113.9' }) });
  return found?.user.id ?? null;
}

describe('deleting a lawyer account', () => {
  test('removes every row about the lawyer in one go, keeps the leads unassigned, an audit entry and the final e-mail', async () => {
    expect(photoDirectory().startsWith(dataDir)).toBe(true);
    const ana = await lawyerWithEverything('Ana');
    const bruno = await lawyerWithEverything('Bruno');
    const brunoBefore = await rowsAbout(bruno);
    expect(Object.values(await rowsAbout(ana)).every((n) => n > 0)).toBe(true);
    expect(await sessionUser(ana.cookie)).toBe(ana.id);
    const generation = publicContentGeneration();

    const result = await deleteLawyerAccount(ana.id, { by: 'self' });

    expect(result).toMatchObject({ unassignedLeads: 2 });
    // Only the final e-mail is addressed to her now; everything else about her is gone.
    const after = await rowsAbout(ana);
    expect({ ...after, messages: 0 }).toEqual(Object.fromEntries(Object.keys(after).map((k) => [k, 0])));
    expect(after.messages).toBe(1);
    const [finalEmail] = await db.select().from(outbox).where(eq(outbox.recipient, ana.email));
    expect(finalEmail).toMatchObject({ status: 'queued', subject: 'Sua conta no JusConecta foi excluída', metadata: { template: 'conta-excluida' } });
    expect(finalEmail!.body).toContain('Olá, Advogada Ana!');

    // The client's request survives: the leads stay with the platform, without her and her stage.
    expect(await db.select().from(leadRequests).where(eq(leadRequests.id, ana.requestId))).toHaveLength(1);
    const orphans = await db.select().from(leads).where(inArray(leads.id, ana.leadIds));
    expect(orphans).toHaveLength(2);
    for (const lead of orphans) expect(lead).toMatchObject({ assignedTo: null, statusId: null, status: 'novo' });

    // The audit entry outlives her account and says only what is needed.
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'account.deleted'), eq(auditLog.targetId, ana.id)));
    expect(entry).toMatchObject({ actorId: null, targetType: 'user', details: { by: 'self', unassignedLeads: 2 } });
    expect(JSON.stringify(entry)).not.toMatch(/Ana|@/);

    // Her sessions no longer sign anyone in; her photo file is gone; search no longer lists her.
    expect(await sessionUser(ana.cookie)).toBeNull();
    expect(fs.existsSync(ana.photoFile)).toBe(false);
    const search = await findApprovedLawyers({ area: 'familia', cidade: 'sp_sao_paulo', pagina: 1 });
    expect(search.lawyers.map((l) => l.id)).not.toContain(ana.id);
    expect(publicContentGeneration()).toBeGreaterThan(generation);
    // The old login fails like an unknown address.
    const login = await refusalOf(signInWithPassword({ email: ana.email, password: LAWYER_PASSWORD }, new Headers({ [CLIENT_IP_HEADER]: '203.0.113.9' })));
    expect(login).toMatchObject({ code: 'invalid_credentials', message: 'Email ou senha incorretos' });

    // Another lawyer's data is untouched.
    expect(await rowsAbout(bruno)).toEqual(brunoBefore);
    expect(await sessionUser(bruno.cookie)).toBe(bruno.id);
    expect(fs.existsSync(bruno.photoFile)).toBe(true);
    expect(search.lawyers.map((l) => l.id)).toContain(bruno.id);
  });

  test('a superadmin may delete a lawyer; the entry names the superadmin', async () => {
    const superadminId = await createSuperadmin({ nome: 'Admin', email: 'admin.exclusao@jusconecta.test', password: 'senha-do-admin-1' });
    const ana = await lawyerWithEverything('Carla');
    expect(await deleteLawyerAccount(ana.id, { by: { superadminId } })).toMatchObject({ unassignedLeads: expect.any(Number) });
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'account.deleted'), eq(auditLog.targetId, ana.id)));
    expect(entry).toMatchObject({ actorId: superadminId, details: { by: 'superadmin' } });
  });

  test('only a superadmin may delete someone else, a superadmin is not deleted here, and a second deletion finds nothing', async () => {
    const ana = await createLawyer();
    const bruno = await createLawyer();
    const superadminId = await createSuperadmin({ nome: 'Admin', email: 'admin.recusa@jusconecta.test', password: 'senha-do-admin-1' });

    await expect(deleteLawyerAccount(ana.id, { by: { superadminId: bruno.id } })).rejects.toMatchObject({ status: 403, message: NOT_ALLOWED_TO_DELETE_MESSAGE });
    for (const by of ['self', { superadminId }] as const) {
      await expect(deleteLawyerAccount(superadminId, { by })).rejects.toMatchObject({ status: 403, code: 'superadmin_not_deletable', message: SUPERADMIN_NOT_DELETABLE_MESSAGE });
    }
    expect(await db.select().from(user).where(inArray(user.id, [ana.id, superadminId]))).toHaveLength(2);

    const [first, second] = await Promise.allSettled([deleteLawyerAccount(ana.id, { by: 'self' }), deleteLawyerAccount(ana.id, { by: 'self' })]);
    expect([first.status, second.status].sort()).toEqual(['fulfilled', 'rejected']);
    const missing = first.status === 'rejected' ? first : second;
    expect(missing.status === 'rejected' && missing.reason).toMatchObject({ status: 404, message: ACCOUNT_NOT_FOUND_MESSAGE });
    expect(await db.select().from(auditLog).where(eq(auditLog.targetId, ana.id))).toHaveLength(1);
    for (const id of ['x\u0000y', "' or 1=1 --"]) {
      await expect(deleteLawyerAccount(id, { by: 'self' })).rejects.toMatchObject({ status: 404 });
    }
  });

  test('a photo file another profile also uses is kept', async () => {
    const ana = await lawyerWithEverything('Dora');
    const twin = await createLawyer({ fotoUrl: (await db.select({ f: lawyerProfiles.fotoUrl }).from(lawyerProfiles).where(eq(lawyerProfiles.id, ana.id)))[0]!.f });
    await deleteLawyerAccount(ana.id, { by: 'self' });
    expect(fs.existsSync(ana.photoFile)).toBe(true);
    await deleteLawyerAccount(twin.id, { by: 'self' });
    expect(fs.existsSync(ana.photoFile)).toBe(false);
  });

  test('an account that never finished registering (no profile) is deleted too', async () => {
    const ana = await lawyerWithEverything('Eva');
    await db.delete(lawyerProfiles).where(eq(lawyerProfiles.id, ana.id));
    expect(await deleteLawyerAccount(ana.id, { by: 'self' })).toMatchObject({ unassignedLeads: expect.any(Number) });
    expect(await db.select().from(user).where(eq(user.id, ana.id))).toHaveLength(0);
    const [mail] = await db.select().from(outbox).where(eq(outbox.recipient, ana.email));
    expect(mail!.body).toContain('Olá, Advogada Eva!');
  });
});

describe('the page /area-advogado/excluir-conta', () => {
  async function submit(cookie: string, confirmacao: string): Promise<Response | { data: unknown; init: ResponseInit | null }> {
    const request = new Request('http://localhost:3000/area-advogado/excluir-conta', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ confirmacao }),
    });
    try {
      return (await deleteAccountAction({ request, params: {}, context: {} } as unknown as Parameters<typeof deleteAccountAction>[0])) as never;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  test('a wrong word deletes nothing; EXCLUIR deletes the account, clears the cookies and says so on the home page', async () => {
    const ana = await lawyerWithEverything('Fabi');
    const refused = await submit(ana.cookie, 'apagar');
    expect(refused).not.toBeInstanceOf(Response);
    expect(refused).toMatchObject({ init: { status: 400 }, data: { errors: { confirmacao: DELETE_CONFIRMATION_MESSAGE }, values: { confirmacao: 'apagar' } } });
    expect(await db.select().from(user).where(eq(user.id, ana.id))).toHaveLength(1);

    const done = await submit(ana.cookie, ' excluir ');
    expect(done).toBeInstanceOf(Response);
    const response = done as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => /^jusconecta\.session_token=;.*Max-Age=0/.test(c))).toBe(true);
    expect(cookies).toContain(`jusconecta_toast=${encodeURIComponent(ACCOUNT_DELETED_TOAST)}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`);
    expect(await db.select().from(user).where(eq(user.id, ana.id))).toHaveLength(0);
  });

  test('needs a session', async () => {
    const request = new Request('http://localhost:3000/area-advogado/excluir-conta');
    const answer = await deleteAccountLoader({ request, params: {}, context: {} } as unknown as Parameters<typeof deleteAccountLoader>[0]).catch((r: unknown) => r);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get('location')).toBe('/login');
  });
});
