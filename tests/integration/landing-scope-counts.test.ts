import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db, selectRows } from '~/db/client.server';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { deleteLawyerAccount } from '~/modules/accounts/account-deletion.server';
import { approveLawyer, rejectLawyer } from '~/modules/accounts/lawyer-review.server';
import { createSuperadmin } from '~/modules/accounts/superadmins.server';
import { seedDemoDataIfEmpty } from '~/modules/demo/demo-seed.server';
import { landingScopeHasLawyers, listLandingCombinations, listLandingPages } from '~/modules/landing/landing.server';
import { openProfileEditing, updateOwnLawyerProfile } from '~/modules/lawyers/own-profile.server';
import { createLawyer, createLawyers, expirePlan } from '../factories/lawyers';

/** /editar-perfil's door for a lawyer of the factories, as the session opens it. */
const editorOf = (id: string, status: 'approved' | 'pending' = 'approved') => openProfileEditing({ id, isSuperadmin: false, lawyer: { status } });

// landing_scope_counts, kept by the trigger of migration 0014, against the aggregate it replaces: every
// area × city pair of the approved profiles' search tags, with the count and the latest updated_at.

type Pair = { area: string; cidade: string; lawyers: number };

/** The aggregate the landing pages ran before migration 0014 (a scan of every approved profile). */
async function aggregate(): Promise<Array<Pair & { lastModified: number }>> {
  const rows = await selectRows<{ area: string; cidade: string; lawyers: number; last_modified_ms: number }>(sql`
    select substr(a.tag, 3) as area, substr(c.tag, 3) as cidade, count(*)::int as lawyers,
      (extract(epoch from max(lp.updated_at)) * 1000)::float8 as last_modified_ms
    from lawyer_profiles lp, unnest(lp.search_tags) a(tag), unnest(lp.search_tags) c(tag)
    where lp.status = 'approved' and a.tag like 'a:%' and c.tag like 'c:%'
    group by 1, 2`);
  return sortPairs(rows.map((r) => ({ area: r.area, cidade: r.cidade, lawyers: Number(r.lawyers), lastModified: Number(r.last_modified_ms) })));
}

/** Every row of the summary, as stored (rows at 0 or below included: there must be none). */
async function summary(): Promise<Array<Pair & { lastModified: number }>> {
  const rows = await selectRows<{ area: string; cidade: string; lawyers: number; last_modified_ms: number }>(sql`
    select area, cidade, lawyers, (extract(epoch from last_modified) * 1000)::float8 as last_modified_ms from landing_scope_counts`);
  return sortPairs(rows.map((r) => ({ area: r.area, cidade: r.cidade, lawyers: Number(r.lawyers), lastModified: Number(r.last_modified_ms) })));
}

function sortPairs<T extends Pair>(pairs: T[]): T[] {
  return pairs.sort((a, b) => a.area.localeCompare(b.area) || a.cidade.localeCompare(b.cidade));
}

const counts = (pairs: Pair[]) => pairs.map(({ area, cidade, lawyers }) => ({ area, cidade, lawyers }));

async function reviewer(): Promise<string> {
  return createSuperadmin({ nome: 'Revisora', email: 'revisora@jusconecta.test', password: 'senha-da-revisora-1' });
}

function profileEdit(areas: Array<'familia' | 'penal' | 'civil' | 'trabalho'>, cities: string[]) {
  return {
    nome: 'Advogada Editada',
    whatsapp: '11987651234',
    whatsappNotificacoes: null,
    biografia: 'Advogada com dez anos de prática em direito de família, atendimento humanizado e foco em acordos.',
    areasAtuacao: areas,
    cidadesAtendidas: cities,
  };
}

