import { clientIp } from '~/auth/auth.server';
import { getConfig } from '~/config.server';
import { ogCardFor, ogTargetSchema } from '~/modules/seo/og-cards.server';
import { hitOgRenderLimit, ogImage, ogRenderLimitedMessage } from '~/modules/seo/og-image.server';
import type { Route } from './+types/og-image';

const TEXT_HEADERS = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };
const NOT_FOUND = () => new Response('Imagem não encontrada.', { status: 404, headers: TEXT_HEADERS });

/**
 * The Open Graph image of a profile, an article or a landing page (/og/…png): 1200×630 PNG. A card not
 * in the cache costs a render, limited per client IP (429 with Retry-After); a cached one never is.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const target = ogTargetSchema.safeParse(params['*'] ?? '');
  if (!target.success) return NOT_FOUND();
  const { brandName, appUrl } = getConfig();
  const card = await ogCardFor(target.data, { brandName, appUrl });
  if (!card) return NOT_FOUND();
  const image = ogImage(card);
  const headers = { 'Cache-Control': 'public, max-age=86400', ETag: image.etag };
  if (request.headers.get('If-None-Match') === image.etag) return new Response(null, { status: 304, headers });
  if (!image.ready) {
    const retryAfter = await hitOgRenderLimit(clientIp(request.headers));
    if (retryAfter !== null) return new Response(ogRenderLimitedMessage(retryAfter), { status: 429, headers: { ...TEXT_HEADERS, 'Retry-After': String(retryAfter) } });
  }
  const png = await image.png();
  return new Response(new Uint8Array(png), { headers: { ...headers, 'Content-Type': 'image/png', 'Content-Length': String(png.length) } });
}
