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
