import { ArrowLeft, BadgeCheck, Building, MapPin, Phone } from '~/components/ui/icons';
import { ScamWarning } from '~/components/ui/scam-warning';
import { CONFIRM_LAWYER_PATH, oabLine } from '~/domain/trust';
import { data, Link, redirect, useRouteLoaderData } from 'react-router';
import { getCurrentUser } from '~/auth/session.server';
import { jsonLd, pageMeta, withoutCanonical } from '~/lib/seo';
import { cityLabel, findCity, isPracticeAreaId, practiceAreaLabel, sortByLabel } from '~/domain/catalog/catalog';
import { landingPath } from '~/modules/landing/landing-paths';
import { LawyerAvatar } from '~/modules/lawyers/components/lawyer-avatar';
import { AreaChips, CityChips } from '~/modules/lawyers/components/lawyer-chips';
import { officeText, PracticeDetails } from '~/modules/lawyers/components/practice-details';
import { lawyerTitle, saoPauloYear } from '~/domain/catalog/profile-details';
import { practiceFacts } from '~/modules/lawyers/lawyer-card-view';
import { WhatsAppButton } from '~/modules/lawyers/components/whatsapp-button';
import { formatPhone } from '~/domain/phone';
import { formatOab } from '~/modules/lawyers/contact';
import { getPublicLawyerProfile } from '~/modules/lawyers/lawyers.server';
import { imageVersion, profileOgImagePath } from '~/modules/seo/og-image-paths';
import { attorney } from '~/modules/seo/attorney-data';
import { breadcrumbList } from '~/modules/seo/structured-data';
import type { loader as rootLoader } from '~/root';
import type { Route } from './+types/lawyer-profile';
import { loadAsDocument, SERVER_RENDERED } from '~/lib/server-rendered-page';

/** The server counts a view for every profile response that carries this header (see server/app.ts). */
const PROFILE_VIEW_HEADER = 'X-Analytics-Profile-View';

export async function loader({ request, params }: Route.LoaderArgs) {
  const found = await getPublicLawyerProfile(params.slug);
  if (!found) return data({ profile: null }, { status: 404 });
  const { profile, matchedBy } = found;
  if (matchedBy === 'id') throw redirect(`/advogado/${profile.slug}`, 301);
  const viewer = await getCurrentUser(request);
  const headers = new Headers({ 'X-Page-Cache': '30' });
  if (viewer?.id !== profile.id) headers.set(PROFILE_VIEW_HEADER, profile.id);
  const { id: _id, createdAt: _created, updatedAt, ...shown } = profile;
  // Built here, not in meta or the page: the paths' code then stays out of the page's JavaScript.
  const ogImage = profileOgImagePath(profile.slug, imageVersion(updatedAt));
  // The year that turns the year of inscription into years of practice: São Paulo's, on the server.
  return data({ profile: shown, ogImage, breadcrumbs: profileBreadcrumbs(profile), currentYear: saoPauloYear() }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData: loaded, matches }) => {
  const site = matches[0]?.loaderData.site;
  const profile = loaded?.profile;
  if (!profile) {
    // No canonical URL for a profile that does not exist: never one built from the raw URL parameter.
    return withoutCanonical(
      pageMeta({ site, title: 'Perfil não encontrado', description: 'O advogado que você está procurando não foi encontrado.', path: '/advogado', noindex: true }),
    );
  }
  const areas = profile.areas.map(practiceAreaLabel).join(', ');
  const cities = profile.cidades.map(cityLabel).join(', ');
  const appUrl = site?.appUrl ?? '';
  const image = loaded.ogImage;
  return [
    ...pageMeta({
      site,
      title: `${profile.nome} — ${lawyerTitle(profile.titulo)} ${formatOab(profile.oabUf, profile.numeroOab)}`,
      description: `${profile.nome}, ${lawyerTitle(profile.titulo).toLowerCase()} em ${areas}. Atende em ${cities}. Fale pelo WhatsApp.`.slice(0, 300),
      path: `/advogado/${profile.slug}`,
      type: 'profile',
      image: { path: image, alt: `${profile.nome}, ${formatOab(profile.oabUf, profile.numeroOab)}` },
    }),
    jsonLd(attorney(appUrl, profile, image)),
    jsonLd(breadcrumbList(appUrl, loaded.breadcrumbs)),
  ];
};

