import { data, Link, useRouteLoaderData } from 'react-router';
import { NotFoundPage } from '~/components/layout/not-found-page';
import { jsonLd, pageMeta } from '~/lib/seo';
import { getConfig } from '~/config.server';
import { landingParamsSchema, parseLandingPage } from '~/modules/landing/landing.schemas';
import { getLandingPage } from '~/modules/landing/landing.server';
import { LawyerCardGrid } from '~/modules/lawyers/components/lawyer-card';
import { landingOgImagePath } from '~/modules/seo/og-image-paths';
import { breadcrumbList, faqPage } from '~/modules/seo/structured-data';
import type { loader as rootLoader } from '~/root';
import type { Route } from './+types/landing';
import { loadAsDocument, SERVER_RENDERED } from '~/lib/server-rendered-page';

// One module, two routes: /advogados/:local (an area or a city) and /advogados/:area/:cidade.

export async function loader({ request, params }: Route.LoaderArgs) {
  const scope = landingParamsSchema.safeParse(params);
  if (!scope.success) return data({ landing: null }, { status: 404 });
  const pagina = parseLandingPage(new URL(request.url).searchParams);
  const landing = await getLandingPage(scope.data, pagina, getConfig().brandName);
  if (!landing) return data({ landing: null }, { status: 404 });
  // Built here, not in meta: the paths' code then stays out of the page's JavaScript.
  return data({ landing, ogImage: landingOgImagePath(scope.data) }, { headers: { 'X-Page-Cache': '30' } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

function pageHref(path: string, page: number): string {
  return page > 1 ? `${path}?pagina=${page}` : path;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const landing = loaderData?.landing;
  if (!landing || !('ogImage' in loaderData)) return [{ title: '404 - Page not found' }, { name: 'robots', content: 'noindex' }];
  const site = matches[0]?.loaderData.site;
  const appUrl = site?.appUrl ?? '';
  return [
    ...pageMeta({
      site,
      title: landing.page > 1 ? `${landing.heading} — página ${landing.page}` : landing.heading,
      description: landing.description,
      path: pageHref(landing.path, landing.page),
      image: { path: loaderData.ogImage, alt: landing.heading },
    }),
    jsonLd(breadcrumbList(appUrl, landing.breadcrumbs)),
    jsonLd(faqPage(landing.questions)),
  ];
};

// Rendered on the server only: no React in the browser (docs/decisions/0060).
export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export default function LandingPage({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const brandName = root?.site.brandName ?? 'JusConecta';
  const { landing } = loaderData;
  if (!landing) return <NotFoundPage />;
  const { breadcrumbs } = landing;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label="Trilha de navegação" className="text-sm text-slate-700">
        <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {breadcrumbs.map((crumb, i) => {
            const last = i === breadcrumbs.length - 1;
            return (
              <li key={crumb.path} className="flex items-center gap-2">
                {i > 0 ? <span aria-hidden="true" className="text-slate-500">›</span> : null}
                {last ? (
                  <span aria-current="page" className="font-medium text-slate-900">
                    {crumb.name}
                  </span>
                ) : (
                  <Link to={crumb.path} className="text-brand-700 underline-offset-2 hover:underline">
                    {crumb.name}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      </nav>

      <h1 className="mt-4 text-3xl font-bold text-slate-900 md:text-4xl">{landing.heading}</h1>
      <p className="mt-3 max-w-3xl leading-relaxed text-slate-700">{landing.intro}</p>

      <section aria-labelledby="advogados" className="mt-8">
        <h2 id="advogados" className="text-lg font-semibold text-slate-800">
          {landing.countText}
          {landing.pageCount > 1 ? ` · página ${landing.page} de ${landing.pageCount}` : ''}
        </h2>
        <LawyerCardGrid lawyers={landing.lawyers} brandName={brandName} className="mt-4 grid gap-6 md:grid-cols-2 lg:grid-cols-3" />
        {landing.pageCount > 1 ? <Pages path={landing.path} page={landing.page} pageCount={landing.pageCount} /> : null}
      </section>

      {landing.areaSummary ? (
        <section aria-labelledby="sobre-area" className="mt-12 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="sobre-area" className="text-xl font-bold text-slate-900">
            O que a área cobre
          </h2>
          <p className="mt-3 max-w-4xl leading-relaxed text-slate-700">{landing.areaSummary}</p>
        </section>
      ) : null}

      <section aria-labelledby="perguntas" className="mt-10">
        <h2 id="perguntas" className="text-2xl font-bold text-slate-900">
          Perguntas frequentes
        </h2>
        <div className="mt-4 space-y-5">
          {landing.questions.map((q) => (
            <div key={q.question}>
              <h3 className="font-semibold text-slate-900">{q.question}</h3>
              <p className="mt-1 leading-relaxed text-slate-700">{q.answer}</p>
            </div>
          ))}
        </div>
      </section>

      {landing.linkGroups.length > 0 ? (
        <nav aria-label="Páginas relacionadas" className="mt-10 grid gap-8 border-t border-slate-200 pt-8 md:grid-cols-2 lg:grid-cols-3">
          {landing.linkGroups.map((group) => (
            <div key={group.heading}>
              <h2 className="text-base font-semibold text-slate-900">{group.heading}</h2>
              <ul className="mt-2 space-y-1">
                {group.links.map((link) => (
                  <li key={link.path}>
                    <Link to={link.path} className="inline-block py-1 text-brand-700 underline-offset-2 hover:underline">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      ) : null}

      <div className="mt-10 rounded-2xl bg-brand-50 p-6 text-center md:p-8">
        <h2 className="text-xl font-bold text-slate-900">Prefere descrever o seu caso?</h2>
        <p className="mx-auto mt-2 max-w-xl text-slate-700">Envie uma solicitação e receba o contato de advogados da área.</p>
        <Link to="/solicitar-atendimento" className="mt-4 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          Solicitar Atendimento
        </Link>
      </div>
    </div>
  );
}

function Pages({ path, page, pageCount }: { path: string; page: number; pageCount: number }) {
  const pages = Array.from(new Set([1, page - 1, page, page + 1, pageCount])).filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const link = 'inline-flex min-w-11 items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100';
  return (
    <nav aria-label="Paginação" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={pageHref(path, page - 1)} className={link} rel="prev">
          Anterior
        </Link>
      ) : null}
      {pages.map((p, i) => (
        <span key={p} className="contents">
          {i > 0 && p - (pages[i - 1] ?? p) > 1 ? (
            <span aria-hidden="true" className="px-1 text-slate-600">
              …
            </span>
          ) : null}
          {p === page ? (
            <span aria-current="page" className={`${link} border-brand-700 bg-brand-700 text-white hover:bg-brand-700`}>
              {p}
            </span>
          ) : (
            <Link to={pageHref(path, p)} className={link} aria-label={`Página ${p}`}>
              {p}
            </Link>
          )}
        </span>
      ))}
      {page < pageCount ? (
        <Link to={pageHref(path, page + 1)} className={link} rel="next">
          Próxima
        </Link>
      ) : null}
    </nav>
  );
}
