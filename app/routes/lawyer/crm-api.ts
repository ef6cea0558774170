import { requireUser } from '~/auth/session.server';
import { appErrorOrThrow, jsonError } from '~/lib/app-error';
import { passDoor } from '~/lib/write-door.server';
import { openCrm } from '~/modules/leads/crm.server';
import { leadHistory } from '~/modules/leads/lead-history.server';
import type { Route } from './+types/crm-api';
import { crmDoor } from './crm-action.server';

// /area-advogado/crm: the CRM's forms sent by the page's JavaScript, answered as JSON (the same door,
// rules and answers as the plain posts to /area-advogado?section=crm; crm-action.server.ts), JSON
// whatever the request's headers say (a browser without Sec-Fetch-Mode too). A GET with `lead=` answers
// that lead's history (the details dialog opened by the page's JavaScript; without it, the area's loader
// reads the history of the `lead=` its URL names).

const PRIVATE = { 'Cache-Control': 'private, no-store' };

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  try {
    const history = await leadHistory(await openCrm(user), new URL(request.url).searchParams.get('lead') ?? '');
    return Response.json(history, { headers: PRIVATE });
  } catch (error) {
    return jsonError(appErrorOrThrow(error), { headers: PRIVATE });
  }
}

export async function action({ request }: Route.ActionArgs) {
  return passDoor(crmDoor, request, await requireUser(request), 'json');
}
