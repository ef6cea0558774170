import { redirect } from 'react-router';
import { flashToastCookie } from '~/lib/flash-toast.server';
import { signOut } from '~/modules/accounts/login.server';
import type { Route } from './+types/logout';

export async function action({ request }: Route.ActionArgs) {
  const headers = new Headers();
  for (const cookie of await signOut(request.headers)) headers.append('Set-Cookie', cookie);
  headers.append('Set-Cookie', flashToastCookie('Logout realizado com sucesso!'));
  throw redirect('/login', { headers });
}

export function loader() {
  throw redirect('/');
}
