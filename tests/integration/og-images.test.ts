import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { getConfig } from '~/config.server';
import { BLOG_POSTS } from '~/modules/content/blog-posts';
import { openProfileEditing, updateOwnLawyerProfile } from '~/modules/lawyers/own-profile.server';
import { ogCardFor } from '~/modules/seo/og-cards.server';
import { hitOgRenderLimit, OG_RENDER_LIMIT, ogCardSvg, ogImage, ogImageRenderCount } from '~/modules/seo/og-image.server';
import * as ogImageRoute from '~/routes/resources/og-image';
import { createLawyer, createLawyers } from '../factories/lawyers';

/** /editar-perfil's door for a lawyer of the factories, as the session opens it. */
const editorOf = (id: string, status: 'approved' | 'pending' = 'approved') => openProfileEditing({ id, isSuperadmin: false, lawyer: { status } });

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/* eslint-disable @typescript-eslint/no-explicit-any -- the loader takes React Router's full argument object */
async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`http://localhost:3000${path}`, { headers });
  return (ogImageRoute.loader as any)({ request, params: { '*': new URL(request.url).pathname.replace(/^\/og\//, '') }, context: {} });
}
/* eslint-enable @typescript-eslint/no-explicit-any */

async function expectCard(response: Response): Promise<Buffer> {
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toBe('image/png');
  expect(response.headers.get('Cache-Control')).toBe('public, max-age=86400');
  const png = Buffer.from(await response.arrayBuffer());
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  const { width, height, format } = await sharp(png).metadata();
  expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
  return png;
}

describe('Open Graph images', () => {
  test('a profile card is a 1200×630 PNG, rendered once and then served from the cache, with an ETag', async () => {
    const lawyer = await createLawyer({ nome: 'Otávio Mendes' });
    const before = ogImageRenderCount();
    const first = await get(`/og/advogado/${lawyer.slug}.png?v=abc`);
    const png = await expectCard(first);
    expect(ogImageRenderCount()).toBe(before + 1);

    // Another version parameter, or none: the same card, from the cache.
    const again = await expectCard(await get(`/og/advogado/${lawyer.slug}.png`));
    expect(again.equals(png)).toBe(true);
    expect(ogImageRenderCount()).toBe(before + 1);

    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    const notModified = await get(`/og/advogado/${lawyer.slug}.png`, { 'If-None-Match': etag });
    expect(notModified.status).toBe(304);
  });

  test('editing the profile changes the card', async () => {
    const lawyer = await createLawyer({ nome: 'Otávio Mendes', areas: ['familia'], cities: ['sp_sao_paulo'] });
    const old = await expectCard(await get(`/og/advogado/${lawyer.slug}.png`));
    const oldEtag = (await get(`/og/advogado/${lawyer.slug}.png`)).headers.get('ETag');
    await updateOwnLawyerProfile(await editorOf(lawyer.id), {
      nome: 'Otávio Mendes Neto',
      whatsapp: '11987651234',
      whatsappNotificacoes: null,
      biografia: 'Advogado com vinte anos de prática em direito de família e sucessões.',
      areasAtuacao: ['familia', 'penal'],
      cidadesAtendidas: ['sp_sao_paulo'],
    });
    const before = ogImageRenderCount();
    const response = await get(`/og/advogado/${lawyer.slug}.png`);
    const changed = await expectCard(response);
    expect(ogImageRenderCount()).toBe(before + 1);
    expect(changed.equals(old)).toBe(false);
    expect(response.headers.get('ETag')).not.toBe(oldEtag);
  });

  test('articles and landing pages with lawyers have cards; nothing else does', async () => {
    await createLawyer({ areas: ['familia'], cities: ['pr_curitiba'] });
    const pending = await createLawyer({ status: 'pending', areas: ['penal'], cities: ['sp_santos'] });
    await expectCard(await get(`/og/blog/${BLOG_POSTS[0]!.slug}.png`));
    await expectCard(await get('/og/advogados/direito-de-familia/curitiba-pr.png'));
    await expectCard(await get('/og/advogados/direito-de-familia.png'));
    await expectCard(await get('/og/advogados/curitiba-pr.png'));
    for (const path of [
      `/og/advogado/${pending.slug}.png`,
      `/og/advogado/${pending.id}.png`,
      '/og/advogado/ninguem.png',
      '/og/blog/nao-existe.png',
      '/og/advogados/direito-penal/santos-sp.png',
      '/og/advogados/direito-penal.png',
      '/og/advogados/curitiba-pr/direito-de-familia.png',
      '/og/advogados/direito-de-familia/curitiba-pr',
      '/og/advogados/direito-de-familia/curitiba-pr/x.png',
      '/og/advogado/../../etc/passwd.png',
      '/og/outra-coisa/x.png',
      `/og/advogado/${'a'.repeat(300)}.png`,
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('Content-Type'), path).toBe('text/plain; charset=utf-8');
    }
  });

  test('a hostile name is escaped in the SVG and the card still renders', async () => {
    const nome = 'Ana <script>alert(1)</script> & "Bia" \'Silva\' </text></svg>\u0007';
    const svg = ogCardSvg({ eyebrow: 'Advogado verificado', title: nome, details: ['OAB/SP 1234', '<b>x</b>'], brandName: 'Jus&Conecta', site: 'exemplo.com' });
    expect(svg).not.toMatch(/<script|<b>|<\/svg>.+/s);
    expect(svg).not.toContain('\u0007');
    for (const escaped of ['&lt;script&gt;alert(1)&lt;/script&gt; &amp;', '&quot;Bia&quot; &apos;Silva&apos; &lt;/text&gt;&lt;/svg&gt;', '&lt;b&gt;x&lt;/b&gt;']) expect(svg).toContain(escaped);
    expect(svg).toContain('Jus&amp;Conecta');
    expect(svg.match(/<svg/g)).toHaveLength(1);

    const lawyer = await createLawyer({ nome });
    await expectCard(await get(`/og/advogado/${lawyer.slug}.png`));
  });

  test('renders are limited per client IP with a Portuguese 429 and Retry-After; cached cards never are', async () => {
    const lawyers = await createLawyers(OG_RENDER_LIMIT.max + 2);
    const from = (ip: string) => ({ [CLIENT_IP_HEADER]: ip });
    const before = ogImageRenderCount();
    for (const lawyer of lawyers.slice(0, OG_RENDER_LIMIT.max)) await expectCard(await get(`/og/advogado/${lawyer.slug}.png`, from('203.0.113.7')));
    expect(ogImageRenderCount()).toBe(before + OG_RENDER_LIMIT.max);

    // One more card not in the cache: refused, and nothing is rendered.
    const limited = await get(`/og/advogado/${lawyers[OG_RENDER_LIMIT.max]!.slug}.png`, from('203.0.113.7'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(limited.headers.get('Cache-Control')).toBe('no-store');
    const retryAfter = Number(limited.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(OG_RENDER_LIMIT.windowMs / 1000);
    expect(await limited.text()).toBe('Muitas imagens geradas para este endereço em pouco tempo. Aguarde um minuto e tente novamente.');
    expect(ogImageRenderCount()).toBe(before + OG_RENDER_LIMIT.max);

    // Cards in the cache are still served to that IP, and a conditional request is answered without a render.
    const cached = await get(`/og/advogado/${lawyers[0]!.slug}.png`, from('203.0.113.7'));
    await expectCard(cached);
    expect((await get(`/og/advogado/${lawyers[0]!.slug}.png`, { ...from('203.0.113.7'), 'If-None-Match': cached.headers.get('ETag')! })).status).toBe(304);
    // Another IP renders the refused card; then it is cached, and the first IP gets it too.
    await expectCard(await get(`/og/advogado/${lawyers[OG_RENDER_LIMIT.max]!.slug}.png`, from('198.51.100.2')));
    await expectCard(await get(`/og/advogado/${lawyers[OG_RENDER_LIMIT.max]!.slug}.png`, from('203.0.113.7')));
    expect(ogImageRenderCount()).toBe(before + OG_RENDER_LIMIT.max + 1);
    // A 404 costs no render and is not limited either.
    expect((await get('/og/advogado/ninguem.png', from('203.0.113.7'))).status).toBe(404);

    // The window ends: the IP may render again.
    const later = new Date(Date.now() + OG_RENDER_LIMIT.windowMs + 1000);
    expect(await hitOgRenderLimit('203.0.113.7', later)).toBeNull();
  });

  test('a conditional request for a card not in the cache is a 304 without a render', async () => {
    const lawyer = await createLawyer({ nome: 'Renata Quintela' });
    const { brandName, appUrl } = getConfig();
    const image = ogImage((await ogCardFor({ kind: 'profile', slug: lawyer.slug }, { brandName, appUrl }))!);
    expect(image.ready).toBe(false);
    const before = ogImageRenderCount();
    const response = await get(`/og/advogado/${lawyer.slug}.png`, { 'If-None-Match': image.etag });
    expect(response.status).toBe(304);
    expect(response.headers.get('ETag')).toBe(image.etag);
    expect(ogImageRenderCount()).toBe(before);
    // Without the header, the same card is rendered once, with that ETag.
    const rendered = await get(`/og/advogado/${lawyer.slug}.png`);
    await expectCard(rendered);
    expect(rendered.headers.get('ETag')).toBe(image.etag);
    expect(ogImageRenderCount()).toBe(before + 1);
  });
});
