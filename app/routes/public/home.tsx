import { MessageCircle, Scale, Search } from '~/components/ui/icons';
import { Link, useRouteLoaderData } from 'react-router';
import { pageMeta } from '~/lib/seo';
import { formatCount } from '~/lib/format-number';
import { CITIES_BY_LABEL, PRACTICE_AREAS_BY_LABEL } from '~/domain/catalog/catalog';
import { FeaturedLawyers } from '~/modules/lawyers/components/featured-lawyers';
import { findFeaturedLawyers, getDirectoryCounts } from '~/modules/lawyers/home-directory.server';
import { lawyerCardView } from '~/modules/lawyers/lawyer-card-view';
import { BlogPostCard } from '~/modules/content/components/blog-post-card';
import { listBlogPosts } from '~/modules/content/content.server';
import type { loader as rootLoader } from '~/root';
import type { Route } from './+types/home';
import { loadAsDocument, SERVER_RENDERED } from '~/lib/server-rendered-page';

/** How many lawyers with a photo the hero shows. */
const FEATURED_LAWYERS = 4;

// Page-cached for 30 s and cheap at any size: the counts and the lawyers come from summaries and an
// index (app/modules/lawyers/home-directory.server.ts, docs/decisions/0064).
export async function loader() {
  const [counts, featured] = await Promise.all([getDirectoryCounts(), findFeaturedLawyers(FEATURED_LAWYERS)]);
  return { posts: listBlogPosts(3), counts, featured: featured.map((card) => lawyerCardView(card)) };
}

export const headers: Route.HeadersFunction = () => ({ 'X-Page-Cache': '30' });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: matches[0]?.loaderData.site,
    title: `${matches[0]?.loaderData.site.brandName ?? 'JusConecta'} — Encontre o advogado ideal para o seu caso`,
    description: 'Encontre advogados verificados por área de atuação e cidade, veja o perfil completo e fale direto pelo WhatsApp.',
    path: '/',
  });

const selectClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none';

/**
 * The hero's search: a GET form to /busca with the search page's own fields (area, cidade), so it works
 * without JavaScript and lands on the same URL the search page's form makes.
 */
function HeroSearch() {
  return (
    <form
      method="get"
      action="/busca"
      role="search"
      aria-label="Buscar advogados"
      data-busy="Buscando..."
      className="mt-8 grid gap-4 rounded-xl bg-white p-4 text-slate-900 shadow-lg sm:grid-cols-2"
    >
      <div className="min-w-0">
        <label htmlFor="hero-area" className="text-sm font-medium text-slate-800">
          Área de atuação
        </label>
        <select id="hero-area" name="area" defaultValue="" className={selectClass}>
          <option value="">Todas as áreas</option>
          {PRACTICE_AREAS_BY_LABEL.map((area) => (
            <option key={area.id} value={area.id}>
              {area.label}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0">
        <label htmlFor="hero-cidade" className="text-sm font-medium text-slate-800">
          Cidade
        </label>
        <select id="hero-cidade" name="cidade" defaultValue="" className={selectClass}>
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
        className="rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-80 sm:col-span-2"
      >
        Encontrar Advogado
      </button>
    </form>
  );
}

/** 'N advogados verificados', 'N áreas de atuação', 'N cidades' (nothing while the directory is empty). */
function DirectoryFigures({ counts }: { counts: { lawyers: number; areas: number; cities: number } }) {
  if (counts.lawyers === 0) return null;
  const figures = [
    [counts.lawyers, counts.lawyers === 1 ? 'advogado verificado' : 'advogados verificados'],
    [counts.areas, counts.areas === 1 ? 'área de atuação' : 'áreas de atuação'],
    [counts.cities, counts.cities === 1 ? 'cidade' : 'cidades'],
  ] as const;
  return (
    <ul aria-label="O diretório em números" className="mt-8 grid grid-cols-3 gap-3 text-center sm:max-w-lg">
      {figures.map(([value, label]) => (
        <li key={label} className="rounded-lg bg-white/10 px-2 py-3">
          <span className="block text-2xl font-extrabold md:text-3xl">{formatCount(value)}</span>
          <span className="block text-sm text-brand-100">{label}</span>
        </li>
      ))}
    </ul>
  );
}

const STEPS = [
  { icon: Search, title: 'Busque por especialidade', text: 'Escolha a área do seu caso e a sua cidade para ver advogados verificados pela OAB.' },
  { icon: MessageCircle, title: 'Entre em contato diretamente', text: 'Abra o perfil do advogado e converse pelo WhatsApp, sem intermediários.' },
  { icon: Scale, title: 'Resolva seu caso', text: 'Combine o atendimento com o profissional que melhor entende a sua situação.' },
] as const;

// Rendered on the server only: no React in the browser (docs/decisions/0060).
export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const loggedIn = Boolean(root?.user);
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 py-12 md:py-20 lg:grid-cols-[3fr_2fr] lg:items-start">
          <div className="min-w-0">
            <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight md:text-5xl">Encontre o advogado ideal para o seu caso</h1>
            <p className="mt-5 max-w-2xl text-lg text-brand-100 md:text-xl">
              Conectamos você aos melhores profissionais jurídicos do Brasil, de forma rápida e simples.
            </p>
            <HeroSearch />
            <p className="mt-4 text-brand-100">
              Prefere contar o seu caso?{' '}
              <Link to="/solicitar-atendimento" className="font-semibold text-white underline hover:no-underline">
                Solicitar Atendimento
              </Link>
            </p>
            <DirectoryFigures counts={loaderData.counts} />
          </div>
          <FeaturedLawyers lawyers={loaderData.featured} className="min-w-0" />
        </div>
      </section>

      <section aria-labelledby="como-funciona" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="como-funciona" className="text-center text-3xl font-bold text-slate-900">Como funciona</h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
              <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                <step.icon aria-hidden="true" className="size-7" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">
                <span className="sr-only">Passo {i + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="blog-recente" className="bg-white py-16">
        <div className="mx-auto max-w-6xl px-4">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="blog-recente" className="text-3xl font-bold text-slate-900">Artigos recentes</h2>
            <Link to="/blog" className="font-semibold text-brand-700 hover:underline">
              Ver todos os artigos
            </Link>
          </div>
          <div className="mt-8 grid gap-6 md:grid-cols-3">
            {loaderData.posts.map((post) => (
              <BlogPostCard key={post.slug} post={post} />
            ))}
          </div>
        </div>
      </section>

      <section aria-label="Chamadas" className="mx-auto grid max-w-6xl gap-6 px-4 py-16 md:grid-cols-2">
        <div className="rounded-2xl bg-brand-800 p-8 text-white">
          <h2 className="text-2xl font-bold">É advogado?</h2>
          <p className="mt-3 text-brand-100">
            Cadastre-se, tenha um perfil público verificado e receba pedidos de atendimento da sua área e cidade.
          </p>
          <Link
            to={loggedIn ? '/area-advogado' : '/registro-advogado'}
            className="mt-6 inline-block rounded-md bg-white px-5 py-3 font-semibold text-brand-900 hover:bg-brand-50"
          >
            {loggedIn ? 'Acessar minha área' : 'Cadastrar-se como advogado'}
          </Link>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <h2 className="text-2xl font-bold text-slate-900">Precisa de ajuda jurídica?</h2>
          <p className="mt-3 text-slate-700">
            Conte o seu caso e nós o encaminhamos aos advogados da sua área e cidade, que entram em contato com você.
          </p>
          <Link to="/solicitar-atendimento" className="mt-6 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
            Solicitar Atendimento
          </Link>
        </div>
      </section>
    </>
  );
}