describe('landing_scope_counts', () => {
  test('counts the approved lawyers of each area × city, and nothing for pending or rejected ones', async () => {
    await createLawyers(2, { areas: ['familia', 'civil'], cities: ['pr_curitiba', 'pr_londrina'] });
    await createLawyer({ areas: ['familia'], cities: ['pr_curitiba'] });
    await createLawyer({ areas: ['penal'], cities: ['sp_santos'], status: 'pending' });
    await createLawyer({ areas: ['trabalho'], cities: ['rj_niteroi'], status: 'rejected' });
    expect(counts(await summary())).toEqual([
      { area: 'civil', cidade: 'pr_curitiba', lawyers: 2 },
      { area: 'civil', cidade: 'pr_londrina', lawyers: 2 },
      { area: 'familia', cidade: 'pr_curitiba', lawyers: 3 },
      { area: 'familia', cidade: 'pr_londrina', lawyers: 2 },
    ]);
    expect(await summary()).toEqual(await aggregate());
  });

  test('approving and rejecting move the counts and the pages into and out of existence', async () => {
    const reviewerId = await reviewer();
    const pending = await createLawyer({ areas: ['penal'], cities: ['ba_salvador'], status: 'pending' });
    const scope = { area: 'penal', cidade: 'ba_salvador' } as const;
    expect(await landingScopeHasLawyers(scope)).toBe(false);
    expect(await summary()).toEqual([]);

    await approveLawyer(pending.id, { reviewerId, cnaChecked: true });
    const [approved] = await db.select({ updatedAt: lawyerProfiles.updatedAt }).from(lawyerProfiles).where(eq(lawyerProfiles.id, pending.id));
    expect(await summary()).toEqual([{ area: 'penal', cidade: 'ba_salvador', lawyers: 1, lastModified: approved!.updatedAt.getTime() }]);
    expect(await landingScopeHasLawyers(scope)).toBe(true);
    expect(await landingScopeHasLawyers({ area: 'penal' })).toBe(true);
    expect(await landingScopeHasLawyers({ cidade: 'ba_salvador' })).toBe(true);
    expect((await listLandingPages()).map((p) => p.path).sort()).toEqual(['/advogados/direito-penal', '/advogados/direito-penal/salvador-ba', '/advogados/salvador-ba']);

    await rejectLawyer(pending.id, { reviewerId });
    expect(await summary()).toEqual([]);
    expect(await landingScopeHasLawyers(scope)).toBe(false);
    expect(await landingScopeHasLawyers({ area: 'penal' })).toBe(false);
    expect(await listLandingPages()).toEqual([]);
  });

  test('a lawyer leaving a page moves its lastmod forward; the count follows', async () => {
    const reviewerId = await reviewer();
    const [first, second] = await createLawyers(2, { areas: ['consumidor'], cities: ['ba_salvador'] });
    const before = (await summary())[0]!;
    expect(before.lawyers).toBe(2);
    const later = new Date(before.lastModified + 60_000);
    await rejectLawyer(first!.id, { reviewerId, now: later });
    expect(await summary()).toEqual([{ area: 'consumidor', cidade: 'ba_salvador', lawyers: 1, lastModified: later.getTime() }]);
    expect(await landingScopeHasLawyers({ area: 'consumidor', cidade: 'ba_salvador' })).toBe(true);
    await rejectLawyer(second!.id, { reviewerId, now: new Date(later.getTime() + 1000) });
    expect(await summary()).toEqual([]);
  });

  test('changing a lawyer’s areas and cities moves the counts from the old pairs to the new ones', async () => {
    const lawyer = await createLawyer({ areas: ['familia', 'civil'], cities: ['pr_curitiba'] });
    await createLawyer({ areas: ['familia'], cities: ['pr_curitiba'] });
    const edited = new Date(Date.now() + 5_000);
    await updateOwnLawyerProfile(await editorOf(lawyer.id), profileEdit(['penal', 'familia'], ['pr_curitiba', 'sp_santos']), undefined, edited);
    expect(counts(await summary())).toEqual([
      { area: 'familia', cidade: 'pr_curitiba', lawyers: 2 },
      { area: 'familia', cidade: 'sp_santos', lawyers: 1 },
      { area: 'penal', cidade: 'pr_curitiba', lawyers: 1 },
      { area: 'penal', cidade: 'sp_santos', lawyers: 1 },
    ]);
    // Every pair the edit touched carries its time, the pair it left (civil) is gone.
    for (const row of await summary()) expect(row.lastModified).toBe(edited.getTime());
    expect(await landingScopeHasLawyers({ area: 'civil' })).toBe(false);
    expect(await landingScopeHasLawyers({ area: 'penal', cidade: 'sp_santos' })).toBe(true);
    expect(counts(await summary())).toEqual(counts(await aggregate()));
  });

  test('deleting an account takes its lawyer off every pair', async () => {
    const ana = await createLawyer({ areas: ['familia'], cities: ['pr_curitiba', 'sp_santos'] });
    await createLawyer({ areas: ['familia'], cities: ['pr_curitiba'] });
    expect(await deleteLawyerAccount(ana.id, { by: 'self' })).toMatchObject({ unassignedLeads: expect.any(Number) });
    expect(counts(await summary())).toEqual([{ area: 'familia', cidade: 'pr_curitiba', lawyers: 1 }]);
    expect(await landingScopeHasLawyers({ cidade: 'sp_santos' })).toBe(false);
  });

  test('writes that change no pair (a plan, activity, a pending profile’s tags) leave the summary as it is', async () => {
    const lawyer = await createLawyer({ areas: ['familia'], cities: ['pr_curitiba'], plan: 'premium' });
    const pending = await createLawyer({ areas: ['penal'], cities: ['pr_curitiba'], status: 'pending' });
    const before = await summary();
    await expirePlan(lawyer.id); // the plan triggers rewrite plan_level on lawyer_profiles
    const [row] = await db.select({ planLevelUntil: lawyerProfiles.planLevelUntil }).from(lawyerProfiles).where(eq(lawyerProfiles.id, lawyer.id));
    expect(row!.planLevelUntil!.getTime()).toBeLessThan(Date.now());
    await db.update(lawyerProfiles).set({ lastActivityAt: new Date() }).where(eq(lawyerProfiles.id, lawyer.id));
    await updateOwnLawyerProfile(await editorOf(pending.id, 'pending'), profileEdit(['trabalho'], ['sp_santos']), undefined, new Date(Date.now() + 5_000));
    expect(await summary()).toEqual(before);
  });

  test('a raw SQL write is counted as well: the trigger, not the app, keeps the table', async () => {
    const lawyer = await createLawyer({ areas: ['familia'], cities: ['pr_curitiba'] });
    await db.execute(sql`update lawyer_profiles set status = 'pending' where id = ${lawyer.id}`);
    expect(await summary()).toEqual([]);
    await db.execute(sql`update lawyer_profiles set status = 'approved' where id = ${lawyer.id}`);
    expect(counts(await summary())).toEqual([{ area: 'familia', cidade: 'pr_curitiba', lawyers: 1 }]);
  });

  test('a rebuild (the migration’s backfill) gives the old aggregate’s combinations, and the same as the trigger kept', async () => {
    const reviewerId = await reviewer();
    const lawyers = await createLawyers(6, { areas: ['familia', 'penal'], cities: ['pr_curitiba', 'sp_sao_paulo'] });
    await createLawyer({ areas: ['civil'], cities: ['mg_belo_horizonte', 'sp_santos'] });
    await createLawyer({ areas: ['civil'], cities: ['sp_santos'], status: 'pending' });
    await rejectLawyer(lawyers[0]!.id, { reviewerId });
    await updateOwnLawyerProfile(await editorOf(lawyers[1]!.id), profileEdit(['trabalho'], ['sp_santos']), undefined, new Date(Date.now() + 5_000));
    const kept = await summary();

    await db.execute(sql`delete from landing_scope_counts`);
    await db.execute(sql`select rebuild_landing_scope_counts()`);
    const rebuilt = await summary();
    expect(rebuilt).toEqual(await aggregate());
    expect(counts(rebuilt)).toEqual(counts(kept));
    expect(sortPairs(await listLandingCombinations()).map((c) => ({ area: c.area, cidade: c.cidade, lawyers: c.lawyers, lastModified: c.lastModified.getTime() }))).toEqual(rebuilt);
  });

  test('concurrent reviews and edits of lawyers who share pairs leave the exact counts, never a negative one', async () => {
    const reviewerId = await reviewer();
    const cities = ['pr_curitiba', 'pr_londrina', 'sp_santos'];
    const created = await createLawyers(12, { areas: ['familia', 'penal'], cities });
    const pendings = await createLawyers(6, { areas: ['penal', 'civil'], cities, status: 'pending' });
    const swaps: Array<Array<'familia' | 'penal' | 'civil' | 'trabalho'>> = [['penal', 'civil'], ['civil', 'familia'], ['trabalho', 'penal'], ['familia']];
    const work: Array<() => Promise<unknown>> = [
      ...created.slice(0, 4).map((l) => () => rejectLawyer(l.id, { reviewerId })),
      ...pendings.map((l) => () => approveLawyer(l.id, { reviewerId, cnaChecked: true })),
      ...created.slice(4, 10).map((l, i) => async () => updateOwnLawyerProfile(await editorOf(l.id), profileEdit(swaps[i % swaps.length]!, [...cities].reverse().slice(0, 1 + (i % 3))))),
      ...created.slice(10).map((l) => () => deleteLawyerAccount(l.id, { by: 'self' })),
    ];
    // Interleaved, all at once: on PostgreSQL they run on the pool's connections side by side.
    const results = await Promise.allSettled(work.map((run) => run()));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const after = await summary();
    expect(after.length).toBeGreaterThan(0);
    for (const row of after) expect(row.lawyers, `${row.area}/${row.cidade}`).toBeGreaterThan(0);
    expect(counts(after)).toEqual(counts(await aggregate()));
  });

  test('the demo seed (npm start on the embedded database) fills it through the trigger', async () => {
    // Without the portraits: this test counts rows, and would otherwise fill the photo directory.
    expect(await seedDemoDataIfEmpty(() => undefined, { portraits: false })).toBe(true);
    const after = await summary();
    expect(after.length).toBeGreaterThan(20);
    expect(after).toEqual(await aggregate());
  });
});
