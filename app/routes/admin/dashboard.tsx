import { Activity, CheckCircle2, Clock, Eye, MessageCircle, UserCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { requireSuperadmin } from '~/auth/session.server';
import { pageMeta } from '~/lib/seo';
import { formatDateTime } from '~/modules/admin/audit-log.server';
import { getAdminDashboardFigures, RECENT_ACTIVITY_DAYS } from '~/modules/admin/dashboard.server';
import { getSystemHealth, type DeliveryHealth, type HealthLevel } from '~/modules/admin/system-health.server';
import type { Route } from './+types/dashboard';
import { BACK_OFFICE_HEADERS } from './back-office-headers';
import { FIGURE_VALUE } from './components/figure-value';
import { RefreshLink } from './components/page-links';
import { StatusBadge } from './components/status-badge';

/** /admin/dashboard 'Dashboard Admin' (docs/product-rules.md, "Back office"). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSuperadmin(request);
  const now = new Date();
  const [figures, health] = await Promise.all([getAdminDashboardFigures(now), getSystemHealth({ now })]);
  return { figures, activityDays: RECENT_ACTIVITY_DAYS, health: { ...health, checkedAt: formatDateTime(health.checkedAt) } };
}

export const headers: Route.HeadersFunction = () => BACK_OFFICE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ site: matches[0]?.loaderData.site, title: 'Dashboard Admin', description: 'Painel administrativo.', path: '/admin/dashboard', noindex: true });

const number = new Intl.NumberFormat('pt-BR');

function FigureCard({ title, value, hint, icon }: { title: string; value: number; hint: string; icon: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold text-slate-700">{title}</h2>
        <span aria-hidden="true" className="text-brand-700">
          {icon}
        </span>
      </div>
      <p className={`mt-2 text-2xl ${FIGURE_VALUE}`}>{number.format(value)}</p>
      <p className="mt-1 text-xs text-slate-600">{hint}</p>
    </div>
  );
}

function ActivityFigure({ label, value, hint, icon }: { label: string; value: number; hint?: string; icon: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span aria-hidden="true" className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-800">
        {icon}
      </span>
      <div>
        <p className="text-sm text-slate-700">{label}</p>
        <p className="text-2xl font-bold text-slate-900">{number.format(value)}</p>
        {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
      </div>
    </li>
  );
}

function StatusRow({ title, level, children }: { title: string; level: HealthLevel; children: ReactNode }) {
  return (
    <li className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <div className="mt-1 space-y-0.5 text-sm text-slate-700">{children}</div>
      </div>
      <StatusBadge level={level} />
    </li>
  );
}

function count(value: number | null, one: string, many: string): string {
  if (value === null) return 'não foi possível ler';
  return `${number.format(value)} ${value === 1 ? one : many}`;
}

function DeliveryLines({ health, none }: { health: DeliveryHealth; none: string }) {
  return (
    <>
      <p>Envio: {health.adapters.length > 0 ? health.adapters.join(' e ') : none}</p>
      <p>Na caixa de saída: {count(health.queued, 'mensagem aguardando', 'mensagens aguardando')}</p>
      <p>Falhas nas últimas 24 h: {count(health.failedLast24h, 'mensagem', 'mensagens')}</p>
    </>
  );
}

export default function AdminDashboardPage({ loaderData }: Route.ComponentProps) {
  const { figures, activityDays, health } = loaderData;
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Dashboard Admin</h1>
        <RefreshLink to="/admin/dashboard" />
      </div>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <FigureCard title="Total Advogados" value={figures.lawyers.total} hint="Perfis cadastrados" icon={<Users className="size-5" />} />
        <FigureCard title="Leads Totais" value={figures.leadsToday} hint="Recebidos hoje (horário de Brasília)" icon={<Activity className="size-5" />} />
        <FigureCard title="Aprovados" value={figures.lawyers.approved} hint="Visíveis na busca" icon={<CheckCircle2 className="size-5" />} />
        <FigureCard title="Pendentes" value={figures.lawyers.pending} hint="Aguardando análise" icon={<Clock className="size-5" />} />
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <section aria-labelledby="atividade" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="atividade" className="text-lg font-semibold text-slate-900">
            Atividade Recente
          </h2>
          <p className="text-sm text-slate-600">Últimos {activityDays} dias</p>
          <ul className="mt-5 grid gap-5 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
            <ActivityFigure label="Visualizações de perfil" value={figures.activity.profileViews} icon={<Eye className="size-5" />} />
            <ActivityFigure label="Cliques no WhatsApp" value={figures.activity.whatsappClicks} icon={<MessageCircle className="size-5" />} />
            <ActivityFigure
              label="Advogados ativos"
              value={figures.activity.activeLawyers}
              hint="Aprovados com visualização, clique ou lead no período"
              icon={<UserCheck className="size-5" />}
            />
          </ul>
        </section>

        <section aria-labelledby="status" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="status" className="text-lg font-semibold text-slate-900">
            Status do Sistema
          </h2>
          <p className="text-sm text-slate-600">Verificado em {health.checkedAt}</p>
          <ul className="mt-5 divide-y divide-slate-200">
            <StatusRow title="Banco de dados" level={health.database.level}>
              <p>
                {health.database.engine === 'PGlite' ? 'PGlite (embutido)' : 'PostgreSQL'}:{' '}
                {health.database.roundTripMs === null ? 'sem resposta' : `respondeu em ${health.database.roundTripMs.toLocaleString('pt-BR')} ms`}
              </p>
            </StatusRow>
            <StatusRow title="Fila de tarefas" level={health.queue.level}>
              <p>{health.queue.running ? 'Em execução neste servidor' : 'Parada neste servidor'}</p>
              <p>Aguardando: {count(health.queue.backlog, 'tarefa', 'tarefas')}</p>
              <p>Falhas nas últimas 24 h: {count(health.queue.failedLast24h, 'tarefa', 'tarefas')}</p>
            </StatusRow>
            <StatusRow title="E-mail" level={health.email.level}>
              <DeliveryLines health={health.email} none="não configurado (SMTP_URL): os e-mails ficam na caixa de saída" />
            </StatusRow>
            <StatusRow title="WhatsApp" level={health.whatsapp.level}>
              <DeliveryLines health={health.whatsapp} none="não configurado: as mensagens ficam na caixa de saída" />
            </StatusRow>
          </ul>
        </section>
      </div>
    </div>
  );
}
