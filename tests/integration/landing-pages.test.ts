import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub, type MetaDescriptor } from 'react-router';
import { describe, expect, test } from 'vitest';
import { rejectLawyer } from '~/modules/accounts/lawyer-review.server';
import { createSuperadmin } from '~/modules/accounts/superadmins.server';
import { CITIES, PRACTICE_AREAS } from '~/domain/catalog/catalog';
import { areaSummary, landingIntro, landingQuestions } from '~/modules/landing/landing-texts';
import { LANDING_PAGE_SIZE, listLandingPages, type LandingLinkGroup } from '~/modules/landing/landing.server';
import { publicPageCacheKey } from '~/page-cache-key.server';
import * as landingRoute from '~/routes/public/landing';
import { createLawyer, createLawyers } from '../factories/lawyers';

// The landing route's loader, meta and page called as React Router calls them.

const site = { brandName: 'JusConecta', appUrl: 'https://jusconecta.example' };

/* eslint-disable @typescript-eslint/no-explicit-any -- the route functions take React Router's full argument objects */
function paramsOf(path: string): Record<string, string> {
  const [, , first, second] = path.split('?')[0]!.split('/');
  return second === undefined ? { local: first! } : { area: first!, cidade: second };
}

async function load(url: string) {
  const request = new Request(new URL(url, site.appUrl));
  const result = (await landingRoute.loader({ request, params: paramsOf(url), context: {}, url: new URL(request.url), pattern: '' } as any)) as any;
  return { status: (result.init?.status as number | undefined) ?? 200, loaderData: result.data as { landing: any } };
}

function metaOf(loaderData: unknown, url: string): MetaDescriptor[] {
  const location = new URL(url, site.appUrl);
  const matches = [
    { id: 'root', pathname: '/', params: {}, loaderData: { site }, data: { site }, meta: [] },
    { id: 'landing', pathname: location.pathname, params: {}, loaderData, data: loaderData, meta: [] },
  ];
  return landingRoute.meta({ loaderData, data: loaderData, matches, params: {}, location, error: undefined } as any) as MetaDescriptor[];
}

