import { Eye, Inbox, MessageCircle, Minus, RefreshCw, TrendingDown, TrendingUp, UserPlus, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { data, isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { requireSuperadmin } from '~/auth/session.server';
import { pageMeta } from '~/lib/seo';
import { useHydrated } from '~/lib/use-hydrated';
import { getAdminReports, REPORT_DAYS, TOP_LIMIT, WEEK_DAYS, type ReportFigure } from '~/modules/admin/reports.server';
import { trendDirection, trendText } from '~/modules/analytics/trends';
import type { Route } from './+types/reports';
import { BACK_OFFICE_HEADERS } from './back-office-headers';
import { FIGURE_VALUE } from './components/figure-value';
import { RefreshLink } from './components/page-links';
import { formatCount, formatDayMonth } from './components/report-format';

/**
 * /admin/reports 'Relatórios' (docs/product-rules.md, "Back office"): four
 * cards with their trends, the leads of the last 7 days, the top 5 cities and areas, and the views and
 * clicks of the last 30 days. Every chart has a table with the same figures; the charts (recharts) are
 * drawn in the browser only, after hydration, from a chunk no other page loads (docs/decisions/0019).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSuperadmin(request);
  try {
    return { reports: await getAdminReports(), days: REPORT_DAYS, weekDays: WEEK_DAYS, topLimit: TOP_LIMIT };
  } catch (error) {
    console.error('Could not load the back-office reports', error);
    throw data(REPORTS_UNAVAILABLE, { status: 503 });
  }
}

/** The {message} of the spec's 'Erro ao carregar dados: {message}' when the reports could not be read. */
const REPORTS_UNAVAILABLE = 'o banco de dados não respondeu. Tente novamente em instantes.';

export const headers: Route.HeadersFunction = () => BACK_OFFICE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ site: matches[0]?.loaderData?.site, title: 'Relatórios', description: 'Relatórios da plataforma.', path: '/admin/reports', noindex: true });

// The chart components and recharts: one chunk, fetched once the page is hydrated.
const charts = () => import('./components/report-charts');
const DailyBarChart = lazy(() => charts().then((m) => ({ default: m.DailyBarChart })));
const RankingBarChart = lazy(() => charts().then((m) => ({ default: m.RankingBarChart })));
const ActivityLineChart = lazy(() => charts().then((m) => ({ default: m.ActivityLineChart })));


export default function AdminReportsPage({ loaderData }: Route.ComponentProps) {
  const { reports, days, weekDays, topLimit } = loaderData;
  const week = reports.lastWeek;
  const month = reports.lastMonth;
  const period = `${formatDayMonth(reports.period.from)} a ${formatDayMonth(reports.period.to)}`;
  const weekPeriod = `${formatDayMonth(week[0]!.date)} a ${formatDayMonth(week.at(-1)!.date)}`;
  const weekLeads = week.reduce((sum, day) => sum + day.leads, 0);
  const busiest = week.reduce((best, day) => (day.leads > best.leads ? day : best), week[0]!);
  const monthViews = month.reduce((sum, day) => sum + day.profileViews, 0);
  const monthClicks = month.reduce((sum, day) => sum + day.whatsappClicks, 0);

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Relatórios</h1>
          <p className="mt-1 text-sm text-slate-700">
            Toda a plataforma, últimos {days} dias ({period}, horário de Brasília), comparados com os {days} dias anteriores.
          </p>
        </div>
        <RefreshLink to="/admin/reports" />
      </div>

      {/* md, not sm: app.css sets md and lg in px and Tailwind then puts the default sm (40rem) after them, so sm would win over lg. */}
      <ul aria-label="Resumo" className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
        <SummaryCard title={`Leads (${days} dias)`} figure={reports.leads} icon={Inbox} />
        <SummaryCard title={`Visualizações de perfil (${days} dias)`} figure={reports.profileViews} icon={Eye} />
        <SummaryCard title={`Cliques no WhatsApp (${days} dias)`} figure={reports.whatsappClicks} icon={MessageCircle} />
        <SummaryCard title={`Novos advogados (${days} dias)`} figure={reports.newLawyers} icon={UserPlus} />
      </ul>

      <ReportSection id="leads-por-dia" title="Leads por dia" subtitle={`Últimos ${weekDays} dias (${weekPeriod})`}>
        <div className="grid gap-6 lg:grid-cols-3">
          <ChartFrame
            className="h-64 lg:col-span-2"
            label={`Gráfico de barras: leads por dia de ${weekPeriod}. Total de ${formatCount(weekLeads)}${
              weekLeads > 0 ? `; o maior, ${formatCount(busiest.leads)} em ${formatDayMonth(busiest.date)}` : ''
            }.`}
          >
            <DailyBarChart name="Leads" days={week.map((day) => ({ date: day.date, value: day.leads }))} />
          </ChartFrame>
          <DataTable
            caption={`Leads por dia, ${weekPeriod}`}
            columns={['Dia', 'Leads']}
            rows={week.map((day) => [formatDayMonth(day.date), day.leads])}
            total={['Total', weekLeads]}
          />
        </div>
      </ReportSection>

      <div className="grid gap-8 lg:grid-cols-2">
        <Ranking id="cidades" title="Cidades com mais leads" kind="Cidade" items={reports.topCities} days={days} limit={topLimit} />
        <Ranking id="areas" title="Áreas com mais leads" kind="Área" items={reports.topAreas} days={days} limit={topLimit} />
      </div>

      <ReportSection id="atividade" title="Visualizações e cliques por dia" subtitle={`Últimos ${days} dias (${period})`}>
        <ChartFrame
          className="h-64"
          label={`Gráfico de linhas: visualizações de perfil e cliques no WhatsApp por dia, de ${period}. Total de ${formatCount(monthViews)} visualizações e ${formatCount(monthClicks)} cliques.`}
        >
          <ActivityLineChart days={month} />
        </ChartFrame>
        <details className="mt-4 rounded-md border border-slate-200">
          <summary className="cursor-pointer px-4 py-2 text-sm font-semibold text-brand-800">Ver os números de cada dia</summary>
          <div className="border-t border-slate-200 p-2">
            <DataTable
              caption={`Visualizações de perfil e cliques no WhatsApp por dia, ${period}`}
              columns={['Dia', 'Visualizações', 'Cliques']}
              rows={month.map((day) => [formatDayMonth(day.date), day.profileViews, day.whatsappClicks])}
              total={['Total', monthViews, monthClicks]}
            />
          </div>
        </details>
      </ReportSection>
    </div>
  );
}

