import { z } from 'zod';
import { isCityId, isPracticeAreaId, type PracticeAreaId } from '~/domain/catalog/catalog';

// The search link builder lives with the browser-safe helpers; re-exported for server code.
export { searchHref } from './search-links';

export const SEARCH_PAGE_SIZE = 24;
export const MAX_SEARCH_PAGE = 10_000;

/** A page number as a link writes it: plain decimal digits, no sign, no leading zero, no spaces. */
const PAGE_NUMBER_PATTERN = /^[1-9][0-9]{0,4}$/;

/**
 * The search filters as they come in the URL (?area=&cidade=&pagina=). A filter value outside the
 * catalogue, or the 'all' option (empty or 'todas'), means no filter; a page that is not plain digits
 * (hex, exponent, spaces, sign) or is past the maximum is page 1: a shared link never breaks.
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
  pagina: z
    .string()
    .regex(PAGE_NUMBER_PATTERN)
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_SEARCH_PAGE))
    .catch(1),
});
export type SearchFilters = z.output<typeof searchFiltersSchema>;

export function parseSearchFilters(params: URLSearchParams): SearchFilters {
  return searchFiltersSchema.parse({
    area: params.get('area') ?? undefined,
    cidade: params.get('cidade') ?? undefined,
    pagina: params.get('pagina') ?? undefined,
  });
}

/** A profile slug as slugify.ts makes them (lowercase letters, digits, hyphens), at most 100 characters. */
export const LAWYER_SLUG_PATTERN = /^[a-z0-9-]{1,100}$/;
/** A lawyer id as better-auth and the seed make them (letters, digits, '_' and '-'), at most 100 characters. */
export const LAWYER_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * A plausible profile slug: anything else (a NUL, '%', spaces, a long string) is not a lawyer and
 * never goes to the database. The profile lookup and the WhatsApp click beacon share it.
 */
export const lawyerSlugSchema = z.string().regex(LAWYER_SLUG_PATTERN);
/** A plausible profile slug or lawyer id (a profile URL may carry either). */
export const lawyerSlugOrIdSchema = z.string().regex(LAWYER_ID_PATTERN);
