import { renderToStaticMarkup } from 'react-dom/server';
import { jsonError } from '~/lib/app-error';
import LawyerChoice from '~/modules/leads/components/lawyer-choice';
import { leadCandidatesForQuery } from '~/modules/leads/lead-candidates.server';
import type { Route } from './+types/lead-candidates-list';

/**
 * GET /api/advogados-solicitacao/lista?areaAtuacao=…&cidade=…[&advogado=slug]: the request form's list
 * of lawyers as the page draws it (the fieldset of LawyerChoice, HTML), for the page's script
 * (app/browser/lead-request-form.ts) when the client changes the area or the city: the page has no
 * React in the browser (docs/decisions/0060), and the list is drawn in one place. Public data only;
 * the JSON of the same list stays at /api/advogados-solicitacao.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const answer = await leadCandidatesForQuery(new URL(request.url).searchParams);
  if (!answer.ok) return jsonError({ status: 400, message: answer.message });
  const { list } = answer;
  const html = renderToStaticMarkup(<LawyerChoice list={list} ticked={list.preselected} error={undefined} notice={null} />);
  // The same for every visitor (no cookie is read): a minute in any cache, and the server's page cache
  // (keyed by area and city only, app/page-cache-key.server.ts; an approval or edit invalidates it).
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=60', 'X-Page-Cache': '30' } });
}

export function action() {
  return jsonError({ status: 405, message: 'Método não permitido' }, { headers: { Allow: 'GET' } });
}
