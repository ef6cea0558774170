import type { LucideIcon } from 'lucide-react';
import { Eye, Inbox, MessageCircle, Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import type { LawyerDashboardStats } from '~/modules/analytics/dashboard.server';
import { trendDirection, trendText } from '~/modules/analytics/trends';
import type { AreaPlan } from '~/modules/lawyers/lawyer-area.server';
import type { PipelineStats } from '~/modules/leads/pipeline-stats.server';
import { DashboardPipeline } from './dashboard-pipeline';
import { FigureCard } from './figure-card';
import type { DashboardWork } from '~/modules/leads/dashboard-work.server';
import { DashboardWorkCards } from './dashboard-work';
import { primaryButton } from './area-styles';
import { formatLongDateSaoPaulo } from '~/lib/format-date';
import { formatBrl, formatCount } from '~/lib/format-number';


/** The dashboard: the plan card, then profile views, WhatsApp clicks and leads with their trends. */
export function DashboardSection({ plan, stats, pipeline = null, work = null }: { plan: AreaPlan; stats: LawyerDashboardStats; pipeline?: PipelineStats | null; work?: DashboardWork | null }) {
  const { active, badge, endsAt, ended, effective, allows } = plan;
  // What the card lists is the plan in effect: gratuito's once the paid plan has ended.
  const shown = active ? effective : null;
  return (
    <section aria-labelledby="secao-dashboard" className="mt-8 space-y-6">
      <h2 id="secao-dashboard" className="sr-only">
        Dashboard
      </h2>

      <div className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm md:flex-row md:items-center md:justify-between">
        <div>
          <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Seu Plano Atual</h3>
          <p className="mt-1 text-2xl font-bold text-slate-900">{badge.name}</p>
          {shown ? (
            <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-4">
              <li>{shown.priceBrl > 0 ? `${formatBrl(shown.priceBrl)}/mês` : 'Gratuito'}</li>
              <li>Até {formatCount(shown.leadsPerMonth)} leads por mês</li>
              {allows.monitoring ? <li>Até {allows.monitoredProcessesCap} processos monitorados</li> : null}
              {endsAt && !ended ? <li>Válido até {formatLongDateSaoPaulo(endsAt)}</li> : null}
              {active && endsAt && ended ? (
                <li className="font-semibold text-red-700">
                  {active.name}: venceu em {formatLongDateSaoPaulo(endsAt)}
                </li>
              ) : null}
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

      {work ? <DashboardWorkCards work={work} /> : null}

      {pipeline ? <DashboardPipeline stats={pipeline} /> : null}
    </section>
  );
}

const TREND_STYLE = {
  up: { icon: TrendingUp, className: 'text-green-700' },
  down: { icon: TrendingDown, className: 'text-red-700' },
  flat: { icon: Minus, className: 'text-slate-600' },
} as const;

function StatCard({ icon, title, period, value, trend }: { icon: LucideIcon; title: string; period: string; value: number; trend: number | null }) {
  const style = TREND_STYLE[trendDirection(trend)];
  const TrendIcon = style.icon;
  return (
    <FigureCard icon={icon} title={title} period={period} value={formatCount(value)}>
      <p className={`mt-2 flex items-start gap-1.5 text-sm font-medium ${style.className}`}>
        {/* No icon beside '—': the dash is the figure. */}
        {trend === null ? null : <TrendIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
        {trendText(trend)}
      </p>
    </FigureCard>
  );
}
