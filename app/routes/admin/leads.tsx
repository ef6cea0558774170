import { RefreshCw, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Form, isRouteErrorResponse, redirect, useRouteError } from 'react-router';
import { requireSuperadmin } from '~/auth/session.server';
import { formControlClass, formLabelClass } from '~/components/forms/form-styles';
import { pageMeta } from '~/lib/seo';
import { adminLeadsQueryFrom, findAdminLeads, type AdminLeadLawyer, type AdminLeadsQuery } from '~/modules/admin/leads.server';
import { findRecentToolLeads, type AdminToolLead } from '~/modules/admin/tool-leads.server';
import { ADMIN_LEAD_TEXTS, ADMIN_LEAD_VISIBLE_LAWYERS, ADMIN_LEADS_QUERY_MAX_LENGTH } from '~/modules/admin/leads.schemas';
import type { Route } from './+types/leads';
import { BACK_OFFICE_HEADERS } from './back-office-headers';
import { Pager, RefreshLink } from './components/page-links';
import { ScrollingTable } from './components/scrolling-table';

/**
 * /admin/leads 'Gerenciar Leads' (docs/product-rules.md, "Back office"):
 * one row per client e-mail, the most recent lead's data winning. The search (`q`) and the page
 * (`pagina`) live in the URL, so the list works without JavaScript; only '+N mais' needs it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSuperadmin(request);
  const query = adminLeadsQueryFrom(new URL(request.url).searchParams);
  const [page, toolLeads] = await Promise.all([findAdminLeads(query), findRecentToolLeads()]);
  // A page past the end (an address kept while leads were removed): the last page instead.
  if (page.groups.length === 0 && query.pagina > page.pageCount) throw redirect(listUrl({ ...query, pagina: page.pageCount }));
  return { ...page, toolLeads };
}

export const headers: Route.HeadersFunction = () => BACK_OFFICE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ site: matches[0]?.loaderData.site, title: 'Gerenciar Leads', description: 'Pedidos de atendimento recebidos pela plataforma.', path: '/admin/leads', noindex: true });

function listUrl(query: Pick<AdminLeadsQuery, 'q' | 'pagina'>): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.pagina > 1) params.set('pagina', String(query.pagina));
  const search = params.toString();
  return `/admin/leads${search ? `?${search}` : ''}`;
}

const number = new Intl.NumberFormat('pt-BR');
const button = 'inline-flex items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold';
const outlineButton = 'inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50';
const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase';
const td = 'px-3 py-3 align-top text-sm text-slate-800';

export default function AdminLeadsPage({ loaderData }: Route.ComponentProps) {
  const { groups, uniqueTotal, leadTotal, page, pageCount, query, toolLeads } = loaderData;
  const here = listUrl(query);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Gerenciar Leads</h1>
        <RefreshLink to={here} />
      </div>

      <Form method="get" action="/admin/leads" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="q" className={formLabelClass}>
            Buscar por nome ou e-mail do cliente
          </label>
          <input id="q" name="q" type="search" defaultValue={query.q} maxLength={ADMIN_LEADS_QUERY_MAX_LENGTH} placeholder="Ex.: Maria ou maria@exemplo.com" className={formControlClass} />
        </div>
        <button type="submit" className={`${button} bg-brand-700 py-2.5 text-white hover:bg-brand-800`}>
          <Search aria-hidden="true" className="size-4" />
          Buscar
        </button>
      </Form>

      {groups.length === 0 ? (
        <div className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
          <p className="font-semibold text-slate-900">{ADMIN_LEAD_TEXTS.empty}</p>
          {query.q ? <p className="mt-1 text-sm text-slate-700">Nenhum pedido com “{query.q}” no nome ou no e-mail.</p> : null}
          <Form method="get" action="/admin/leads" className="mt-4">
            {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
            <button type="submit" className={outlineButton}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {ADMIN_LEAD_TEXTS.retry}
            </button>
          </Form>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm text-slate-700">
            <p role="status">{ADMIN_LEAD_TEXTS.loaded(uniqueTotal, leadTotal)}</p>
            {pageCount > 1 ? <p>{`Página ${page} de ${pageCount}`}</p> : null}
          </div>
          <ScrollingTable
            label="Tabela de leads (role para os lados no celular)"
            caption={`Leads agrupados por e-mail${pageCount > 1 ? `, página ${page} de ${pageCount}` : ''}`}
            minWidth="min-w-[64rem]"
          >
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={th}>Cliente</th>
                <th scope="col" className={th}>Telefone</th>
                <th scope="col" className={th}>Cidade e área</th>
                <th scope="col" className={th}>Mensagem</th>
                <th scope="col" className={th}>Advogados</th>
                <th scope="col" className={th}>Leads</th>
                <th scope="col" className={th}>Último pedido</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {groups.map((group) => (
                <tr key={group.email}>
                  <th scope="row" className={`${td} text-left font-semibold text-slate-900`}>
                    {group.nome}
                    <span className="block text-xs font-normal break-all text-slate-600">{group.email}</span>
                  </th>
                  <td className={`${td} whitespace-nowrap`}>{group.telefone}</td>
                  <td className={td}>
                    {group.cidade}
                    <span className="block text-xs text-slate-600">{group.area}</span>
                  </td>
                  <td className={`${td} max-w-[16rem] break-words`}>{group.mensagem || '—'}</td>
                  <td className={td}>
                    <AssignedLawyers lawyers={group.lawyers} />
                  </td>
                  <td className={`${td} text-right tabular-nums`}>{number.format(group.leadCount)}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <time dateTime={group.receivedAtIso}>{group.receivedAt}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
        </>
      )}

      <Pager
        previous={page > 1 ? { to: listUrl({ ...query, pagina: Math.min(page - 1, pageCount) }), label: 'Anterior' } : null}
        next={page < pageCount ? { to: listUrl({ ...query, pagina: page + 1 }), label: 'Próxima' } : null}
      />

      <ToolLeads total={toolLeads.total} leads={toolLeads.leads} />
    </div>
  );
}

/** The contacts left on the free tools (the contract summariser): the most recent, with the total. */
function ToolLeads({ total, leads }: { total: number; leads: AdminToolLead[] }) {
  return (
    <section aria-labelledby="leads-ferramentas" className="space-y-3 border-t border-slate-200 pt-6">
      <h2 id="leads-ferramentas" className="text-xl font-semibold text-slate-900">
        Leads das ferramentas gratuitas
      </h2>
      {leads.length === 0 ? (
        <p className="text-sm text-slate-700">Nenhum contato deixado nas ferramentas ainda.</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">{total > leads.length ? `Os ${leads.length} mais recentes de ${number.format(total)} contatos.` : `${number.format(total)} contato${total === 1 ? '' : 's'}.`}</p>
          <ScrollingTable label="Tabela de leads das ferramentas (role para os lados no celular)" caption="Contatos deixados nas ferramentas gratuitas, do mais recente" minWidth="min-w-[48rem]">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={th}>Empresa</th>
                <th scope="col" className={th}>Telefone</th>
                <th scope="col" className={th}>Ferramenta</th>
                <th scope="col" className={th}>Quando</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {leads.map((lead) => (
                <tr key={lead.id}>
                  <th scope="row" className={`${td} text-left font-semibold text-slate-900`}>
                    {lead.empresa}
                    <span className="block text-xs font-normal break-all text-slate-600">{lead.email}</span>
                  </th>
                  <td className={`${td} whitespace-nowrap`}>{lead.telefone}</td>
                  <td className={td}>{lead.tool}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <time dateTime={lead.receivedAtIso}>{lead.receivedAt}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
        </>
      )}
    </section>
  );
}

/** The first two lawyers, the rest behind '+N mais' (docs/product-rules.md, "Back office"). */
function AssignedLawyers({ lawyers }: { lawyers: AdminLeadLawyer[] }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  if (lawyers.length === 0) return <span className="text-slate-600">Sem advogado</span>;
  const hidden = lawyers.length - ADMIN_LEAD_VISIBLE_LAWYERS;
  const shown = hidden > 0 && !expanded ? lawyers.slice(0, ADMIN_LEAD_VISIBLE_LAWYERS) : lawyers;
  return (
    <div className="space-y-1">
      <ul id={listId} className="space-y-1">
        {shown.map((lawyer) => (
          <li key={lawyer.id}>
            <span className="block">{lawyer.nome}</span>
            <span className="block text-xs text-slate-600">{lawyer.oab}</span>
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((open) => !open)}
          className="rounded text-xs font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          {expanded ? 'Mostrar menos' : ADMIN_LEAD_TEXTS.more(hidden)}
        </button>
      ) : null}
    </div>
  );
}

/** A failure while loading: the spec's message and a way to try again. */
export function ErrorBoundary() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) && typeof error.data === 'string' && error.data ? error.data : 'o servidor não respondeu. Tente novamente em instantes.';
  return (
    <div className="space-y-4">
      <h1 className="text-3xl font-bold text-slate-900">Gerenciar Leads</h1>
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        <p className="font-semibold">{ADMIN_LEAD_TEXTS.loadError(detail)}</p>
        <div className="mt-4">
          <RefreshLink to="/admin/leads" reloadDocument label={ADMIN_LEAD_TEXTS.retry} />
        </div>
      </div>
    </div>
  );
}
