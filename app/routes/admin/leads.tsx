import { RefreshCw, Search, UserCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Form, isRouteErrorResponse, Link, redirect, useNavigation, useRouteError } from 'react-router';
import { requireSuperadmin } from '~/auth/session.server';
import { formControlClass, formLabelClass } from '~/components/forms/form-styles';
import { pageMeta } from '~/lib/seo';
import { doorIntents, passDoor } from '~/lib/write-door.server';
import type { WriteAnswer } from '~/lib/write-answer';
import type { BackOffice } from '~/modules/accounts/superadmins.server';
import { assignWaitingLead } from '~/modules/admin/lead-assignment.server';
import {
  adminLeadsQueryFrom,
  adminLeadViewFrom,
  countWaitingLeads,
  findAdminLeads,
  findWaitingLeads,
  waitingLeadsQueryFrom,
  type AdminLeadLawyer,
  type AdminLeadsQuery,
  type AssignableLawyer,
  type WaitingLead,
  type WaitingLeadsQuery,
} from '~/modules/admin/leads.server';
import { findRecentToolLeads, type AdminToolLead } from '~/modules/admin/tool-leads.server';
import {
  ADMIN_LEAD_TEXTS,
  ADMIN_LEAD_VIEWS,
  ADMIN_LEAD_VISIBLE_LAWYERS,
  ADMIN_LEADS_QUERY_MAX_LENGTH,
  assignLeadSchema,
  WAITING_LEAD_SEARCH_MAX_LENGTH,
  WAITING_LEAD_TEXTS,
  type AdminLeadView,
} from '~/modules/admin/leads.schemas';
import type { Route } from './+types/leads';
import { backOfficeDoor } from './back-office-door.server';
import { BACK_OFFICE_HEADERS } from './back-office-headers';
import { Pager, RefreshLink } from './components/page-links';
import { ScrollingTable } from './components/scrolling-table';

/**
 * /admin/leads 'Gerenciar Leads' (docs/product-rules.md, "Back office"):
 * one row per client e-mail, the most recent lead's data winning. The search (`q`) and the page
 * (`pagina`) live in the URL, so the list works without JavaScript; only '+N mais' needs it.
 *
 * The 'Sem advogado' view (`vista=sem-advogado`, docs/decisions/0044): the client requests that wait
 * for a lawyer, oldest first, each with 'Atribuir' (a form post) and a search for any approved lawyer
 * (`lead` and `busca` in the URL), so it works without JavaScript too.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSuperadmin(request);
  const params = new URL(request.url).searchParams;
  if (adminLeadViewFrom(params) === 'waiting') {
    const query = waitingLeadsQueryFrom(params);
    const [waiting, toolLeads] = await Promise.all([findWaitingLeads(query), findRecentToolLeads()]);
    if (waiting.leads.length === 0 && query.pagina > waiting.pageCount) throw redirect(waitingUrl({ pagina: waiting.pageCount }));
    return { view: 'waiting' as const, waiting, waitingTotal: waiting.total, toolLeads };
  }
  const query = adminLeadsQueryFrom(params);
  const [page, toolLeads, waitingTotal] = await Promise.all([findAdminLeads(query), findRecentToolLeads(), countWaitingLeads()]);
  // A page past the end (an address kept while leads were removed): the last page instead.
  if (page.groups.length === 0 && query.pagina > page.pageCount) throw redirect(listUrl({ ...query, pagina: page.pageCount }));
  return { view: 'all' as const, ...page, toolLeads, waitingTotal };
}

/** 'Atribuir' of a waiting lead, through the back office's write door (throttle, superadmin, one shape of answer). */
const leadsDoor = backOfficeDoor({
  name: 'leads',
  // Back to the view's page as it was, without the lawyer search of the lead just assigned.
  back: (request) => waitingUrl({ pagina: waitingLeadsQueryFrom(new URL(request.url).searchParams).pagina }),
  unknownIntent: { message: WAITING_LEAD_TEXTS.invalidIntent },
  intents: {
    atribuir: doorIntents<BackOffice>()({
      schema: assignLeadSchema,
      echo: { leadId: 36 },
      invalid: (errors) => {
        const field = errors.intent ? 'intent' : errors.leadId ? 'leadId' : 'lawyerId';
        return { status: 400, message: errors[field] ?? WAITING_LEAD_TEXTS.notApproved, field };
      },
      run: async (office, input) => {
        const assigned = await assignWaitingLead(office, input);
        return { message: WAITING_LEAD_TEXTS.assigned(assigned.lawyerName) };
      },
    }),
  },
});

