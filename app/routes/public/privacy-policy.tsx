import { formatCalendarDate } from '~/lib/format-date';
import { pageMeta } from '~/lib/seo';
import { LegalPage, LegalText } from '~/modules/content/components/legal-page';
import { PRIVACY_POLICY_UPDATED, privacyPolicySections } from '~/modules/content/privacy-policy';
import { getSiteDetails } from '~/modules/content/site-details.server';
import type { Route } from './+types/privacy-policy';
import { loadAsDocument, SERVER_RENDERED } from '~/lib/server-rendered-page';

/** /politica-de-privacidade (docs/product-rules.md, "Marketing and legal pages"; LGPD): naming the controller and the encarregado from the environment. */

export function loader() {
  // The date is written on the server: the page's JavaScript carries no date formatting.
  return { site: getSiteDetails(), dateLabel: formatCalendarDate(PRIVACY_POLICY_UPDATED) };
}

export const headers: Route.HeadersFunction = () => ({ 'X-Page-Cache': '30' });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: matches[0]?.loaderData.site,
    title: 'Política de Privacidade',
    description:
      'Como tratamos os seus dados pessoais segundo a LGPD: dados coletados, finalidades e bases legais, compartilhamento, retenção, cookies, os seus direitos e o contato do encarregado.',
    path: '/politica-de-privacidade',
  });

// Rendered on the server only: no React in the browser (docs/decisions/0060).
export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  const { site, dateLabel } = loaderData;
  return (
    <LegalPage
      title="Política de Privacidade"
      versionLine={
        <>
          Última atualização: <time dateTime={PRIVACY_POLICY_UPDATED}>{dateLabel}</time>
        </>
      }
      summary={`Em resumo: usamos os seus dados só para aproximar você de advogados e fazer a plataforma funcionar, não vendemos dados, não usamos cookies de rastreamento e você pode baixar, corrigir ou apagar os seus dados. Esta política vale para o site ${site.brandName} e para a área do advogado.`}
      textId="texto-privacidade"
      // Rendered on the server only: the browser build leaves the text out (ServerRenderedText).
      text={import.meta.env.SSR ? <LegalText sections={privacyPolicySections(site)} /> : null}
    />
  );
}
