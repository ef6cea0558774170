import { backgroundLog } from '~/lib/log.server';
import { openPhotoFile, type OpenedPhoto } from '~/modules/lawyers/photo-store.server';
import type { Route } from './+types/profile-photo';

/**
 * /fotos/:arquivo: a stored profile photo (docs/decisions/0012-profile-photos.md), from the local
 * directory or the bucket (docs/decisions/0058), the same answer either way. The name is the content's
 * hash, so the answer never changes: browsers and proxies keep it for a year. Only names of the store's
 * own pattern are looked up; anything else is 404. A store that cannot be read (the bucket away) is a
 * 503 the browser may try again, never cached.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  let photo: OpenedPhoto | null;
  try {
    photo = await openPhotoFile(params.arquivo);
  } catch (error) {
    backgroundLog().warn({ err: { message: (error as Error)?.message }, name: params.arquivo }, 'Foto indisponível no armazenamento');
    return new Response('Foto temporariamente indisponível', { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '5' } });
  }
  if (!photo) {
    return new Response('Foto não encontrada', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  }
  // X-Content-Type-Options: nosniff comes with every response (server/security-headers.ts).
  const headers = new Headers({ 'Content-Type': 'image/webp', 'Cache-Control': 'public, max-age=31536000, immutable', ETag: photo.etag });
  const notModified = request.headers.get('If-None-Match')?.split(/\s*,\s*/).some((tag) => tag === photo.etag || tag === `W/${photo.etag}` || tag === '*');
  if (notModified || request.method === 'HEAD') {
    await photo.close();
    if (!notModified) headers.set('Content-Length', String(photo.size));
    return new Response(null, { status: notModified ? 304 : 200, headers });
  }
  headers.set('Content-Length', String(photo.size));
  return new Response(photo.body(), { headers });
}