export async function action({ request }: Route.ActionArgs) {
  return passDoor(leadsDoor, request, await requireSuperadmin(request), 'page');
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

/** The 'Sem advogado' view's URL: its page, and the lawyer search of one lead. */
function waitingUrl(query: Partial<WaitingLeadsQuery> & { pagina: number }): string {
  const params = new URLSearchParams({ vista: ADMIN_LEAD_VIEWS.waiting });
  if (query.pagina > 1) params.set('pagina', String(query.pagina));
  if (query.lead && query.busca) {
    params.set('lead', query.lead);
    params.set('busca', query.busca);
  }
  return `/admin/leads?${params.toString()}`;
}

const number = new Intl.NumberFormat('pt-BR');
const button = 'inline-flex items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold';
const outlineButton = 'inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50';
const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase';
const td = 'px-3 py-3 align-top text-sm text-slate-800';

const tabClass = (active: boolean) =>
  `inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold sm:px-4 ${active ? 'bg-brand-700 text-white' : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`;

export default function AdminLeadsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, waitingTotal, toolLeads } = loaderData;
  const here = loaderData.view === 'waiting' ? waitingUrl(loaderData.waiting.query) : listUrl(loaderData.query);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Gerenciar Leads</h1>
        <RefreshLink to={here} />
      </div>

      <ViewTabs view={view} waitingTotal={waitingTotal} />

      {loaderData.view === 'waiting' ? <WaitingLeads {...loaderData.waiting} answer={actionData} /> : <AllLeads {...loaderData} />}

      <ToolLeads total={toolLeads.total} leads={toolLeads.leads} />
    </div>
  );
}

