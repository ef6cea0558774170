import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub, type MetaDescriptor } from 'react-router';
import { describe, expect, test } from 'vitest';
import { parseSearchFilters } from '~/modules/lawyers/lawyers.schemas';
import { searchHref } from '~/modules/lawyers/search-links';
import * as blogPostRoute from '~/routes/public/blog-post';
import * as profileRoute from '~/routes/public/lawyer-profile';
import * as searchRoute from '~/routes/public/search';
import { createLawyer, createLawyers } from '../factories/lawyers';

// The search route's loader, meta and page called directly, as React Router calls them.

const site = { brandName: 'JusConecta', appUrl: 'https://jusconecta.example' };
type RouteId = 'search' | 'lawyer-list';
const ROUTE_PATH: Record<RouteId, string> = { search: '/busca', 'lawyer-list': '/advogado' };

/* eslint-disable @typescript-eslint/no-explicit-any -- the route functions take React Router's full argument objects */
async function load(url: string) {
  const request = new Request(new URL(url, site.appUrl));
  const result = (await searchRoute.loader({ request, params: {}, context: {}, url: new URL(request.url), pattern: '' } as any)) as any;
  return { status: (result.init?.status as number | undefined) ?? 200, loaderData: result.data as Awaited<ReturnType<typeof searchRoute.loader>>['data'] };
}

function metaOf(routeId: RouteId, loaderData: unknown, url: string) {
  const location = new URL(url, site.appUrl);
  const matches = [
    { id: 'root', pathname: '/', params: {}, loaderData: { site }, data: { site }, meta: [] },
    { id: routeId, pathname: location.pathname, params: {}, loaderData, data: loaderData, meta: [] },
  ];
  const tags = searchRoute.meta({ loaderData, data: loaderData, matches, params: {}, location, error: undefined } as any) as MetaDescriptor[];
  return summarise(tags);
}

function renderPage(routeId: RouteId, loaderData: unknown, url: string): string {
  const Stub = createRoutesStub([{ id: routeId, path: ROUTE_PATH[routeId], Component: searchRoute.default as any }]);
  return renderToString(createElement(Stub, { initialEntries: [url], hydrationData: { loaderData: { [routeId]: loaderData } } }));
}
/* eslint-enable @typescript-eslint/no-explicit-any */

function summarise(tags: MetaDescriptor[]) {
  const find = (key: string, value: string) => tags.find((t) => (t as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;
  return {
    title: (tags.find((t) => 'title' in t) as { title: string } | undefined)?.title,
    description: find('name', 'description')?.content,
    canonical: find('rel', 'canonical')?.href,
    ogUrl: find('property', 'og:url')?.content,
    robots: find('name', 'robots')?.content,
  };
}

describe('search page titles', () => {
  test('area only, city only, both, and none', async () => {
    await createLawyer({ areas: ['familia'], cities: ['mg_belo_horizonte'] });
    const cases = [
      ['/busca?area=familia', 'Advogados de Direito de Família | JusConecta'],
      ['/busca?cidade=mg_belo_horizonte', 'Advogados em Belo Horizonte - MG | JusConecta'],
      ['/busca?area=familia&cidade=mg_belo_horizonte', 'Advogados de Direito de Família em Belo Horizonte - MG | JusConecta'],
      ['/busca', 'Encontre um advogado | JusConecta'],
      ['/busca?area=astrologia&cidade=xx_atlantida', 'Encontre um advogado | JusConecta'],
    ] as const;
    for (const [url, title] of cases) {
      const { loaderData } = await load(url);
      expect(metaOf('search', loaderData, url).title, url).toBe(title);
    }

    const cityOnly = metaOf('search', (await load('/busca?cidade=mg_belo_horizonte')).loaderData, '/busca?cidade=mg_belo_horizonte');
    expect(cityOnly.description).toBe('Advogados em Belo Horizonte - MG: 1 advogado encontrado. Veja perfis verificados e fale direto pelo WhatsApp.');
    const none = metaOf('search', (await load('/busca?area=penal&cidade=sp_santos')).loaderData, '/busca?area=penal&cidade=sp_santos');
    expect(none.description).toBe('Advogados de Direito Penal em Santos - SP: nenhum advogado encontrado. Veja perfis verificados e fale direto pelo WhatsApp.');
    for (const { description } of [cityOnly, none]) expect(description).not.toMatch(/\bde em\b|para em|\s{2}/);
  });
});

describe('pages past the last one', () => {
  test('answer 404 with noindex and a link back to the first page', async () => {
    await createLawyers(3, { areas: ['familia'], cities: ['sp_santos'] });
    const url = '/advogado?area=familia&cidade=sp_santos&pagina=2';
    const { status, loaderData } = await load(url);
    expect(status).toBe(404);
    expect(loaderData.total).toBe(3);
    const meta = metaOf('lawyer-list', loaderData, url);
    expect(meta.robots).toBe('noindex');
    expect(meta.canonical).toBe('https://jusconecta.example/advogado?area=familia&cidade=sp_santos&pagina=2');

    const html = renderPage('lawyer-list', loaderData, url);
    expect(html).toContain('Esta página não existe');
    expect(html).toContain('href="/advogado?area=familia&amp;cidade=sp_santos"');

    // Page 1 of the same search is a normal page.
    const first = await load('/advogado?area=familia&cidade=sp_santos');
    expect(first.status).toBe(200);
    expect(metaOf('lawyer-list', first.loaderData, '/advogado').robots).toBeUndefined();
  });

  test('with no result at all, page 1 stays 200 and says so; a further page is 404', async () => {
    const empty = await load('/busca?area=penal');
    expect(empty.status).toBe(200);
    expect(metaOf('search', empty.loaderData, '/busca?area=penal').robots).toBeUndefined();
    const html = renderPage('search', empty.loaderData, '/busca?area=penal');
    expect(html).toContain('Nenhum advogado encontrado');
    expect(html).not.toContain('Esta página não existe');

    const further = await load('/busca?area=penal&pagina=3');
    expect(further.status).toBe(404);
    expect(renderPage('search', further.loaderData, '/busca?area=penal&pagina=3')).toContain('Esta página não existe');
  });

  test('a page number that is not plain digits is page 1, not a page past the end', async () => {
    await createLawyers(2);
    for (const pagina of ['0x10', '1e1', ' 2', '-1']) {
      const { status, loaderData } = await load(`/busca?pagina=${encodeURIComponent(pagina)}`);
      expect(loaderData.page, pagina).toBe(1);
      expect(status, pagina).toBe(200);
    }
  });
});

describe('canonical URL, form and links come from the route, never from the request path', () => {
  test('/BUSCA/ and /busca/ give /busca; /ADVOGADO/ gives /advogado', async () => {
    await createLawyers(30, { areas: ['familia'] });
    for (const [routeId, url, canonical] of [
      ['search', '/BUSCA/?area=familia&utm_source=x', 'https://jusconecta.example/busca?area=familia'],
      ['search', '/busca/?area=familia', 'https://jusconecta.example/busca?area=familia'],
      ['search', '/Busca?area=familia', 'https://jusconecta.example/busca?area=familia'],
      ['lawyer-list', '/ADVOGADO/?area=familia&pagina=02', 'https://jusconecta.example/advogado?area=familia'],
    ] as const) {
      const { loaderData } = await load(url);
      const meta = metaOf(routeId, loaderData, url);
      expect(meta.canonical, url).toBe(canonical);
      expect(meta.ogUrl, url).toBe(canonical);

      const html = renderPage(routeId, loaderData, url);
      expect(html, url).toContain(`action="${ROUTE_PATH[routeId]}"`);
      expect(html, url).toContain(`href="${ROUTE_PATH[routeId]}?area=familia&amp;pagina=2"`);
      expect(html.match(/(action|href)="\/(BUSCA|ADVOGADO|Busca|busca\/|advogado\/[?"])/g), url).toBeNull();
    }
  });

  test('the page depends only on the parsed filters: the cache key reproduces it', async () => {
    await createLawyers(2);
    const a = await load('/BUSCA/?pagina=1&area=familia&utm_campaign=x&pagina=9');
    const b = await load('/busca?area=familia');
    expect(a.loaderData).toEqual(b.loaderData);
    expect(searchHref(parseSearchFilters(new URL('https://x/BUSCA/?pagina=1&area=familia&utm_campaign=x').searchParams), '/busca')).toBe('/busca?area=familia');
    expect(renderPage('search', a.loaderData, '/BUSCA/?utm_campaign=x')).toBe(renderPage('search', b.loaderData, '/busca?area=familia'));
  });
});

