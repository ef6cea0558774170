import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db, selectRows } from '~/db/client.server';
import { lawyerCities, lawyerPracticeAreas } from '~/db/schema/lawyers';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { deleteLawyerAccount } from '~/modules/accounts/account-deletion.server';
import { approveLawyer, rejectLawyer } from '~/modules/accounts/lawyer-review.server';
import { createSuperadmin } from '~/modules/accounts/superadmins.server';
import { getLandingPage, LANDING_PAGE_SIZE } from '~/modules/landing/landing.server';
import { SEARCH_PAGE_SIZE, type SearchFilters } from '~/modules/lawyers/lawyers.schemas';
import { findApprovedLawyers, firstApprovedLawyers } from '~/modules/lawyers/lawyers.server';
import { rotationStart } from '~/modules/lawyers/search-order';
import { createLawyer, createLawyers, expirePlan } from '../factories/lawyers';

// The search reads a precomputed order (search_order, migration 0023). These tests hold it to the
// query it replaced, kept here as the definition of the order (docs/product-rules.md, Search): over
// lawyer_profiles, approved only, the effective plan level descending, then today's rotation, then id.

type Scope = Partial<Pick<SearchFilters, 'area' | 'cidade'>>;

async function referenceOrder(scope: Scope, now: Date): Promise<string[]> {
  const tags = [scope.area && `a:${scope.area}`, scope.cidade && `c:${scope.cidade}`].filter(Boolean) as string[];
  const rows = await selectRows<{ id: string }>(sql`
    select lp.id from lawyer_profiles lp
    where lp.status = 'approved' and lp.search_tags @> ${`{${tags.join(',')}}`}::text[]
    order by (case when lp.plan_level_until is null or lp.plan_level_until > now() then lp.plan_level else 0 end) desc,
      (lp.rotation_key >= ${rotationStart(now)}) desc, lp.rotation_key asc, lp.id`);
  return rows.map((r) => r.id);
}

/** Every page of the search for a scope, walked from page 1 until the page count (and one past it). */
async function searchedOrder(scope: Scope, now: Date, pageSize = SEARCH_PAGE_SIZE): Promise<{ ids: string[]; totals: number[]; pageCounts: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  const pageCounts: number[] = [];
  for (let pagina = 1; ; pagina++) {
    const page = await findApprovedLawyers({ area: scope.area, cidade: scope.cidade, pagina }, now, pageSize);
    totals.push(page.total);
    pageCounts.push(page.pageCount);
    ids.push(...page.lawyers.map((l) => l.id));
    if (pagina >= page.pageCount) {
      expect((await findApprovedLawyers({ area: scope.area, cidade: scope.cidade, pagina: pagina + 1 }, now, pageSize)).lawyers).toEqual([]);
      break;
    }
    expect(page.lawyers).toHaveLength(pageSize);
  }
  return { ids, totals, pageCounts };
}

async function expectSameOrder(scope: Scope, now: Date, pageSize = SEARCH_PAGE_SIZE) {
  const expected = await referenceOrder(scope, now);
  const { ids, totals, pageCounts } = await searchedOrder(scope, now, pageSize);
  expect(ids, JSON.stringify(scope)).toEqual(expected);
  expect(new Set(totals)).toEqual(new Set([expected.length]));
  expect(new Set(pageCounts)).toEqual(new Set([Math.max(1, Math.ceil(expected.length / pageSize))]));
}

/** Rotation keys placed by hand: clustered in a few 2^24-wide buckets of search_order_counts, with ties. */
async function placeRotationKeys(ids: string[], keys: (i: number) => number) {
  // One statement: the row trigger rewrites each lawyer's entries (migration 0023).
  await db.execute(sql`
    update lawyer_profiles lp set rotation_key = k.key
    from unnest(${`{${ids.join(',')}}`}::text[], ${`{${ids.map((_, i) => keys(i)).join(',')}}`}::int[]) as k(id, key)
    where lp.id = k.id`);
}

