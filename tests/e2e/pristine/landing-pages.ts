import type { Page } from 'playwright-core';
import { describe, inject } from 'vitest';
import { generateDemoLawyers, type DemoLawyer } from '~/modules/demo/demo-lawyers';
import { landingPath } from '~/modules/landing/landing-paths';
import { findSeriousA11yViolations, formatViolations } from '../support/axe';
import { test as base, expect, saveScreenshot, signInAsSuperadmin, toast } from '../support/browser';

// A landing page (/advogados/<area>/<cidade>) on the pristine server (the superadmin's
// rejections change the demo data): it lists exactly the approved lawyers of its area and city, and
// answers 404 once the last of them is rejected, despite the anonymous page cache.

// The seed's lawyers (app/modules/demo/demo-seed.server.ts): the same generator, the same list. The demo
// login's own lawyer (familia and consumidor in São Paulo and Campinas) is left out by the choice below.
const SEEDED = generateDemoLawyers(120);
const DEMO_LOGIN_COMBINATIONS = new Set(['familia|sp_sao_paulo', 'familia|sp_campinas', 'consumidor|sp_sao_paulo', 'consumidor|sp_campinas']);

/** The first area + city (in a stable order) where exactly two approved demo lawyers work. */
function pickCombination(): { area: DemoLawyer['areas'][number]; cidade: string; lawyers: DemoLawyer[]; others: DemoLawyer[] } {
  const byCombination = new Map<string, DemoLawyer[]>();
  for (const lawyer of SEEDED) {
    for (const area of lawyer.areas) {
      for (const cidade of lawyer.cities) {
        const key = `${area}|${cidade}`;
        byCombination.set(key, [...(byCombination.get(key) ?? []), lawyer]);
      }
    }
  }
  const [key, all] = [...byCombination]
    .sort(([a], [b]) => a.localeCompare(b))
    .find(([k, list]) => !DEMO_LOGIN_COMBINATIONS.has(k) && list.filter((l) => l.status === 'approved').length === 2 && list.some((l) => l.status !== 'approved'))!;
  const [area, cidade] = key.split('|') as [DemoLawyer['areas'][number], string];
  return { area, cidade, lawyers: all.filter((l) => l.status === 'approved'), others: all.filter((l) => l.status !== 'approved') };
}

const CHOSEN = pickCombination();
const PATH = landingPath({ area: CHOSEN.area, cidade: CHOSEN.cidade });

// The pristine server (tests/e2e/global-setup.ts): the seed's data, which the modules imported before this one
// by tests/e2e/back-office-figures.e2e.ts leave as this one reads it.
const server = inject('pristine');

const test = base.extend<{ baseURL: string }>({
  // eslint-disable-next-line no-empty-pattern
  baseURL: [async ({}, provide) => provide(server.baseURL), { scope: 'file' }],
});

/** The names on the page's lawyer cards. */
async function listedNames(page: Page): Promise<string[]> {
  return (await page.getByRole('region', { name: /advogados? encontrados?/ }).locator('article h2').allTextContents()).map((n) => n.trim()).sort();
}

