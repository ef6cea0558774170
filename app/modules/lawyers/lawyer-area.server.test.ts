import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { user } from '~/db/schema/auth';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { createSuperadmin } from '~/modules/accounts/superadmins.server';
import { findPlan, type LawyerStatus } from '~/domain/catalog/catalog';
import { createLawyer, expirePlan } from '../../../tests/factories/lawyers';
import { areaSectionSchema, getLawyerArea, getOwnLawyerProfile } from './lawyer-area.server';

describe('the lawyer’s own area', () => {
  test('gives the lawyer their own profile, areas and cities sorted by label, and their active plan', async () => {
    const ana = await createLawyer({
      nome: 'Ana Souza',
      email: 'ana@exemplo.adv.br',
      numeroOab: '123456',
      oabUf: 'PR',
      whatsapp: '41987654321',
      areas: ['trabalho', 'civil', 'arbitragem'],
      cities: ['pr_londrina', 'pr_curitiba'],
      plan: 'intermediario',
    });
    await createLawyer({ nome: 'Bruno Lima', areas: ['penal'], cities: ['sp_santos'], plan: 'premium' });

    const own = await getOwnLawyerProfile(ana.id);
    expect(own?.profile).toEqual({
      nome: 'Ana Souza',
      email: 'ana@exemplo.adv.br',
      numeroOab: '123456',
      oabUf: 'PR',
      whatsapp: '41987654321',
      biografia: expect.any(String),
      fotoUrl: null,
      slug: ana.slug,
      status: 'approved',
      // Nothing declared about the practice yet (docs/decisions/0063).
      titulo: null,
      primeiraInscricaoAno: null,
      formacao: null,
      idiomas: [],
      atendeOnline: false,
      escritorioBairro: null,
      escritorioCidade: null,
      // Arbitragem e Mediação, Direito Civil, Direito do Trabalho
      areas: ['arbitragem', 'civil', 'trabalho'],
      // Curitiba - PR, Londrina - PR
      cidades: ['pr_curitiba', 'pr_londrina'],
    });
    expect(own?.plan).toMatchObject({ active: findPlan('intermediario'), effective: findPlan('intermediario'), ended: false });
    expect(own?.plan.endsAt).toBeInstanceOf(Date);
  });

  test('a signed-in user without a lawyer profile gets null', async () => {
    await db.insert(user).values({ id: 'usuario-sem-perfil', name: 'Sem Perfil', email: 'sem.perfil@exemplo.com.br' });
    await createLawyer();
    expect(await getOwnLawyerProfile('usuario-sem-perfil')).toBeNull();
  });

  test('pending and rejected lawyers still get their profile, with its status', async () => {
    const pending = await createLawyer({ status: 'pending' });
    const rejected = await createLawyer({ status: 'rejected' });
    expect((await getOwnLawyerProfile(pending.id))?.profile.status).toBe('pending');
    expect((await getOwnLawyerProfile(rejected.id))?.profile.status).toBe('rejected');
  });

  test('gratuito has no end date', async () => {
    const ana = await createLawyer({ plan: 'gratuito' });
    const own = await getOwnLawyerProfile(ana.id);
    expect(own?.plan.active?.id).toBe('gratuito');
    expect(own?.plan.endsAt).toBeNull();
  });

  test('a cancelled plan is no plan', async () => {
    const ana = await createLawyer({ plan: 'premium' });
    await db.update(lawyerPlans).set({ status: 'cancelled' }).where(eq(lawyerPlans.lawyerId, ana.id));
    expect(await getOwnLawyerProfile(ana.id)).toMatchObject({ plan: { active: null, endsAt: null, effective: findPlan('gratuito') } });
  });

  test('an active plan past its end date is still the lawyer’s plan, with the date it ended, but gratuito is in effect', async () => {
    const ana = await createLawyer({ plan: 'basico' });
    await expirePlan(ana.id);
    const own = await getOwnLawyerProfile(ana.id);
    expect(own?.plan.active?.id).toBe('basico');
    expect(own?.plan).toMatchObject({ ended: true, effective: findPlan('gratuito') });
    expect(own!.plan.endsAt!.getTime()).toBeLessThan(Date.now());
  });

  test('after a change of plan the new active plan is the one shown', async () => {
    const ana = await createLawyer({ plan: 'gratuito' });
    await db.update(lawyerPlans).set({ status: 'cancelled' }).where(eq(lawyerPlans.lawyerId, ana.id));
    const endDate = new Date(Date.now() + 30 * 86_400_000);
    await db.insert(lawyerPlans).values({ lawyerId: ana.id, planType: 'premium', status: 'active', endDate });
    const own = await getOwnLawyerProfile(ana.id);
    expect(own?.plan.active?.id).toBe('premium');
    expect(own?.plan.endsAt).toEqual(endDate);
  });

  test('shows the photo when the lawyer has one', async () => {
    const ana = await createLawyer();
    await db.update(lawyerProfiles).set({ fotoUrl: '/uploads/ana.webp' }).where(eq(lawyerProfiles.id, ana.id));
    expect((await getOwnLawyerProfile(ana.id))?.profile.fotoUrl).toBe('/uploads/ana.webp');
  });
});

