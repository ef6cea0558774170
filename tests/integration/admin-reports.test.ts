import { eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { db } from '~/db/client.server';
import { activityDays, profileViews, whatsappClicks } from '~/db/schema/analytics';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { leads } from '~/db/schema/leads';
import type * as ReportsModule from '~/modules/admin/reports.server';
import { getAdminReports } from '~/modules/admin/reports.server';
import { ErrorBoundary as ReportsErrorBoundary, loader as reportsLoader } from '~/routes/admin/reports';
import { createLawyer } from '../factories/lawyers';
import { signedInSuperadmin } from '../factories/superadmin';

// /admin/reports against a real database: PGlite, and PostgreSQL when TEST_DATABASE_URL is set
// (docs/product-rules.md, "Back office"). Days are calendar days in São Paulo (UTC-3 in 2026).

/** Lets a test make the reports fail, as a database that does not answer would. */
const failure = vi.hoisted(() => ({ next: null as Error | null }));
vi.mock('~/modules/admin/reports.server', async (importOriginal) => {
  const original = await importOriginal<typeof ReportsModule>();
  return {
    ...original,
    getAdminReports: (now?: Date) => {
      const error = failure.next;
      failure.next = null;
      return error ? Promise.reject(error) : original.getAdminReports(now);
    },
  };
});

afterEach(() => {
  failure.next = null;
  vi.restoreAllMocks();
});

// 15:00 on Tuesday 10 March 2026 in São Paulo. The last 30 days are 09/02 to 10/03 (since 09/02 03:00 UTC);
// the 30 before them 10/01 to 08/02 (since 10/01 03:00 UTC).
const now = new Date('2026-03-10T18:00:00Z');
const CURRENT_START = new Date('2026-02-09T03:00:00Z');
const PREVIOUS_START = new Date('2026-01-10T03:00:00Z');
const justBefore = (t: Date) => new Date(t.getTime() - 1000);
const at = (iso: string) => new Date(iso);

async function addLeads(times: Date[], place: { cidade?: string; areaInteresse?: string; assignedTo?: string | null } = {}) {
  await db.insert(leads).values(
    times.map((createdAt, i) => ({
      nome: `Cliente ${i + 1}`,
      email: `cliente${i + 1}@exemplo.com.br`,
      telefone: '11987654321',
      cidade: place.cidade ?? 'sp_sao_paulo',
      areaInteresse: place.areaInteresse ?? 'familia',
      assignedTo: place.assignedTo ?? null,
      createdAt,
      updatedAt: createdAt,
    })),
  );
}

async function addViews(lawyerId: string, times: Date[]) {
  await db.insert(profileViews).values(times.map((viewedAt) => ({ lawyerId, viewedAt })));
}

async function addClicks(lawyerId: string, times: Date[]) {
  await db.insert(whatsappClicks).values(times.map((clickedAt) => ({ lawyerId, clickedAt, sourcePage: 'perfil_advogado' as const })));
}

/** Lawyers who finished their registration at `times` (the factory's own are created today, after `now`). */
async function registeredAt(times: Date[]) {
  for (const createdAt of times) {
    const lawyer = await createLawyer({ status: 'pending' });
    await db.update(lawyerProfiles).set({ createdAt }).where(eq(lawyerProfiles.id, lawyer.id));
  }
}

describe('the summary cards', () => {
  test('the last 30 São Paulo days against the 30 before, with one trend rule (none, shown as a dash, when the earlier period had nothing: issue 23)', async () => {
    const ana = await createLawyer();
    // Leads: 4 now (the first instant of the period and `now` included), 2 before; one from before both periods and one after `now` are left out.
    await addLeads([CURRENT_START, at('2026-02-20T12:00:00Z'), at('2026-03-10T11:00:00Z'), now], { assignedTo: ana.id });
    await addLeads([justBefore(CURRENT_START), PREVIOUS_START, justBefore(PREVIOUS_START), new Date(now.getTime() + 1)]);
    // Views: 3 now, none before. Clicks: 1 now, 4 before.
    await addViews(ana.id, [CURRENT_START, at('2026-03-01T15:00:00Z'), at('2026-03-10T17:59:00Z')]);
    await addClicks(ana.id, [at('2026-03-09T12:00:00Z')]);
    await addClicks(ana.id, [PREVIOUS_START, at('2026-01-20T12:00:00Z'), at('2026-02-01T12:00:00Z'), justBefore(CURRENT_START)]);
    // New lawyers: 2 now, 1 before (Ana, registered today in real time, is after `now`: not counted).
    await registeredAt([at('2026-02-15T12:00:00Z'), at('2026-03-10T03:00:00Z'), at('2026-01-15T12:00:00Z')]);

    const reports = await getAdminReports(now);
    expect(reports.period).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(reports.leads).toEqual({ current: 4, previous: 2, trend: 100 });
    expect(reports.profileViews).toEqual({ current: 3, previous: 0, trend: null });
    expect(reports.whatsappClicks).toEqual({ current: 1, previous: 4, trend: -75 });
    expect(reports.newLawyers).toEqual({ current: 2, previous: 1, trend: 100 });
  });

  test('an empty platform: zeros, flat trends, every day present, no top lists', async () => {
    const reports = await getAdminReports(now);
    for (const figure of [reports.leads, reports.profileViews, reports.whatsappClicks, reports.newLawyers]) expect(figure).toEqual({ current: 0, previous: 0, trend: null });
    expect(reports.lastWeek).toHaveLength(7);
    expect(reports.lastMonth).toHaveLength(30);
    expect(reports.lastMonth.every((day) => day.leads === 0 && day.profileViews === 0 && day.whatsappClicks === 0)).toBe(true);
    expect(reports.topCities).toEqual([]);
    expect(reports.topAreas).toEqual([]);
  });
});

describe('the daily series', () => {
  test('7 days of leads, views and clicks, days without any shown as zero, cut at midnight in São Paulo', async () => {
    const ana = await createLawyer();
    // 02:00 UTC on 10/03 is 23:00 on 09/03 in São Paulo; 03:00 UTC is already 10/03. 02:59 UTC on 04/03 is 03/03 there: outside the week.
    await addLeads([at('2026-03-10T02:00:00Z'), at('2026-03-10T03:00:00Z'), at('2026-03-04T03:00:00Z'), at('2026-03-04T02:59:59Z')]);
    await addViews(ana.id, [at('2026-03-05T12:00:00Z'), at('2026-03-05T13:00:00Z'), at('2026-03-06T02:30:00Z')]);
    await addClicks(ana.id, [at('2026-03-08T02:59:59Z')]);

    const { lastWeek } = await getAdminReports(now);
    expect(lastWeek).toEqual([
      { date: '2026-03-04', leads: 1, profileViews: 0, whatsappClicks: 0 },
      { date: '2026-03-05', leads: 0, profileViews: 3, whatsappClicks: 0 },
      { date: '2026-03-06', leads: 0, profileViews: 0, whatsappClicks: 0 },
      { date: '2026-03-07', leads: 0, profileViews: 0, whatsappClicks: 1 },
      { date: '2026-03-08', leads: 0, profileViews: 0, whatsappClicks: 0 },
      { date: '2026-03-09', leads: 1, profileViews: 0, whatsappClicks: 0 },
      { date: '2026-03-10', leads: 1, profileViews: 0, whatsappClicks: 0 },
    ]);
  });

  test('30 days of views and clicks, oldest first, whose sums are the cards', async () => {
    const ana = await createLawyer();
    const bruno = await createLawyer();
    await addViews(ana.id, [CURRENT_START, CURRENT_START, at('2026-02-25T12:00:00Z')]);
    await addViews(bruno.id, [at('2026-02-25T20:00:00Z'), now, justBefore(CURRENT_START)]);
    await addClicks(bruno.id, [at('2026-02-10T02:59:00Z'), at('2026-03-10T17:00:00Z')]);

    const reports = await getAdminReports(now);
    const { lastMonth } = reports;
    expect(lastMonth.map((day) => day.date)).toEqual(Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 1, 9 + i)).toISOString().slice(0, 10)));
    const nonZero = lastMonth.filter((day) => day.profileViews + day.whatsappClicks > 0).map(({ date, profileViews, whatsappClicks }) => ({ date, profileViews, whatsappClicks }));
    expect(nonZero).toEqual([
      { date: '2026-02-09', profileViews: 2, whatsappClicks: 1 },
      { date: '2026-02-25', profileViews: 2, whatsappClicks: 0 },
      { date: '2026-03-10', profileViews: 1, whatsappClicks: 1 },
    ]);
    expect(lastMonth.reduce((sum, day) => sum + day.profileViews, 0)).toBe(reports.profileViews.current);
    expect(lastMonth.reduce((sum, day) => sum + day.whatsappClicks, 0)).toBe(reports.whatsappClicks.current);
    expect(reports.lastWeek).toEqual(lastMonth.slice(-7));
  });
});

