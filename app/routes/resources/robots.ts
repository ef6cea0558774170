import { getConfig } from '~/config.server';

export function loader() {
  const { appUrl } = getConfig();
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /area-advogado', 'Disallow: /admin', 'Disallow: /login', '', `Sitemap: ${appUrl}/sitemap.xml`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
