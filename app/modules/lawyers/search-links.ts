import type { PracticeAreaId } from '~/domain/catalog/catalog';
import { formatCount } from '~/lib/format-number';

// Browser-side helpers of the search page, kept apart from the zod schema so that the page's
// JavaScript does not carry zod.

/**
 * The filters a search link carries: lawyers.schemas.ts's SearchFilters, spelled out here because that
 * file re-exports searchHref (importing it back would be an import cycle).
 */
export interface SearchLinkFilters {
  area?: PracticeAreaId | undefined;
  cidade?: string | undefined;
  pagina?: number | undefined;
}

/** The URL of a search, keeping only the filters that are set. */
export function searchHref(filters: SearchLinkFilters, pathname = '/busca'): string {
  const params = new URLSearchParams();
  if (filters.area) params.set('area', filters.area);
  if (filters.cidade) params.set('cidade', filters.cidade);
  if (filters.pagina && filters.pagina > 1) params.set('pagina', String(filters.pagina));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** 'advogado encontrado' for one, 'advogados encontrados' for several (docs/product-rules.md, Search). */
export function resultCountText(total: number): string {
  return `${formatCount(total)} ${total === 1 ? 'advogado encontrado' : 'advogados encontrados'}`;
}