describe('the top 5 cities and areas', () => {
  test('by leads of the last 30 days, most first, ties by id, cut at five, with the catalogue’s labels', async () => {
    const inPeriod = (n: number) => Array.from({ length: n }, (_, i) => new Date(CURRENT_START.getTime() + i * 3_600_000));
    await addLeads(inPeriod(4), { cidade: 'pr_curitiba', areaInteresse: 'trabalho' });
    await addLeads(inPeriod(6), { cidade: 'sp_campinas', areaInteresse: 'familia' });
    await addLeads(inPeriod(2), { cidade: 'rj_rio_de_janeiro', areaInteresse: 'penal' });
    await addLeads(inPeriod(2), { cidade: 'mg_belo_horizonte', areaInteresse: 'civil' });
    await addLeads(inPeriod(3), { cidade: 'ba_salvador', areaInteresse: 'consumidor' });
    await addLeads(inPeriod(1), { cidade: 'rs_porto_alegre', areaInteresse: 'tributario' });
    // Many leads before the period: they count for nothing here.
    await addLeads(Array.from({ length: 9 }, () => justBefore(CURRENT_START)), { cidade: 'sc_florianopolis', areaInteresse: 'digital' });

    const { topCities, topAreas } = await getAdminReports(now);
    expect(topCities).toEqual([
      { id: 'sp_campinas', label: 'Campinas - SP', leads: 6 },
      { id: 'pr_curitiba', label: 'Curitiba - PR', leads: 4 },
      { id: 'ba_salvador', label: 'Salvador - BA', leads: 3 },
      { id: 'mg_belo_horizonte', label: 'Belo Horizonte - MG', leads: 2 },
      { id: 'rj_rio_de_janeiro', label: 'Rio de Janeiro - RJ', leads: 2 },
    ]);
    expect(topAreas.map((area) => [area.label, area.leads])).toEqual([
      ['Direito de Família', 6],
      ['Direito do Trabalho', 4],
      ['Direito do Consumidor', 3],
      ['Direito Civil', 2],
      ['Direito Penal', 2],
    ]);
  });
});

