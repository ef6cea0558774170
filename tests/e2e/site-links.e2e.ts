import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { measurePageWeight } from '../../bench/js-size';
import budgets from '../../bench/budgets.json';
import { findSeriousA11yViolations, formatViolations } from './support/axe';
import { expect, saveScreenshot, test, VIEWPORTS, waitForHydration } from './support/browser';

// Every link of the header and the footer answers with a real page, and the marketing and legal pages
// (docs/decisions/0025) show what they promise. The shared server is started with the company details
// and the platform's WhatsApp number (tests/e2e/global-setup.ts), the same as these.

const COMPANY = { name: 'JusConecta Tecnologia Ltda.', cnpj: '11.222.333/0001-81', email: 'contato@jusconecta.com.br' };

/** The links every visitor sees in the header and the footer (app/components/layout/). */
const EXPECTED_LINKS = [
  '/',
  '/busca',
  '/solicitar-atendimento',
  '/login',
  '/blog',
  '/registro-advogado',
  '/planos',
  '/por-que-se-registrar',
  '/quem-somos',
  '/termos-de-uso',
  '/politica-de-privacidade',
  '/ferramentas',
];

/** The site paths of the links inside the element (mailto: and other sites left out). */
async function sitePaths(page: Page, selector: string): Promise<string[]> {
  const hrefs = await page.locator(`${selector} a[href]`).evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  const origin = new URL(page.url()).origin;
  return hrefs.filter((href) => new URL(href).origin === origin).map((href) => new URL(href).pathname + new URL(href).search);
}

test('every link of the header and the footer, on desktop and in the mobile menu, answers 200 with a heading and content', async ({ openPage }) => {
  const desktop = await openPage({ viewport: 'desktop' });
  await desktop.goto('/');
  const links = new Set([...(await sitePaths(desktop, 'header')), ...(await sitePaths(desktop, 'footer'))]);

  const mobile = await openPage({ viewport: 'mobile' });
  await mobile.goto('/');
  await mobile.locator('header summary').click();
  await expect(mobile.getByRole('navigation', { name: 'Menu móvel' })).toBeVisible();
  const mobileMenu = await sitePaths(mobile, 'nav[aria-label="Menu móvel"]');
  expect(mobileMenu).toEqual(expect.arrayContaining(['/', '/busca', '/solicitar-atendimento', '/login']));
  for (const path of [...mobileMenu, ...(await sitePaths(mobile, 'footer'))]) links.add(path);

  // The collection found the links a visitor sees (a broken selector would otherwise test nothing).
  expect([...links].sort()).toEqual(expect.arrayContaining(EXPECTED_LINKS));

  const failures: string[] = [];
  for (const path of links) {
    const response = await desktop.goto(path);
    const status = response?.status();
    const heading = (await desktop.locator('h1').first().textContent({ timeout: 5_000 }).catch(() => null))?.trim() ?? '';
    const content = ((await desktop.locator('main').textContent()) ?? '').replace(/\s+/g, ' ').trim();
    if (status !== 200) failures.push(`${path}: HTTP ${status}`);
    else if (heading.length < 3) failures.push(`${path}: no h1`);
    else if (content.length < 100) failures.push(`${path}: only ${content.length} characters of content`);
  }
  expect(failures, failures.join('\n')).toEqual([]);
});

