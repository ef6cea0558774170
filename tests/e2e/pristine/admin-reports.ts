import type { Page } from 'playwright-core';
import { describe, inject } from 'vitest';
import { percentChange, recentZonedDays, trendText } from '~/modules/analytics/trends';
import { cityLabel, practiceAreaLabel } from '~/domain/catalog/catalog';
import { DEMO_LAWYER_CLICKS, DEMO_LAWYER_LEADS, DEMO_LAWYER_VIEWS_DAYS_AGO } from '~/modules/demo/demo-leads';
import { generateDemoLawyers } from '~/modules/demo/demo-lawyers';
import { findSeriousA11yViolations, formatViolations } from '../support/axe';
import { test as base, expect, saveScreenshot, signInAsSuperadmin } from '../support/browser';

// /admin/reports 'Relatórios' (docs/product-rules.md, "Back office") on the pristine server, whose figures
// are the demo seed's (its leads and lawyers, dated from the moment it ran) plus the profile views made here.

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
// Two visitors who are not bots (isbot): different user agents are different visitors.
const VISITORS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
];

// The pristine server (tests/e2e/global-setup.ts): the seed's data, which the modules imported before this one
// by tests/e2e/back-office-figures.e2e.ts leave as this one reads it.
const server = inject('pristine');
/** When the seed ran (within the few seconds of the server's start): its leads and lawyers are dated from it. */
const seededAt = new Date(server.seededAt);

const test = base.extend<{ baseURL: string }>({
  // eslint-disable-next-line no-empty-pattern
  baseURL: [async ({}, provide) => provide(server.baseURL), { scope: 'file' }],
});

/** What the page must show, from the seed's own lists and the same calendar days in São Paulo. */
function expectedFigures() {
  const days = recentZonedDays(seededAt, 30);
  const start = days[0]!.start.getTime();
  const localDate = (t: number) => [...days].reverse().find((day) => day.start.getTime() <= t)?.date;
  const all = DEMO_LAWYER_LEADS.map((lead) => ({ ...lead, at: seededAt.getTime() - lead.hoursAgo * HOUR_MS }));
  const leads = all.filter((lead) => lead.at >= start);
  // The seed's leads are all less than 30 days old: the few before today's window are the previous period's.
  const leadsTrend = trendText(percentChange(leads.length, all.length - leads.length));
  const week = days.slice(-7).map((day) => ({ date: day.date, leads: leads.filter((lead) => localDate(lead.at) === day.date).length }));
  const top = (key: 'cidade' | 'areaInteresse', label: (id: string) => string) => {
    const counts = new Map<string, number>();
    for (const lead of leads) counts.set(lead[key], (counts.get(lead[key]) ?? 0) + 1);
    return [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).slice(0, 5).map(([id, n]) => [label(id), String(n)]);
  };
  // The seed's lawyers: Ana (90 days ago) and the generator's, each created whole days before the seed.
  const newLawyers = generateDemoLawyers(120).filter((lawyer) => seededAt.getTime() - lawyer.createdDaysAgo * DAY_MS >= start).length;
  // The demo lawyer's seeded views and clicks (none on the seed's day), in this window and the 30 days before.
  const previousStart = recentZonedDays(seededAt, 60)[0]!.start.getTime();
  const split = (daysAgo: readonly number[]) => {
    const times = daysAgo.map((d) => seededAt.getTime() - d * DAY_MS);
    return { current: times.filter((t) => t >= start).length, previous: times.filter((t) => t >= previousStart && t < start).length };
  };
  const views = split(DEMO_LAWYER_VIEWS_DAYS_AGO);
  const clicks = split(DEMO_LAWYER_CLICKS.map((c) => c.daysAgo));
  return { leads: leads.length, leadsTrend, week, cities: top('cidade', cityLabel), areas: top('areaInteresse', practiceAreaLabel), newLawyers, views, clicks };
}

const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** The rows of a table as text, header row left out: [['São Paulo - SP', '8'], …]. */
async function tableRows(page: Page, caption: RegExp): Promise<string[][]> {
  const table = page.getByRole('table', { name: caption });
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent!.trim())));
}

