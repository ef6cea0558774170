import { LogOut } from 'lucide-react';
import { Form, NavLink, Outlet, useNavigation } from 'react-router';
import { requireSuperadmin } from '~/auth/session.server';
import type { Route } from './+types/admin-layout';
import { BACK_OFFICE_HANDLE, BACK_OFFICE_HEADERS } from './back-office-headers';
import { ADMIN_NAV } from './components/admin-nav';

/**
 * The layout of every /admin/* page (docs/product-rules.md, "Back office"; docs/decisions/0018). Its middleware
 * runs the one guard, requireSuperadmin, before any loader or action under it, and marks every
 * response private, not stored and not indexed. Each loader and action calls the guard itself too:
 * React Router runs a layout's loader beside its children's, never before them, and a route's own
 * check is what its tests can see.
 */
const superadminsOnly: Route.MiddlewareFunction = async ({ request }, next) => {
  await requireSuperadmin(request);
  const response = await next();
  if (response instanceof Response) for (const [name, value] of Object.entries(BACK_OFFICE_HEADERS)) response.headers.set(name, value);
  return response;
};
export const middleware: Route.MiddlewareFunction[] = [superadminsOnly];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireSuperadmin(request);
  return { name: user.name, email: user.email };
}

export const headers: Route.HeadersFunction = () => BACK_OFFICE_HEADERS;

export const handle = BACK_OFFICE_HANDLE;

function navClass({ isActive }: { isActive: boolean }) {
  return `inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${
    isActive ? 'bg-white/15 text-white' : 'text-brand-100 hover:bg-white/10 hover:text-white'
  }`;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // What a slow connection sees while the next back-office page (and its check) loads.
  const checking = navigation.state === 'loading' && navigation.location.pathname.startsWith('/admin/');
  return (
    <div className="flex min-h-screen flex-col bg-slate-100">
      <header className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <p className="font-bold">
            Área Superadmin
            <span className="ml-2 block text-xs font-normal text-brand-100 sm:inline">{loaderData.name}</span>
          </p>
          <Form method="post" action="/admin/logout">
            <button type="submit" className="inline-flex items-center gap-2 rounded-md border border-white/40 px-3 py-1.5 text-sm font-semibold hover:bg-white/10">
              <LogOut aria-hidden="true" className="size-4" />
              Logout
            </button>
          </Form>
        </div>
        <nav aria-label="Painel administrativo" className="mx-auto max-w-6xl px-2 pb-2">
          <ul className="flex flex-wrap gap-1">
            {ADMIN_NAV.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink to={to} className={navClass}>
                  <Icon aria-hidden="true" className="size-4" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <div role="status" aria-live="polite" className="mx-auto w-full max-w-6xl px-4">
        {checking ? <p className="mt-3 text-sm text-slate-700">Verificando permissões...</p> : null}
      </div>
      <main id="conteudo" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}
