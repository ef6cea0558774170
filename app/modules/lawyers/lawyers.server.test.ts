import { eq } from 'drizzle-orm';
import { describe, expect, test, vi } from 'vitest';
import { db } from '~/db/client.server';
import { lawyerCities, lawyerPracticeAreas, lawyerProfiles } from '~/db/schema/lawyers';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { createLawyer, createLawyers, expirePlan } from '../../../tests/factories/lawyers';
import { SEARCH_PAGE_SIZE } from './lawyers.schemas';
import { freeSlugs } from './lawyer-writes.server';
import { findApprovedLawyerIdBySlug, findApprovedLawyers, getPublicLawyerProfile, listApprovedProfilesByRotationKey } from './lawyers.server';

const everywhere = { area: undefined, cidade: undefined, pagina: 1 };

describe('public search', () => {
  test('finds approved lawyers by practice area and city, with their areas and cities', async () => {
    const curitiba = await createLawyer({ nome: 'Paula Curitiba', areas: ['familia', 'civil'], cities: ['pr_curitiba', 'pr_londrina'], oabUf: 'PR' });
    await createLawyer({ nome: 'Outra Área', areas: ['penal'], cities: ['pr_curitiba'] });
    await createLawyer({ nome: 'Outra Cidade', areas: ['familia'], cities: ['sp_santos'] });

    const result = await findApprovedLawyers({ area: 'familia', cidade: 'pr_curitiba', pagina: 1 });
    expect(result.total).toBe(1);
    expect(result.lawyers).toEqual([
      expect.objectContaining({ id: curitiba.id, nome: 'Paula Curitiba', areas: ['civil', 'familia'], cidades: ['pr_curitiba', 'pr_londrina'], oabUf: 'PR' }),
    ]);
  });

  test('never shows pending or rejected lawyers', async () => {
    await createLawyer({ nome: 'Aprovada' });
    await createLawyer({ nome: 'Pendente', status: 'pending' });
    await createLawyer({ nome: 'Rejeitada', status: 'rejected' });
    const result = await findApprovedLawyers(everywhere);
    expect(result.lawyers.map((l) => l.nome)).toEqual(['Aprovada']);
  });

  test('higher plan levels come first; an expired paid plan does not lift anyone', async () => {
    const free = await createLawyer({ plan: 'gratuito' });
    const premium = await createLawyer({ plan: 'premium' });
    const basic = await createLawyer({ plan: 'basico' });
    const expired = await createLawyer({ plan: 'premium' });
    await expirePlan(expired.id);
    const ids = (await findApprovedLawyers(everywhere)).lawyers.map((l) => l.id);
    expect(ids.slice(0, 2)).toEqual([premium.id, basic.id]);
    expect(ids.slice(2).sort()).toEqual([free.id, expired.id].sort());
  });

  test('within a level the order rotates daily, is stable within a day, and pages never repeat a lawyer', async () => {
    await createLawyers(60);
    const monday = new Date('2025-06-02T15:00:00Z');
    const pages = await Promise.all([1, 2, 3].map((pagina) => findApprovedLawyers({ ...everywhere, pagina }, monday)));
    expect(pages.map((p) => p.lawyers.length)).toEqual([SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE, 12]);
    expect(pages.every((p) => p.total === 60 && p.pageCount === 3)).toBe(true);
    const all = pages.flatMap((p) => p.lawyers.map((l) => l.id));
    expect(new Set(all).size).toBe(60);

    const laterThatDay = await findApprovedLawyers(everywhere, new Date('2025-06-02T23:00:00Z'));
    expect(laterThatDay.lawyers.map((l) => l.id)).toEqual(pages[0]!.lawyers.map((l) => l.id));
    const nextWeek = await findApprovedLawyers(everywhere, new Date('2025-06-09T15:00:00Z'));
    expect(nextWeek.lawyers.map((l) => l.id)).not.toEqual(pages[0]!.lawyers.map((l) => l.id));
  });

  test('search follows changes to areas, cities and plans as soon as they are written', async () => {
    const ana = await createLawyer({ areas: ['familia'], cities: ['sp_sao_paulo'] });
    const other = await createLawyer({ plan: 'basico' });
    await db.delete(lawyerPracticeAreas).where(eq(lawyerPracticeAreas.lawyerId, ana.id));
    await db.insert(lawyerPracticeAreas).values({ lawyerId: ana.id, areaId: 'trabalho' });
    await db.update(lawyerCities).set({ cityId: 'pr_curitiba' }).where(eq(lawyerCities.lawyerId, ana.id));
    expect((await findApprovedLawyers({ area: 'familia', cidade: undefined, pagina: 1 })).lawyers.map((l) => l.id)).toEqual([other.id]);
    expect((await findApprovedLawyers({ area: 'trabalho', cidade: 'pr_curitiba', pagina: 1 })).lawyers).toEqual([
      expect.objectContaining({ id: ana.id, areas: ['trabalho'], cidades: ['pr_curitiba'] }),
    ]);

    // Subscribing: the old plan is cancelled and a premium one starts; Ana now comes first.
    await db.update(lawyerPlans).set({ status: 'cancelled' }).where(eq(lawyerPlans.lawyerId, ana.id));
    await db.insert(lawyerPlans).values({ lawyerId: ana.id, planType: 'premium', endDate: new Date(Date.now() + 30 * 86_400_000) });
    expect((await findApprovedLawyers(everywhere)).lawyers.map((l) => l.id)).toEqual([ana.id, other.id]);
  });

  test('a page past the end is empty but still tells the total', async () => {
    await createLawyers(3);
    const result = await findApprovedLawyers({ ...everywhere, pagina: 9 });
    expect(result.lawyers).toEqual([]);
    expect(result.total).toBe(3);
  });
});