describe('Relatórios', () => {
  test('a superadmin opens Relatórios from the navigation: the cards, the tables of the seeded figures and the charts', async ({ openPage, baseURL }) => {
    // Two visitors open a profile: two views, counted by the server (written within a second).
    const profile = /href="(\/advogado\/[^"]+)"/.exec(await (await fetch(`${baseURL}/busca`)).text())![1]!;
    for (const userAgent of VISITORS) expect((await fetch(`${baseURL}${profile}`, { headers: { 'user-agent': userAgent } })).status).toBe(200);

    const expected = expectedFigures();
    const page = await openPage();
    await signInAsSuperadmin(page);
    await page.getByRole('navigation', { name: 'Painel administrativo' }).getByRole('link', { name: 'Relatórios' }).click();
    await expect(page).toHaveURL('/admin/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible();

    /** A card's lines: [value, trend, previous period]. */
    const card = (title: string) =>
      page.getByRole('list', { name: 'Resumo' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) }).locator('p').allTextContents();
    expect(await card('Leads (30 dias)')).toEqual([String(expected.leads), expected.leadsTrend, expect.stringMatching(/^Período anterior: \d+$/)]);
    const { clicks, views } = expected;
    expect(await card('Cliques no WhatsApp (30 dias)')).toEqual([String(clicks.current), trendText(percentChange(clicks.current, clicks.previous)), `Período anterior: ${clicks.previous}`]);
    expect((await card('Novos advogados (30 dias)'))[0]).toBe(expected.newLawyers.toLocaleString('pt-BR'));
    // The views are written a second after the visits: the page shows them once they are.
    await expect
      .poll(async () => {
        await page.reload();
        return card('Visualizações de perfil (30 dias)');
      })
      .toEqual([String(views.current + 2), trendText(percentChange(views.current + 2, views.previous)), `Período anterior: ${views.previous}`]);

    expect(await tableRows(page, /^Leads por dia/)).toEqual(expected.week.map((day) => [dayMonth(day.date), String(day.leads)]));
    expect(await tableRows(page, /^Cidades com mais leads/)).toEqual(expected.cities);
    expect(await tableRows(page, /^Áreas com mais leads/)).toEqual(expected.areas);
    // The 30 days' numbers are behind 'Ver os números de cada dia'.
    await page.getByText('Ver os números de cada dia').click();
    const activity = await tableRows(page, /^Visualizações de perfil e cliques no WhatsApp por dia/);
    expect(activity).toHaveLength(30);
    expect(activity.at(-1)).toEqual([dayMonth(recentZonedDays(new Date(), 1)[0]!.date), '2', '0']);

    // The charts are drawn in the browser, each with a name that sums it up.
    await expect(page.getByRole('img', { name: /^Gráfico de barras: leads por dia/ }).locator('svg.recharts-surface')).toBeVisible();
    await expect(page.getByRole('img', { name: /^Gráfico de linhas: visualizações de perfil e cliques no WhatsApp/ }).locator('svg.recharts-surface').first()).toBeVisible();
    expect(await page.getByRole('img', { name: /^Gráfico de barras: cidades com mais leads/ }).getAttribute('aria-label')).toContain(`1º ${expected.cities[0]![0]}, ${expected.cities[0]![1]}`);

    const violations = await findSeriousA11yViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await saveScreenshot(page, 'admin-reports-1280');
  });

  test('on a phone the page fits 360 px and draws its charts', async ({ openPage }) => {
    const page = await openPage({ viewport: 'mobile' });
    await signInAsSuperadmin(page);
    await page.goto('/admin/reports');
    await expect(page.getByRole('img', { name: /^Gráfico de barras: leads por dia/ }).locator('svg.recharts-surface')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const violations = await findSeriousA11yViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await saveScreenshot(page, 'admin-reports-360');
  });

  test('without JavaScript the server’s page has the cards and every table', async ({ openPage }) => {
    const page = await openPage({ javaScriptEnabled: false });
    await signInAsSuperadmin(page);
    await page.goto('/admin/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible();
    expect(await page.getByRole('list', { name: 'Resumo' }).getByRole('listitem').count()).toBe(4);
    // Three tables shown, the fourth (30 days) in its closed <details>.
    expect(await page.getByRole('table').count()).toBe(3);
    expect(await page.locator('details table caption').textContent()).toMatch(/^Visualizações de perfil e cliques no WhatsApp por dia/);
    expect(await page.locator('svg.recharts-surface').count()).toBe(0);
  });
});
