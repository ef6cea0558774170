import { CalendarClock, Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { cityLabel, practiceAreaLabel } from '~/domain/catalog/catalog';
import { formatDurationPtBr } from '~/lib/format-duration';
import type { DashboardWork } from '~/modules/leads/dashboard-work.server';
import { followUpLabel, followUpState } from '~/modules/leads/follow-ups';

// The dashboard's work (issue 23, part 6): the last five leads with their stage and waiting time, and the
// follow-ups due today or overdue, each a link to the lead in the CRM.

const leadHref = (id: string) => `/area-advogado?section=crm&lead=${id}`;

function waitingText(lead: DashboardWork['recentLeads'][number], now: number): { text: string; waiting: boolean } {
  const arrived = new Date(lead.createdAt).getTime();
  if (lead.firstContactAt) return { text: `Primeiro contato em ${formatDurationPtBr((new Date(lead.firstContactAt).getTime() - arrived) / 1000)}`, waiting: false };
  return { text: `Aguardando primeiro contato há ${formatDurationPtBr((now - arrived) / 1000)}`, waiting: true };
}

export function DashboardWorkCards({ work }: { work: DashboardWork }) {
  const now = new Date(work.now).getTime();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="ultimos-leads" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-center justify-between gap-3">
          <h3 id="ultimos-leads" className="flex items-center gap-2 font-semibold text-slate-900">
            <Inbox aria-hidden="true" className="size-5 text-brand-700" />
            Últimos leads
          </h3>
          <Link to="/area-advogado?section=crm" className="text-sm font-medium text-brand-700 underline">
            Abrir o CRM
          </Link>
        </div>
        {work.recentLeads.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">Nenhum lead ainda. Os pedidos de clientes da sua área e cidade aparecem aqui.</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200">
            {work.recentLeads.map((lead) => {
              const waiting = waitingText(lead, now);
              return (
                <li key={lead.id} className="py-3 first:pt-0 last:pb-0">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Link to={leadHref(lead.id)} className="font-medium text-slate-900 underline-offset-2 hover:underline">
                      {lead.nome}
                    </Link>
                    {lead.stage ? (
                      <span className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
                        <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: lead.stage.color }} />
                        <span className="sr-only">Etapa: </span>
                        {lead.stage.name}
                      </span>
                    ) : null}
                  </div>
                  <p className="text-sm text-slate-600">
                    {practiceAreaLabel(lead.areaInteresse)} · {cityLabel(lead.cidade)}
                  </p>
                  <p className={`text-sm font-medium ${waiting.waiting ? 'text-amber-800' : 'text-slate-700'}`}>{waiting.text}</p>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="contatos-de-hoje" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h3 id="contatos-de-hoje" className="flex items-center gap-2 font-semibold text-slate-900">
          <CalendarClock aria-hidden="true" className="size-5 text-brand-700" />
          Próximos contatos para hoje
        </h3>
        {work.dueCount === 0 ? (
          <p className="mt-4 text-sm text-slate-600">Nenhum próximo contato para hoje ou atrasado. Marque o próximo contato no detalhe de cada lead.</p>
        ) : (
          <>
            <ul className="mt-4 divide-y divide-slate-200">
              {work.due.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-3 first:pt-0 last:pb-0">
                  <Link to={leadHref(item.id)} className="font-medium text-slate-900 underline-offset-2 hover:underline">
                    {item.nome}
                  </Link>
                  <span className={`text-sm font-semibold ${followUpState(item.on, work.today) === 'atrasado' ? 'text-red-700' : 'text-amber-800'}`}>
                    {followUpLabel(item.on, item.time, work.today)}
                  </span>
                </li>
              ))}
            </ul>
            {work.dueCount > work.due.length ? <p className="mt-3 text-sm text-slate-600">e mais {work.dueCount - work.due.length} no CRM</p> : null}
          </>
        )}
      </section>
    </div>
  );
}