describe('the page', () => {
  const args = (url: string, cookie: string) => ({ request: new Request(`http://localhost:3000${url}`, { headers: { cookie } }), params: {}, context: {} }) as never;

  test('loads for a superadmin, whatever the query string says', async () => {
    const { cookie } = await signedInSuperadmin();
    await addLeads([new Date()], { cidade: 'pr_curitiba' });
    const page = await reportsLoader(args('/admin/reports?dias=%ZZ&x=<script>&dias=-1', cookie));
    expect(page.days).toBe(30);
    expect(page.reports.leads.current).toBe(1);
    expect(page.reports.topCities).toEqual([{ id: 'pr_curitiba', label: 'Curitiba - PR', leads: 1 }]);
  });

  test('a failure to read is a 503 with the message the page shows after “Erro ao carregar dados: ”', async () => {
    const { cookie } = await signedInSuperadmin();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    failure.next = new Error('connection terminated unexpectedly');
    const answer = await reportsLoader(args('/admin/reports', cookie)).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(answer).toMatchObject({ type: 'DataWithResponseInit', init: { status: 503 }, data: 'o banco de dados não respondeu. Tente novamente em instantes.' });
    expect(logged).toHaveBeenCalledWith('Could not load the back-office reports', expect.any(Error));
  });
});

