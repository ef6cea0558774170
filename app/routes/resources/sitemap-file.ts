import { getConfig } from '~/config.server';
import { sitemapFileSchema, sitemapFileXml } from '~/modules/seo/sitemap.server';
import type { Route } from './+types/sitemap-file';

const NOT_FOUND_HEADERS = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };

/** One child sitemap (/sitemaps/paginas.xml, /sitemaps/perfis-1.xml, …); any other name is 404. */
export async function loader({ params }: Route.LoaderArgs) {
  const file = sitemapFileSchema.safeParse(params.arquivo);
  const body = file.success ? await sitemapFileXml(getConfig().appUrl, file.data) : null;
  if (!body) return new Response('Sitemap não encontrado.', { status: 404, headers: NOT_FOUND_HEADERS });
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600', 'X-Page-Cache': '300' } });
}