describe('public profile', () => {
  test('is found by slug, and by id with a hint to redirect to the slug', async () => {
    const ana = await createLawyer({ nome: 'Ana Lúcia Prado', areas: ['trabalho'], cities: ['mg_belo_horizonte'] });
    const bySlug = await getPublicLawyerProfile('analuciaprado');
    expect(bySlug).toMatchObject({ matchedBy: 'slug', profile: { id: ana.id, nome: 'Ana Lúcia Prado', areas: ['trabalho'], cidades: ['mg_belo_horizonte'] } });
    expect(await getPublicLawyerProfile(ana.id)).toMatchObject({ matchedBy: 'id', profile: { slug: 'analuciaprado' } });
  });

  test('pending, rejected and unknown lawyers are not found', async () => {
    const pending = await createLawyer({ status: 'pending' });
    const rejected = await createLawyer({ status: 'rejected' });
    expect(await getPublicLawyerProfile(pending.slug)).toBeNull();
    expect(await getPublicLawyerProfile(rejected.id)).toBeNull();
    expect(await getPublicLawyerProfile('ninguem')).toBeNull();
  });

  test('a value that cannot be a slug or an id is not found, without a query', async () => {
    const ana = await createLawyer({ nome: 'Ana Silva', id: 'Ana_Silva-Id_0123456789' });
    const select = vi.spyOn(db, 'select');
    try {
      for (const bad of ['\u0000', 'anasilva\u0000', 'a%00', 'Ana Silva', 'anasilva/', 'x'.repeat(101), 'a'.repeat(200), '']) {
        expect(await getPublicLawyerProfile(bad), JSON.stringify(bad)).toBeNull();
        expect(await findApprovedLawyerIdBySlug(bad), JSON.stringify(bad)).toBeNull();
      }
      // An id is not a slug: the click beacon only takes slugs.
      expect(await findApprovedLawyerIdBySlug(ana.id)).toBeNull();
      expect(select).not.toHaveBeenCalled();
    } finally {
      select.mockRestore();
    }
    // A valid slug and a valid better-auth id (mixed case, underscores) still work.
    expect(await getPublicLawyerProfile('anasilva')).toMatchObject({ matchedBy: 'slug', profile: { id: ana.id } });
    expect(await getPublicLawyerProfile(ana.id)).toMatchObject({ matchedBy: 'id', profile: { slug: 'anasilva' } });
    expect(await findApprovedLawyerIdBySlug('anasilva')).toBe(ana.id);
    expect(await getPublicLawyerProfile('x'.repeat(100))).toBeNull();
  });

  test('the sitemap lists approved profiles only', async () => {
    const approved = await createLawyer();
    await createLawyer({ status: 'pending' });
    await createLawyer({ status: 'rejected' });
    expect((await listApprovedProfilesByRotationKey(0, 2 ** 31)).map((p) => p.slug)).toEqual([approved.slug]);
  });
});

describe('slugs', () => {
  test('a second lawyer with the same name gets the next free number', async () => {
    await createLawyer({ nome: 'Carlos Eduardo Lima' });
    expect(await freeSlugs(db, ['Carlos Eduardo Lima'])).toEqual(['carloseduardolima1']);
    await createLawyer({ nome: 'Carlos Eduardo Lima' });
    const [second] = await db.select({ slug: lawyerProfiles.slug }).from(lawyerProfiles).where(eq(lawyerProfiles.slug, 'carloseduardolima1'));
    expect(second?.slug).toBe('carloseduardolima1');
    expect(await freeSlugs(db, ['Carlos Eduardo Lima', 'Carlos Eduardo Lima'])).toEqual(['carloseduardolima2', 'carloseduardolima3']);
  });

  test('the smallest free suffix fills a gap, and a longer name sharing the prefix does not count', async () => {
    await createLawyer({ nome: 'Joao Silva' });
    await createLawyer({ nome: 'Joao Silva' });
    await createLawyer({ nome: 'Joao Silva' });
    await db.delete(lawyerProfiles).where(eq(lawyerProfiles.slug, 'joaosilva1'));
    await createLawyer({ nome: 'Joao Silvano' });
    expect(await freeSlugs(db, ['João Silva', 'João Silva', 'João Silvano'])).toEqual(['joaosilva1', 'joaosilva3', 'joaosilvano1']);
  });
});