/** The two views of the page: every lead, and the requests that wait for a lawyer (with their count). */
function ViewTabs({ view, waitingTotal }: { view: AdminLeadView; waitingTotal: number }) {
  return (
    <nav aria-label="Visões dos leads" className="flex flex-wrap gap-2">
      <Link to="/admin/leads" aria-current={view === 'all' ? 'page' : undefined} className={tabClass(view === 'all')}>
        {WAITING_LEAD_TEXTS.allTab}
      </Link>
      <Link to={waitingUrl({ pagina: 1 })} aria-current={view === 'waiting' ? 'page' : undefined} className={tabClass(view === 'waiting')}>
        {WAITING_LEAD_TEXTS.tab}
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-bold tabular-nums ${view === 'waiting' ? 'bg-white text-brand-800' : waitingTotal > 0 ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700'}`}
        >
          {number.format(waitingTotal)}
        </span>
      </Link>
    </nav>
  );
}

/** Every lead, grouped by the client's e-mail (the page as the specification describes it). */
function AllLeads({ groups, uniqueTotal, leadTotal, page, pageCount, query }: Extract<Route.ComponentProps['loaderData'], { view: 'all' }>) {
  return (
    <>
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
    </>
  );
}

/** A description longer than this shows its start, the rest behind 'Ver descrição completa' (a native <details>). */
const DESCRIPTION_PREVIEW = 280;

/**
 * 'Sem advogado': the requests that wait for a lawyer, oldest first, as cards (on a phone every field and
 * 'Atribuir' are within the screen's width, no table to scroll sideways).
 */
function WaitingLeads({ leads, total, page, pageCount, query, answer }: Extract<Route.ComponentProps['loaderData'], { view: 'waiting' }>['waiting'] & { answer: WriteAnswer | undefined }) {
  const refusal = answer && !answer.ok ? answer : undefined;
  const refusedLead = typeof refusal?.values.leadId === 'string' ? refusal.values.leadId : undefined;
  const cardRefused = refusedLead !== undefined && leads.some((lead) => lead.id === refusedLead);
  return (
    <section aria-labelledby="sem-advogado" className="space-y-4">
      <div>
        <h2 id="sem-advogado" className="text-xl font-semibold text-slate-900">
          {WAITING_LEAD_TEXTS.heading}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{WAITING_LEAD_TEXTS.intro}</p>
      </div>

      {/* A refusal about a lead no longer on the page (assigned or removed meanwhile) is shown here. */}
      {refusal?.message && !cardRefused ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {refusal.message}
        </p>
      ) : null}

      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm text-slate-700">
        <p role="status">{WAITING_LEAD_TEXTS.count(total)}</p>
        {pageCount > 1 ? <p>{`Página ${page} de ${pageCount}`}</p> : null}
      </div>

      {leads.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-center font-semibold text-slate-900 shadow-sm">{WAITING_LEAD_TEXTS.empty}</p>
      ) : (
        <ol className="space-y-4">
          {leads.map((lead) => (
            <li key={lead.id}>
              <WaitingLeadCard lead={lead} query={query} error={lead.id === refusedLead ? (refusal?.message ?? null) : null} />
            </li>
          ))}
        </ol>
      )}

      <Pager
        previous={page > 1 ? { to: waitingUrl({ pagina: Math.min(page - 1, pageCount) }), label: 'Anterior' } : null}
        next={page < pageCount ? { to: waitingUrl({ pagina: page + 1 }), label: 'Próxima' } : null}
      />
    </section>
  );
}

const dt = 'text-xs font-semibold tracking-wide text-slate-600 uppercase';
const dd = 'text-sm break-words text-slate-900';

