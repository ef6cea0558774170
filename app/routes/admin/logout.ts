import { redirect } from 'react-router';
import { requireSuperadmin } from '~/auth/session.server';
import { flashToastCookie } from '~/lib/flash-toast.server';
import { signOut } from '~/modules/accounts/login.server';
import type { Route } from './+types/logout';

/** The shell's Logout (docs/product-rules.md, "Back office"): 'Logout realizado com sucesso!', then back to /admin. */
export async function action({ request }: Route.ActionArgs) {
  await requireSuperadmin(request);
  const headers = new Headers();
  for (const cookie of await signOut(request.headers)) headers.append('Set-Cookie', cookie);
  headers.append('Set-Cookie', flashToastCookie('Logout realizado com sucesso!'));
  throw redirect('/admin', { headers });
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireSuperadmin(request);
  throw redirect('/admin/dashboard');
}
