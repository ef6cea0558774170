import { Link, useRouteLoaderData } from 'react-router';
import { jsonLd, pageMeta } from '~/lib/seo';
import { ABOUT_ETHICS, ABOUT_MISSION, ABOUT_STEPS, aboutFaq, aboutIntro } from '~/modules/content/about-page';
import { FaqList, NumberedSteps, RichText } from '~/modules/content/components/page-text';
import { faqPageJsonLd } from '~/modules/content/page-text';
import type { loader as rootLoader } from '~/root';
import type { Route } from './+types/about';
import { loadAsDocument, SERVER_RENDERED } from '~/lib/server-rendered-page';

/** /quem-somos (docs/product-rules.md, "Marketing and legal pages"): the product, its mission, the six steps and its ethics. Static: the page cache keeps it. */

export const headers: Route.HeadersFunction = () => ({ 'X-Page-Cache': '30' });

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = matches[0]?.loaderData.site;
  const brand = site?.brandName ?? 'JusConecta';
  return [
    ...pageMeta({
      site,
      title: `Quem somos: ${brand}`,
      description: `Conheça o ${brand}: a missão, como funciona em seis passos, da verificação da OAB ao contato direto com o advogado, e o nosso compromisso ético.`,
      path: '/quem-somos',
    }),
    jsonLd(faqPageJsonLd(aboutFaq(brand))),
  ];
};

// Rendered on the server only: no React in the browser (docs/decisions/0060).
export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;
// A route with a clientLoader and no loader would be rendered on the server as its HydrateFallback: this
// page reads nothing of its own, but its server-side render needs a loader to wait for.
export function loader() {
  return null;
}

export default function AboutPage() {
  const brand = useRouteLoaderData<typeof rootLoader>('root')?.site.brandName ?? 'JusConecta';
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-4xl px-4 py-14 md:py-20">
          <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">Quem somos</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight md:text-5xl">{brand}</h1>
          <p className="mt-5 text-lg leading-relaxed text-brand-50 md:text-xl">{aboutIntro(brand)}</p>
        </div>
      </section>

      <section aria-labelledby="missao" className="mx-auto max-w-3xl px-4 py-14">
        <h2 id="missao" className="text-2xl font-bold text-slate-900 md:text-3xl">
          {ABOUT_MISSION.title}
        </h2>
        {ABOUT_MISSION.paragraphs.map((text) => (
          <p key={text} className="mt-4 text-lg leading-relaxed text-slate-700">
            {text}
          </p>
        ))}
      </section>

      <section aria-labelledby="como-trabalhamos" className="bg-white py-14">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="como-trabalhamos" className="text-2xl font-bold text-slate-900 md:text-3xl">
            Como trabalhamos, em seis passos
          </h2>
          <NumberedSteps steps={ABOUT_STEPS} columns="lg:grid-cols-3" />
        </div>
      </section>

      <section aria-labelledby="etica" className="mx-auto max-w-3xl px-4 py-14">
        <h2 id="etica" className="text-2xl font-bold text-slate-900 md:text-3xl">
          {ABOUT_ETHICS.title}
        </h2>
        <p className="mt-4 text-lg leading-relaxed text-slate-700">{ABOUT_ETHICS.intro}</p>
        <div className="prose-article">
          <ul>
            {ABOUT_ETHICS.commitments.map((commitment) => (
              <li key={commitment.title}>
                <strong>{commitment.title}:</strong> <RichText value={commitment.text} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="bg-white">
        <FaqList items={aboutFaq(brand)} />
      </div>

      <section aria-labelledby="proximo-passo" className="mx-auto grid max-w-6xl gap-6 px-4 py-14 md:grid-cols-2">
        <h2 id="proximo-passo" className="sr-only">
          Próximo passo
        </h2>
        <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <h3 className="text-xl font-bold text-slate-900">Precisa de um advogado?</h3>
          <p className="mt-2 text-slate-700">
            Busque por área e cidade, ou conte o seu caso e nós o encaminhamos. Não sabe a área? Veja as{' '}
            <Link to="/areas-de-atuacao" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
              áreas de atuação
            </Link>
            .
          </p>
          <div className="mt-5 flex flex-col gap-3 sm:flex-row">
            <Link to="/busca" className="rounded-md bg-brand-700 px-5 py-3 text-center font-semibold text-white hover:bg-brand-800">
              Encontrar Advogado
            </Link>
            <Link to="/solicitar-atendimento" className="rounded-md border border-brand-700 px-5 py-3 text-center font-semibold text-brand-800 hover:bg-brand-50">
              Solicitar Atendimento
            </Link>
          </div>
        </div>
        <div className="rounded-2xl bg-brand-800 p-8 text-white">
          <h3 className="text-xl font-bold">É advogado?</h3>
          <p className="mt-2 text-brand-100">Veja como receber solicitações da sua área e cidade.</p>
          <Link to="/por-que-se-registrar" className="mt-5 inline-block rounded-md bg-white px-5 py-3 font-semibold text-brand-900 hover:bg-brand-50">
            Por que se registrar
          </Link>
        </div>
      </section>
    </>
  );
}
