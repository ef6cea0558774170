import { jsonError } from '~/lib/app-error';
import { leadCandidatesForQuery } from '~/modules/leads/lead-candidates.server';
import type { Route } from './+types/lead-candidates';

/**
 * GET /api/advogados-solicitacao?areaAtuacao=…&cidade=…[&advogado=slug]: the request form's list of
 * lawyers for the area and city the client just chose (lead-candidates.server.ts). Public data only
 * (what /busca shows); the form without JavaScript gets the same list from its 'Ver advogados' step.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const answer = await leadCandidatesForQuery(new URL(request.url).searchParams);
  if (!answer.ok) return jsonError({ status: 400, message: answer.message });
  const { list } = answer;
  // The same for every visitor (no cookie is read): a minute in any cache, and the server's page cache
  // (keyed by area and city only, app/page-cache-key.server.ts; an approval or edit invalidates it).
  return Response.json(list, { headers: { 'Cache-Control': 'public, max-age=60', 'X-Page-Cache': '30' } });
}

export function action() {
  return jsonError({ status: 405, message: 'Método não permitido' }, { headers: { Allow: 'GET' } });
}
