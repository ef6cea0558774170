import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { CircleAlert, CircleX, ExternalLink, Eye, Hourglass, Inbox, Mail, MessageCircle, Minus, Pencil, Phone, TrendingDown, TrendingUp } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { z } from 'zod';
import { requireUser } from '~/auth/session.server';
import { pageMeta } from '~/lib/seo';
import { getLawyerDashboardStats, type LawyerDashboardStats } from '~/modules/analytics/dashboard.server';
import { trendDirection, trendText } from '~/modules/analytics/trends';
import { findPlan, type Plan } from '~/modules/catalog/catalog';
import { LawyerAvatar } from '~/modules/lawyers/components/lawyer-avatar';
import { formatBrazilianPhone, formatOab } from '~/modules/lawyers/contact';
import { getOwnLawyerProfile, type OwnLawyerProfile } from '~/modules/lawyers/lawyer-area.server';
import { AreaChips, CityChips } from '~/modules/lawyers/components/lawyer-chips';
import { LAWYER_AREA_SECTIONS, type LawyerAreaSection } from '~/modules/lawyers/lawyer-area-sections';
import type { Route } from './+types/lawyer-area';

// The section menu is in the site header (spec part 1: inside the lawyer area the header shows it).
const SECTIONS = LAWYER_AREA_SECTIONS;
type SectionId = LawyerAreaSection;

/** ?section=dashboard|perfil; anything else (or nothing) is the dashboard. */
const sectionSchema = z
  .enum(SECTIONS.map((s) => s.id) as [SectionId, ...SectionId[]])
  .catch('dashboard');

/** Spec part 1 "Lawyer area": the badge falls back to 'Plano Básico' when there is no active plan. */
const FALLBACK_PLAN = findPlan('basico')!;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const section = sectionSchema.parse(new URL(request.url).searchParams.get('section') ?? undefined);

  // Everything is read for the session's user id: nothing in the URL can select another lawyer.
  const wantsStats = section === 'dashboard' && user.lawyer?.status === 'approved';
  const [own, stats] = await Promise.all([getOwnLawyerProfile(user.id), wantsStats ? getLawyerDashboardStats(user.id) : null]);

  if (!own) return { state: 'missing' as const };
  const { profile, plan, planEndsAt } = own;
  if (profile.status === 'pending') {
    return { state: 'pending' as const, nome: profile.nome, oab: formatOab(profile.oabUf, profile.numeroOab) };
  }
  if (profile.status === 'rejected') return { state: 'rejected' as const };
  return {
    state: 'approved' as const,
    section,
    profile,
    plan,
    planEndsAt,
    planOverdue: planEndsAt !== null && planEndsAt.getTime() < Date.now(),
    stats: section === 'dashboard' ? (stats ?? (await getLawyerDashboardStats(user.id))) : null,
  };
}

// Personal data: never kept by a shared cache or shown again from the browser's cache after logout.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: matches[0]?.loaderData.site,
    title: 'Área do Advogado',
    description: 'Sua área exclusiva de advogado: acessos ao perfil, cliques no WhatsApp, leads e dados do perfil.',
    path: '/area-advogado',
    noindex: true,
  });

export default function LawyerAreaPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === 'missing') {
    return (
      <PageShell>
        <ProfileProblem message="Seu perfil não foi encontrado no sistema.">
          <Link to="/registro-advogado" className={primaryButton}>
            Refazer Cadastro
          </Link>
        </ProfileProblem>
      </PageShell>
    );
  }
  if (loaderData.state === 'pending') return <PendingNotice nome={loaderData.nome} oab={loaderData.oab} />;
  if (loaderData.state === 'rejected') return <RejectedNotice />;

  const { section, profile, plan, planEndsAt, planOverdue, stats } = loaderData;
  const shownPlan = plan ?? FALLBACK_PLAN;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-3xl font-bold text-slate-900">Área do Advogado</h1>
        <p className="inline-flex w-fit items-center gap-2 rounded-full px-4 py-1.5 text-sm font-semibold text-white" style={{ backgroundColor: shownPlan.color }}>
          <span className="font-medium">Plano atual:</span> {shownPlan.name}
        </p>
      </div>

      {section === 'perfil' ? (
        <ProfileSection profile={profile} />
      ) : stats ? (
        <DashboardSection plan={plan} shownPlan={shownPlan} planEndsAt={planEndsAt} planOverdue={planOverdue} stats={stats} />
      ) : null}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Dashboard

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const count = new Intl.NumberFormat('pt-BR');
const longDate = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' });