/** The user as the session gives it to the area. */
function sessionUser(id: string, lawyerStatus: LawyerStatus | null, isSuperadmin = false) {
  return { id, isSuperadmin, lawyer: lawyerStatus ? { status: lawyerStatus, slug: 'x', nome: 'x' } : null };
}

describe('what the lawyer area shows', () => {
  test('?section= is one of the five sections; anything else, or nothing, is the dashboard', () => {
    for (const section of ['dashboard', 'perfil', 'crm', 'monitoramento', 'financeiro']) expect(areaSectionSchema.parse(section)).toBe(section);
    for (const other of [null, undefined, '', 'PERFIL', 'admin', ['perfil']]) expect(areaSectionSchema.parse(other)).toBe('dashboard');
  });

  test('an approved lawyer gets the dashboard with their numbers, and the other sections without them', async () => {
    const ana = await createLawyer({ plan: 'intermediario' });
    const dashboard = await getLawyerArea(sessionUser(ana.id, 'approved'), 'dashboard');
    expect(dashboard).toMatchObject({ state: 'approved', section: 'dashboard', stats: { totalViews: 0, totalClicks: 0, leadsThisMonth: 0 } });
    const profile = await getLawyerArea(sessionUser(ana.id, 'approved'), 'perfil');
    expect(profile).toMatchObject({ state: 'approved', section: 'perfil', stats: null, profile: { slug: ana.slug } });
  });

  test('the badge names the plan in effect, or Plano Básico when there is none', async () => {
    const ana = await createLawyer({ plan: 'premium' });
    const withPlan = await getLawyerArea(sessionUser(ana.id, 'approved'), 'perfil');
    expect(withPlan.state === 'approved' && withPlan.plan).toMatchObject({ active: findPlan('premium'), badge: findPlan('premium'), ended: false });

    await db.update(lawyerPlans).set({ status: 'cancelled' }).where(eq(lawyerPlans.lawyerId, ana.id));
    const without = await getLawyerArea(sessionUser(ana.id, 'approved'), 'perfil');
    expect(without.state === 'approved' && without.plan).toMatchObject({ active: null, badge: findPlan('basico'), endsAt: null, ended: false, effective: findPlan('gratuito') });
  });

  test('once a paid plan has ended the badge names gratuito, and the area knows which plan ended', async () => {
    const ana = await createLawyer({ plan: 'premium' });
    await expirePlan(ana.id);
    const area = await getLawyerArea(sessionUser(ana.id, 'approved'), 'perfil');
    expect(area.state === 'approved' && area.plan).toMatchObject({ active: findPlan('premium'), badge: findPlan('gratuito'), effective: findPlan('gratuito'), ended: true });
    expect(area.state === 'approved' && area.plan.allows).toEqual({ crm: true, monitoring: false, monitoredProcessesCap: 0, whatsappNotifications: false });
  });

  test('a paid plan has ended from its end date on, exactly then and after', async () => {
    const ana = await createLawyer({ plan: 'basico' });
    const own = await getOwnLawyerProfile(ana.id);
    const endsAt = own!.plan.endsAt!;
    const at = async (now: Date) => {
      const area = await getLawyerArea(sessionUser(ana.id, 'approved'), 'perfil', now);
      return area.state === 'approved' && area.plan.ended;
    };
    expect(await at(new Date(endsAt.getTime() - 1))).toBe(false);
    expect(await at(endsAt)).toBe(true);
    await expirePlan(ana.id);
    expect(await at(new Date())).toBe(true);
  });

  test('a signed-in user without a lawyer profile gets the missing-profile state', async () => {
    await db.insert(user).values({ id: 'usuario-sem-perfil', name: 'Sem Perfil', email: 'sem.perfil@exemplo.com.br' });
    expect(await getLawyerArea(sessionUser('usuario-sem-perfil', null), 'dashboard')).toEqual({ state: 'missing' });
  });

  test('pending and rejected lawyers get only their state, whatever the session remembered', async () => {
    const pending = await createLawyer({ status: 'pending' });
    const rejected = await createLawyer({ status: 'rejected' });
    expect(await getLawyerArea(sessionUser(pending.id, 'pending'), 'dashboard')).toEqual({ state: 'pending' });
    expect(await getLawyerArea(sessionUser(rejected.id, 'approved'), 'dashboard')).toEqual({ state: 'rejected' });
  });

  test('a superadmin never gets the missing-profile state: the superadmin notice, or their own profile', async () => {
    const adminId = await createSuperadmin({ nome: 'Administradora', email: 'admin@exemplo.com.br', password: 'senha-admin-123' });
    expect(await getLawyerArea(sessionUser(adminId, null, true), 'dashboard')).toEqual({ state: 'superadmin' });

    // A superadmin who is also a lawyer is always approved in the area.
    const lawyerAdmin = await createLawyer({ status: 'pending' });
    const area = await getLawyerArea(sessionUser(lawyerAdmin.id, 'pending', true), 'dashboard');
    expect(area).toMatchObject({ state: 'approved', profile: { status: 'pending' }, stats: expect.any(Object) });
  });
});
