import type { ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteError, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
// The stylesheet is linked first in <head>, before the module preloads, so the one render-blocking
// request is not queued behind the JavaScript (first contentful paint on slow mobile links).
import stylesheet from './app.css?url';
import { SiteFooter } from './components/layout/site-footer';
import { SiteHeader } from './components/layout/site-header';
import { FlashToast } from './components/ui/flash-toast';
import { NotFoundPage } from './components/layout/not-found-page';
import { getCurrentUser } from './auth/session.server';
import { getConfig } from './config.server';
import { saoPauloYear } from './domain/catalog/profile-details';
import { formatCnpj } from './lib/cnpj';
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

export async function loader({ request }: Route.LoaderArgs) {
  const config = getConfig();
  const user = await getCurrentUser(request);
  const year = saoPauloYear();
  return {
    site: { brandName: config.brandName, appUrl: config.appUrl },
    user: user ? { name: user.name, email: user.email } : null,
    toast: readFlashToast(request),
    year,
    // The footer's company line (docs/decisions/0025): only what is configured.
    company: { name: config.company?.name, cnpj: config.company && formatCnpj(config.company.cnpj), email: config.supportEmail },
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const brandName = data?.site.brandName ?? 'JusConecta';
  const nonce = useCspNonce();
  const matches = useMatches();
  // The back office (/admin, /admin/*, /bootstrap-superadmin) has its own frame instead of the site's.
  const backOffice = matches.some((match) => (match.handle as PageHandle | undefined)?.backOffice);
  // A public page is rendered on the server only (docs/decisions/0060): its stylesheet inline and its own
  // small script instead of React Router's scripts and hydration data.
  const assets = useServerRenderedAssets();
  const serverOnly = assets !== null && !pageHydrates(matches) ? assets : null;
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {serverOnly ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: serverOnly.css }} /> : <link rel="stylesheet" href={stylesheet} precedence="default" />}
        <meta name="theme-color" content="#1e3a8a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#conteudo" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-brand-800 focus:shadow">
          Pular para o conteúdo
        </a>
        {backOffice ? (
          children
        ) : (
          <>
            <SiteHeader brandName={brandName} user={data?.user ?? null} />
            <main id="conteudo" className="flex-1">
              {children}
            </main>
            <SiteFooter brandName={brandName} year={data?.year ?? new Date().getFullYear()} company={data?.company} />
          </>
        )}
        <FlashToast message={data?.toast ?? null} />
        {serverOnly ? (
          <script type="module" src={serverOnly.script} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
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