const TREND_STYLE = {
  up: { icon: TrendingUp, className: 'text-green-700' },
  down: { icon: TrendingDown, className: 'text-red-700' },
  flat: { icon: Minus, className: 'text-slate-600' },
} as const;

function SummaryCard({ title, figure, icon: Icon }: { title: string; figure: ReportFigure; icon: LucideIcon }) {
  const style = TREND_STYLE[trendDirection(figure.trend)];
  const TrendIcon = style.icon;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-sm font-semibold text-slate-700">{title}</h2>
        <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
      </div>
      <p className={`mt-2 text-2xl ${FIGURE_VALUE}`}>{formatCount(figure.current)}</p>
      <p className={`mt-1 flex items-start gap-1.5 text-xs font-medium ${style.className}`}>
        {/* No icon beside '—': the dash is the figure. */}
        {figure.trend === null ? null : <TrendIcon aria-hidden="true" className="size-4 shrink-0" />}
        {trendText(figure.trend)}
      </p>
      <p className="mt-1 text-xs text-slate-600">Período anterior: {formatCount(figure.previous)}</p>
    </li>
  );
}

function ReportSection({ id, title, subtitle, children }: { id: string; title: string; subtitle: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{subtitle}</p>
      {children}
    </section>
  );
}

function Ranking({
  id,
  title,
  kind,
  items,
  days,
  limit,
}: {
  id: string;
  title: string;
  kind: string;
  items: Array<{ id: string; label: string; leads: number }>;
  days: number;
  limit: number;
}) {
  return (
    <ReportSection id={id} title={title} subtitle={`As ${limit} com mais leads nos últimos ${days} dias`}>
      {items.length === 0 ? (
        <p className="text-sm text-slate-700">Nenhum lead no período.</p>
      ) : (
        <>
          <ChartFrame
            className="h-48"
            label={`Gráfico de barras: ${title.toLowerCase()} nos últimos ${days} dias. ${items.map((item, i) => `${i + 1}º ${item.label}, ${formatCount(item.leads)}`).join('; ')}.`}
          >
            <RankingBarChart name="Leads" items={items} />
          </ChartFrame>
          <div className="mt-4">
            <DataTable caption={`${title}, últimos ${days} dias`} columns={[kind, 'Leads']} rows={items.map((item) => [item.label, item.leads])} />
          </div>
        </>
      )}
    </ReportSection>
  );
}

/** Where a chart is drawn once the page is hydrated; the same size before, so nothing moves. */
function ChartFrame({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <div role="img" aria-label={label} className={`min-w-0 ${className}`}>
      {hydrated ? <Suspense fallback={null}>{children}</Suspense> : null}
    </div>
  );
}

type Row = [string, ...number[]];

function DataTable({ caption, columns, rows, total }: { caption: string; columns: string[]; rows: Row[]; total?: Row }) {
  const cell = 'px-3 py-1.5 text-right';
  return (
    <table className="w-full text-sm text-slate-800">
      <caption className="mb-2 text-left text-xs font-semibold text-slate-600">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-300">
          {columns.map((column, i) => (
            <th key={column} scope="col" className={`px-3 py-1.5 font-semibold ${i === 0 ? 'text-left' : 'text-right'}`}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, ...values]) => (
          <tr key={label} className="border-b border-slate-200">
            <th scope="row" className="px-3 py-1.5 text-left font-normal">
              {label}
            </th>
            {values.map((value, i) => (
              <td key={columns[i + 1]} className={cell}>
                {formatCount(value)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {total ? <TotalRow row={total} columns={columns} className={cell} /> : null}
    </table>
  );
}

function TotalRow({ row: [label, ...values], columns, className }: { row: Row; columns: string[]; className: string }) {
  return (
    <tfoot>
      <tr className="font-semibold">
        <th scope="row" className="px-3 py-1.5 text-left">
          {label}
        </th>
        {values.map((value, i) => (
          <td key={columns[i + 1]} className={className}>
            {formatCount(value)}
          </td>
        ))}
      </tr>
    </tfoot>
  );
}

/** 'Erro ao carregar dados: {message}' (docs/product-rules.md, "Back office"), inside the back office's shell, with a retry. */
export function ErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : REPORTS_UNAVAILABLE;
  return (
    <div className="space-y-4">
      <h1 className="text-3xl font-bold text-slate-900">Relatórios</h1>
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
        <p className="font-semibold">{`Erro ao carregar dados: ${message}`}</p>
        <Link to="/admin/reports" reloadDocument className="mt-3 inline-flex items-center gap-2 rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-900 hover:bg-red-50">
          <RefreshCw aria-hidden="true" className="size-4" />
          Tentar novamente
        </Link>
      </div>
    </div>
  );
}