describe('the error state', () => {
  test('shows “Erro ao carregar dados: {message}” and a way to try again', () => {
    const thrown = data('o banco de dados não respondeu. Tente novamente em instantes.', { status: 503 });
    const router = createMemoryRouter([{ id: 'reports', path: '/admin/reports', Component: () => null, ErrorBoundary: ReportsErrorBoundary }], {
      initialEntries: ['/admin/reports'],
      hydrationData: { errors: { reports: { status: 503, statusText: 'Service Unavailable', internal: false, data: thrown.data } } },
    });
    const html = renderToString(createElement(RouterProvider, { router }));
    expect(html).toContain('role="alert"');
    expect(html).toContain('Erro ao carregar dados: o banco de dados não respondeu. Tente novamente em instantes.');
    expect(html).toMatch(/<a[^>]*href="\/admin\/reports"[^>]*>.*Tentar novamente<\/a>/s);
  });
});

describe('closed days are counted once (activity_days)', () => {
  test('a day over for an hour is stored on first use and not recounted; today is always live', async () => {
    const lawyer = await createLawyer();
    await addLeads([at('2026-03-09T15:00:00Z'), at('2026-03-10T12:00:00Z')]);
    await addViews(lawyer.id, [at('2026-03-09T16:00:00Z')]);
    const first = await getAdminReports(now);
    expect(first.lastWeek.slice(-2).map((d) => [d.date, d.leads, d.profileViews])).toEqual([
      ['2026-03-09', 1, 1],
      ['2026-03-10', 1, 0],
    ]);
    // The 59 closed days of the two periods, each once; today is not stored.
    const stored = await db.select().from(activityDays).orderBy(activityDays.day);
    expect(stored).toHaveLength(59);
    expect(stored.at(-1)).toMatchObject({ day: '2026-03-09', leads: 1, profileViews: 1, leadCities: { sp_sao_paulo: 1 }, leadAreas: { familia: 1 } });

    // A late write into a stored day does not change it (history is kept as counted); today's rows count at once.
    await addLeads([at('2026-03-09T20:00:00Z'), at('2026-03-10T17:00:00Z')]);
    const second = await getAdminReports(now);
    expect(second.lastWeek.slice(-2).map((d) => [d.date, d.leads])).toEqual([
      ['2026-03-09', 1],
      ['2026-03-10', 2],
    ]);
    expect(second.leads.current).toBe(3);
    expect(second.topCities).toEqual([{ id: 'sp_sao_paulo', label: 'São Paulo - SP', leads: 3 }]);
    expect(await db.select().from(activityDays)).toHaveLength(59);
  });

  test('in the first hour of a day, yesterday is still counted live, and stored only afterwards', async () => {
    const justAfterMidnight = at('2026-03-10T03:30:00Z'); // 00:30 in São Paulo
    await addLeads([at('2026-03-10T02:59:00Z')]); // 23:59 on 09/03
    const early = await getAdminReports(justAfterMidnight);
    expect(early.lastWeek.slice(-2).map((d) => [d.date, d.leads])).toEqual([
      ['2026-03-09', 1],
      ['2026-03-10', 0],
    ]);
    expect((await db.select({ day: activityDays.day }).from(activityDays)).map((r) => r.day)).not.toContain('2026-03-09');
    // A write of 09/03's last minute, committed late, is still counted.
    await addLeads([at('2026-03-10T02:59:30Z')]);
    const later = await getAdminReports(at('2026-03-10T05:00:00Z'));
    expect(later.lastWeek.at(-2)).toMatchObject({ date: '2026-03-09', leads: 2 });
    expect(await db.select().from(activityDays).where(eq(activityDays.day, '2026-03-09'))).toMatchObject([{ leads: 2 }]);
  });
});
