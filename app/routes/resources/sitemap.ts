import { getConfig } from '~/config.server';
import { listBlogPosts } from '~/modules/content/content.server';
import { listApprovedProfileSlugs } from '~/modules/lawyers/lawyers.server';

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

/** Every public page: home, search, plans, blog, the marketing and legal pages, each article and each approved profile. */
export async function loader() {
  const { appUrl } = getConfig();
  const profiles = await listApprovedProfileSlugs();
  const entries = [
    { path: '/', lastmod: undefined },
    { path: '/busca', lastmod: undefined },
    { path: '/planos', lastmod: undefined },
    { path: '/blog', lastmod: undefined },
    ...['/areas-de-atuacao', '/por-que-se-registrar', '/quem-somos', '/termos-de-uso', '/politica-de-privacidade'].map((path) => ({ path, lastmod: undefined })),
    ...listBlogPosts().map((p) => ({ path: `/blog/${p.slug}`, lastmod: p.date })),
    ...profiles.map((p) => ({ path: `/advogado/${p.slug}`, lastmod: p.updatedAt.toISOString().slice(0, 10) })),
  ];
  const urls = entries
    .map((e) => `<url><loc>${escapeXml(appUrl + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`)
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' } });
}
