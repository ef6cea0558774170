import { requireUser } from '~/auth/session.server';
import { passDoor } from '~/lib/write-door.server';
import type { Route } from './+types/crm-api';
import { crmDoor } from './crm-action.server';

// /area-advogado/crm: the CRM's forms sent by the page's JavaScript, answered as JSON (the same door,
// rules and answers as the plain posts to /area-advogado?section=crm; crm-action.server.ts), JSON
// whatever the request's headers say (a browser without Sec-Fetch-Mode too).

export async function action({ request }: Route.ActionArgs) {
  return passDoor(crmDoor, request, await requireUser(request), 'json');
}