function WaitingLeadCard({ lead, query, error }: { lead: WaitingLead; query: WaitingLeadsQuery; error: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const titleId = `lead-${lead.id}-titulo`;
  const searchId = `lead-${lead.id}-busca`;
  const selectId = `lead-${lead.id}-advogado`;
  const errorId = `lead-${lead.id}-erro`;
  const long = lead.mensagem.length > DESCRIPTION_PREVIEW;
  const searched = lead.id === query.lead ? query.busca : '';
  const here = waitingUrl({ ...query });
  return (
    <article id={`lead-${lead.id}`} aria-labelledby={titleId} className="scroll-mt-24 space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="text-lg font-semibold break-words text-slate-900">
          {lead.nome}
        </h3>
        <span className="inline-flex items-center rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900">
          {lead.waited}
        </span>
      </header>

      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <dt className={dt}>E-mail</dt>
          <dd className={`${dd} [overflow-wrap:anywhere]`}>{lead.email}</dd>
        </div>
        <div>
          <dt className={dt}>Telefone</dt>
          <dd className={dd}>{lead.telefone}</dd>
        </div>
        <div>
          <dt className={dt}>Recebido em</dt>
          <dd className={dd}>
            <time dateTime={lead.receivedAtIso}>{lead.receivedAt}</time>
          </dd>
        </div>
        <div>
          <dt className={dt}>Área</dt>
          <dd className={dd}>{lead.area}</dd>
        </div>
        <div>
          <dt className={dt}>Cidade</dt>
          <dd className={dd}>{lead.cidade}</dd>
        </div>
        <div className="sm:col-span-2 lg:col-span-3">
          <dt className={dt}>Descrição</dt>
          <dd className={`${dd} whitespace-pre-line`}>
            {lead.mensagem === '' ? (
              '—'
            ) : long ? (
              <details>
                <summary className="cursor-pointer">
                  {lead.mensagem.slice(0, DESCRIPTION_PREVIEW).trimEnd()}… <span className="font-semibold text-brand-700 underline underline-offset-2">Ver descrição completa</span>
                </summary>
                <p className="mt-2">{lead.mensagem}</p>
              </details>
            ) : (
              lead.mensagem
            )}
          </dd>
        </div>
      </dl>

      <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4">
        <Form method="get" action={`/admin/leads#lead-${lead.id}`} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <input type="hidden" name="vista" value={ADMIN_LEAD_VIEWS.waiting} />
          {query.pagina > 1 ? <input type="hidden" name="pagina" value={query.pagina} /> : null}
          <input type="hidden" name="lead" value={lead.id} />
          <div className="flex-1">
            <label htmlFor={searchId} className={formLabelClass}>
              Buscar advogado por nome ou OAB
            </label>
            <input id={searchId} name="busca" type="search" defaultValue={searched} maxLength={WAITING_LEAD_SEARCH_MAX_LENGTH} placeholder="Ex.: Ana Souza ou OAB/SP 123456" className={formControlClass} />
          </div>
          <button type="submit" className={`${button} border border-slate-300 bg-white py-2.5 text-slate-800 hover:bg-slate-100`}>
            <Search aria-hidden="true" className="size-4" />
            Buscar
          </button>
        </Form>

        <LawyerChoiceNote lead={lead} searched={searched} />

        {lead.suggested.length > 0 || (lead.found?.length ?? 0) > 0 ? (
          <Form method="post" action={here} preventScrollReset className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <input type="hidden" name="intent" value="atribuir" />
            <input type="hidden" name="leadId" value={lead.id} />
            <div className="flex-1">
              <label htmlFor={selectId} className={formLabelClass}>
                Advogado aprovado
              </label>
              <select
                id={selectId}
                name="lawyerId"
                required
                defaultValue={lead.found?.[0]?.id ?? ''}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className={formControlClass}
              >
                <option value="">Escolha um advogado</option>
                {lead.suggested.length > 0 ? <LawyerOptions label={`Atendem ${lead.area} em ${lead.cidade}`} lawyers={lead.suggested} /> : null}
                {lead.found && lead.found.length > 0 ? <LawyerOptions label={`Encontrados para “${searched}”`} lawyers={lead.found} /> : null}
              </select>
            </div>
            <button type="submit" disabled={busy} className={`${button} bg-brand-700 py-2.5 text-white hover:bg-brand-800`}>
              <UserCheck aria-hidden="true" className="size-4" />
              {WAITING_LEAD_TEXTS.assign}
            </button>
          </Form>
        ) : null}

        {error ? (
          <p id={errorId} role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
      </div>
    </article>
  );
}

function LawyerOptions({ label, lawyers }: { label: string; lawyers: AssignableLawyer[] }) {
  return (
    <optgroup label={label}>
      {lawyers.map((lawyer) => (
        <option key={lawyer.id} value={lawyer.id}>
          {`${lawyer.nome} (${lawyer.oab})`}
        </option>
      ))}
    </optgroup>
  );
}

/** What the lawyer list holds: the lawyers of the lead's area and city, and what a search found. */
function LawyerChoiceNote({ lead, searched }: { lead: WaitingLead; searched: string }) {
  const lines: string[] = [];
  if (lead.suggested.length === 0) lines.push(`Nenhum advogado aprovado atende ${lead.area} em ${lead.cidade}. Busque um advogado aprovado por nome ou OAB.`);
  if (lead.found !== null) {
    const n = lead.found.length;
    lines.push(n === 0 ? `Nenhum advogado aprovado encontrado para “${searched}”.` : `${n === 1 ? '1 advogado aprovado encontrado' : `${n} advogados aprovados encontrados`} para “${searched}”: escolha na lista abaixo.`);
  }
  if (lines.length === 0) return null;
  return (
    <div className="space-y-1 text-sm text-slate-700">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
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
                    {lead.empresa ?? <span className="font-normal text-slate-600">Sem empresa</span>}
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
