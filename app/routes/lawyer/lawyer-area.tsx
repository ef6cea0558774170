import { redirect } from 'react-router';
import { requireUser } from '~/auth/session.server';
import { pageMeta } from '~/lib/seo';
import { saoPauloYear } from '~/domain/catalog/profile-details';
import { doorKnows, pageModeOf, passDoor } from '~/lib/write-door.server';
import { finaliseRegistration, nothingPending } from '~/modules/accounts/registration.server';
import { areaSectionSchema, getLawyerArea } from '~/modules/lawyers/lawyer-area.server';
import { boardViewFromQuery } from '~/modules/leads/crm.schemas';
import { getCrmSection } from '~/modules/leads/crm.server';
import { findLeadHistory } from '~/modules/leads/lead-history.server';
import { getPipelineStats } from '~/modules/leads/pipeline-stats.server';
import { getDashboardWork } from '~/modules/leads/dashboard-work.server';
import { getMessagingSettings } from '~/modules/messaging/messaging-settings.server';
import { courtMonitoringProvider } from '~/modules/monitoring/court-provider.server';
import { monitoringViewFrom } from '~/modules/monitoring/monitoring.schemas';
import { getMonitoringSection } from '~/modules/monitoring/monitoring.server';
import type { Route } from './+types/lawyer-area';
import { AreaPageShell } from './components/area-page-shell';
import { CrmSection } from './components/crm/crm-section';
import { DashboardSection } from './components/dashboard-section';
import { MonitoringSection } from './components/monitoring-section';
import { PlanEndedNotice } from './components/plan-ended-notice';
import { ProfileProblemCard } from './components/profile-problem-card';
import { ProfileSection } from './components/profile-section';
import { ProfileCompletenessCard } from '~/modules/lawyers/components/profile-completeness-card';
import { isNoticeSection, SectionNotice } from './components/section-notice';
import { SuperadminNotice } from './components/superadmin-notice';
import { crmDoor } from './crm-action.server';
import { messagingDoor } from './messaging-settings-action.server';
import { monitoringDoor } from './monitoring-action.server';
import { monitoringView } from './monitoring-view.server';
import { rejectedLawyerRedirect } from './rejected-lawyer.server';

// The CRM board and its drag and drop are part of this route's own chunk: never on public pages.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const section = areaSectionSchema.parse(new URL(request.url).searchParams.get('section'));
  let area = await getLawyerArea(user, section);
  // A signed-in user has a confirmed address: a registration whose finalisation never ran (the
  // confirmation's request cut off midway) is finished here, once, instead of showing the problem card.
  if (area.state === 'missing' && (await finaliseRegistration(user.id).catch(nothingPending))) area = await getLawyerArea(user, section);
  if (area.state === 'pending') throw redirect('/perfil-em-analise');
  if (area.state === 'rejected' || area.state === 'suspended') throw await rejectedLawyerRedirect(request, area.state);
  if (area.state !== 'approved') return area;
  const url = new URL(request.url);
  // Each section's own data: the board on the CRM; the messaging card, with a fresh key for its test
  // send (one send per click), on monitoring.
  const view = boardViewFromQuery(url.searchParams);
  const crm = area.section === 'crm' ? await getCrmSection(user, view) : null;
  // The history of the lead whose dialog the URL opens (a page without JavaScript shows it from here).
  const leadHistory = area.section === 'crm' ? await findLeadHistory(user, view.historyOf) : null;
  // The dashboard's pipeline card (conversion, lost reasons, response time, leads waiting: decision 0047)
  // and its work (the last five leads, the follow-ups due today), read together.
  const [pipeline, work] = area.section === 'dashboard' ? await Promise.all([getPipelineStats(user.id), getDashboardWork(user.id)]) : [null, null];
  const messaging = area.section === 'monitoramento' ? { settings: await getMessagingSettings(user.id), sendKey: crypto.randomUUID() } : null;
  // Below the messaging card, process monitoring: the plan's notice or the table, and the dialog the URL opens.
  const monitoring =
    area.section === 'monitoramento' ? monitoringView(await getMonitoringSection(user, monitoringViewFrom(url.searchParams)), courtMonitoringProvider().displayName) : null;
  // The year that turns the year of inscription into years of practice (São Paulo's, read here: no Intl while hydrating).
  return { ...area, crm, leadHistory, messaging, monitoring, pipeline, work, currentYear: saoPauloYear() };
}

