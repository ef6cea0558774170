import { BadgeCheck } from '~/components/ui/icons';
import { Link, useRouteLoaderData } from 'react-router';
import { jsonLd, pageMeta } from '~/lib/seo';
import { FaqList, NumberedSteps } from '~/modules/content/components/page-text';
import { LAWYER_BENEFITS, LAWYER_ETHICS, LAWYER_HERO, LAWYER_HIGHLIGHTS, LAWYER_STEPS, lawyerFaq } from '~/modules/content/lawyer-landing-page';
import { faqPageJsonLd } from '~/modules/content/page-text';
import type { loader as rootLoader } from '~/root';
import type { Route } from './+types/why-register';
import { loadAsDocument, SERVER_RENDERED } from '~/lib/server-rendered-page';

/**
 * /por-que-se-registrar (docs/product-rules.md, "Marketing and legal pages"): the page that brings lawyers in, with calls to action to
 * /registro-advogado and to /login ('Já sou cadastrado'). Static: the page cache keeps it.
 */

export const headers: Route.HeadersFunction = () => ({ 'X-Page-Cache': '30' });

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = matches[0]?.loaderData.site;
  const brand = site?.brandName ?? 'JusConecta';
  return [
    ...pageMeta({
      site,
      title: 'Por que se registrar: advogados',
      description: `Advogado, receba solicitações de atendimento da sua área e cidade, tenha um perfil verificado e organize os leads no CRM. Comece grátis no ${brand}.`,
      path: '/por-que-se-registrar',
    }),
    jsonLd(faqPageJsonLd(lawyerFaq(brand))),
  ];
};

function CallsToAction({ inverted = false }: { inverted?: boolean }) {
  return (
    <div className="mt-8 flex flex-col gap-3 sm:flex-row">
      <Link
        to="/registro-advogado"
        className={`rounded-md px-6 py-3 text-center font-semibold ${inverted ? 'bg-white text-brand-900 hover:bg-brand-50' : 'bg-brand-700 text-white hover:bg-brand-800'}`}
      >
        Cadastrar-me gratuitamente
      </Link>
      <Link
        to="/login"
        className={`rounded-md border-2 px-6 py-3 text-center font-semibold ${inverted ? 'border-white text-white hover:bg-white/10' : 'border-brand-700 text-brand-800 hover:bg-brand-50'}`}
      >
        Já sou cadastrado
      </Link>
    </div>
  );
}

// Rendered on the server only: no React in the browser (docs/decisions/0060).
export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;
// A route with a clientLoader and no loader would be rendered on the server as its HydrateFallback: this
// page reads nothing of its own, but its server-side render needs a loader to wait for.
export function loader() {
  return null;
}

export default function WhyRegisterPage() {
  const brand = useRouteLoaderData<typeof rootLoader>('root')?.site.brandName ?? 'JusConecta';
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 md:py-20">
          <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">Para advogados</p>
          <h1 className="mt-2 max-w-3xl text-4xl font-extrabold tracking-tight md:text-5xl">{LAWYER_HERO.title}</h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-brand-50 md:text-xl">{LAWYER_HERO.lead(brand)}</p>
          <CallsToAction inverted />
        </div>
      </section>

      <section aria-labelledby="em-numeros" className="border-b border-slate-200 bg-white">
        <h2 id="em-numeros" className="sr-only">
          Em números
        </h2>
        <dl className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
          {LAWYER_HIGHLIGHTS.map((item) => (
            <div key={item.label} className="flex flex-col-reverse">
              <dt className="mt-1 text-slate-700">{item.label}</dt>
              <dd className="text-2xl font-extrabold text-brand-800">{item.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="o-que-voce-ganha" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="o-que-voce-ganha" className="text-2xl font-bold text-slate-900 md:text-3xl">
          O que você ganha ao se registrar
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {LAWYER_BENEFITS.map((benefit) => (
            <li key={benefit.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <BadgeCheck aria-hidden="true" className="size-7 text-brand-700" />
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{benefit.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-700">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="como-comecar" className="bg-white py-14">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="como-comecar" className="text-2xl font-bold text-slate-900 md:text-3xl">
            Como começar
          </h2>
          <NumberedSteps steps={LAWYER_STEPS} columns="lg:grid-cols-4" />
          <p className="mt-8 text-slate-700">
            Compare o que cada plano inclui em{' '}
            <Link to="/planos" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
              Planos
            </Link>
            .
          </p>
        </div>
      </section>

      <section aria-labelledby="regras-oab" className="mx-auto max-w-3xl px-4 py-14">
        <h2 id="regras-oab" className="text-2xl font-bold text-slate-900 md:text-3xl">
          {LAWYER_ETHICS.title}
        </h2>
        {LAWYER_ETHICS.paragraphs.map((text) => (
          <p key={text} className="mt-4 text-lg leading-relaxed text-slate-700">
            {text}
          </p>
        ))}
      </section>

      <div className="bg-white">
        <FaqList items={lawyerFaq(brand)} />
      </div>

      <section aria-labelledby="cadastre-se" className="bg-brand-800 text-white">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="cadastre-se" className="text-2xl font-bold md:text-3xl">
            Pronto para ser encontrado?
          </h2>
          <p className="mt-3 max-w-2xl text-brand-100">O cadastro leva poucos minutos e começa no Plano Gratuito.</p>
          <CallsToAction inverted />
        </div>
      </section>
    </>
  );
}
