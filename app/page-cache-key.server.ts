import { parseLandingPage } from './modules/landing/landing.schemas';
import { leadCandidatesQuerySchema } from './modules/leads/lead-requests.schemas';
import { parseSearchFilters } from './modules/lawyers/lawyers.schemas';
import { searchHref } from './modules/lawyers/search-links';

/**
 * The page-cache key of an anonymous GET (server/public-page-cache.ts): the page's path and only the
 * query parameters that page reads, normalised the way the page reads them, so that an unknown or
 * invalid parameter (`?cb=123`, `?area=nada`) maps to the page it renders and never makes a new entry.
 * null for every URL that is not one of the cacheable public pages. The path is already canonical
 * (server/url-guard.ts redirects `/BUSCA/` to `/busca`).
 */
const SEARCH_PAGES = new Set(['/busca', '/advogado']);
const STATIC_PAGES = new Set(['/', '/blog', '/planos', '/quem-somos', '/por-que-se-registrar', '/areas-de-atuacao', '/termos-de-uso', '/politica-de-privacidade', '/ferramentas', '/sumarizador-contratos']);
const SLUG_PAGE = /^\/(?:advogado|blog)\/[a-z0-9-]{1,100}$/;
const SITEMAP = /^\/(?:sitemap\.xml|sitemaps\/[a-z0-9-]{1,60}\.xml)$/;
/** A landing page (app/modules/landing/landing-paths.ts): its path and only its page number. */
const LANDING_PAGE = /^\/advogados\/[a-z0-9-]{1,80}(?:\/[a-z0-9-]{1,80})?$/;
/** The request form's list of lawyers (app/routes/resources/lead-candidates.ts): cached per area and city. */
const LEAD_CANDIDATES = '/api/advogados-solicitacao';
/** The same list drawn as the page draws it (app/routes/resources/lead-candidates-list.tsx): cached the same way. */
const LEAD_CANDIDATES_HTML = '/api/advogados-solicitacao/lista';

export function publicPageCacheKey(url: string): string | null {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  if (STATIC_PAGES.has(pathname) || SLUG_PAGE.test(pathname) || SITEMAP.test(pathname)) return pathname;
  if (LANDING_PAGE.test(pathname)) {
    const page = queryAt === -1 ? 1 : parseLandingPage(new URLSearchParams(url.slice(queryAt + 1)));
    return page > 1 ? `${pathname}?pagina=${page}` : pathname;
  }
  if ((pathname === LEAD_CANDIDATES || pathname === LEAD_CANDIDATES_HTML) && queryAt !== -1) {
    const params = new URLSearchParams(url.slice(queryAt + 1));
    // From a lawyer's page (`advogado=`) the list is that lawyer's: not cached, so that any slug cannot fill the cache.
    if (params.has('advogado')) return null;
    const query = leadCandidatesQuerySchema.safeParse({ areaAtuacao: params.get('areaAtuacao') ?? undefined, cidade: params.get('cidade') ?? undefined });
    return query.success ? `${pathname}?${new URLSearchParams({ areaAtuacao: query.data.areaAtuacao, cidade: query.data.cidade })}` : null;
  }
  if (SEARCH_PAGES.has(pathname)) {
    if (queryAt === -1) return pathname;
    return searchHref(parseSearchFilters(new URLSearchParams(url.slice(queryAt + 1))), pathname);
  }
  return null;
}
