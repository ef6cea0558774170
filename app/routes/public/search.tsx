import { data, Link, useRouteLoaderData } from 'react-router';
import { pageMeta } from '~/lib/seo';
import { cityLabel, CITIES_BY_LABEL, practiceAreaLabel, PRACTICE_AREAS_BY_LABEL } from '~/domain/catalog/catalog';
import { LawyerCard } from '~/modules/lawyers/components/lawyer-card';
import { lawyerCardView } from '~/modules/lawyers/lawyer-card-view';
import { parseSearchFilters, type SearchFilters } from '~/modules/lawyers/lawyers.schemas';
import { resultCountText, searchHref } from '~/modules/lawyers/search-links';
import { findApprovedLawyers } from '~/modules/lawyers/lawyers.server';
import type { loader as rootLoader } from '~/root';
import type { Route } from './+types/search';
import { loadAsDocument, SERVER_RENDERED } from '~/lib/server-rendered-page';

/**
 * One module serves two routes ('search' at /busca, 'lawyer-list' at /advogado). Links, the form and
 * the canonical URL come from the route, never from the request's path (its case or a trailing slash).
 */
function routePath(matches: ReadonlyArray<{ id: string } | undefined>): '/busca' | '/advogado' {
  return matches.some((m) => m?.id === 'lawyer-list') ? '/advogado' : '/busca';
}

/** The page depends only on the parsed filters (the page cache keys on them), never on the raw URL. */
export async function loader({ request }: Route.LoaderArgs) {
  const filters = parseSearchFilters(new URL(request.url).searchParams);
  const result = await findApprovedLawyers(filters);
  // The count is written here ('1.234 advogados encontrados'): the page's JavaScript formats no numbers.
  const countText = result.total > 0 ? resultCountText(result.total) : null;
  const page = { filters, ...result, countText, lawyers: result.lawyers.map(({ id: _id, ...card }) => card) };
  return data(page, isPastLastPage(page) ? { status: 404 } : undefined);
}

/** A page past the last one does not exist (with no result at all, page 1 still answers 200 and says so). */
function isPastLastPage({ page, lawyers }: { page: number; lawyers: readonly unknown[] }): boolean {
  return page > 1 && lawyers.length === 0;
}

export const headers: Route.HeadersFunction = () => ({ 'X-Page-Cache': '30' });

/** 'de Direito de Família em Curitiba - PR', 'de Direito de Família', 'em Curitiba - PR', or ''. */
function searchScope(filters: Partial<SearchFilters>): string {
  return [filters.area && `de ${practiceAreaLabel(filters.area)}`, filters.cidade && `em ${cityLabel(filters.cidade)}`].filter(Boolean).join(' ');
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const filters = loaderData?.filters ?? {};
  const scope = searchScope(filters);
  const title = scope ? `Advogados ${scope}` : 'Encontre um advogado';
  const page = loaderData?.page ?? 1;
  return pageMeta({
    site: matches[0]?.loaderData.site,
    title: page > 1 ? `${title} — página ${page}` : title,
    description: scope
      ? `${title}: ${loaderData?.countText ?? 'nenhum advogado encontrado'}. Veja perfis verificados e fale direto pelo WhatsApp.`
      : 'Busque advogados verificados por área de atuação e cidade e fale direto pelo WhatsApp.',
    path: searchHref(filters, routePath(matches)),
    noindex: loaderData ? isPastLastPage(loaderData) : false,
  });
};

const selectClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none';

// Rendered on the server only: no React in the browser (docs/decisions/0060).
export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export default function SearchPage({ loaderData, matches }: Route.ComponentProps) {
  const { filters, lawyers, total, page, pageCount } = loaderData;
  const pathname = routePath(matches);
  const pastLastPage = isPastLastPage(loaderData);
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const brandName = root?.site.brandName ?? 'JusConecta';

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Encontre um advogado</h1>
      <p className="mt-2 text-slate-700">Filtre por área de atuação e cidade. Todos os perfis são de advogados aprovados.</p>

      {/* A GET form: every search is a link. The page's script shows 'Buscando...' once it is sent. */}
      <form method="get" action={pathname} data-busy="Buscando..." className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:grid-cols-[1fr_1fr_auto] md:items-end">
        <div>
          <label htmlFor="area" className="text-sm font-medium text-slate-800">
            Área de atuação
          </label>
          <select id="area" name="area" defaultValue={filters.area ?? ''} className={selectClass} key={`area-${filters.area ?? ''}`}>
            <option value="">Todas as áreas</option>
            {PRACTICE_AREAS_BY_LABEL.map((area) => (
              <option key={area.id} value={area.id}>
                {area.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="cidade" className="text-sm font-medium text-slate-800">
            Cidade
          </label>
          <select id="cidade" name="cidade" defaultValue={filters.cidade ?? ''} className={selectClass} key={`cidade-${filters.cidade ?? ''}`}>
            <option value="">Todas as cidades</option>
            {CITIES_BY_LABEL.map((city) => (
              <option key={city.id} value={city.id}>
                {city.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded-md bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-80">
          Buscar Advogados
        </button>
      </form>

      <section aria-labelledby="resultados" className="mt-8">
        <h2 id="resultados" className="text-lg font-semibold text-slate-800" aria-live="polite">
          {loaderData.countText ?? 'Nenhum advogado encontrado'}
        </h2>
        {pastLastPage ? (
          <p className="mt-2 text-slate-700">
            Esta página não existe.{' '}
            <Link to={searchHref({ ...filters, pagina: 1 }, pathname)} className="font-medium text-brand-700 underline">
              Voltar para a primeira página
            </Link>
          </p>
        ) : total === 0 ? (
          <p className="mt-2 text-slate-700">
            Tente outra cidade ou área, ou{' '}
            <Link to="/solicitar-atendimento" className="font-medium text-brand-700 underline">
              descreva o seu caso
            </Link>{' '}
            para ser contatado por um advogado.
          </p>
        ) : (
          <div className="mt-4 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {lawyers.map((lawyer) => (
              <LawyerCard key={lawyer.slug} lawyer={lawyerCardView(lawyer)} brandName={brandName} />
            ))}
          </div>
        )}
      </section>

      {pageCount > 1 && lawyers.length > 0 ? <Pagination filters={filters} page={page} pageCount={pageCount} pathname={pathname} /> : null}
    </div>
  );
}

function Pagination({ filters, page, pageCount, pathname }: { filters: Route.ComponentProps['loaderData']['filters']; page: number; pageCount: number; pathname: string }) {
  const pages = Array.from(new Set([1, page - 1, page, page + 1, pageCount])).filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const link = 'inline-flex min-w-11 items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100';
  return (
    <nav aria-label="Paginação" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={searchHref({ ...filters, pagina: page - 1 }, pathname)} className={link} rel="prev">
          Anterior
        </Link>
      ) : null}
      {pages.map((p, i) => (
        <span key={p} className="contents">
          {i > 0 && p - (pages[i - 1] ?? p) > 1 ? <span aria-hidden="true" className="px-1 text-slate-600">…</span> : null}
          {p === page ? (
            <span aria-current="page" className={`${link} border-brand-700 bg-brand-700 text-white hover:bg-brand-700`}>
              {p}
            </span>
          ) : (
            <Link to={searchHref({ ...filters, pagina: p }, pathname)} className={link} aria-label={`Página ${p}`}>
              {p}
            </Link>
          )}
        </span>
      ))}
      {page < pageCount ? (
        <Link to={searchHref({ ...filters, pagina: page + 1 }, pathname)} className={link} rel="next">
          Próxima
        </Link>
      ) : null}
    </nav>
  );
}
