import { getConfig } from '~/config.server';
import { ogCardFor, ogTargetSchema } from '~/modules/seo/og-cards.server';
import { renderOgImage } from '~/modules/seo/og-image.server';
import type { Route } from './+types/og-image';

const NOT_FOUND = () => new Response('Imagem não encontrada.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

/** The Open Graph image of a profile, an article or a landing page (/og/…png): 1200×630 PNG. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const target = ogTargetSchema.safeParse(params['*'] ?? '');
  if (!target.success) return NOT_FOUND();
  const { brandName, appUrl } = getConfig();
  const card = await ogCardFor(target.data, { brandName, appUrl });
  if (!card) return NOT_FOUND();
  const { png, etag } = await renderOgImage(card);
  const headers = { 'Cache-Control': 'public, max-age=86400', ETag: etag };
  if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(png), { headers: { ...headers, 'Content-Type': 'image/png', 'Content-Length': String(png.length) } });
}
