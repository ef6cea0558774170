import { z } from 'zod';
import { searchFiltersSchema } from '~/modules/lawyers/lawyers.schemas';
import { areaIdFromSlug, cityFromSlug, type LandingScope } from './landing-paths';

/** A path segment as the landing URLs write them; anything else is not a landing page and never goes further. */
const segment = z.string().regex(/^[a-z0-9-]{1,80}$/);

/**
 * The route's parameters: `/advogados/:local` (an area or a city) or `/advogados/:area/:cidade`, each a
 * slug of the catalogue (landing-paths.ts). Anything else fails: the route answers the site's 404.
 */
export const landingParamsSchema = z.union([
  z.object({ area: segment, cidade: segment }).transform(({ area, cidade }, ctx): LandingScope => {
    const areaId = areaIdFromSlug(area);
    const city = cityFromSlug(cidade);
    if (!areaId || !city) {
      ctx.addIssue({ code: 'custom', message: 'Página não encontrada' });
      return z.NEVER;
    }
    return { area: areaId, cidade: city.id };
  }),
  z.object({ local: segment }).transform(({ local }, ctx): LandingScope => {
    const areaId = areaIdFromSlug(local);
    if (areaId) return { area: areaId };
    const city = cityFromSlug(local);
    if (city) return { cidade: city.id };
    ctx.addIssue({ code: 'custom', message: 'Página não encontrada' });
    return z.NEVER;
  }),
]);

/** `?pagina=` as the search reads it (a page that is not plain digits is page 1). */
export function parseLandingPage(params: URLSearchParams): number {
  return searchFiltersSchema.shape.pagina.parse(params.get('pagina') ?? undefined);
}
