import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { expect, login, pathOf, test, waitForHydration } from './support/browser';

// Public pages are rendered on the server only (issue 25, docs/decisions/0060): no React, React Router
// or hydration data in the browser, the stylesheet inline, one small script of their own; the app's
// pages keep React, and navigation between the two works both ways.

const PUBLIC_PAGES = [
  '/',
  '/busca?area=familia&cidade=sp_sao_paulo',
  '/advogado/anabeatrizcarvalho',
  '/advogados/direito-de-familia/sao-paulo-sp',
  '/blog',
  '/blog/guarda-compartilhada-alienacao-parental-desafios-e-solucoes',
  '/quem-somos',
  '/por-que-se-registrar',
  '/areas-de-atuacao',
  '/termos-de-uso',
  '/politica-de-privacidade',
  '/solicitar-atendimento',
  '/solicitar-atendimento/anabeatrizcarvalho',
  '/confirmar-advogado',
  '/pagina-que-nao-existe',
];

/** Every script and stylesheet the page requests while it loads (its URL paths). */
async function loadAndListAssets(page: Page, path: string): Promise<{ scripts: string[]; stylesheets: string[] }> {
  const scripts: string[] = [];
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    const type = request.resourceType();
    if (type === 'script') scripts.push(new URL(request.url()).pathname);
    if (type === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
  });
  await page.goto(path);
  await waitForHydration(page);
  return { scripts, stylesheets };
}

/**
 * The classes of the page that the app's whole stylesheet styles and the page's inline one does not
 * (app/public.css names the files the public pages are made of: a class from another file is lost).
 */
async function classesMissingInline(page: Page, fullCss: string): Promise<string[]> {
  const { tokens, inline } = await page.evaluate(() => ({
    tokens: [...new Set([...document.querySelectorAll('[class]')].flatMap((element) => [...element.classList]))],
    inline: document.querySelector('head style')?.textContent ?? '',
  }));
  const selector = (token: string) => new RegExp(`\\.${token.replace(/[^\w-]/g, (c) => `\\${c}`).replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}(?![\\w\\\\-])`);
  return tokens.filter((token) => selector(token).test(fullCss) && !selector(token).test(inline));
}

/** The app's whole stylesheet (the one the login page links). */
async function appStylesheet(page: Page): Promise<string> {
  const href = /href="(\/assets\/app-[\w-]+\.css)"/.exec(await (await page.request.get('/login')).text())?.[1];
  return (await page.request.get(href!)).text();
}

const reactRouterContext = (page: Page) => page.evaluate(() => typeof (window as { __reactRouterContext?: unknown }).__reactRouterContext);