interface DashboardSectionProps {
  /** The active plan, or null when there is none. */
  plan: Plan | null;
  /** The plan named on the page: the active one, or the spec's fallback. */
  shownPlan: Plan;
  planEndsAt: Date | null;
  planOverdue: boolean;
  stats: LawyerDashboardStats;
}

function DashboardSection({ plan, shownPlan, planEndsAt, planOverdue, stats }: DashboardSectionProps) {
  return (
    <section aria-labelledby="secao-dashboard" className="mt-8 space-y-6">
      <h2 id="secao-dashboard" className="sr-only">
        Dashboard
      </h2>

      <div className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm md:flex-row md:items-center md:justify-between">
        <div>
          <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Seu Plano Atual</h3>
          <p className="mt-1 text-2xl font-bold text-slate-900">{shownPlan.name}</p>
          {plan ? (
            <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-4">
              <li>{plan.priceBrl > 0 ? `${brl.format(plan.priceBrl)}/mês` : 'Gratuito'}</li>
              <li>Até {count.format(plan.leadsPerMonth)} leads por mês</li>
              {plan.monitoredProcesses > 0 ? <li>Até {plan.monitoredProcesses} processos monitorados</li> : null}
              {planEndsAt && !planOverdue ? <li>Válido até {longDate.format(new Date(planEndsAt))}</li> : null}
              {planEndsAt && planOverdue ? <li className="font-semibold text-red-700">Venceu em {longDate.format(new Date(planEndsAt))}</li> : null}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-700">Não encontramos um plano ativo na sua conta. Escolha um plano em Gerenciar Plano.</p>
          )}
        </div>
        <Link to="/planos" className={`${primaryButton} shrink-0`}>
          Gerenciar Plano
        </Link>
      </div>

      <ul className="grid gap-6 md:grid-cols-3">
        <StatCard icon={Eye} title="Acessos ao Perfil" period="Últimos 30 dias" value={stats.totalViews} trend={stats.viewsTrend} />
        <StatCard icon={MessageCircle} title="Cliques WhatsApp" period="Últimos 30 dias" value={stats.totalClicks} trend={stats.clicksTrend} />
        <StatCard icon={Inbox} title="Leads Recebidos" period="Este mês" value={stats.leadsThisMonth} trend={stats.leadsTrend} />
      </ul>
    </section>
  );
}

const TREND_STYLE = {
  up: { icon: TrendingUp, className: 'text-green-700' },
  down: { icon: TrendingDown, className: 'text-red-700' },
  flat: { icon: Minus, className: 'text-slate-600' },
} as const;

function StatCard({ icon: Icon, title, period, value, trend }: { icon: LucideIcon; title: string; period: string; value: number; trend: number }) {
  const style = TREND_STYLE[trendDirection(trend)];
  const TrendIcon = style.icon;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 className="font-semibold text-slate-900">{title}</h3>
          <p className="text-sm text-slate-600">{period}</p>
        </div>
        <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </div>
      <p className="mt-4 text-4xl font-bold text-slate-900">{count.format(value)}</p>
      <p className={`mt-2 flex items-start gap-1.5 text-sm font-medium ${style.className}`}>
        <TrendIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {trendText(trend)}
      </p>
    </li>
  );
}

// ---------------------------------------------------------------------------------------------
// Profile

