import { requireUser } from '~/auth/session.server';
import type { Route } from './+types/crm-api';
import { crmAction } from './crm-action.server';

// /area-advogado/crm: the CRM's forms sent by the page's JavaScript, answered as JSON (the same rules
// and answers as the plain posts to /area-advogado?section=crm; crm-action.server.ts), JSON whatever
// the request's headers say (a browser without Sec-Fetch-Mode too).

export async function action({ request }: Route.ActionArgs) {
  const answer = await crmAction(request, await requireUser(request), { json: true });
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (answer.retryAfter) headers.set('Retry-After', String(answer.retryAfter));
  return Response.json(answer.body, { status: answer.status, headers });
}
