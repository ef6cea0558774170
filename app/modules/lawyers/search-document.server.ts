import { cityLabel, practiceAreaLabel } from '~/domain/catalog/catalog';
import { requestNonce } from '~/lib/csp-nonce';
import { searchPageAssets } from '~/lib/server-rendered-assets.server';
import type { DocumentAnswer, DocumentRequest } from '~/lib/server-rendered-page';
import { metaTagsHtml, pageMeta } from '~/lib/seo';
import { publicDocument } from '~/components/layout/public-document.server';
import { loadSiteFrame } from '~/components/layout/site-frame.server';
import { isPastLastPage, searchPageHtml } from './components/search-page-html';
import { lawyerCardView } from './lawyer-card-view';
import { parseSearchFilters, type SearchFilters } from './lawyers.schemas';
import { resultCountText, searchHref } from './search-links';
import { findApprovedLawyers } from './lawyers.server';

/**
 * The search (/busca, and /advogado, the lawyers' list): a page rendered on the server only (decision
 * 0060), written as a string inside the site's frame (docs/decisions/0066) instead of by React: with
 * 24 cards, React's render was most of an uncached search's CPU. The page depends only on the parsed
 * filters (the page cache keys on them), never on the raw URL; links, the form and the canonical URL
 * come from the route, never from the request's path (its case or a trailing slash).
 */
export async function searchDocument(request: DocumentRequest): Promise<DocumentAnswer> {
  const url = new URL(request.url);
  // The server's URL guard sends /BUSCA and /busca/ to /busca (301); the page does not rely on it.
  const pathname = url.pathname.replace(/\/+$/, '').toLowerCase() === '/advogado' ? '/advogado' : '/busca';
  const filters = parseSearchFilters(url.searchParams);
  const [result, frame] = await Promise.all([findApprovedLawyers(filters), loadSiteFrame(request)]);
  const view = {
    pathname,
    filters,
    ...result,
    lawyers: result.lawyers.map((lawyer) => lawyerCardView(lawyer, frame.year)),
    // The count is written here ('1.234 advogados encontrados'), as the description says it.
    countText: result.total > 0 ? resultCountText(result.total) : null,
    brandName: frame.site.brandName,
  } as const;
  const pastLastPage = isPastLastPage(view);
  const body = await publicDocument({
    frame,
    pathname,
    nonce: requestNonce(request),
    headHtml: metaTagsHtml(searchMeta(filters, view.page, view.countText, pathname, pastLastPage, frame.site)),
    mainHtml: searchPageHtml(view),
    assets: searchPageAssets,
  });
  // A page past the last one does not exist: 404 (with no result at all, page 1 still answers 200).
  return {
    status: pastLastPage ? 404 : 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(body.byteLength), 'X-Page-Cache': '30' },
    chunks: body.chunks,
  };
}

/** 'de Direito de Família em Curitiba - PR', 'de Direito de Família', 'em Curitiba - PR', or ''. */
function searchScope(filters: Partial<SearchFilters>): string {
  return [filters.area && `de ${practiceAreaLabel(filters.area)}`, filters.cidade && `em ${cityLabel(filters.cidade)}`].filter(Boolean).join(' ');
}

/** The page's title, description, canonical URL (from the filters) and noindex past the last page. */
function searchMeta(
  filters: SearchFilters,
  page: number,
  countText: string | null,
  pathname: '/busca' | '/advogado',
  pastLastPage: boolean,
  site: { brandName: string; appUrl: string },
) {
  const scope = searchScope(filters);
  const title = scope ? `Advogados ${scope}` : 'Encontre um advogado';
  return pageMeta({
    site,
    title: page > 1 ? `${title} — página ${page}` : title,
    description: scope
      ? `${title}: ${countText ?? 'nenhum advogado encontrado'}. Veja perfis verificados e fale direto pelo WhatsApp.`
      : 'Busque advogados verificados por área de atuação e cidade e fale direto pelo WhatsApp.',
    path: searchHref(filters, pathname),
    noindex: pastLastPage,
  });
}