describe('other public pages', () => {
  /* eslint-disable @typescript-eslint/no-explicit-any -- React Router's full argument objects */
  const callMeta = (route: { meta: (args: any) => unknown }, loaderData: unknown, slug: string) =>
    summarise(
      route.meta({ loaderData, data: loaderData, params: { slug }, matches: [{ id: 'root', loaderData: { site }, data: { site } }], location: new URL(`/x/${slug}`, site.appUrl) }) as MetaDescriptor[],
    );

  test('a malformed profile slug is the profile 404 page, with no canonical made of the raw parameter', async () => {
    for (const slug of ['\u0000', 'a%00', 'Ana Silva', 'x'.repeat(200)]) {
      const result = (await profileRoute.loader({ request: new Request(`${site.appUrl}/advogado/x`), params: { slug }, context: {} } as any)) as any;
      expect(result.init?.status, JSON.stringify(slug)).toBe(404);
      expect(result.data).toEqual({ profile: null });
      const meta = callMeta(profileRoute, result.data, slug);
      expect(meta).toMatchObject({ title: 'Perfil não encontrado | JusConecta', robots: 'noindex', canonical: undefined, ogUrl: undefined });
    }
  });

  test('a profile found by its slug in another spelling redirects to, or is canonical at, the stored slug', async () => {
    const ana = await createLawyer({ nome: 'Ana Prado' });
    const byId = await profileRoute.loader({ request: new Request(`${site.appUrl}/advogado/${ana.id}`), params: { slug: ana.id }, context: {} } as any).catch((e: unknown) => e);
    expect(byId).toBeInstanceOf(Response);
    expect((byId as Response).headers.get('Location')).toBe('/advogado/anaprado');
    const found = (await profileRoute.loader({ request: new Request(`${site.appUrl}/advogado/anaprado/`), params: { slug: 'anaprado' }, context: {} } as any)) as any;
    expect(callMeta(profileRoute, found.data, 'anaprado').canonical).toBe('https://jusconecta.example/advogado/anaprado');
  });

  test('an unknown blog post has no canonical made of the raw parameter', () => {
    const result = blogPostRoute.loader({ params: { slug: '<Não existe>' } } as any) as any;
    expect(result.init?.status).toBe(404);
    expect(callMeta(blogPostRoute, result.data, '<Não existe>')).toMatchObject({ robots: 'noindex', canonical: undefined, ogUrl: undefined });
  });
  /* eslint-enable @typescript-eslint/no-explicit-any */
});
