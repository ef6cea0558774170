import { eq, inArray, sql } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, test } from 'vitest';
import { db, selectRows } from '~/db/client.server';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { findPlan } from '~/domain/catalog/catalog';
import { deleteLawyerAccount } from '~/modules/accounts/account-deletion.server';
import { approveLawyer, rejectLawyer, suspendLawyer } from '~/modules/accounts/lawyer-review.server';
import { createSuperadmin } from '~/modules/accounts/superadmins.server';
import { ADMIN_LAWYERS_PAGE_SIZE, activePlanTotals, adminLawyersQueryFrom, findAdminLawyers, findOabRecheckDue, OAB_RECHECK_PAGE_SIZE, trigramServes } from '~/modules/admin/lawyers.server';
import { subscribeToPlan } from '~/modules/subscriptions/subscriptions.server';
import AdminLawyersPage, { loader } from '~/routes/admin/lawyers';
import { createLawyer, createLawyers, expirePlan } from '../factories/lawyers';
import { getArgs, signedInSuperadmin } from '../factories/superadmin';

// /admin/lawyers' kept counts (migration 0031, decision 0075): lawyer_status_counts and
// active_plan_counts, kept by triggers, against the scans they replace, after every kind of write; the
// finance totals split at 'now'; a search's count capped.

const DAY_MS = 86_400_000;

async function keptStatuses() {
  return selectRows<{ status: string; lawyers: number }>(sql`select status, lawyers from lawyer_status_counts order by status`);
}
/** What 'Visão Geral' counted before migration 0031. */
async function scannedStatuses() {
  return selectRows<{ status: string; lawyers: number }>(sql`select status, count(*)::int as lawyers from lawyer_profiles group by 1 order by 1`);
}
async function keptPlans() {
  return selectRows<{ plan_type: string; end_day: string; lawyers: number }>(sql`select plan_type, end_day::text, lawyers from active_plan_counts order by 1, 2`);
}
async function scannedPlans() {
  return selectRows<{ plan_type: string; end_day: string; lawyers: number }>(sql`
    select plan_type, coalesce(to_char(end_date at time zone 'UTC', 'YYYY-MM-DD'), 'infinity') as end_day, count(*)::int as lawyers
      from lawyer_plans where status = 'active' group by 1, 2 order by 1, 2`);
}
/** What 'Área Financeira' computed before migration 0031: every active plan, ended or not at `now`. */
async function scannedFinance(now: Date) {
  const rows = await selectRows<{ plan_type: string; ended: boolean; n: number }>(sql`
    select plan_type, (end_date is not null and end_date <= ${now.toISOString()}::timestamptz) as ended, count(*)::int as n
      from lawyer_plans where status = 'active' group by 1, 2`);
  let revenueBrl = 0;
  let emDia = 0;
  let atraso = 0;
  for (const row of rows) {
    if (row.ended) atraso += Number(row.n);
    else {
      emDia += Number(row.n);
      revenueBrl += Number(row.n) * (findPlan(row.plan_type)?.priceBrl ?? 0);
    }
  }
  return { revenueBrl, emDia, atraso };
}

async function expectKeptToMatch(now = new Date()) {
  expect(await keptStatuses()).toEqual(await scannedStatuses());
  expect(await keptPlans()).toEqual(await scannedPlans());
  expect(await activePlanTotals(now)).toEqual(await scannedFinance(now));
}

