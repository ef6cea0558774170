import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { BLOG_POSTS } from '~/modules/content/blog-posts';
import { bucketsPerProfileFile, sitemapFileXml, sitemapIndexXml, STATIC_PUBLIC_PAGES } from '~/modules/seo/sitemap.server';
import * as sitemapFileRoute from '~/routes/resources/sitemap-file';
import * as sitemapRoute from '~/routes/resources/sitemap';
import * as robotsRoute from '~/routes/resources/robots';
import { createLawyer } from '../factories/lawyers';

const APP_URL = 'http://localhost:3000'; // vitest.config.ts

/* eslint-disable @typescript-eslint/no-explicit-any -- the loaders take React Router's full argument objects */
async function index(): Promise<Response> {
  return (sitemapRoute.loader as any)({ request: new Request(`${APP_URL}/sitemap.xml`), params: {}, context: {} });
}
async function file(name: string): Promise<Response> {
  return (sitemapFileRoute.loader as any)({ request: new Request(`${APP_URL}/sitemaps/${name}`), params: { arquivo: name }, context: {} });
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Well-formed in the way a sitemap needs: one declaration, balanced elements, no stray '<' or '&' in text. */
function expectWellFormed(xml: string, root: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = xml.slice(xml.indexOf('\n') + 1);
  const stack: string[] = [];
  let last = 0;
  for (const match of body.matchAll(/<(\/?)([a-z]+)(?:\s[^<>]*)?>/g)) {
    const text = body.slice(last, match.index);
    expect(text, 'text between tags').not.toMatch(/<|&(?!(?:amp|lt|gt|quot|apos);)/);
    last = match.index + match[0].length;
    if (match[1]) expect(stack.pop(), `closing </${match[2]}>`).toBe(match[2]);
    else stack.push(match[2]!);
  }
  expect(body.slice(last).trim()).toBe('');
  expect(stack).toEqual([]);
  expect(body).toMatch(new RegExp(`^<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`));
}

function entries(xml: string, element: 'url' | 'sitemap') {
  return [...xml.matchAll(new RegExp(`<${element}><loc>([^<]+)</loc>(?:<lastmod>([^<]+)</lastmod>)?</${element}>`, 'g'))].map((m) => ({ loc: m[1]!, lastmod: m[2] }));
}

describe('the sitemap index', () => {
  test('names the child sitemaps with their lastmod, and robots.txt points to it', async () => {
    const lawyer = await createLawyer({ areas: ['familia'], cities: ['pr_curitiba'] });
    const response = await index();
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expectWellFormed(xml, 'sitemapindex');
    const [row] = await db.select({ updatedAt: lawyerProfiles.updatedAt }).from(lawyerProfiles).where(eq(lawyerProfiles.id, lawyer.id));
    expect(entries(xml, 'sitemap')).toEqual([
      { loc: `${APP_URL}/sitemaps/paginas.xml`, lastmod: undefined },
      { loc: `${APP_URL}/sitemaps/artigos.xml`, lastmod: new Date(BLOG_POSTS.map((p) => p.date).sort().at(-1)!).toISOString() },
      { loc: `${APP_URL}/sitemaps/advogados-por-area-e-cidade.xml`, lastmod: row!.updatedAt.toISOString() },
      // A profile file has no lastmod in the index: it would take a scan of the profiles (each URL has its own).
      { loc: `${APP_URL}/sitemaps/perfis-1.xml`, lastmod: undefined },
    ]);

    const robots = await (robotsRoute.loader() as Response).text();
    expect(robots).toMatch(/^Sitemap: http:\/\/localhost:3000\/sitemap\.xml$/m);
  });

  test('with no approved lawyer there are neither landing pages nor profile files', async () => {
    await createLawyer({ status: 'pending' });
    const locs = entries(await (await index()).text(), 'sitemap').map((e) => e.loc);
    expect(locs).toEqual([`${APP_URL}/sitemaps/paginas.xml`, `${APP_URL}/sitemaps/artigos.xml`]);
    expect((await file('advogados-por-area-e-cidade.xml')).status).toBe(404);
    expect((await file('perfis-1.xml')).status).toBe(404);
  });
});

describe('the child sitemaps', () => {
  test('profiles: approved only, each with its last change', async () => {
    const approved = await createLawyer();
    const pending = await createLawyer({ status: 'pending' });
    const rejected = await createLawyer({ status: 'rejected' });
    const xml = await (await file('perfis-1.xml')).text();
    expectWellFormed(xml, 'urlset');
    const [row] = await db.select({ updatedAt: lawyerProfiles.updatedAt }).from(lawyerProfiles).where(eq(lawyerProfiles.id, approved.id));
    expect(entries(xml, 'url')).toEqual([{ loc: `${APP_URL}/advogado/${approved.slug}`, lastmod: row!.updatedAt.toISOString() }]);
    for (const hidden of [pending, rejected]) expect(xml).not.toContain(hidden.slug);
  });

  test('files are runs of rotation-key buckets, halved as the directory grows, each far under 50,000 URLs', () => {
    expect(bucketsPerProfileFile(0)).toBe(128);
    expect(bucketsPerProfileFile(121)).toBe(128);
    expect(bucketsPerProfileFile(10_000)).toBe(128);
    expect(bucketsPerProfileFile(10_001)).toBe(64);
    expect(bucketsPerProfileFile(100_000)).toBe(8);
    // The whole bar (OAB, 2025): 128 files of about 12,100 profiles.
    expect(bucketsPerProfileFile(1_550_000)).toBe(1);
    for (const lawyers of [1, 9_999, 10_001, 100_000, 400_000, 1_550_000, 5_000_000]) {
      const buckets = bucketsPerProfileFile(lawyers);
      expect((lawyers * buckets) / 128, `${lawyers}`).toBeLessThanOrEqual(lawyers > 1_280_000 ? 50_000 : 10_000);
    }
  });

  test('profiles are read a file at a time, by key range, and the index lists the files that have one', async () => {
    // Seven lawyers in known buckets of rotation keys (bucket = key >> 24), one pending.
    const keys = [0, 5, 2 ** 24 - 1, 2 ** 24, 40 * 2 ** 24 + 7, 127 * 2 ** 24, 2 ** 31 - 1];
    const lawyers = [];
    for (const key of keys) {
      const lawyer = await createLawyer();
      await db.update(lawyerProfiles).set({ rotationKey: key }).where(eq(lawyerProfiles.id, lawyer.id));
      lawyers.push(lawyer);
    }
    const pending = await createLawyer({ status: 'pending' });
    const slugs = lawyers.map((l) => l.slug);
    const urls = (xml: string | null) => entries(xml ?? '', 'url').map((e) => e.loc.slice(`${APP_URL}/advogado/`.length));

    // One file for a small directory, in key order.
    expect(entries(await sitemapIndexXml(APP_URL), 'sitemap').filter((e) => e.loc.includes('perfis-')).map((e) => e.loc)).toEqual([`${APP_URL}/sitemaps/perfis-1.xml`]);
    expect(urls(await sitemapFileXml(APP_URL, { kind: 'profiles', number: 1 }))).toEqual(slugs);

    // Cut into files of about 2 (7 lawyers: 32 buckets a file, 4 files), empty ones left out.
    expect(bucketsPerProfileFile(7, 2)).toBe(32);
    const names = entries(await sitemapIndexXml(APP_URL, 2), 'sitemap').filter((e) => e.loc.includes('perfis-')).map((e) => e.loc.slice(`${APP_URL}/sitemaps/`.length));
    expect(names).toEqual(['perfis-1.xml', 'perfis-2.xml', 'perfis-4.xml']);
    expect(urls(await sitemapFileXml(APP_URL, { kind: 'profiles', number: 1 }, 2))).toEqual(slugs.slice(0, 4));
    expect(urls(await sitemapFileXml(APP_URL, { kind: 'profiles', number: 2 }, 2))).toEqual(slugs.slice(4, 5));
    expect(await sitemapFileXml(APP_URL, { kind: 'profiles', number: 3 }, 2)).toBeNull();
    expect(urls(await sitemapFileXml(APP_URL, { kind: 'profiles', number: 4 }, 2))).toEqual(slugs.slice(5));
    expect(await sitemapFileXml(APP_URL, { kind: 'profiles', number: 5 }, 2)).toBeNull();
    for (const n of [1, 2, 4]) expect(await sitemapFileXml(APP_URL, { kind: 'profiles', number: n }, 2)).not.toContain(pending.slug);

    // A lawyer no longer approved leaves the file (and an emptied file the index).
    await db.update(lawyerProfiles).set({ status: 'rejected' }).where(eq(lawyerProfiles.id, lawyers[4]!.id));
    expect(entries(await sitemapIndexXml(APP_URL, 2), 'sitemap').map((e) => e.loc)).not.toContain(`${APP_URL}/sitemaps/perfis-2.xml`);
    expect(await sitemapFileXml(APP_URL, { kind: 'profiles', number: 2 }, 2)).toBeNull();
    // Through the route (10,000 a file): one file.
    expect((await file('perfis-1.xml')).status).toBe(200);
    expect((await file('perfis-2.xml')).status).toBe(404);
  });

  test('landing pages: areas, cities and combinations that have approved lawyers, and nothing else', async () => {
    await createLawyer({ areas: ['familia', 'civil'], cities: ['pr_curitiba'] });
    await createLawyer({ areas: ['penal'], cities: ['sp_santos'], status: 'pending' });
    await createLawyer({ areas: ['trabalho'], cities: ['rj_niteroi'], status: 'rejected' });
    const xml = await (await file('advogados-por-area-e-cidade.xml')).text();
    expectWellFormed(xml, 'urlset');
    const locs = entries(xml, 'url');
    expect(locs.map((e) => e.loc.slice(APP_URL.length)).sort()).toEqual([
      '/advogados/curitiba-pr',
      '/advogados/direito-civil',
      '/advogados/direito-civil/curitiba-pr',
      '/advogados/direito-de-familia',
      '/advogados/direito-de-familia/curitiba-pr',
    ]);
    for (const { lastmod } of locs) expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  test('pages and articles', async () => {
    const pages = await (await file('paginas.xml')).text();
    expectWellFormed(pages, 'urlset');
    expect(entries(pages, 'url').map((e) => e.loc)).toEqual(STATIC_PUBLIC_PAGES.map((p) => `${APP_URL}${p}`));
    const articles = await (await file('artigos.xml')).text();
    expectWellFormed(articles, 'urlset');
    expect(entries(articles, 'url')).toEqual(
      [...BLOG_POSTS].map((p) => ({ loc: `${APP_URL}/blog/${p.slug}`, lastmod: p.date })).sort((a, b) => b.lastmod.localeCompare(a.lastmod)),
    );
  });

  test('any other name is 404', async () => {
    await createLawyer();
    for (const name of ['perfis-0.xml', 'perfis-01.xml', 'perfis-1', 'perfis-1.xml.gz', 'perfis-999999.xml', 'outros.xml', '..%2Fpaginas.xml', 'PAGINAS.xml']) {
      const response = await file(name);
      expect(response.status, name).toBe(404);
      expect(await response.text()).toBe('Sitemap não encontrado.');
    }
  });
});
