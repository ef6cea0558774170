import { renderToStaticMarkup } from 'react-dom/server';
import { jsonError } from '~/lib/app-error';
import { lawyerSlugSchema } from '~/modules/lawyers/lawyers.schemas';
import LawyerChoice from '~/modules/leads/components/lawyer-choice';
import { findLeadCandidates } from '~/modules/leads/lead-candidates.server';
import { leadCandidatesQuerySchema } from '~/modules/leads/lead-requests.schemas';
import type { Route } from './+types/lead-candidates-list';

/**
 * GET /api/advogados-solicitacao/lista?areaAtuacao=…&cidade=…[&advogado=slug]: the request form's list
 * of lawyers as the page draws it (the fieldset of LawyerChoice, HTML), for the page's script
 * (app/browser/lead-request-form.ts) when the client changes the area or the city: the page has no
 * React in the browser (docs/decisions/0060), and the list is drawn in one place. Public data only;
 * the JSON of the same list stays at /api/advogados-solicitacao.
 */
const querySchema = leadCandidatesQuerySchema.extend({ advogado: lawyerSlugSchema.optional().catch(undefined) });

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = querySchema.safeParse({ areaAtuacao: params.get('areaAtuacao') ?? undefined, cidade: params.get('cidade') ?? undefined, advogado: params.get('advogado') ?? undefined });
  if (!query.success) return jsonError({ status: 400, message: query.error.issues[0]?.message ?? 'Consulta inválida' });
  const list = await findLeadCandidates({ areaAtuacao: query.data.areaAtuacao, cidade: query.data.cidade, profileSlug: query.data.advogado ?? null });
  const html = renderToStaticMarkup(<LawyerChoice list={list} ticked={list.preselected} error={undefined} notice={null} />);
  // The same for every visitor (no cookie is read): a minute in any cache, and the server's page cache
  // (keyed by area and city only, app/page-cache-key.server.ts; an approval or edit invalidates it).
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=60', 'X-Page-Cache': '30' } });
}

export function action() {
  return jsonError({ status: 405, message: 'Método não permitido' }, { headers: { Allow: 'GET' } });
}