/**
 * The area's forms, by the section they post to, each through its write door: the CRM's (`?section=crm`,
 * an `intent` field each, also without JavaScript; a fetch by the page gets data instead of a redirect),
 * and on `?section=monitoramento` the monitoring forms' or else the messaging settings card's.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  if (new URL(request.url).searchParams.get('section') === 'crm') return passDoor(crmDoor, request, user, pageModeOf(request));
  if (await doorKnows(monitoringDoor, request)) return passDoor(monitoringDoor, request, user, 'page');
  return passDoor(messagingDoor, request, user, 'page');
}

// Personal data: never kept by a shared cache or shown again from the browser's cache after logout.
// A refused test send (429) also tells the browser when to try again.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  const retryAfter = actionHeaders.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return headers;
};

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: matches[0]?.loaderData.site,
    title: 'Área do Advogado',
    description: 'Sua área exclusiva de advogado: acessos ao perfil, cliques no WhatsApp, leads e dados do perfil.',
    path: '/area-advogado',
    noindex: true,
  });

export default function LawyerAreaPage({ loaderData: area, actionData }: Route.ComponentProps) {
  if (area.state === 'missing') {
    return (
      <AreaPageShell>
        <ProfileProblemCard message="Seu perfil não foi encontrado no sistema." notFound />
      </AreaPageShell>
    );
  }
  if (area.state === 'superadmin') {
    return (
      <AreaPageShell>
        <SuperadminNotice />
      </AreaPageShell>
    );
  }

  const { section, profile, completeness, plan, stats, crm, leadHistory, messaging, monitoring, pipeline, work, currentYear } = area;
  // Every form answers in the write door's shape; `door` tells whose answer it is.
  const crmAnswer = actionData?.door === 'crm' ? actionData : undefined;
  const monitoringAnswer = actionData?.door === 'monitoramento' || actionData?.door === 'notificacoes' ? actionData : undefined;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-3xl font-bold text-slate-900">Área do Advogado</h1>
        <p className="inline-flex w-fit items-center gap-2 rounded-full px-4 py-1.5 text-sm font-semibold text-white" style={{ backgroundColor: plan.badge.color }}>
          <span className="font-medium">Plano atual:</span> {plan.badge.name}
        </p>
      </div>
      <PlanEndedNotice plan={plan} />
      {(section === 'dashboard' || section === 'perfil') && completeness.missing.length > 0 ? (
        <ProfileCompletenessCard completeness={completeness} heading="Complete seu perfil" className="mt-6" />
      ) : null}

      {section === 'perfil' ? <ProfileSection profile={profile} currentYear={currentYear} /> : null}
      {isNoticeSection(section) ? <SectionNotice section={section} /> : null}
      {section === 'dashboard' && stats ? <DashboardSection plan={plan} stats={stats} pipeline={pipeline} work={work} /> : null}
      {section === 'crm' && crm ? <CrmSection data={crm} actionData={crmAnswer} history={leadHistory} /> : null}
      {section === 'monitoramento' && messaging && monitoring ? <MonitoringSection messaging={messaging} monitoring={monitoring} actionData={monitoringAnswer} /> : null}
    </div>
  );
}

/** A failure while loading (not a missing profile): the error card with a retry. */
export function ErrorBoundary() {
  return (
    <AreaPageShell>
      <ProfileProblemCard message="Ocorreu um erro ao carregar seu perfil." notFound={false} />
    </AreaPageShell>
  );
}