function render(loaderData: unknown, url: string): string {
  const Stub = createRoutesStub([{ id: 'landing', path: '/advogados/*', Component: landingRoute.default as any }]);
  return renderToString(createElement(Stub, { initialEntries: [url], hydrationData: { loaderData: { landing: loaderData } } }));
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The page's link groups as the page shows them: heading, then each link's URL and text. */
function linksOf(landing: { linkGroups: LandingLinkGroup[] }) {
  return landing.linkGroups.map((g) => ({ heading: g.heading, links: g.links.map((link) => ({ href: link.path, label: link.label })) }));
}

const tag = (tags: MetaDescriptor[], key: string, value: string) => tags.find((t) => (t as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;
const jsonLdOf = (tags: MetaDescriptor[]) => tags.filter((t) => 'script:ld+json' in t).map((t) => (t as Record<string, unknown>)['script:ld+json'] as Record<string, any>); // eslint-disable-line @typescript-eslint/no-explicit-any

describe('an area in a city', () => {
  test('lists exactly the approved lawyers of that area and city, and links only to pages that exist', async () => {
    const listed = await createLawyers(2, { areas: ['familia', 'civil'], cities: ['pr_curitiba'] });
    const otherCity = await createLawyer({ areas: ['familia'], cities: ['sp_sao_paulo'] });
    const sameState = await createLawyer({ areas: ['familia'], cities: ['pr_londrina'] });
    const otherArea = await createLawyer({ areas: ['penal'], cities: ['pr_curitiba'] });
    await createLawyer({ areas: ['familia'], cities: ['pr_curitiba'], status: 'pending' });
    await createLawyer({ areas: ['familia'], cities: ['pr_curitiba'], status: 'rejected' });

    const { status, loaderData } = await load('/advogados/direito-de-familia/curitiba-pr');
    expect(status).toBe(200);
    const { landing } = loaderData;
    expect(landing.lawyers.map((l: { slug: string }) => l.slug).sort()).toEqual(listed.map((l) => l.slug).sort());
    expect(landing.total).toBe(2);
    expect(landing.heading).toBe('Advogados de Direito de Família em Curitiba - PR');
    expect(landing.breadcrumbs).toEqual([
      { name: 'Início', path: '/' },
      { name: 'Direito de Família', path: '/advogados/direito-de-familia' },
      { name: 'Curitiba - PR', path: '/advogados/direito-de-familia/curitiba-pr' },
    ]);
    const groups = Object.fromEntries(linksOf(landing).map((g) => [g.heading, g.links.map((l) => l.href)]));
    expect(groups['Outras áreas de atuação em Curitiba - PR']).toEqual(['/advogados/direito-civil/curitiba-pr', '/advogados/direito-penal/curitiba-pr']);
    // The same state first (Londrina - PR), then elsewhere.
    expect(groups['Direito de Família em outras cidades']).toEqual(['/advogados/direito-de-familia/londrina-pr', '/advogados/direito-de-familia/sao-paulo-sp']);
    expect(groups['Veja também']).toEqual(['/advogados/direito-de-familia', '/advogados/curitiba-pr']);
    expect(landing.lawyers[0]).not.toHaveProperty('id');

    const html = render(loaderData, '/advogados/direito-de-familia/curitiba-pr');
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    for (const lawyer of listed) expect(html).toContain(`href="/advogado/${lawyer.slug}"`);
    for (const lawyer of [otherCity, sameState, otherArea]) expect(html).not.toContain(`href="/advogado/${lawyer.slug}"`);
    expect(html).toContain('aria-label="Trilha de navegação"');
    expect(html).toContain('Perguntas frequentes');
    expect(html).toContain('O que a área cobre');
    expect(html).toContain('nenhum advogado pode prometer o desfecho de um processo');
    expect(html).not.toMatch(/undefined|\[object Object\]/);
  });

  test('has a title, description, canonical URL, a large Open Graph card, BreadcrumbList and FAQPage', async () => {
    await createLawyer({ areas: ['familia'], cities: ['pr_curitiba'] });
    const url = '/advogados/direito-de-familia/curitiba-pr';
    const tags = metaOf((await load(url)).loaderData, url);
    expect((tags.find((t) => 'title' in t) as { title: string }).title).toBe('Advogados de Direito de Família em Curitiba - PR | JusConecta');
    expect(tag(tags, 'name', 'description')?.content).toBe(
      'Advogados de Direito de Família em Curitiba - PR: 1 advogado aprovado, com registro na OAB conferido. Veja áreas de atuação, cidades atendidas e fale direto pelo WhatsApp.',
    );
    expect(tag(tags, 'rel', 'canonical')?.href).toBe(`${site.appUrl}${url}`);
    expect(tag(tags, 'property', 'og:image')?.content).toBe(`${site.appUrl}/og${url}.png`);
    expect(tag(tags, 'name', 'twitter:card')?.content).toBe('summary_large_image');
    expect(tag(tags, 'name', 'robots')).toBeUndefined();

    const [breadcrumbs, faq] = jsonLdOf(tags);
    expect(breadcrumbs).toMatchObject({ '@context': 'https://schema.org', '@type': 'BreadcrumbList' });
    expect(breadcrumbs!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Início', item: `${site.appUrl}/` },
      { '@type': 'ListItem', position: 2, name: 'Direito de Família', item: `${site.appUrl}/advogados/direito-de-familia` },
      { '@type': 'ListItem', position: 3, name: 'Curitiba - PR', item: `${site.appUrl}${url}` },
    ]);
    expect(faq).toMatchObject({ '@context': 'https://schema.org', '@type': 'FAQPage' });
    expect(faq!.mainEntity.length).toBeGreaterThanOrEqual(3);
    for (const question of faq!.mainEntity) {
      expect(question['@type']).toBe('Question');
      expect(question.name).toMatch(/\?$/);
      expect(question.acceptedAnswer['@type']).toBe('Answer');
      expect(question.acceptedAnswer.text.length).toBeGreaterThan(40);
    }
    // The FAQ's questions are the ones the page shows.
    const html = render((await load(url)).loaderData, url);
    for (const question of faq!.mainEntity) expect(html).toContain(question.name.replace(/"/g, '&quot;'));
  });
});

describe('the 404 rule', () => {
  test('a combination with no approved lawyer, an unknown slug or a page past the last answers 404', async () => {
    await createLawyer({ areas: ['familia'], cities: ['pr_curitiba'] });
    await createLawyer({ areas: ['penal'], cities: ['sp_santos'], status: 'pending' });
    await createLawyer({ areas: ['trabalho'], cities: ['rj_niteroi'], status: 'rejected' });
    for (const url of [
      '/advogados/direito-penal/curitiba-pr',
      '/advogados/direito-penal/santos-sp',
      '/advogados/direito-do-trabalho/niteroi-rj',
      '/advogados/direito-do-trabalho',
      '/advogados/santos-sp',
      '/advogados/curitiba-pr/direito-de-familia',
      '/advogados/direito-de-familia/direito-civil',
      '/advogados/astrologia',
      '/advogados/familia',
      '/advogados/pr_curitiba',
      '/advogados/DIREITO-DE-FAMILIA',
      `/advogados/${'a'.repeat(300)}`,
      '/advogados/direito-de-familia/curitiba-pr?pagina=2',
    ]) {
      const { status, loaderData } = await load(url);
      expect(status, url).toBe(404);
      expect(loaderData.landing, url).toBeNull();
      expect(metaOf(loaderData, url), url).toContainEqual({ name: 'robots', content: 'noindex' });
      expect(render(loaderData, url), url).toContain('Page not found');
    }
    expect((await load('/advogados/direito-de-familia/curitiba-pr?pagina=abc')).status).toBe(200);
  });

  test('the page disappears when the last approved lawyer there is rejected', async () => {
    const reviewerId = await createSuperadmin({ nome: 'Revisora', email: 'revisora@jusconecta.test', password: 'senha-da-revisora-1' });
    const [first, second] = await createLawyers(2, { areas: ['consumidor'], cities: ['ba_salvador'] });
    const url = '/advogados/direito-do-consumidor/salvador-ba';
    expect((await load(url)).loaderData.landing.total).toBe(2);

    await rejectLawyer(first!.id, { reviewerId });
    expect((await load(url)).loaderData.landing.lawyers.map((l: { slug: string }) => l.slug)).toEqual([second!.slug]);
    expect((await listLandingPages()).map((p) => p.path)).toContain(url);

    await rejectLawyer(second!.id, { reviewerId });
    expect((await load(url)).status).toBe(404);
    expect((await load('/advogados/salvador-ba')).status).toBe(404);
    expect((await listLandingPages()).map((p) => p.path)).not.toContain(url);
  });
});

describe('the links to neighbouring pages', () => {
  test('follow a change at once, as the 404 rule and the sitemap do', async () => {
    const reviewerId = await createSuperadmin({ nome: 'Revisora', email: 'revisora@jusconecta.test', password: 'senha-da-revisora-1' });
    await createLawyer({ areas: ['familia'], cities: ['pr_curitiba'] });
    const penal = await createLawyer({ areas: ['penal'], cities: ['pr_curitiba'] });
    const links = async () =>
      linksOf((await load('/advogados/direito-de-familia/curitiba-pr')).loaderData.landing)
        .find((g) => g.heading === 'Outras áreas de atuação em Curitiba - PR')
        ?.links.map((l) => l.href) ?? [];
    expect(await links()).toEqual(['/advogados/direito-penal/curitiba-pr']);

    await rejectLawyer(penal.id, { reviewerId });
    expect((await load('/advogados/direito-penal/curitiba-pr')).status).toBe(404);
    expect(await links()).toEqual([]);
    expect((await listLandingPages()).map((p) => p.path)).not.toContain('/advogados/direito-penal/curitiba-pr');
  });
});

describe('area pages and city pages', () => {
  test('an area lists its lawyers from every city once, with a link per city; a city lists its areas', async () => {
    const both = await createLawyer({ areas: ['familia'], cities: ['pr_curitiba', 'sp_sao_paulo'] });
    await createLawyer({ areas: ['familia'], cities: ['mg_belo_horizonte'] });
    await createLawyer({ areas: ['penal'], cities: ['pr_curitiba'] });

    const area = (await load('/advogados/direito-de-familia')).loaderData.landing;
    expect(area.total).toBe(2);
    expect(area.heading).toBe('Advogados de Direito de Família');
    expect(area.breadcrumbs.map((c: { path: string }) => c.path)).toEqual(['/', '/advogados/direito-de-familia']);
    expect(linksOf(area)[0]).toEqual({
      heading: 'Direito de Família por cidade',
      links: [
        { href: '/advogados/direito-de-familia/belo-horizonte-mg', label: 'Belo Horizonte - MG' },
        { href: '/advogados/direito-de-familia/curitiba-pr', label: 'Curitiba - PR' },
        { href: '/advogados/direito-de-familia/sao-paulo-sp', label: 'São Paulo - SP' },
      ],
    });
    expect(linksOf(area)[1]).toEqual({ heading: 'Outras áreas de atuação', links: [{ href: '/advogados/direito-penal', label: 'Direito Penal' }] });

    const city = (await load('/advogados/curitiba-pr')).loaderData.landing;
    expect(city.total).toBe(2);
    expect(city.heading).toBe('Advogados em Curitiba - PR');
    expect(city.areaSummary).toBeNull();
    expect(city.breadcrumbs).toEqual([
      { name: 'Início', path: '/' },
      { name: 'Advogados em Curitiba - PR', path: '/advogados/curitiba-pr' },
    ]);
    expect(linksOf(city)[0]!.links.map((l) => l.href)).toEqual(['/advogados/direito-de-familia/curitiba-pr', '/advogados/direito-penal/curitiba-pr']);
    expect(linksOf(city)[1]!.links.map((l) => l.href)).toEqual(['/advogados/belo-horizonte-mg', '/advogados/sao-paulo-sp']);
    expect(city.lawyers.map((l: { slug: string }) => l.slug)).toContain(both.slug);
  });

  test('pages of 12 (LANDING_PAGE_SIZE) in the search order, linked with ?pagina=; the canonical URL keeps the page', async () => {
    await createLawyers(25, { areas: ['tributario'], cities: ['sc_joinville'] });
    await createLawyer({ areas: ['tributario'], cities: ['sc_joinville'], plan: 'premium', nome: 'Zuleica Premium' });
    const first = await load('/advogados/direito-tributario/joinville-sc');
    expect(first.loaderData.landing.lawyers).toHaveLength(LANDING_PAGE_SIZE);
    expect(first.loaderData.landing.lawyers[0].nome).toBe('Zuleica Premium');
    expect(first.loaderData.landing.pageCount).toBe(3);
    expect(render(first.loaderData, '/advogados/direito-tributario/joinville-sc')).toContain('href="/advogados/direito-tributario/joinville-sc?pagina=2"');
    const pages = [first, await load('/advogados/direito-tributario/joinville-sc?pagina=2')];
    const last = await load('/advogados/direito-tributario/joinville-sc?pagina=3');
    expect(last.loaderData.landing.lawyers).toHaveLength(26 - 2 * LANDING_PAGE_SIZE);
    // Every lawyer once over the pages.
    const slugs = [...pages, last].flatMap((page) => page.loaderData.landing.lawyers.map((l: { slug: string }) => l.slug));
    expect(new Set(slugs).size).toBe(26);
    expect(tag(metaOf(last.loaderData, '/advogados/direito-tributario/joinville-sc?pagina=3'), 'rel', 'canonical')?.href).toBe(
      `${site.appUrl}/advogados/direito-tributario/joinville-sc?pagina=3`,
    );
    expect((await load('/advogados/direito-tributario/joinville-sc?pagina=4')).status).toBe(404);
  });
});

describe('the page cache key', () => {
  test('is the path and the page number only', () => {
    expect(publicPageCacheKey('/advogados/direito-de-familia/curitiba-pr?cb=1&utm_source=x')).toBe('/advogados/direito-de-familia/curitiba-pr');
    expect(publicPageCacheKey('/advogados/direito-de-familia?pagina=2&cb=1')).toBe('/advogados/direito-de-familia?pagina=2');
    expect(publicPageCacheKey('/advogados/curitiba-pr?pagina=0x10')).toBe('/advogados/curitiba-pr');
    expect(publicPageCacheKey('/advogados/a/b/c')).toBeNull();
    expect(publicPageCacheKey('/sitemaps/perfis-1.xml?x=1')).toBe('/sitemaps/perfis-1.xml');
    expect(publicPageCacheKey('/og/advogado/ana.png')).toBeNull();
  });
});

describe('the texts', () => {
  // Provimento CFOAB 205/2021: no self-praise, no "especialista" claim, no fees or free services, no promised result.
  const FORBIDDEN = /\b(melhor(es)?|especialistas?|gratuit[ao]s?|grátis|top|garantimos|garantido|sucesso|100%)\b|R\$/i;

  test('are sober for every area and city of the catalogue', () => {
    for (const area of PRACTICE_AREAS) {
      const texts = [areaSummary(area.id), landingIntro({ area: area.id }), ...landingQuestions({ area: area.id }, 'JusConecta').flatMap((q) => [q.question, q.answer])];
      for (const text of texts) expect(text, area.id).not.toMatch(FORBIDDEN);
    }
    for (const city of CITIES) {
      for (const q of landingQuestions({ city }, 'JusConecta')) expect(`${q.question} ${q.answer}`, city.id).not.toMatch(FORBIDDEN);
    }
    expect(landingQuestions({ area: 'penal' }, 'JusConecta').map((q) => q.answer).join(' ')).toContain('nenhum advogado pode prometer o desfecho de um processo');
  });
});
