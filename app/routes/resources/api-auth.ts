import { getAuth } from '~/auth/auth.server';
import type { Route } from './+types/api-auth';

// better-auth's own endpoints (/api/auth/*): sessions, e-mail verification links, password reset.
export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return getAuth().handler(request);
}
