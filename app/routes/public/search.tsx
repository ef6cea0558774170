import { Form, Link, useNavigation, useRouteLoaderData } from 'react-router';
import { pageMeta } from '~/lib/seo';
import { cityLabel, CITIES_BY_LABEL, practiceAreaLabel, PRACTICE_AREAS_BY_LABEL } from '~/modules/catalog/catalog';
import { LawyerCard } from '~/modules/lawyers/components/lawyer-card';
import { parseSearchFilters } from '~/modules/lawyers/lawyers.schemas';
import { resultCountText, searchHref } from '~/modules/lawyers/search-links';
import { findApprovedLawyers } from '~/modules/lawyers/lawyers.server';
import type { loader as rootLoader } from '~/root';
import type { Route } from './+types/search';

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = parseSearchFilters(url.searchParams);
  const result = await findApprovedLawyers(filters);
  return { filters, pathname: url.pathname, ...result, lawyers: result.lawyers.map(({ id: _id, ...card }) => card) };
}

export const headers: Route.HeadersFunction = () => ({ 'X-Page-Cache': '30' });

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const area = data?.filters.area ? practiceAreaLabel(data.filters.area) : null;
  const city = data?.filters.cidade ? cityLabel(data.filters.cidade) : null;
  const where = [area, city && `em ${city}`].filter(Boolean).join(' ');
  const title = where ? `Advogados de ${where}` : 'Encontre um advogado';
  return pageMeta({
    site: matches[0]?.loaderData.site,
    title: data && data.page > 1 ? `${title} — página ${data.page}` : title,
    description: where
      ? `${resultCountText(data?.total ?? 0)} para ${where}. Veja perfis verificados e fale direto pelo WhatsApp.`
      : 'Busque advogados verificados por área de atuação e cidade e fale direto pelo WhatsApp.',
    path: searchHref(data?.filters ?? {}, data?.pathname ?? '/busca'),
  });
};

const selectClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none';

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { filters, lawyers, total, page, pageCount, pathname } = loaderData;
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const navigation = useNavigation();
  const searching = navigation.state !== 'idle' && navigation.location?.pathname === pathname;
  const brandName = root?.site.brandName ?? 'JusConecta';

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Encontre um advogado</h1>
      <p className="mt-2 text-slate-700">Filtre por área de atuação e cidade. Todos os perfis são de advogados aprovados.</p>

      {/* A GET form: every search is a link, and it works without JavaScript. */}
      <Form method="get" action={pathname} className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:grid-cols-[1fr_1fr_auto] md:items-end">
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
        <button
          type="submit"
          disabled={searching}
          className="rounded-md bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-80"
        >
          {searching ? 'Buscando...' : 'Buscar Advogados'}
        </button>
      </Form>

      <section aria-labelledby="resultados" className="mt-8">
        <h2 id="resultados" className="text-lg font-semibold text-slate-800" aria-live="polite">
          {total > 0 ? resultCountText(total) : 'Nenhum advogado encontrado'}
        </h2>
        {total === 0 ? (
          <p className="mt-2 text-slate-700">
            Tente outra cidade ou área, ou{' '}
            <Link to="/solicitar-atendimento" className="font-medium text-brand-700 underline">
              descreva o seu caso
            </Link>{' '}
            para ser contatado por um advogado.
          </p>
        ) : lawyers.length === 0 ? (
          <p className="mt-2 text-slate-700">
            Esta página não existe.{' '}
            <Link to={searchHref({ ...filters, pagina: 1 }, pathname)} className="font-medium text-brand-700 underline">
              Voltar para a primeira página
            </Link>
          </p>
        ) : (
          <div className="mt-4 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {lawyers.map((lawyer) => (
              <LawyerCard key={lawyer.slug} lawyer={lawyer} brandName={brandName} />
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
