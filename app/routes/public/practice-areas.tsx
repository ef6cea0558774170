import { MessageCircle } from '~/components/ui/icons';
import { Link, useRouteLoaderData } from 'react-router';
import { jsonLd, pageMeta } from '~/lib/seo';
import { FaqList } from '~/modules/content/components/page-text';
import { faqPageJsonLd } from '~/modules/content/page-text';
import { LANDING_AREAS, practiceAreasFaq } from '~/modules/content/practice-areas-page';
import { supportWhatsAppHref } from '~/modules/content/site-details.server';
import { searchHref } from '~/modules/lawyers/search-links';
import type { loader as rootLoader } from '~/root';
import type { Route } from './+types/practice-areas';
import { loadAsDocument, SERVER_RENDERED } from '~/lib/server-rendered-page';

/**
 * /areas-de-atuacao (docs/product-rules.md, "Marketing and legal pages"): the eight legal areas, each leading to its search, and the
 * prominent button to the platform's WhatsApp (SUPPORT_WHATSAPP). Without that number there is no
 * button: the same place offers the request form instead (docs/decisions/0025).
 */

export function loader() {
  // Each area's search link is written here, on the server: the page's JavaScript needs no URL helpers.
  const searchLinks: Record<string, string> = Object.fromEntries(LANDING_AREAS.map((area) => [area.id, searchHref({ area: area.id })]));
  return { whatsappHref: supportWhatsAppHref(), searchLinks };
}

export const headers: Route.HeadersFunction = () => ({ 'X-Page-Cache': '30' });

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = matches[0]?.loaderData.site;
  const brand = site?.brandName ?? 'JusConecta';
  return [
    ...pageMeta({
      site,
      title: 'Áreas de atuação: encontre o advogado certo para o seu caso',
      description:
        'Direito Civil, Trabalhista, de Família, Penal, Empresarial, do Consumidor, Previdenciário e Imobiliário: veja o que cada área cuida e encontre advogados verificados na sua cidade.',
      path: '/areas-de-atuacao',
    }),
    jsonLd(faqPageJsonLd(practiceAreasFaq(brand, Boolean(loaderData?.whatsappHref)))),
  ];
};

function WhatsAppLogo({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`fill-current ${className}`}>
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.3-.4.8-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z" />
    </svg>
  );
}

/** The prominent help block: WhatsApp when the platform has a number, otherwise the request form. */
function HelpBlock({ brand, whatsappHref }: { brand: string; whatsappHref: string | null }) {
  return (
    <section aria-labelledby="ajuda" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:flex md:items-center md:justify-between md:gap-8 md:p-8">
      <div>
        <h2 id="ajuda" className="text-xl font-bold text-slate-900 md:text-2xl">
          Não sabe qual é a área do seu caso?
        </h2>
        <p className="mt-2 max-w-2xl leading-relaxed text-slate-700">
          {whatsappHref
            ? `Fale com a equipe do ${brand} pelo WhatsApp: ajudamos você a encontrar o advogado certo. Não damos pareceres jurídicos; a orientação sobre o seu caso é sempre do advogado.`
            : 'Conte o seu caso na solicitação de atendimento: ela chega aos advogados da área e da cidade que você escolher, e eles entram em contato com você.'}
        </p>
      </div>
      {whatsappHref ? (
        <a
          href={whatsappHref}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-5 inline-flex w-full shrink-0 items-center justify-center gap-3 rounded-lg bg-whatsapp px-6 py-4 text-lg font-bold text-white shadow-md transition-colors hover:bg-whatsapp-hover md:mt-0 md:w-auto"
        >
          <WhatsAppLogo className="size-6" />
          Falar no WhatsApp
          <span className="sr-only"> (abre em nova aba)</span>
        </a>
      ) : (
        <Link
          to="/solicitar-atendimento"
          className="mt-5 inline-flex w-full shrink-0 items-center justify-center gap-3 rounded-lg bg-brand-700 px-6 py-4 text-lg font-bold text-white shadow-md hover:bg-brand-800 md:mt-0 md:w-auto"
        >
          <MessageCircle aria-hidden="true" className="size-6" />
          Solicitar Atendimento
        </Link>
      )}
    </section>
  );
}

// Rendered on the server only: no React in the browser (docs/decisions/0060).
export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export default function PracticeAreasPage({ loaderData }: Route.ComponentProps) {
  const brand = useRouteLoaderData<typeof rootLoader>('root')?.site.brandName ?? 'JusConecta';
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-6xl px-4 pt-14 pb-24 md:pt-20">
          <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">Áreas de atuação</p>
          <h1 className="mt-2 max-w-3xl text-4xl font-extrabold tracking-tight md:text-5xl">Encontre o advogado certo para o seu caso</h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-brand-50 md:text-xl">
            Veja o que cada área do Direito cuida e encontre advogados com inscrição verificada na OAB que atendem na sua cidade.
          </p>
        </div>
      </section>

      <div className="mx-auto -mt-14 max-w-6xl px-4">
        <HelpBlock brand={brand} whatsappHref={loaderData.whatsappHref} />
      </div>

      <section aria-labelledby="areas" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="areas" className="text-2xl font-bold text-slate-900 md:text-3xl">
          As principais áreas
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {LANDING_AREAS.map((area) => (
            <li key={area.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="text-lg font-semibold text-slate-900">{area.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-700">{area.summary}</p>
              <ul className="mt-3 flex-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
                {area.examples.map((example) => (
                  <li key={example}>{example}</li>
                ))}
              </ul>
              <Link to={loaderData.searchLinks[area.id] ?? '/busca'} className="mt-5 font-semibold text-brand-700 underline-offset-2 hover:underline">
                Ver advogados<span className="sr-only"> de {area.title}</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-slate-700">
          Não encontrou a sua área? A{' '}
          <Link to="/busca" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            busca
          </Link>{' '}
          tem outras, como Direito Tributário, Digital, Ambiental e Administrativo.
        </p>
      </section>

      <div className="bg-white">
        <FaqList items={practiceAreasFaq(brand, Boolean(loaderData.whatsappHref))} />
      </div>
    </>
  );
}
