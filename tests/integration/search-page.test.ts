import type { MetaDescriptor } from 'react-router';
import { describe, expect, test } from 'vitest';
import { getConfig } from '~/config.server';
import { parseSearchFilters } from '~/modules/lawyers/lawyers.schemas';
import { searchHref } from '~/modules/lawyers/search-links';
import * as blogPostRoute from '~/routes/public/blog-post';
import * as profileRoute from '~/routes/public/lawyer-profile';
import * as searchRoute from '~/routes/public/search';
import { createLawyer, createLawyers } from '../factories/lawyers';

// The search route's loader called directly, as React Router calls it: it answers the whole page
// (docs/decisions/0066), read here as the HTML a browser gets.

const site = { brandName: 'JusConecta', appUrl: 'https://jusconecta.example' };

/* eslint-disable @typescript-eslint/no-explicit-any -- the route functions take React Router's full argument objects */
async function load(url: string) {
  const request = new Request(new URL(url, site.appUrl));
  const response = (await searchRoute.loader({ request, params: {}, context: {}, url: new URL(request.url), pattern: '' } as any)) as Response;
  const html = await response.text();
  return { status: response.status, html, meta: metaOf(html) };
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Title, description, canonical, og:url and robots of a page's HTML (values unescaped). */
function metaOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const tag = (pattern: RegExp) => head.match(pattern)?.[0];
  const unescape = (value: string | undefined) => value?.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>');
  const content = (pattern: RegExp) => unescape(/content="([^"]*)"/.exec(tag(pattern) ?? '')?.[1]);
  return {
    title: unescape(/<title>([^<]*)<\/title>/.exec(head)?.[1]),
    description: content(/<meta name="description"[^>]*>/),
    canonical: unescape(/href="([^"]*)"/.exec(tag(/<link rel="canonical"[^>]*>/) ?? '')?.[1]),
    ogUrl: content(/<meta property="og:url"[^>]*>/),
    robots: content(/<meta name="robots"[^>]*>/),
  };
}

/** The canonical URL of a path on this test run's site. */
const canonicalOf = (path: string) => `${getConfig().appUrl}${path}`;

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
      expect((await load(url)).meta.title, url).toBe(title);
    }

    const cityOnly = (await load('/busca?cidade=mg_belo_horizonte')).meta;
    expect(cityOnly.description).toBe('Advogados em Belo Horizonte - MG: 1 advogado encontrado. Veja perfis verificados e fale direto pelo WhatsApp.');
    const none = (await load('/busca?area=penal&cidade=sp_santos')).meta;
    expect(none.description).toBe('Advogados de Direito Penal em Santos - SP: nenhum advogado encontrado. Veja perfis verificados e fale direto pelo WhatsApp.');
    for (const { description } of [cityOnly, none]) expect(description).not.toMatch(/\bde em\b|para em|\s{2}/);
  });

  test('a page after the first says its number in the title', async () => {
    await createLawyers(30, { areas: ['familia'], cities: ['sp_campinas'] });
    expect((await load('/busca?area=familia&cidade=sp_campinas&pagina=2')).meta.title).toBe('Advogados de Direito de Família em Campinas - SP — página 2 | JusConecta');
  });
});

describe('pages past the last one', () => {
  test('answer 404 with noindex and a link back to the first page', async () => {
    await createLawyers(3, { areas: ['familia'], cities: ['sp_santos'] });
    const url = '/advogado?area=familia&cidade=sp_santos&pagina=2';
    const { status, html, meta } = await load(url);
    expect(status).toBe(404);
    expect(html).toContain('3 advogados encontrados');
    expect(meta.robots).toBe('noindex');
    expect(meta.canonical).toBe(canonicalOf('/advogado?area=familia&cidade=sp_santos&pagina=2'));
    expect(html).toContain('Esta página não existe');
    expect(html).toContain('href="/advogado?area=familia&amp;cidade=sp_santos"');

    // Page 1 of the same search is a normal page.
    const first = await load('/advogado?area=familia&cidade=sp_santos');
    expect(first.status).toBe(200);
    expect(first.meta.robots).toBeUndefined();
  });

  test('with no result at all, page 1 stays 200 and says so; a further page is 404', async () => {
    const empty = await load('/busca?area=penal');
    expect(empty.status).toBe(200);
    expect(empty.meta.robots).toBeUndefined();
    expect(empty.html).toContain('Nenhum advogado encontrado');
    expect(empty.html).not.toContain('Esta página não existe');

    const further = await load('/busca?area=penal&pagina=3');
    expect(further.status).toBe(404);
    expect(further.html).toContain('Esta página não existe');
  });

  test('a page number that is not plain digits is page 1, not a page past the end', async () => {
    await createLawyers(2);
    for (const pagina of ['0x10', '1e1', ' 2', '-1']) {
      const { status, meta } = await load(`/busca?pagina=${encodeURIComponent(pagina)}`);
      expect(meta.title, pagina).toBe('Encontre um advogado | JusConecta');
      expect(status, pagina).toBe(200);
    }
  });
});

describe('canonical URL, form and links come from the route, never from the request path', () => {
  test('/BUSCA/ and /busca/ give /busca; /ADVOGADO/ gives /advogado', async () => {
    await createLawyers(30, { areas: ['familia'] });
    for (const [pathname, url, canonical] of [
      ['/busca', '/BUSCA/?area=familia&utm_source=x', '/busca?area=familia'],
      ['/busca', '/busca/?area=familia', '/busca?area=familia'],
      ['/busca', '/Busca?area=familia', '/busca?area=familia'],
      ['/advogado', '/ADVOGADO/?area=familia&pagina=02', '/advogado?area=familia'],
    ] as const) {
      const { html, meta } = await load(url);
      expect(meta.canonical, url).toBe(canonicalOf(canonical));
      expect(meta.ogUrl, url).toBe(canonicalOf(canonical));

      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      expect(main, url).toContain(`action="${pathname}"`);
      expect(main, url).toContain(`href="${pathname}?area=familia&amp;pagina=2"`);
      expect(main.match(/(action|href)="\/(BUSCA|ADVOGADO|Busca|busca\/|advogado\/[?"])/g), url).toBeNull();
    }
  });

  test('the page depends only on the parsed filters: the cache key reproduces it', async () => {
    await createLawyers(2);
    const a = await load('/BUSCA/?pagina=1&area=familia&utm_campaign=x&pagina=9');
    const b = await load('/busca?area=familia');
    expect(a.html).toBe(b.html);
    expect(searchHref(parseSearchFilters(new URL('https://x/BUSCA/?pagina=1&area=familia&utm_campaign=x').searchParams), '/busca')).toBe('/busca?area=familia');
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