/** Início › the landing page of the lawyer's first area in their first city › the lawyer. */
function profileBreadcrumbs(profile: { nome: string; slug: string; areas: string[]; cidades: string[] }) {
  const crumbs = [{ name: 'Início', path: '/' }];
  const [area] = profile.areas;
  const city = profile.cidades.map(findCity).find(Boolean);
  if (area && isPracticeAreaId(area) && city) crumbs.push({ name: `${practiceAreaLabel(area)} em ${city.label}`, path: landingPath({ area, cidade: city.id }) });
  crumbs.push({ name: profile.nome, path: `/advogado/${profile.slug}` });
  return crumbs;
}

// Rendered on the server only: no React in the browser (docs/decisions/0060).
export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export default function LawyerProfilePage({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const brandName = root?.site.brandName ?? 'JusConecta';
  const appUrl = root?.site.appUrl ?? '';
  const { profile } = loaderData;
  if (!profile) return <ProfileNotFound />;

  const oab = formatOab(profile.oabUf, profile.numeroOab);
  // 'OAB/SP 214587 · inscrição conferida em 12/11/2026' (decision 0061); bare when never checked.
  const checkedOab = oabLine(profile.oabUf, profile.numeroOab, profile.oabCheckedAt);
  const whatsapp = { lawyerSlug: profile.slug, nome: profile.nome, whatsapp: profile.whatsapp, brandName, source: 'perfil_advogado' as const };
  const office = officeText(profile);
  // The cities served, by label: the contact card names them all (never 'Múltiplas cidades').
  const cityLabels = sortByLabel(profile.cidades.map((id) => ({ id, label: cityLabel(id) }))).map((c) => c.label);
  const facts = practiceFacts(profile, loaderData.currentYear);
  // The landing page of the lawyer's first area and city (the breadcrumb's middle step).
  const related = loaderData.breadcrumbs.at(-2);
  const relatedLanding = related && related.path !== '/' ? related : null;

  return (
    <article>
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-12 text-center md:flex-row md:text-left">
          <div className="rounded-full bg-white p-1">
            <LawyerAvatar nome={profile.nome} fotoUrl={profile.fotoUrl} size="lg" />
          </div>
          <div className="flex-1">
            <h1 className="text-3xl font-extrabold md:text-4xl">{profile.nome}</h1>
            <p className="mt-2 text-lg text-brand-100">
              {lawyerTitle(profile.titulo)} {oab}
            </p>
            {facts.length > 0 ? <p className="mt-1 text-brand-100">{facts.join(' · ')}</p> : null}
            {profile.oabCheckedAt ? (
              <p className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-sm font-medium">
                <BadgeCheck aria-hidden="true" className="size-4 shrink-0" />
                {checkedOab}
              </p>
            ) : null}
          </div>
          <WhatsAppButton {...whatsapp} className="px-6 py-3 text-base">
            Conversar no WhatsApp
          </WhatsAppButton>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <section aria-labelledby="sobre" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="sobre" className="text-xl font-bold text-slate-900">Sobre mim</h2>
            <p className="mt-3 leading-relaxed whitespace-pre-line text-slate-700">{profile.biografia}</p>
          </section>
          <PracticeDetails details={profile} currentYear={loaderData.currentYear} />
          <section aria-labelledby="areas" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="areas" className="text-xl font-bold text-slate-900">Áreas de Atuação</h2>
            <AreaChips labels={profile.areas.map(practiceAreaLabel)} className="mt-4" />
          </section>
          <section aria-labelledby="cidades" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="cidades" className="text-xl font-bold text-slate-900">Cidades Atendidas</h2>
            <CityChips labels={cityLabels} className="mt-4" />
          </section>
        </div>

        <aside className="space-y-6">
          <section aria-labelledby="contato" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="contato" className="text-xl font-bold text-slate-900">Contato</h2>
            <dl className="mt-4 space-y-3 text-slate-700">
              <div className="flex items-start gap-2">
                <dt className="sr-only">Cidades atendidas</dt>
                <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <dd>{cityLabels.join(', ')}</dd>
              </div>
              {office ? (
                <div className="flex items-start gap-2">
                  <dt className="sr-only">Escritório</dt>
                  <Building aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  <dd>Escritório em {office}</dd>
                </div>
              ) : null}
              <div className="flex items-start gap-2">
                <dt className="sr-only">WhatsApp</dt>
                <Phone aria-hidden="true" className="mt-0.5 size-5 text-brand-700" />
                <dd>{formatPhone(profile.whatsapp)}</dd>
              </div>
              <div className="flex items-start gap-2">
                <dt className="sr-only">Registro na OAB</dt>
                <BadgeCheck aria-hidden="true" className="mt-0.5 size-5 text-brand-700" />
                <dd>{checkedOab}</dd>
              </div>
            </dl>
            <p className="mt-3 text-sm text-slate-700">
              Recebeu mensagem de alguém dizendo ser {profile.nome.split(' ')[0]}?{' '}
              <a href={CONFIRM_LAWYER_PATH} className="font-semibold text-brand-800 underline">
                Confirme o número
              </a>
              .
            </p>
            <WhatsAppButton {...whatsapp} className="mt-5 w-full">
              Enviar mensagem
            </WhatsAppButton>
            <Link
              to={`/solicitar-atendimento/${profile.slug}`}
              className="mt-3 block w-full rounded-md border-2 border-brand-700 px-4 py-2.5 text-center font-semibold text-brand-800 hover:bg-brand-50"
            >
              Solicitar atendimento
            </Link>
          </section>
          <section aria-labelledby="seguranca" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="seguranca" className="text-xl font-bold text-slate-900">Segurança</h2>
            <ScamWarning brandName={brandName} appUrl={appUrl} className="mt-4" />
            <a href={`${CONFIRM_LAWYER_PATH}?perfil=${encodeURIComponent(profile.slug)}#denunciar`} className="mt-4 inline-block font-semibold text-red-800 underline">
              Denunciar
            </a>
          </section>
        </aside>
      </div>

      <section className="mx-auto max-w-6xl px-4">
        <div className="rounded-2xl bg-brand-50 p-8 text-center">
          <h2 className="text-2xl font-bold text-slate-900">Pronto para te ajudar</h2>
          <p className="mx-auto mt-2 max-w-xl text-slate-700">Explique o seu caso pelo WhatsApp e combine o atendimento diretamente com {profile.nome}.</p>
          <div className="mt-5 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <WhatsAppButton {...whatsapp} className="px-6 py-3">
              Falar com {profile.nome.split(' ')[0]}
            </WhatsAppButton>
            <Link to={`/solicitar-atendimento/${profile.slug}`} className="rounded-md border-2 border-brand-700 bg-white px-6 py-2.5 font-semibold text-brand-800 hover:bg-brand-50">
              Descrever meu caso
            </Link>
          </div>
        </div>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Link to="/busca" className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Voltar para encontrar advogados
          </Link>
          {relatedLanding ? (
            <Link to={relatedLanding.path} className="font-medium text-brand-700 hover:underline">
              Outros advogados de {relatedLanding.name}
            </Link>
          ) : null}
        </div>
      </section>
    </article>
  );
}

function ProfileNotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Perfil não encontrado</h1>
      <p className="mt-4 text-slate-700">O advogado que você está procurando não foi encontrado ou não está mais disponível.</p>
      <Link to="/busca" className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
        Encontrar advogados
      </Link>
    </section>
  );
}
