import { describe } from 'vitest';
import { BLOG_POSTS } from '~/modules/content/blog-posts';
import { findSeriousA11yViolations, formatViolations } from './support/axe';
import { expect, test, VIEWPORTS, waitForHydration } from './support/browser';

const PROFILE = '/advogado/anabeatrizcarvalho';
const ARTICLES = BLOG_POSTS.map((post) => `/blog/${post.slug}`);

/** Every public page, with the HTTP status it answers. */
const PUBLIC_PAGES = [
  { path: '/', status: 200 },
  { path: '/busca', status: 200 },
  { path: '/busca?area=familia&cidade=sp_sao_paulo', status: 200 },
  { path: '/advogado', status: 200 },
  { path: PROFILE, status: 200 },
  { path: '/advogados/direito-de-familia/sao-paulo-sp', status: 200 },
  { path: '/advogados/astrologia', status: 404 },
  { path: '/blog', status: 200 },
  ...ARTICLES.map((path) => ({ path, status: 200 })),
  { path: '/login', status: 200 },
  { path: '/advogado/ninguem-aqui', status: 404 },
  { path: '/pagina-que-nao-existe', status: 404 },
];

describe('accessibility', () => {
  // One page per path, checked at 360 px (as loaded on a phone) and again at 1280 px after a resize: half
  // the page loads of a context per width, and the media queries apply as on a wide screen.
  test.for(PUBLIC_PAGES.map(({ path }) => path))('axe finds nothing serious on %s at mobile and desktop width', async (path, { openPage }) => {
    const page = await openPage({ viewport: 'mobile' });
    await page.goto(path);
    await waitForHydration(page);
    for (const viewport of ['mobile', 'desktop'] as const) {
      if (viewport === 'desktop') await page.setViewportSize(VIEWPORTS.desktop);
      const violations = await findSeriousA11yViolations(page);
      expect(violations, `axe on ${path} at ${VIEWPORTS[viewport].width}px:\n${formatViolations(violations)}`).toEqual([]);
    }
  });
});

describe('the server HTML', () => {
  test.for(PUBLIC_PAGES)('$path has one h1 and its title, description, canonical and og:title', async ({ path, status }, { baseURL }) => {
    const response = await fetch(baseURL + path);
    const html = await response.text();

    expect(response.status).toBe(status);
    expect(html.match(/<h1[\s>]/g) ?? []).toHaveLength(1);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    if (status === 404) {
      // A page that does not exist is kept out of search engines instead of being described to them.
      expect(metaContent(html, 'name', 'robots')).toBe('noindex');
      return;
    }
    expect(metaContent(html, 'name', 'description')).toBeTruthy();
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="${escapeRegExp(baseURL)}/[^"]*"`));
    expect(metaContent(html, 'property', 'og:title')).toBeTruthy();
  });

  test('the profile describes the lawyer as an Attorney in JSON-LD', async ({ baseURL }) => {
    const html = await (await fetch(baseURL + PROFILE)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? 'null'));
    const attorney = blocks.find((block) => [block?.['@type']].flat().includes('Attorney'));

    expect(attorney, `JSON-LD blocks found: ${JSON.stringify(blocks)}`).toBeDefined();
    expect(attorney.name).toBe('Ana Beatriz Carvalho');
  });
});

test('the sitemap index leads to the profile, the three articles and a landing page, and robots.txt points to it', async ({ baseURL }) => {
  const index = await (await fetch(`${baseURL}/sitemap.xml`)).text();
  const children = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(children.length).toBeGreaterThanOrEqual(4);
  const all = (await Promise.all(children.map(async (url) => (await fetch(url)).text()))).join('\n');
  for (const path of [PROFILE, ...ARTICLES, '/advogados/direito-de-familia/sao-paulo-sp']) expect(all).toContain(`<loc>${baseURL}${path}</loc>`);
  expect(ARTICLES).toHaveLength(3);

  const robots = await (await fetch(`${baseURL}/robots.txt`)).text();
  expect(robots).toMatch(new RegExp(`^Sitemap: ${escapeRegExp(baseURL)}/sitemap\\.xml$`, 'm'));
});

function metaContent(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta ${attribute}="${escapeRegExp(key)}"[^>]*>`))?.[0];
  return tag?.match(/content="([^"]*)"/)?.[1];
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