describe('the kept counts of /admin/lawyers', () => {
  test('equal the scans after registrations, reviews, plan changes, lapses, cancellations, deletions, a truncation and a rebuild', async () => {
    const reviewerId = await createSuperadmin({ nome: 'Revisora', email: 'revisora@jusconecta.test', password: 'senha-da-revisora-1' });
    const approved = await createLawyers(4, { plan: 'premium' });
    const pending = await createLawyers(3, { status: 'pending' });
    await createLawyers(2, { status: 'rejected', plan: 'basico' });
    await expectKeptToMatch();
    expect(await keptStatuses()).toEqual([
      { status: 'approved', lawyers: 4 },
      { status: 'pending', lawyers: 3 },
      { status: 'rejected', lawyers: 2 },
    ]);

    await approveLawyer(pending[0]!.id, { reviewerId, cnaChecked: true });
    await rejectLawyer(pending[1]!.id, { reviewerId, reason: 'Inscrição não encontrada no CNA.' });
    await suspendLawyer(approved[0]!.id, { reviewerId, reason: 'Denúncias de golpe.' });
    await expectKeptToMatch();

    // A subscription cancels the active plan and inserts another in one transaction.
    await subscribeToPlan({ id: approved[1]!.id, isSuperadmin: false }, 'basico');
    await subscribeToPlan({ id: pending[0]!.id, isSuperadmin: false }, 'intermediario');
    await expirePlan(approved[2]!.id);
    await expectKeptToMatch();

    // Several plans in one statement: cancelled, moved to another day, deleted; one plan inserted by hand.
    const ids = approved.map((l) => l.id);
    await db.update(lawyerPlans).set({ endDate: sql`${lawyerPlans.endDate} + interval '3 days'` }).where(inArray(lawyerPlans.lawyerId, ids));
    await db.update(lawyerPlans).set({ status: 'cancelled' }).where(inArray(lawyerPlans.lawyerId, ids.slice(0, 2)));
    await db.delete(lawyerPlans).where(eq(lawyerPlans.lawyerId, ids[3]!));
    await db.insert(lawyerPlans).values({ lawyerId: ids[3]!, planType: 'premium', startDate: new Date(Date.now() - 40 * DAY_MS), endDate: new Date(Date.now() - 10 * DAY_MS) });
    await expectKeptToMatch();

    // Statuses written in one statement, then an account deleted (its plans go by the foreign key).
    await db.update(lawyerProfiles).set({ status: 'suspended' }).where(inArray(lawyerProfiles.id, ids.slice(1, 3)));
    await deleteLawyerAccount(ids[3]!, { by: { superadminId: reviewerId } });
    await expectKeptToMatch();

    const before = { statuses: await keptStatuses(), plans: await keptPlans() };
    await db.execute(sql`select rebuild_admin_lawyer_counts()`);
    expect({ statuses: await keptStatuses(), plans: await keptPlans() }).toEqual(before);

    await db.execute(sql`truncate lawyer_plans`);
    expect(await keptPlans()).toEqual([]);
    await expectKeptToMatch();
    await db.delete(lawyerProfiles);
    expect(await keptStatuses()).toEqual([]);
  });

  test("today's plans are split at now: ended up to it, running after it, whatever the hour", async () => {
    const lawyers = await createLawyers(12, { plan: 'basico' });
    const day = Date.parse('2026-03-10T00:00:00Z');
    const ends: Array<[string, number | null, string?]> = [
      ['premium', day - 1],
      ['premium', day],
      ['basico', day + 6 * 3_600_000],
      ['basico', day + 12 * 3_600_000],
      ['intermediario', day + 12 * 3_600_000 + 1],
      ['premium', day + DAY_MS - 1],
      ['premium', day + DAY_MS],
      ['intermediario', day + 20 * DAY_MS],
      ['basico', day - 30 * DAY_MS],
      ['gratuito', null],
      ['premium', day + 5 * DAY_MS, 'cancelled'],
    ];
    for (const [i, [planType, end, status]] of ends.entries()) {
      await db
        .update(lawyerPlans)
        .set({ planType: planType as 'premium', startDate: new Date(day - 60 * DAY_MS), endDate: end === null ? null : new Date(end), status: (status ?? 'active') as 'active' })
        .where(eq(lawyerPlans.lawyerId, lawyers[i]!.id));
    }
    await db.delete(lawyerPlans).where(eq(lawyerPlans.lawyerId, lawyers[11]!.id));
    const times = [day - 1, day, day + 1, day + 6 * 3_600_000, day + 12 * 3_600_000, day + 12 * 3_600_000 + 1, day + DAY_MS - 1, day + DAY_MS, day + 10 * DAY_MS];
    for (const at of times) expect({ at, ...(await activePlanTotals(new Date(at))) }).toEqual({ at, ...(await scannedFinance(new Date(at))) });
    // At noon UTC: the plans ending at or before it (4 of them) have ended, the 6 after it run; one has none.
    const noon = new Date(day + 12 * 3_600_000);
    expect((await findAdminLawyers(adminLawyersQueryFrom(new URLSearchParams()), noon)).finance).toEqual({
      revenueBrl: 497 + 997 + 997 + 497,
      emDia: 5,
      atraso: 5,
      semPlano: 2,
    });
  });
});

