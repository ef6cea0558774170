import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { user } from '~/db/schema/auth';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { findPlan } from '~/modules/catalog/catalog';
import { createLawyer, expirePlan } from '../../../tests/factories/lawyers';
import { getOwnLawyerProfile } from './lawyer-area.server';

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
      // Arbitragem e Mediação, Direito Civil, Direito do Trabalho
      areas: ['arbitragem', 'civil', 'trabalho'],
      // Curitiba - PR, Londrina - PR
      cidades: ['pr_curitiba', 'pr_londrina'],
    });
    expect(own?.plan).toEqual(findPlan('intermediario'));
    expect(own?.planEndsAt).toBeInstanceOf(Date);
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
    expect(own?.plan?.id).toBe('gratuito');
    expect(own?.planEndsAt).toBeNull();
  });

  test('a cancelled plan is no plan', async () => {
    const ana = await createLawyer({ plan: 'premium' });
    await db.update(lawyerPlans).set({ status: 'cancelled' }).where(eq(lawyerPlans.lawyerId, ana.id));
    expect(await getOwnLawyerProfile(ana.id)).toMatchObject({ plan: null, planEndsAt: null });
  });

  test('an active plan past its end date is still the lawyer’s plan, with the date it ended', async () => {
    const ana = await createLawyer({ plan: 'basico' });
    await expirePlan(ana.id);
    const own = await getOwnLawyerProfile(ana.id);
    expect(own?.plan?.id).toBe('basico');
    expect(own!.planEndsAt!.getTime()).toBeLessThan(Date.now());
  });

  test('after a change of plan the new active plan is the one shown', async () => {
    const ana = await createLawyer({ plan: 'gratuito' });
    await db.update(lawyerPlans).set({ status: 'cancelled' }).where(eq(lawyerPlans.lawyerId, ana.id));
    const endDate = new Date(Date.now() + 30 * 86_400_000);
    await db.insert(lawyerPlans).values({ lawyerId: ana.id, planType: 'premium', status: 'active', endDate });
    const own = await getOwnLawyerProfile(ana.id);
    expect(own?.plan?.id).toBe('premium');
    expect(own?.planEndsAt).toEqual(endDate);
  });

  test('shows the photo when the lawyer has one', async () => {
    const ana = await createLawyer();
    await db.update(lawyerProfiles).set({ fotoUrl: '/uploads/ana.webp' }).where(eq(lawyerProfiles.id, ana.id));
    expect((await getOwnLawyerProfile(ana.id))?.profile.fotoUrl).toBe('/uploads/ana.webp');
  });
});