function ProfileSection({ profile }: { profile: OwnLawyerProfile }) {
  return (
    <section aria-labelledby="secao-perfil" className="mt-8">
      <h2 id="secao-perfil" className="sr-only">
        Perfil
      </h2>
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
          <LawyerAvatar nome={profile.nome} fotoUrl={profile.fotoUrl} size="lg" />
          <div className="min-w-0 flex-1">
            <h3 className="text-2xl font-bold break-words text-slate-900">{profile.nome}</h3>
            <p className="mt-1 text-slate-700">{formatOab(profile.oabUf, profile.numeroOab)}</p>
          </div>
          <div className="flex flex-col gap-2 sm:items-end">
            <Link to="/editar-perfil" className={primaryButton}>
              <Pencil aria-hidden="true" className="size-4" />
              Editar Perfil
            </Link>
            <Link to={`/advogado/${profile.slug}`} className={secondaryButton}>
              <ExternalLink aria-hidden="true" className="size-4" />
              Ver perfil público
            </Link>
          </div>
        </div>

        <dl className="mt-8 grid gap-6 md:grid-cols-2">
          <div className="md:col-span-2">
            <dt className={termClass}>Biografia</dt>
            <dd className="mt-1 leading-relaxed whitespace-pre-line text-slate-800">{profile.biografia}</dd>
          </div>
          <div>
            <dt className={termClass}>Email</dt>
            <dd className="mt-1 flex items-center gap-2 break-all text-slate-800">
              <Mail aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
              {profile.email}
            </dd>
          </div>
          <div>
            <dt className={termClass}>WhatsApp</dt>
            <dd className="mt-1 flex items-center gap-2 text-slate-800">
              <Phone aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
              {formatBrazilianPhone(profile.whatsapp)}
            </dd>
          </div>
          <div>
            <dt className={termClass}>Cidades atendidas</dt>
            <dd className="mt-2">
              {profile.cidades.length > 0 ? (
                <CityChips cities={profile.cidades} />
              ) : (
                <p className="text-slate-700">Nenhuma cidade configurada</p>
              )}
            </dd>
          </div>
          <div>
            <dt className={termClass}>Áreas de atuação</dt>
            <dd className="mt-2">
              {profile.areas.length > 0 ? (
                <AreaChips areas={profile.areas} />
              ) : (
                <p className="text-slate-700">Nenhuma área de atuação configurada</p>
              )}
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// States other than an approved lawyer

function PendingNotice({ nome, oab }: { nome: string; oab: string }) {
  return (
    <PageShell>
      <div className="rounded-xl border border-amber-300 bg-amber-50 p-6">
        <h2 className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <Hourglass aria-hidden="true" className="size-6 text-amber-800" />
          Perfil em análise
        </h2>
        <p className="mt-3 text-slate-800">Olá, {nome}! Estamos verificando o seu registro na OAB.</p>
        <p className="mt-2 text-slate-800">
          Registro informado: <strong>{oab}</strong>
        </p>
        <p className="mt-2 text-slate-800">
          A verificação leva de <strong>24 a 48 horas úteis</strong>. Você receberá um email assim que o seu perfil for aprovado, e ele passará a
          aparecer nas buscas.
        </p>
      </div>
    </PageShell>
  );
}

function RejectedNotice() {
  return (
    <PageShell>
      <div className="rounded-xl border border-red-200 bg-red-50 p-6">
        <h2 className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <CircleX aria-hidden="true" className="size-6 text-red-700" />
          Cadastro não aprovado
        </h2>
        <p className="mt-3 text-red-900">Sua conta foi rejeitada. Entre em contato com o suporte para mais informações.</p>
      </div>
    </PageShell>
  );
}

function ProfileProblem({ message, children }: { message: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-red-200 bg-white p-6 shadow-sm">
      <h2 className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <CircleAlert aria-hidden="true" className="size-6 text-red-700" />
        Problema no Perfil
      </h2>
      <p className="mt-3 text-slate-800">{message}</p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">{children}</div>
      <p className="mt-5 text-sm text-slate-600">Se o problema persistir, entre em contato com o suporte.</p>
    </div>
  );
}

function PageShell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="mb-6 text-3xl font-bold text-slate-900">Área do Advogado</h1>
      {children}
    </div>
  );
}

/** A failure while loading (not a missing profile): the spec's error card with a retry. */
export function ErrorBoundary() {
  const location = useLocation();
  return (
    <PageShell>
      <ProfileProblem message="Ocorreu um erro ao carregar seu perfil.">
        <a href={`${location.pathname}${location.search}`} className={primaryButton}>
          Tentar Novamente
        </a>
      </ProfileProblem>
    </PageShell>
  );
}

const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800';
const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md border border-brand-700 px-5 py-2.5 text-sm font-semibold text-brand-800 hover:bg-brand-50';
const termClass = 'text-sm font-semibold text-slate-600';
