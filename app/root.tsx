import type { ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteError, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
// The stylesheet is linked first in <head>, before the module preloads, so the one render-blocking
// request is not queued behind the JavaScript (first contentful paint on slow mobile links).
import stylesheet from './app.css?url';
import { SiteFrame } from './components/layout/site-frame';
import { loadSiteFrame } from './components/layout/site-frame.server';
import { NotFoundPage } from './components/layout/not-found-page';
import { useCspNonce } from './lib/csp-nonce';
import { type PageHandle, pageHydrates, useServerRenderedAssets } from './lib/server-rendered-page';
import { clearFlashToastCookie, readFlashToast } from './lib/flash-toast.server';

/** Clears the one-time toast cookie once a page has read it, unless the response sets a new toast. */
const clearFlashToast: Route.MiddlewareFunction = async ({ request }, next) => {
  const response = await next();
  if (readFlashToast(request) === null || !(response instanceof Response)) return response;
  const setsToast = response.headers.getSetCookie().some((cookie) => cookie.startsWith('jusconecta_toast='));
  if (!setsToast) response.headers.append('Set-Cookie', clearFlashToastCookie);
  return response;
};
export const middleware: Route.MiddlewareFunction[] = [clearFlashToast];

export function loader({ request }: Route.LoaderArgs) {
  return loadSiteFrame(request);
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = useCspNonce();
  const matches = useMatches();
  // The back office (/admin, /admin/*, /bootstrap-superadmin) has its own frame instead of the site's.
  const backOffice = matches.some((match) => (match.handle as PageHandle | undefined)?.backOffice);
  // A public page is rendered on the server only (docs/decisions/0060): its stylesheet inline and its own
  // small script instead of React Router's scripts and hydration data.
  const assets = useServerRenderedAssets();
  const serverOnly = assets !== null && !pageHydrates(matches) ? assets : null;
  return (
    <SiteFrame
      data={data}
      nonce={nonce}
      serverOnly={serverOnly}
      stylesheetHref={stylesheet}
      backOffice={backOffice}
      head={
        <>
          <Meta />
          <Links />
        </>
      }
      scripts={
        <>
          <ScrollRestoration nonce={nonce} />
          <Scripts nonce={nonce} />
        </>
      }
    >
      {children}
    </SiteFrame>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Algo deu errado</h1>
      <p className="mt-4 text-slate-700">
        Não foi possível carregar esta página agora. Tente novamente em alguns instantes.
      </p>
      <a href="/" className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
        Voltar para o início
      </a>
    </section>
  );
}
