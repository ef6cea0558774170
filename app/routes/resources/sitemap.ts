import { getConfig } from '~/config.server';
import { sitemapIndexXml } from '~/modules/seo/sitemap.server';

/** The sitemap index: the child sitemaps under /sitemaps/ (app/modules/seo/sitemap.server.ts). */
export async function loader() {
  const body = await sitemapIndexXml(getConfig().appUrl);
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600', 'X-Page-Cache': '300' } });
}
