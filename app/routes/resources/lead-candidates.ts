import { jsonError } from '~/lib/app-error';
import { lawyerSlugSchema } from '~/modules/lawyers/lawyers.schemas';
import { findLeadCandidates } from '~/modules/leads/lead-candidates.server';
import { leadCandidatesQuerySchema } from '~/modules/leads/lead-requests.schemas';
import type { Route } from './+types/lead-candidates';

/**
 * GET /api/advogados-solicitacao?areaAtuacao=…&cidade=…[&advogado=slug]: the request form's list of
 * lawyers for the area and city the client just chose (lead-candidates.server.ts). Public data only
 * (what /busca shows); the form without JavaScript gets the same list from its 'Ver advogados' step.
 */
const querySchema = leadCandidatesQuerySchema.extend({ advogado: lawyerSlugSchema.optional().catch(undefined) });

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = querySchema.safeParse({ areaAtuacao: params.get('areaAtuacao') ?? undefined, cidade: params.get('cidade') ?? undefined, advogado: params.get('advogado') ?? undefined });
  if (!query.success) return jsonError({ status: 400, message: query.error.issues[0]?.message ?? 'Consulta inválida' });
  const list = await findLeadCandidates({ areaAtuacao: query.data.areaAtuacao, cidade: query.data.cidade, profileSlug: query.data.advogado ?? null });
  // The same for every visitor (no cookie is read): a minute in any cache, and the server's page cache
  // (keyed by area and city only, app/page-cache-key.server.ts; an approval or edit invalidates it).
  return Response.json(list, { headers: { 'Cache-Control': 'public, max-age=60', 'X-Page-Cache': '30' } });
}

export function action() {
  return jsonError({ status: 405, message: 'Método não permitido' }, { headers: { Allow: 'GET' } });
}
