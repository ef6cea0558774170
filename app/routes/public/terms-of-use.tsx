import { formatCalendarDate } from '~/lib/format-date';
import { pageMeta } from '~/lib/seo';
import { LegalPage, LegalText } from '~/modules/content/components/legal-page';
import { getSiteDetails } from '~/modules/content/site-details.server';
import { TERMS_EFFECTIVE_DATE, TERMS_VERSION, termsOfUseSections } from '~/modules/content/terms-of-use';
import type { Route } from './+types/terms-of-use';
import { loadAsDocument, SERVER_RENDERED } from '~/lib/server-rendered-page';

/** /termos-de-uso (docs/product-rules.md, "Marketing and legal pages"): 15 sections, version 2.0, naming the company when it is configured. */

export function loader() {
  // The date is written on the server: the page's JavaScript carries no date formatting.
  return { site: getSiteDetails(), dateLabel: formatCalendarDate(TERMS_EFFECTIVE_DATE) };
}

export const headers: Route.HeadersFunction = () => ({ 'X-Page-Cache': '30' });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: matches[0]?.loaderData.site,
    title: 'Termos de Uso',
    description: `Termos de Uso (versão ${TERMS_VERSION}): o que a plataforma faz, cadastro e verificação de advogados, regras de publicidade da OAB, solicitações de atendimento, planos e responsabilidades.`,
    path: '/termos-de-uso',
  });

// Rendered on the server only: no React in the browser (docs/decisions/0060).
export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export default function TermsOfUsePage({ loaderData }: Route.ComponentProps) {
  const { site, dateLabel } = loaderData;
  return (
    <LegalPage
      title="Termos de Uso"
      versionLine={
        <>
          Versão {TERMS_VERSION}, em vigor desde <time dateTime={TERMS_EFFECTIVE_DATE}>{dateLabel}</time>
        </>
      }
      summary={`Em resumo: o ${site.brandName} ajuda você a encontrar advogados e encaminha solicitações de atendimento, mas não é escritório de advocacia nem participa da contratação. Advogados precisam de inscrição verificada na OAB e seguem as regras de publicidade da profissão.`}
      textId="texto-termos"
      // Rendered on the server only: the browser build leaves the text out (ServerRenderedText).
      text={import.meta.env.SSR ? <LegalText sections={termsOfUseSections(site)} /> : null}
    />
  );
}
