import { createElement, Fragment } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub, Meta, Outlet } from 'react-router';
import { describe, expect, test } from 'vitest';
import { BLOG_POSTS } from '~/modules/content/blog-posts';
import * as blogPostRoute from '~/routes/public/blog-post';
import * as landingRoute from '~/routes/public/landing';
import * as profileRoute from '~/routes/public/lawyer-profile';
import { createLawyer } from '../factories/lawyers';

// The JSON-LD of each page type, as <Meta> writes it into the document's head, parsed back and checked
// against schema.org's types and Google's required properties.

const site = { brandName: 'JusConecta', appUrl: 'https://jusconecta.example' };

/* eslint-disable @typescript-eslint/no-explicit-any -- route modules and parsed JSON-LD are untyped here */
type RouteModule = { loader: (args: any) => any; meta: any; default: any };

/** The page's <head> as the server renders it: its loader's data, its meta, through React Router's <Meta>. */
async function headOf(route: RouteModule, path: string, pattern: string, params: Record<string, string>): Promise<string> {
  const request = new Request(new URL(path, site.appUrl));
  const result = await route.loader({ request, params, context: {}, url: new URL(request.url), pattern: '' });
  const loaderData = result?.data ?? result;
  const Root = () => createElement(Fragment, null, createElement(Meta), createElement(Outlet));
  const Stub = createRoutesStub([{ id: 'root', path: '/', Component: Root, loader: () => ({ site }), children: [{ id: 'page', path: pattern, Component: () => null, meta: route.meta }] }]);
  return renderToString(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { root: { site }, page: loaderData } } }));
}

function jsonLdBlocks(html: string): any[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

function ofType(blocks: any[], type: string): any {
  const found = blocks.filter((b) => [b['@type']].flat().includes(type));
  expect(found, `one ${type} in ${JSON.stringify(blocks)}`).toHaveLength(1);
  expect(found[0]['@context']).toBe('https://schema.org');
  return found[0];
}

/** Google: a BreadcrumbList has at least two ListItems with consecutive positions from 1, each with a name and (but the last) an item URL. */
function expectBreadcrumbList(list: any, lastPath: string) {
  expect(list.itemListElement.length).toBeGreaterThanOrEqual(2);
  list.itemListElement.forEach((item: any, i: number) => {
    expect(item['@type']).toBe('ListItem');
    expect(item.position).toBe(i + 1);
    expect(item.name).toEqual(expect.any(String));
    expect(item.item).toMatch(new RegExp(`^${site.appUrl}/`));
  });
  expect(list.itemListElement.at(-1).item).toBe(`${site.appUrl}${lastPath}`);
}
/* eslint-enable @typescript-eslint/no-explicit-any */

describe('JSON-LD', () => {
  test('a profile is an Attorney with its OAB registration, areas and cities, and a BreadcrumbList', async () => {
    const lawyer = await createLawyer({ nome: 'Helena Duarte', areas: ['familia', 'civil'], cities: ['pr_curitiba', 'sp_santos'], oabUf: 'PR', numeroOab: '54321' });
    const blocks = jsonLdBlocks(await headOf(profileRoute, `/advogado/${lawyer.slug}`, '/advogado/:slug', { slug: lawyer.slug }));
    const attorney = ofType(blocks, 'Attorney');
    expect(attorney).toMatchObject({
      name: 'Helena Duarte',
      url: `${site.appUrl}/advogado/${lawyer.slug}`,
      identifier: { '@type': 'PropertyValue', propertyID: 'OAB', value: 'OAB/PR 54321' },
      knowsAbout: ['Direito Civil', 'Direito de Família'],
      areaServed: [
        { '@type': 'City', name: 'Curitiba', containedInPlace: { '@type': 'State', name: 'Paraná' } },
        { '@type': 'City', name: 'Santos', containedInPlace: { '@type': 'State', name: 'São Paulo' } },
      ],
    });
    expect(attorney.image).toMatch(new RegExp(`^${site.appUrl}/og/advogado/${lawyer.slug}\\.png\\?v=[0-9a-z]+$`));
    // Nothing the product cannot vouch for.
    for (const key of ['aggregateRating', 'review', 'address', 'priceRange', 'award']) expect(attorney).not.toHaveProperty(key);

    const breadcrumbs = ofType(blocks, 'BreadcrumbList');
    expectBreadcrumbList(breadcrumbs, `/advogado/${lawyer.slug}`);
    expect(breadcrumbs.itemListElement[1]).toMatchObject({ name: 'Direito Civil em Curitiba - PR', item: `${site.appUrl}/advogados/direito-civil/curitiba-pr` });
  });

  test('an article is a BlogPosting with headline, image, dates, author and publisher, and a BreadcrumbList', async () => {
    const post = BLOG_POSTS[0]!;
    const blocks = jsonLdBlocks(await headOf(blogPostRoute, `/blog/${post.slug}`, '/blog/:slug', { slug: post.slug }));
    const article = ofType(blocks, 'BlogPosting');
    expect(article.headline).toBe(post.title);
    expect(article.headline.length).toBeLessThanOrEqual(110);
    expect(article.image).toEqual([`${site.appUrl}/og/blog/${post.slug}.png`]);
    expect(article.datePublished).toBe(post.date);
    expect(article.author).toEqual({ '@type': 'Organization', name: post.author, url: site.appUrl });
    expect(article.publisher).toMatchObject({ '@type': 'Organization', name: 'JusConecta' });
    expect(article.mainEntityOfPage).toBe(`${site.appUrl}/blog/${post.slug}`);
    expectBreadcrumbList(ofType(blocks, 'BreadcrumbList'), `/blog/${post.slug}`);
  });

  test('a landing page has a BreadcrumbList and a FAQPage of its questions', async () => {
    await createLawyer({ areas: ['previdenciario'], cities: ['ce_fortaleza'] });
    const path = '/advogados/direito-previdenciario/fortaleza-ce';
    const blocks = jsonLdBlocks(await headOf(landingRoute, path, '/advogados/:area/:cidade', { area: 'direito-previdenciario', cidade: 'fortaleza-ce' }));
    expectBreadcrumbList(ofType(blocks, 'BreadcrumbList'), path);
    const faq = ofType(blocks, 'FAQPage');
    expect(faq.mainEntity.map((q: { name: string }) => q.name)).toContain('Como escolher um advogado de Direito Previdenciário em Fortaleza - CE?');
    for (const q of faq.mainEntity) expect(q).toMatchObject({ '@type': 'Question', name: expect.any(String), acceptedAnswer: { '@type': 'Answer', text: expect.any(String) } });
  });

  test('a name that tries to close the script element stays inside the JSON', async () => {
    const lawyer = await createLawyer({ nome: 'Ana </script><script>alert(1)</script> & <!-- Silva' });
    const head = await headOf(profileRoute, `/advogado/${lawyer.slug}`, '/advogado/:slug', { slug: lawyer.slug });
    const script = head.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!;
    expect(script).not.toMatch(/[<>&]/);
    expect(head).not.toContain('<script>alert(1)');
    expect(ofType(jsonLdBlocks(head), 'Attorney').name).toBe('Ana </script><script>alert(1)</script> & <!-- Silva');
  });
});
