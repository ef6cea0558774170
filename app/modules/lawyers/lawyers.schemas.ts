import { z } from 'zod';
import { isCityId, isPracticeAreaId, type PracticeAreaId } from '~/modules/catalog/catalog';

export const SEARCH_PAGE_SIZE = 24;

/**
 * The search filters as they come in the URL (?area=&cidade=&pagina=). A filter value outside the
 * catalogue, or the 'all' option (empty or 'todas'), means no filter: a shared link never breaks.
 */
export const searchFiltersSchema = z.object({
  area: z
    .string()
    .optional()
    .transform((v): PracticeAreaId | undefined => (v && isPracticeAreaId(v) ? v : undefined)),
  cidade: z
    .string()
    .optional()
    .transform((v) => (v && isCityId(v) ? v : undefined)),
  pagina: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type SearchFilters = z.output<typeof searchFiltersSchema>;

export function parseSearchFilters(params: URLSearchParams): SearchFilters {
  return searchFiltersSchema.parse({
    area: params.get('area') ?? undefined,
    cidade: params.get('cidade') ?? undefined,
    pagina: params.get('pagina') ?? undefined,
  });
}

/** The URL of a search, keeping only the filters that are set. */
export function searchHref(filters: Partial<SearchFilters>, pathname = '/busca'): string {
  const params = new URLSearchParams();
  if (filters.area) params.set('area', filters.area);
  if (filters.cidade) params.set('cidade', filters.cidade);
  if (filters.pagina && filters.pagina > 1) params.set('pagina', String(filters.pagina));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** 'advogado encontrado' for one, 'advogados encontrados' for several (spec part 1 §2). */
export function resultCountText(total: number): string {
  return `${total.toLocaleString('pt-BR')} ${total === 1 ? 'advogado encontrado' : 'advogados encontrados'}`;
}
