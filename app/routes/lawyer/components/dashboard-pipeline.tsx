import type { LucideIcon } from 'lucide-react';
import { Clock, Handshake, Hourglass, ThumbsDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDurationPtBr } from '~/lib/format-duration';
import { formatCount } from '~/lib/format-number';
import type { PipelineStats } from '~/modules/leads/pipeline-stats.server';
import { FigureCard } from './figure-card';

// The dashboard's pipeline figures (issue 23, parts 3 and 4; docs/decisions/0047): conversion and lost
// reasons of the last 90 days, the median response time of the last 30 days and the leads waiting for a
// first contact. Self-contained: the dashboard places it with one line.

const CRM_BOARD = '/area-advogado?section=crm';

/** '—' for a figure with nothing to measure, read as such by a screen reader. */
function NoFigure() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">Sem dados no período</span>
    </>
  );
}

function PipelineCard({ icon, title, period, value, children }: { icon: LucideIcon; title: string; period: string; value?: ReactNode; children: ReactNode }) {
  return (
    <FigureCard icon={icon} title={title} period={period} heading="h4" value={value} className="flex flex-col">
      <div className="mt-2 text-sm text-slate-700">{children}</div>
    </FigureCard>
  );
}

export function DashboardPipeline({ stats }: { stats: PipelineStats }) {
  const { conversion, lostReasons, responseTime, waiting } = stats;
  const closed = conversion.won + conversion.lost;
  return (
    <section aria-labelledby="secao-funil" className="space-y-4">
      <h3 id="secao-funil" className="text-lg font-bold text-slate-900">
        Funil e atendimento
      </h3>
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        <PipelineCard icon={Handshake} title="Conversão" period="Últimos 90 dias" value={conversion.percent === null ? <NoFigure /> : `${conversion.percent}%`}>
          {closed === 0
            ? 'Nenhum lead encerrado no período.'
            : `${formatCount(conversion.won)} ${conversion.won === 1 ? 'contratado' : 'contratados'} de ${formatCount(closed)} ${closed === 1 ? 'lead encerrado' : 'leads encerrados'}.`}
        </PipelineCard>
        <PipelineCard icon={Clock} title="Tempo de resposta" period="Mediana, leads dos últimos 30 dias" value={responseTime.medianSeconds === null ? <NoFigure /> : formatDurationPtBr(responseTime.medianSeconds)}>
          {responseTime.contacted === 0
            ? 'Nenhum lead do período contatado ainda.'
            : `Da chegada ao primeiro contato, em ${formatCount(responseTime.contacted)} ${responseTime.contacted === 1 ? 'lead' : 'leads'}.`}
        </PipelineCard>
        <PipelineCard icon={Hourglass} title="Aguardando contato" period="Leads em aberto sem contato" value={formatCount(waiting)}>
          <Link to={CRM_BOARD} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            Ver no quadro<span className="sr-only"> de leads</span>
          </Link>
        </PipelineCard>
        <PipelineCard icon={ThumbsDown} title="Motivos de perda" period="Últimos 90 dias">
          {lostReasons.length === 0 ? (
            <p className="mt-2">Nenhum lead perdido no período.</p>
          ) : (
            <ul aria-label="Motivos de perda e quantos leads" className="mt-2 space-y-1.5">
              {lostReasons.map((reason) => (
                <li key={reason.id ?? 'nao-informado'} className="flex items-baseline justify-between gap-3">
                  <span>{reason.label}</span>
                  <span className="font-semibold text-slate-900">{formatCount(reason.count)}</span>
                </li>
              ))}
            </ul>
          )}
        </PipelineCard>
      </ul>
    </section>
  );
}