async function reject(page: Page, lawyer: DemoLawyer) {
  await page.goto(`/admin/lawyers?q=${encodeURIComponent(lawyer.email)}`);
  await page.getByRole('link', { name: `Rejeitar ${lawyer.nome}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Rejeitar advogado?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(toast(page, 'Status do advogado atualizado para rejeitado')).toBeVisible();
}

/** An anonymous GET, as a crawler or a visitor without cookies makes it (served by the page cache when it can). */
async function anonymous(baseURL: string, path: string) {
  const response = await fetch(baseURL + path);
  return { status: response.status, cache: response.headers.get('x-cache'), html: await response.text() };
}

describe('a landing page', () => {
  test('lists exactly the approved lawyers of its area and city, and disappears when the last one is rejected', async ({ openPage, baseURL }) => {
    const expected = CHOSEN.lawyers.map((l) => l.nome).sort();
    expect(CHOSEN.others.length, 'a pending or rejected lawyer of the same area and city is in the seed').toBeGreaterThan(0);

    const visitor = await openPage();
    await visitor.goto(PATH);
    await expect(visitor.getByRole('heading', { level: 1, name: /^Advogados de .+ em .+ - [A-Z]{2}$/ })).toBeVisible();
    expect(await listedNames(visitor)).toEqual(expected);
    for (const hidden of CHOSEN.others) expect(await visitor.getByText(hidden.nome).count()).toBe(0);
    await expect(visitor.getByRole('navigation', { name: 'Trilha de navegação' })).toBeVisible();
    const violations = await findSeriousA11yViolations(visitor);
    expect(violations, formatViolations(violations)).toEqual([]);
    await saveScreenshot(visitor, 'landing-page-1280');

    // Its Open Graph image and its place in the sitemap.
    const ogImage = await visitor.locator('meta[property="og:image"]').getAttribute('content');
    const image = await fetch(ogImage!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(await landingSitemap(baseURL)).toContain(`<loc>${baseURL}${PATH}</loc>`);

    // The anonymous page is now in the page cache.
    await anonymous(baseURL, PATH);
    expect((await anonymous(baseURL, PATH)).cache).toBe('HIT');

    const admin = await openPage();
    await signInAsSuperadmin(admin);
    const [first, last] = CHOSEN.lawyers as [DemoLawyer, DemoLawyer];
    await reject(admin, first);
    const afterFirst = await anonymous(baseURL, PATH);
    expect(afterFirst.status).toBe(200);
    expect(afterFirst.html).not.toContain(first.nome);
    expect(afterFirst.html).toContain(last.nome);
    await visitor.reload();
    expect(await listedNames(visitor)).toEqual([last.nome]);

    await reject(admin, last);
    const afterLast = await anonymous(baseURL, PATH);
    expect(afterLast.status).toBe(404);
    expect(afterLast.html).not.toContain(last.nome);
    const response = await visitor.reload();
    expect(response?.status()).toBe(404);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    expect(await landingSitemap(baseURL)).not.toContain(`<loc>${baseURL}${PATH}</loc>`);
    expect((await fetch(ogImage!)).status).toBe(404);
  });

  test('at 360 px and 1280 px: breadcrumbs, cards, text and links fit the screen', async ({ openPage }) => {
    // Another page than the one the first test empties: the area of the demo login in São Paulo.
    const path = landingPath({ area: 'familia', cidade: 'sp_sao_paulo' });
    for (const viewport of ['mobile', 'desktop'] as const) {
      const page = await openPage({ viewport });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Advogados de Direito de Família em São Paulo - SP' })).toBeVisible();
      expect(await listedNames(page)).toContain('Ana Beatriz Carvalho');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'no horizontal scroll').toBe(0);
      const violations = await findSeriousA11yViolations(page);
      expect(violations, formatViolations(violations)).toEqual([]);
      await saveScreenshot(page, `landing-page-familia-sao-paulo-${viewport === 'mobile' ? 360 : 1280}`);
    }
  });

  test('the sitemap index and every child sitemap are well-formed XML', async ({ page, baseURL }) => {
    const parse = (xml: string) =>
      page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        return { errors: doc.getElementsByTagName('parsererror').length, root: doc.documentElement.nodeName, locs: [...doc.getElementsByTagName('loc')].map((l) => l.textContent ?? '') };
      }, xml);
    const index = await parse(await (await fetch(`${baseURL}/sitemap.xml`)).text());
    expect(index).toMatchObject({ errors: 0, root: 'sitemapindex' });
    expect(index.locs.length).toBeGreaterThanOrEqual(4);
    for (const loc of index.locs) {
      const child = await parse(await (await fetch(loc)).text());
      expect(child, loc).toMatchObject({ errors: 0, root: 'urlset' });
      expect(child.locs.length, loc).toBeGreaterThan(0);
    }
  });
});

async function landingSitemap(baseURL: string): Promise<string> {
  return (await fetch(`${baseURL}/sitemaps/advogados-por-area-e-cidade.xml`)).text();
}