describe('pages rendered on the server only', () => {
  test('every public page loads its own script and nothing else: no React chunk, no hydration data, no stylesheet request', async ({ openPage }) => {
    const page = await openPage({ viewport: 'mobile' });
    const fullCss = await appStylesheet(page);
    for (const path of PUBLIC_PAGES) {
      const { scripts, stylesheets } = await loadAndListAssets(page, path);
      expect({ path, missing: await classesMissingInline(page, fullCss) }).toEqual({ path, missing: [] });
      expect({ path, scripts }).toEqual({ path, scripts: [expect.stringMatching(/^\/assets\/public-pages-[\w-]+\.js$/)] });
      expect({ path, stylesheets }).toEqual({ path, stylesheets: [] });
      expect(await reactRouterContext(page)).toBe('undefined');
      // The page itself, not a fallback of React Router's.
      await expect(page.locator('main h1').first()).toBeVisible();
      page.removeAllListeners('request');
    }
    // A refused request: the error summary and the fields' errors are styled too.
    await page.goto('/solicitar-atendimento');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await classesMissingInline(page, fullCss)).toEqual([]);
    // The same check sees React where it is: the login page is one of the app's.
    const { scripts } = await loadAndListAssets(page, '/login');
    expect(scripts.some((script) => /\/assets\/react-[\w-]+\.js$/.test(script))).toBe(true);
    expect(await reactRouterContext(page)).toBe('object');
  });

  test('the search has its own, smaller stylesheet: it styles every state of the page, signed in or not', async ({ openPage }) => {
    // app/search.css (docs/decisions/0068) names the frame's files and the search's own.
    const page = await openPage({ viewport: 'mobile' });
    const fullCss = await appStylesheet(page);
    const states = [
      '/busca?area=familia&cidade=sp_sao_paulo&pagina=2', // results and the pagination
      '/busca?area=familia&cidade=sp_sao_paulo&pagina=999', // past the last page (404), the no-result page's markup
      '/advogado',
    ];
    for (const path of states) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      expect({ path, missing: await classesMissingInline(page, fullCss) }).toEqual({ path, missing: [] });
    }
    const inline = await page.evaluate(() => document.querySelector('head style')?.textContent?.length ?? 0);
    await page.goto('/quem-somos');
    expect(inline).toBeLessThan(await page.evaluate(() => document.querySelector('head style')?.textContent?.length ?? 0));
    // Signed in, the header's menu offers the visitor's area and the sign-out form.
    await login(page, 'lawyer');
    await page.goto('/busca?area=familia');
    await page.locator('details[data-menu] summary').click();
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
    expect(await classesMissingInline(page, fullCss)).toEqual([]);
  });

  test('the pages with a stylesheet of their own style every state they show, signed in or not', async ({ openPage }) => {
    // app/styles/pages/*.css (docs/decisions/0074): the frame's files and the page's own.
    const page = await openPage({ viewport: 'mobile' });
    const fullCss = await appStylesheet(page);
    const states = [
      '/advogados/direito-de-familia', // an area's landing page, its cities' links
      '/advogados/sao-paulo-sp', // a city's
      '/advogados/direito-de-familia/sao-paulo-sp?pagina=2', // the pagination's other side
      '/advogados/direito-ambiental/rio-branco-ac', // a place with nobody yet
    ];
    for (const path of states) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      expect({ path, missing: await classesMissingInline(page, fullCss) }).toEqual({ path, missing: [] });
    }
    // The request form from a lawyer's page: its script fetches the list of lawyers and writes it in.
    await page.goto('/solicitar-atendimento/anabeatrizcarvalho');
    await waitForHydration(page);
    await expect(page.getByRole('group', { name: 'Advogados que vão receber sua solicitação' }).getByRole('checkbox').first()).toBeVisible();
    expect(await classesMissingInline(page, fullCss)).toEqual([]);
    // Each is smaller than public.css, which the other public pages carry.
    const inlineLength = () => page.evaluate(() => document.querySelector('head style')?.textContent?.length ?? 0);
    const lengths: Record<string, number> = {};
    for (const path of ['/', '/advogado/anabeatrizcarvalho', '/advogados/direito-de-familia/sao-paulo-sp', '/solicitar-atendimento', '/quem-somos']) {
      await page.goto(path);
      lengths[path] = await inlineLength();
    }
    for (const path of ['/', '/advogado/anabeatrizcarvalho', '/advogados/direito-de-familia/sao-paulo-sp', '/solicitar-atendimento']) {
      expect({ path, smaller: lengths[path]! < lengths['/quem-somos']! }).toEqual({ path, smaller: true });
    }
    // Signed in, the header's menu offers the visitor's area and the sign-out form on each of them.
    await login(page, 'lawyer');
    for (const path of ['/', '/advogado/anabeatrizcarvalho', '/advogados/direito-de-familia/sao-paulo-sp', '/solicitar-atendimento']) {
      await page.goto(path);
      await page.locator('details[data-menu] summary').click();
      await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
      expect({ path, missing: await classesMissingInline(page, fullCss) }).toEqual({ path, missing: [] });
    }
  });

  test('with their script at 360 px: the menu closes with Escape, the search says ‘Buscando...’ while it loads', async ({ openPage }) => {
    const page = await openPage({ viewport: 'mobile' });
    await page.goto('/busca');
    await waitForHydration(page);
    const menu = page.locator('details[data-menu]');
    await menu.locator('summary').click();
    await expect(page.getByRole('navigation', { name: 'Menu móvel' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Menu móvel' })).not.toBeVisible();
    expect(await menu.locator('summary').evaluate((summary) => summary === document.activeElement)).toBe(true);

    // What the button says once the form is sent, read by a listener that runs after the page's own and
    // kept in the tab's session storage across the navigation.
    await page.evaluate(() =>
      window.addEventListener('submit', (event) => {
        sessionStorage.setItem('botao', (event.target as HTMLFormElement).querySelector('button[type=submit]')?.textContent ?? '');
      }),
    );
    await page.getByLabel('Área de atuação', { exact: true }).selectOption('familia');
    await page.getByRole('button', { name: 'Buscar Advogados' }).click();
    await expect(page).toHaveURL(/\/busca\?area=familia&cidade=$/);
    expect(await page.evaluate(() => sessionStorage.getItem('botao'))).toBe('Buscando...');
    await expect(page.getByRole('button', { name: 'Buscar Advogados' })).toBeVisible();
  });

  test('without any script at 1280 px: search, a profile and its request form work as links and plain forms', async ({ openPage }) => {
    const page = await openPage({ viewport: 'desktop', javaScriptEnabled: false });
    await page.goto('/busca');
    await page.getByLabel('Área de atuação', { exact: true }).selectOption('familia');
    await page.getByLabel('Cidade', { exact: true }).selectOption('sp_sao_paulo');
    await page.getByRole('button', { name: 'Buscar Advogados' }).click();
    await expect(page).toHaveURL('/busca?area=familia&cidade=sp_sao_paulo');
    await page.locator('a[href="/advogado/anabeatrizcarvalho"]').first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ana Beatriz Carvalho' })).toBeVisible();
    await page.getByRole('link', { name: 'Solicitar atendimento', exact: true }).click();
    await expect(page).toHaveURL('/solicitar-atendimento/anabeatrizcarvalho');
    expect(await page.locator('input[type=checkbox][value="anabeatrizcarvalho"]').isChecked()).toBe(true);
  });

  test('from the app to a public page and back: each is loaded as its own kind of page', async ({ openPage }) => {
    const page = await openPage({ viewport: 'desktop' });
    await login(page, 'lawyer');
    await page.goto('/area-advogado?section=dashboard');
    await waitForHydration(page);
    expect(await reactRouterContext(page)).toBe('object');
    // A client-side link of the app's header (the brand) to a public page: loaded as a document, without React.
    await page.locator('header a[href="/"]').first().click();
    await expect(page).toHaveURL('/');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.script ?? '')).toBe('ready');
    expect(await reactRouterContext(page)).toBe('undefined');
    // And from the public page into the app: 'Minha Área' is a plain link; the area hydrates.
    await page.getByRole('link', { name: 'Minha Área' }).first().click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/area-advogado/);
    await waitForHydration(page);
    expect(await reactRouterContext(page)).toBe('object');
  });
});