const DAYS = ['2026-01-05T12:00:00Z', '2026-03-17T02:00:00Z', '2026-07-30T23:30:00Z', '2026-11-27T15:00:00Z'].map((d) => new Date(d));
const SCOPES: Scope[] = [{}, { area: 'familia' }, { cidade: 'pr_curitiba' }, { area: 'familia', cidade: 'pr_curitiba' }, { area: 'penal', cidade: 'sp_santos' }];

describe('search order (precomputed)', () => {
  test('every page of every scope, deep pages included, is the reference order on several days', async () => {
    const lawyers = [
      ...(await createLawyers(40, { areas: ['familia', 'civil'], cities: ['pr_curitiba'] })),
      ...(await createLawyers(30, { areas: ['familia'], cities: ['pr_curitiba', 'sp_santos'], plan: 'basico' })),
      ...(await createLawyers(20, { areas: ['penal', 'familia'], cities: ['sp_santos'], plan: 'premium' })),
      ...(await createLawyers(10, { areas: ['trabalho'], cities: ['pr_curitiba'], plan: 'intermediario' })),
    ];
    await createLawyers(5, { areas: ['familia'], cities: ['pr_curitiba'], status: 'pending' });
    // Half the keys in the buckets around each day's start, with some exact ties (the id breaks them).
    const starts = DAYS.map(rotationStart);
    await placeRotationKeys(
      lawyers.map((l) => l.id),
      (i) => (i % 2 === 0 ? Math.max(0, starts[i % starts.length]! + ((i % 7) - 3) * 1000) : ((i * 2654435761) >>> 1) % 2147483647),
    );
    // Every scope on two days (their starts in different buckets); the whole directory on the others.
    for (const now of [DAYS[0]!, DAYS[3]!]) for (const scope of SCOPES) await expectSameOrder(scope, now);
    for (const now of [DAYS[1]!, DAYS[2]!]) await expectSameOrder({}, now);
    // Landing pages: 12 a page, the same order.
    await expectSameOrder({ area: 'familia', cidade: 'pr_curitiba' }, DAYS[0]!, LANDING_PAGE_SIZE);
  });

  test('a deep page alone (no earlier page read) is the reference order’s slice, and past the end is empty with the total', async () => {
    const lawyers = await createLawyers(100, { areas: ['familia'], cities: ['pr_curitiba'] });
    await placeRotationKeys(
      lawyers.map((l) => l.id),
      // Every tenth key below 0 (the column allows it): the lower half's first buckets.
      (i) => (i % 10 === 9 ? -(i * 9_999_991) : (i * 16_777_216 + (i % 3) * 5) % 2147483647),
    );
    const now = DAYS[2]!;
    const expected = await referenceOrder({ area: 'familia', cidade: 'pr_curitiba' }, now);
    const page4 = await findApprovedLawyers({ area: 'familia', cidade: 'pr_curitiba', pagina: 4 }, now);
    expect(page4.lawyers.map((l) => l.id)).toEqual(expected.slice(72, 96));
    expect(page4).toMatchObject({ total: 100, page: 4, pageCount: 5 });
    const last = await findApprovedLawyers({ area: 'familia', cidade: 'pr_curitiba', pagina: 5 }, now);
    expect(last.lawyers.map((l) => l.id)).toEqual(expected.slice(96));
    expect(await findApprovedLawyers({ area: 'familia', cidade: 'pr_curitiba', pagina: 40 }, now)).toMatchObject({ lawyers: [], total: 100, pageCount: 5 });
    expect((await firstApprovedLawyers({ area: 'familia', cidade: 'pr_curitiba' }, 50, now)).map((l) => l.id)).toEqual(expected.slice(0, 50));
  });

  test('approval, plan changes, area and city edits, a lapsed plan, suspension and deletion are reflected at once', async () => {
    const reviewerId = await createSuperadmin({ nome: 'Revisora', email: 'revisora.ordem@jusconecta.test', password: 'senha-da-revisora-1' });
    const now = DAYS[3]!;
    const base = await createLawyers(40, { areas: ['familia'], cities: ['pr_curitiba'] });
    const pending = await createLawyer({ areas: ['familia'], cities: ['pr_curitiba'], status: 'pending' });
    const scope = { area: 'familia', cidade: 'pr_curitiba' } as const;
    const check = async () => {
      const scopes: Scope[] = [scope, {}, { area: 'familia' }, { cidade: 'pr_curitiba' }, { area: 'penal' }, { area: 'penal', cidade: 'sp_santos' }];
      for (const s of scopes) await expectSameOrder(s, now);
    };
    await check();

    await approveLawyer(pending.id, { reviewerId, cnaChecked: true });
    expect((await findApprovedLawyers({ ...scope, pagina: 1 }, now)).total).toBe(41);
    await check();

    // A premium plan: the lawyer comes first.
    const upgraded = base[17]!.id;
    await db.update(lawyerPlans).set({ status: 'cancelled' }).where(eq(lawyerPlans.lawyerId, upgraded));
    await db.insert(lawyerPlans).values({ lawyerId: upgraded, planType: 'premium', endDate: new Date(Date.now() + 30 * 86_400_000) });
    expect((await findApprovedLawyers({ ...scope, pagina: 1 }, now)).lawyers[0]!.id).toBe(upgraded);
    await check();

    // The paid plan ends (no write at that moment marks it): the next search puts the lawyer back among the free ones.
    await expirePlan(upgraded);
    await check();
    const premiumAgain = base[3]!.id;
    await db.update(lawyerPlans).set({ status: 'cancelled' }).where(eq(lawyerPlans.lawyerId, premiumAgain));
    await db.insert(lawyerPlans).values({ lawyerId: premiumAgain, planType: 'premium', endDate: new Date(Date.now() + 30 * 86_400_000) });
    // Time passes over the plan's end with no write: the profile's plan_level_until is in the past while its
    // entries still carry level 3 (written while the plan ran). The next search moves them (search_order_lapse).
    await db.execute(sql`update lawyer_profiles set plan_level_until = now() - interval '1 second' where id = ${premiumAgain}`);
    await db.execute(sql`update search_order set level = 3, level_until = now() - interval '1 second' where lawyer_id = ${premiumAgain}`);
    // Among the free ones again: first only if the day's rotation puts it there (1 in 41), as the reference
    // order says. (Asserting 'not first' failed whenever the rotation did.)
    const lapsedOrder = (await referenceOrder(scope, now)).slice(0, SEARCH_PAGE_SIZE);
    expect((await findApprovedLawyers({ ...scope, pagina: 1 }, now)).lawyers.map((l) => l.id)).toEqual(lapsedOrder);
    expect(await selectRows(sql`select 1 from search_order where level_until <= now()`)).toEqual([]);
    await check();

    // Areas and cities edited through the link tables (the triggers of migration 0002 rewrite search_tags).
    const moved = base[5]!.id;
    await db.delete(lawyerPracticeAreas).where(eq(lawyerPracticeAreas.lawyerId, moved));
    await db.insert(lawyerPracticeAreas).values([{ lawyerId: moved, areaId: 'penal' }]);
    await db.update(lawyerCities).set({ cityId: 'sp_santos' }).where(eq(lawyerCities.lawyerId, moved));
    expect((await findApprovedLawyers({ area: 'penal', cidade: 'sp_santos', pagina: 1 }, now)).lawyers.map((l) => l.id)).toEqual([moved]);
    await check();

    // Suspension (the review's rejection) and deletion take the lawyer off every scope.
    await rejectLawyer(base[8]!.id, { reviewerId });
    await deleteLawyerAccount(base[9]!.id, { by: 'self' });
    expect((await findApprovedLawyers({ ...scope, pagina: 1 }, now)).total).toBe(38);
    await check();

    // Four lawyers of one bucket move between levels in one statement each way (entries written while a
    // plan ran, then the lapse): a bucket of a level fills and empties by four at once (migration 0030).
    const together = base.slice(20, 24).map((l) => l.id);
    const ids = sql.join(together.map((id) => sql`${id}`), sql`, `);
    await placeRotationKeys(together, (i) => 5 * 16_777_216 + i * 7);
    await db.execute(sql`update lawyer_profiles set plan_level_until = now() - interval '1 second' where id in (${ids})`);
    await db.execute(sql`update search_order set level = 3, level_until = now() - interval '1 second' where lawyer_id in (${ids})`);
    expect((await findApprovedLawyers({ ...scope, pagina: 1 }, now)).lawyers.map((l) => l.id)).not.toContain(together[0]);
    expect(await selectRows(sql`select 1 from search_order where level_until <= now()`)).toEqual([]);
    await check();

    // The precomputed tables equal a rebuild from the profiles (what the migration's backfill writes).
    const snapshot = () =>
      selectRows(sql`select scope, level, rotation_key, lawyer_id, level_until from search_order order by 1, 2, 3, 4`).then((rows) => JSON.stringify(rows));
    const counts = () => selectRows(sql`select scope, level, bucket, lawyers from search_order_counts order by 1, 2, 3`).then((rows) => JSON.stringify(rows));
    // The level totals the triggers kept (migration 0027) are the counts' sums, with no row at 0.
    const totals = () => selectRows(sql`select scope, level, lawyers from search_order_level_totals order by 1, 2`).then((rows) => JSON.stringify(rows));
    const summed = () =>
      selectRows(sql`select scope, level, sum(lawyers)::int as lawyers from search_order_counts group by 1, 2 order by 1, 2`).then((rows) => JSON.stringify(rows));
    // Each total's non-empty buckets and running counts (migration 0030) are its count rows, in order.
    const buckets = () => selectRows(sql`select scope, level, buckets, upto from search_order_level_totals order by 1, 2`).then((rows) => JSON.stringify(rows));
    const runningCounts = () =>
      selectRows(sql`
        select scope, level, array_agg(bucket order by bucket) as buckets, array_agg(upto order by bucket) as upto from (
          select scope, level, bucket, (sum(lawyers) over (partition by scope, level order by bucket))::int as upto from search_order_counts) w
        group by 1, 2 order by 1, 2`).then((rows) => JSON.stringify(rows));
    const [kept, keptCounts, keptTotals, keptBuckets] = [await snapshot(), await counts(), await totals(), await buckets()];
    expect(keptTotals).toEqual(await summed());
    expect(keptBuckets).toEqual(await runningCounts());
    expect(await selectRows(sql`select 1 from search_order_level_totals where lawyers <= 0`)).toEqual([]);
    await db.execute(sql`select rebuild_search_order()`);
    expect(await snapshot()).toEqual(kept);
    expect(await counts()).toEqual(keptCounts);
    expect(await totals()).toEqual(keptTotals);
    expect(await buckets()).toEqual(keptBuckets);
  });

  test('a landing page and the search agree on their first lawyers', async () => {
    await createLawyers(30, { areas: ['civil'], cities: ['mg_belo_horizonte'] });
    const now = DAYS[1]!;
    const landing = await getLandingPage({ area: 'civil', cidade: 'mg_belo_horizonte' }, 2, 'JusConecta', now);
    const search = await findApprovedLawyers({ area: 'civil', cidade: 'mg_belo_horizonte', pagina: 1 }, now);
    expect(landing!.lawyers.map((l) => l.slug)).toEqual(search.lawyers.slice(LANDING_PAGE_SIZE, 2 * LANDING_PAGE_SIZE).map((l) => l.slug));
    expect(landing).toMatchObject({ total: 30, page: 2, pageCount: 3 });
  });
});