describe('the marketing and legal pages', () => {
  test('/quem-somos shows the brand, the mission, six steps and the ethics', async ({ page }) => {
    await page.goto('/quem-somos');
    await expect(page.getByRole('heading', { level: 1, name: 'JusConecta' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Nossa missão' })).toBeVisible();
    expect(await page.getByRole('region', { name: 'Como trabalhamos, em seis passos' }).getByRole('listitem').count()).toBe(6);
    await expect(page.getByRole('heading', { level: 2, name: 'Nosso compromisso ético' })).toBeVisible();
  });

  test('/por-que-se-registrar leads to the registration and, with "Já sou cadastrado", to the login', async ({ page }) => {
    await page.goto('/por-que-se-registrar');
    await expect(page.getByRole('heading', { level: 1, name: 'Seja encontrado por quem precisa de um advogado da sua área' })).toBeVisible();
    expect(await page.getByRole('link', { name: 'Cadastrar-me gratuitamente' }).first().getAttribute('href')).toBe('/registro-advogado');
    await page.getByRole('link', { name: 'Já sou cadastrado' }).first().click();
    await expect(page).toHaveURL('/login');
  });

  test('/areas-de-atuacao lists the eight areas and opens the platform’s WhatsApp with a greeting', async ({ page }) => {
    await page.goto('/areas-de-atuacao');
    await expect(page.getByRole('heading', { level: 1, name: 'Encontre o advogado certo para o seu caso' })).toBeVisible();
    const areas = page.getByRole('region', { name: 'As principais áreas' }).getByRole('heading', { level: 3 });
    expect(await areas.allTextContents()).toEqual([
      'Direito Civil',
      'Direito Trabalhista',
      'Direito de Família',
      'Direito Penal',
      'Direito Empresarial',
      'Direito do Consumidor',
      'Direito Previdenciário',
      'Direito Imobiliário',
    ]);
    const button = page.getByRole('link', { name: /Falar no WhatsApp/ });
    await expect(button).toBeVisible();
    const href = new URL((await button.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe('https://wa.me/5511987654321');
    expect(href.searchParams.get('text')).toBe('Olá! Vim pelo site do JusConecta e gostaria de uma orientação para encontrar o advogado certo para o meu caso.');
    expect(await button.getAttribute('target')).toBe('_blank');

    await page.getByRole('link', { name: 'Ver advogados de Direito de Família' }).click();
    await expect(page).toHaveURL('/busca?area=familia');
  });

  test('/termos-de-uso has its 15 sections, version 2.0, and names the company', async ({ page }) => {
    await page.goto('/termos-de-uso');
    await expect(page.getByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeVisible();
    await expect(page.getByText(/^Versão 2\.0, em vigor desde/)).toBeVisible();
    expect(await page.locator('article section h2').count()).toBe(15);
    await expect(page.getByText(`${COMPANY.name}, inscrita no CNPJ sob o nº ${COMPANY.cnpj}`).first()).toBeVisible();
  });

  test('/politica-de-privacidade names the controller, the rights and how to exercise them, and the cookies', async ({ page }) => {
    await page.goto('/politica-de-privacidade');
    await expect(page.getByRole('heading', { level: 1, name: 'Política de Privacidade' })).toBeVisible();
    for (const name of ['1. Quem trata os seus dados', '6. Seus direitos e como exercê-los', '7. Cookies', '10. Encarregado pelo tratamento de dados']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(page.getByText(`operado por ${COMPANY.name}, inscrita no CNPJ sob o nº ${COMPANY.cnpj}`)).toBeVisible();
    expect(await page.getByRole('link', { name: 'Baixar meus dados' }).getAttribute('href')).toBe('/area-advogado/meus-dados');
    await expect(page.getByText(/^jusconecta\.session_token:/)).toBeVisible();
    // The index's links lead to their sections.
    await page.getByRole('navigation', { name: 'Nesta página' }).getByRole('link', { name: 'Cookies' }).click();
    await expect(page).toHaveURL(/#cookies$/);
  });

  test('the legal texts, rendered on the server only, hydrate as they are and come back after a client-side navigation', async ({ page }) => {
    await page.goto('/politica-de-privacidade');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 2, name: '2. Dados que coletamos' })).toBeVisible();
    // From the hydrated page, the footer's link is a client-side navigation: the text must still be there.
    await page.locator('footer').getByRole('link', { name: 'Termos de Uso' }).click();
    await expect(page).toHaveURL('/termos-de-uso');
    await expect(page.getByRole('heading', { level: 2, name: '15. Lei aplicável, foro e contato' })).toBeVisible();
    await waitForHydration(page);
    expect(await page.locator('article section h2').count()).toBe(15);
  });

  test('from a page of the app, the header and the footer open the search as a whole document (it has no React page)', async ({ page }) => {
    // /login hydrates; /busca is answered whole by its loader (docs/decisions/0066): a client-side
    // navigation there would fetch its data and render nothing.
    for (const where of ['header', 'footer'] as const) {
      await page.goto('/login');
      await waitForHydration(page);
      const scope = where === 'header' ? page.getByRole('navigation', { name: 'Principal' }) : page.locator('footer');
      await scope.getByRole('link', { name: 'Encontrar Advogado' }).click();
      await expect(page).toHaveURL('/busca');
      await expect(page.getByRole('heading', { level: 1, name: 'Encontre um advogado' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Buscar Advogados' })).toBeVisible();
      expect(await page.evaluate(() => '__reactRouterContext' in window), where).toBe(false);
    }
  });

  test('the footer carries the company line', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer.getByText(`${COMPANY.name} · CNPJ ${COMPANY.cnpj} ·`)).toBeVisible();
    expect(await footer.getByRole('link', { name: COMPANY.email }).getAttribute('href')).toBe(`mailto:${COMPANY.email}`);
  });
});

const PAGES = ['/quem-somos', '/por-que-se-registrar', '/areas-de-atuacao', '/termos-de-uso', '/politica-de-privacidade'];

describe('accessibility, layout and weight', () => {
  test.for(PAGES)('%s: axe finds nothing serious at 360 and 1280 px, nothing overflows, and first-load JS keeps the budget', async (path, { openPage, baseURL }) => {
    const page = await openPage();
    await page.goto(path);
    await waitForHydration(page);
    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await saveScreenshot(page, `${viewport.width}${path.replace(/\W+/g, '_')}`);
      const violations = await findSeriousA11yViolations(page);
      expect(violations, `axe on ${path} at ${label}:\n${formatViolations(violations)}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${path} scrolls sideways at ${label}`).toBe(true);
    }
    const weight = await measurePageWeight(baseURL, path);
    expect(weight.jsGzipBytes / 1024).toBeLessThanOrEqual(budgets.firstLoadJsGzipKiB);
  });

  test('the sitemap of pages (under the index) lists the five pages', async ({ baseURL }) => {
    const sitemap = await (await fetch(`${baseURL}/sitemaps/paginas.xml`)).text();
    for (const path of PAGES) expect(sitemap).toContain(`<loc>${baseURL}${path}</loc>`);
  });

  test('the pages are served from the public page cache once rendered', async ({ baseURL }) => {
    for (const path of PAGES) {
      const first = await fetch(baseURL + path);
      const second = await fetch(baseURL + path);
      expect(first.status).toBe(200);
      expect(await second.text()).toBe(await first.text());
    }
  });
});