describe("a search's count", () => {
  const query = (search: string) => adminLawyersQueryFrom(new URLSearchParams(search));

  test('stops at its cap, or at the end of the page asked for, and says there is more', async () => {
    await createLawyers(ADMIN_LAWYERS_PAGE_SIZE + 5, { status: 'pending' });
    await createLawyer({ nome: 'Outra Pessoa', email: 'outra@exemplo.com.br' });
    const capped = await findAdminLawyers(query('q=teste'), new Date(), 5);
    // The cap is never below the page's end: page 1 counts up to 20 and finds a 21st.
    expect(capped).toMatchObject({ total: ADMIN_LAWYERS_PAGE_SIZE, totalCapped: true, pageCount: 1 });
    expect(capped.rows).toHaveLength(ADMIN_LAWYERS_PAGE_SIZE);
    expect(await findAdminLawyers(query('q=teste&pagina=2'), new Date(), 5)).toMatchObject({ total: ADMIN_LAWYERS_PAGE_SIZE + 5, totalCapped: false, pageCount: 2 });
    expect(await findAdminLawyers(query('q=teste&status=approved'), new Date(), 5)).toMatchObject({ total: 0, totalCapped: false });
    // Under the cap, exact; without a search, the kept counts answer.
    expect(await findAdminLawyers(query('q=teste'))).toMatchObject({ total: ADMIN_LAWYERS_PAGE_SIZE + 5, totalCapped: false, pageCount: 2 });
    expect(await findAdminLawyers(query('status=pending'), new Date(), 5)).toMatchObject({ total: ADMIN_LAWYERS_PAGE_SIZE + 5, totalCapped: false });
    expect(await findAdminLawyers(query(''), new Date(), 5)).toMatchObject({ total: ADMIN_LAWYERS_PAGE_SIZE + 6, totalCapped: false, counts: { total: ADMIN_LAWYERS_PAGE_SIZE + 6 } });
  });

  test("'Conferir de novo' counts its due inscriptions the same way", async () => {
    await createLawyers(OAB_RECHECK_PAGE_SIZE + 5);
    await createLawyer({ status: 'pending' });
    expect(await findOabRecheckDue({ pagina: 1 }, new Date(), 5)).toMatchObject({ total: OAB_RECHECK_PAGE_SIZE, totalCapped: true, pageCount: 1 });
    expect(await findOabRecheckDue({ pagina: 2 }, new Date(), 5)).toMatchObject({ total: OAB_RECHECK_PAGE_SIZE + 5, totalCapped: false, pageCount: 2 });
    expect(await findOabRecheckDue({ pagina: 1 })).toMatchObject({ total: OAB_RECHECK_PAGE_SIZE + 5, totalCapped: false });
  });

  test("the page says 'mais de' and offers the next page when the count stopped", async () => {
    const { cookie } = await signedInSuperadmin();
    await createLawyers(ADMIN_LAWYERS_PAGE_SIZE + 1);
    const data = await loader(getArgs(cookie, '/admin/lawyers?q=teste'));
    const render = (loaderData: typeof data) => {
      const Stub = createRoutesStub([{ id: 'page', path: '/admin/lawyers', Component: AdminLawyersPage as never }]);
      return renderToString(createElement(Stub, { initialEntries: ['/admin/lawyers?q=teste'], hydrationData: { loaderData: { page: loaderData } } }));
    };
    const exact = render(data);
    expect(exact).toContain('21 advogados · página 1 de 2');
    // What findAdminLawyers answers when the count stops at 20 (the test above).
    const stopped = render({ ...data, total: ADMIN_LAWYERS_PAGE_SIZE, totalCapped: true, pageCount: 1 });
    expect(stopped).toContain('mais de 20 advogados');
    expect(stopped).toMatch(/Lista de Advogados, página 1 de mais de 1/);
    expect(stopped).toMatch(/href="\/admin\/lawyers\?q=teste&amp;pagina=2"[^>]*>Próxima/);
  });
});

describe('the OAB as written', () => {
  test('is the numbers of that state that start with it, however they end in nines', async () => {
    for (const numeroOab of ['128999', '129000', '129999', '130000', '9990', '999123', '12999']) await createLawyer({ numeroOab, nome: `Advogada ${numeroOab}` });
    await createLawyer({ numeroOab: '129500', oabUf: 'RJ', nome: 'Advogada RJ' });
    const numbers = async (q: string) =>
      (await findAdminLawyers(adminLawyersQueryFrom(new URLSearchParams({ q })))).rows.map((r) => r.oab).sort();
    expect(await numbers('SP 129')).toEqual(['OAB/SP 129000', 'OAB/SP 12999', 'OAB/SP 129999']);
    expect(await numbers('OAB/SP 1299')).toEqual(['OAB/SP 12999', 'OAB/SP 129999']);
    expect(await numbers('sp12999')).toEqual(['OAB/SP 12999', 'OAB/SP 129999']);
    expect(await numbers('SP 13')).toEqual(['OAB/SP 130000']);
    expect(await numbers('SP 999')).toEqual(['OAB/SP 9990', 'OAB/SP 999123']);
    expect(await numbers('SP 99')).toEqual(['OAB/SP 9990', 'OAB/SP 999123']);
    expect(await numbers('RJ 129')).toEqual(['OAB/RJ 129500']);
    // A number alone is any part of it, in any state.
    expect(await numbers('9912')).toEqual(['OAB/SP 999123']);
    expect(await numbers('2950')).toEqual(['OAB/RJ 129500']);
  });
});

describe('whether the trigram indexes serve a search', () => {
  test("as pg_trgm pads a LIKE pattern's words", () => {
    const served = ['silva', 'Ana', 'de sá', 'a b', 'SP 12', 'bruno.lima@', '6543', 'maria-', '-ab', 'ab%'];
    const notServed = ['a', 'ab', '12', '%', '.', 'a.'];
    expect(served.filter((q) => !trigramServes(q))).toEqual([]);
    expect(notServed.filter((q) => trigramServes(q))).toEqual([]);
  });
});
