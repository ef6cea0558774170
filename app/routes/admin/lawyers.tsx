import { Ban, Check, ExternalLink, Search, ShieldCheck, Trash2, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { requireSuperadmin } from '~/auth/session.server';
import { ErrorSummary } from '~/components/forms/error-summary';
import { formControlClass, formLabelClass } from '~/components/forms/form-styles';
import { pageMeta } from '~/lib/seo';
import { doorIntents, passDoor } from '~/lib/write-door.server';
import { deleteLawyerAccount } from '~/modules/accounts/account-deletion.server';
import { approveLawyer, recheckLawyerOab, rejectLawyer, suspendLawyer } from '~/modules/accounts/lawyer-review.server';
import type { BackOffice } from '~/modules/accounts/superadmins.server';
import { adminLawyersQueryFrom, findAdminLawyers, findAdminLawyerSummary, findOabRecheckDue, formatDate, type AdminLawyerSummary } from '~/modules/admin/lawyers.server';
import { CNA_CHECK_LABEL, CNA_URL } from '~/domain/trust';
import { formatDurationPtBr } from '~/lib/format-duration';
import {
  ADMIN_LAWYER_TEXTS,
  ADMIN_LAWYERS_QUERY_MAX_LENGTH,
  approveLawyerSchema,
  deleteLawyerSchema,
  EXPIRY_WARNING_DAYS,
  PAYMENT_STATUS_LABELS,
  recheckLawyerSchema,
  rejectLawyerSchema,
  suspendLawyerSchema,
  REJECTION_REASON_MAX_LENGTH,
  type PaymentStatus,
} from '~/modules/admin/lawyers.schemas';
import type { LawyerStatus } from '~/domain/catalog/catalog';
import { EXPECTED_REVENUE_LABEL, NO_CHARGE_YET } from '~/modules/subscriptions/plan-texts';
import type { Route } from './+types/lawyers';
import { backOfficeDoor } from './back-office-door.server';
import { backOfficeHeaders } from './back-office-headers';
import { FIGURE_VALUE } from './components/figure-value';
import { CancelLink, ConfirmDialog } from './components/confirm-dialog';
import { Pager, RefreshLink } from './components/page-links';
import { ScrollingTable } from './components/scrolling-table';

/**
 * /admin/lawyers 'Gerenciar Advogados' (docs/product-rules.md, "Back
 * office"). The list, its search (`q`), status filter (`status`) and page (`pagina`) live in the URL;
 * the tab in `aba` (lista, financeiro); the confirmations in `rejeitar` and `excluir` (the lawyer's id),
 * so everything works without JavaScript. 'Área Financeira' shows the same page of lawyers as the list.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSuperadmin(request);
  const url = new URL(request.url);
  const query = adminLawyersQueryFrom(url.searchParams);
  const now = new Date();
  const tab = tabOf(url);
  const [page, recheck, toReject, toDelete, toApprove, toSuspend, toRecheck] = await Promise.all([
    findAdminLawyers(query, now),
    tab === 'conferir' ? findOabRecheckDue(query, now) : null,
    findAdminLawyerSummary(url.searchParams.get('rejeitar')),
    findAdminLawyerSummary(url.searchParams.get('excluir')),
    findAdminLawyerSummary(url.searchParams.get('aprovar')),
    findAdminLawyerSummary(url.searchParams.get('suspender')),
    findAdminLawyerSummary(url.searchParams.get('conferir')),
  ]);
  const dialog = (lawyer: AdminLawyerSummary | null) => (lawyer ? { ...lawyer, oabCheckedAt: lawyer.oabCheckedAt ? formatDate(lawyer.oabCheckedAt) : null } : null);
  // A page past the end (the last lawyer of the last page was just deleted): the last page instead.
  const pageCount = recheck ? recheck.pageCount : page.pageCount;
  if ((recheck ? recheck.rows : page.rows).length === 0 && query.pagina > pageCount) throw redirect(listUrl({ ...query, pagina: pageCount }, tab));
  return {
    counts: page.counts,
    finance: page.finance,
    total: page.total,
    totalCapped: page.totalCapped,
    page: page.page,
    pageCount: page.pageCount,
    query: page.query,
    tab,
    recheck: recheck ? { ...recheck, rows: recheck.rows.map((row) => dialog(row)!) } : null,
    rows: page.rows.map((row) => ({
      ...row,
      oabCheckedAt: row.oabCheckedAt ? formatDate(row.oabCheckedAt) : null,
      createdAt: formatDate(row.createdAt),
      createdAtIso: row.createdAt.toISOString(),
      subscription: row.subscription ? { ...row.subscription, endDate: row.subscription.endDate ? formatDate(row.subscription.endDate) : null } : null,
      daysLeft: row.subscription?.endDate ? Math.ceil((row.subscription.endDate.getTime() - now.getTime()) / 86_400_000) : null,
    })),
    toReject,
    toDelete,
    toApprove: dialog(toApprove),
    toSuspend: dialog(toSuspend),
    toRecheck: dialog(toRecheck),
  };
}

const lawyerIntent = doorIntents<BackOffice>();
/** A refused form: its first message (a malformed id, the deletion not confirmed, a reason too long). */
const invalid = (errors: Partial<Record<string, string>>) => ({ status: 400, message: Object.values(errors)[0] ?? ADMIN_LAWYER_TEXTS.invalidIntent });

/** 'Aprovar' (with the CNA check), 'Rejeitar', 'Suspender', 'Conferir de novo' and 'Excluir' of a row, through the back office's write door. */
const lawyersDoor = backOfficeDoor({
  name: 'advogados',
  back: backUrl,
  unknownIntent: { message: ADMIN_LAWYER_TEXTS.invalidIntent },
  intents: {
    aprovar: lawyerIntent({
      schema: approveLawyerSchema,
      invalid,
      run: async (office, input) => ({
        message: ADMIN_LAWYER_TEXTS.statusUpdated((await approveLawyer(input.lawyerId, { reviewerId: office.superadminId, cnaChecked: input.cna === 'sim' })).status),
      }),
    }),
    suspender: lawyerIntent({
      schema: suspendLawyerSchema,
      invalid,
      run: async (office, input) => ({
        message: ADMIN_LAWYER_TEXTS.statusUpdated((await suspendLawyer(input.lawyerId, { reviewerId: office.superadminId, reason: input.motivo })).status),
      }),
    }),
    conferir: lawyerIntent({
      schema: recheckLawyerSchema,
      invalid,
      run: async (office, input) => {
        await recheckLawyerOab(input.lawyerId, { reviewerId: office.superadminId, cnaChecked: input.cna === 'sim' });
        return { message: ADMIN_LAWYER_TEXTS.rechecked };
      },
    }),
    rejeitar: lawyerIntent({
      schema: rejectLawyerSchema,
      invalid,
      run: async (office, input) => ({
        message: ADMIN_LAWYER_TEXTS.statusUpdated((await rejectLawyer(input.lawyerId, { reviewerId: office.superadminId, reason: input.motivo })).status),
      }),
    }),
    excluir: lawyerIntent({
      schema: deleteLawyerSchema,
      invalid,
      run: async (office, input) => {
        await deleteLawyerAccount(input.lawyerId, { by: { superadminId: office.superadminId } });
        return { message: ADMIN_LAWYER_TEXTS.deleted };
      },
    }),
  },
});

export async function action({ request }: Route.ActionArgs) {
  return passDoor(lawyersDoor, request, await requireSuperadmin(request), 'page');
}

export const headers: Route.HeadersFunction = backOfficeHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ site: matches[0]?.loaderData.site, title: 'Gerenciar Advogados', description: 'Aprovação, rejeição e finanças dos advogados.', path: '/admin/lawyers', noindex: true });

type Tab = 'lista' | 'financeiro' | 'conferir';

function tabOf(url: URL): Tab {
  const aba = url.searchParams.get('aba');
  return aba === 'financeiro' || aba === 'conferir' ? aba : 'lista';
}

/** The list's own URL: search, filter, page and tab, without a confirmation. */
function listUrl(query: { q: string; status?: LawyerStatus | undefined; pagina: number }, tab: Tab, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  if (query.pagina > 1) params.set('pagina', String(query.pagina));
  if (tab !== 'lista') params.set('aba', tab);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const search = params.toString();
  return `/admin/lawyers${search ? `?${search}` : ''}`;
}

/** Where an action goes back to: the list as it was, without the dialog that sent it. */
function backUrl(request: Request): string {
  const url = new URL(request.url);
  return listUrl(adminLawyersQueryFrom(url.searchParams), tabOf(url));
}

const number = new Intl.NumberFormat('pt-BR');
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

const STATUS_LOOK: Record<LawyerStatus, { label: string; className: string }> = {
  approved: { label: 'Aprovado', className: 'border-emerald-200 bg-emerald-50 text-emerald-800' },
  pending: { label: 'Pendente', className: 'border-amber-300 bg-amber-50 text-amber-900' },
  rejected: { label: 'Rejeitado', className: 'border-red-200 bg-red-50 text-red-800' },
  suspended: { label: 'Suspenso', className: 'border-slate-400 bg-slate-100 text-slate-900' },
};
const PAYMENT_LOOK: Record<PaymentStatus, string> = {
  em_dia: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  atraso: 'border-red-200 bg-red-50 text-red-800',
  sem_plano: 'border-slate-300 bg-slate-50 text-slate-700',
};
const STATUS_FILTERS: Array<{ value: '' | LawyerStatus; label: string }> = [
  { value: '', label: 'Todos' },
  { value: 'pending', label: 'Pendentes' },
  { value: 'approved', label: 'Aprovados' },
  { value: 'rejected', label: 'Rejeitados' },
  { value: 'suspended', label: 'Suspensos' },
];

function Badge({ className, children }: { className: string; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${className}`}>{children}</span>;
}

/** '1 advogado', '21 advogados', or 'mais de 10.000 advogados' when a count stopped at its cap (decision 0075). */
function lawyersCount(total: number, capped: boolean): string {
  if (capped) return `mais de ${number.format(total)} advogados`;
  return total === 1 ? '1 advogado' : `${number.format(total)} advogados`;
}

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function CountCard({ title, value }: { title: string; value: number }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 className="text-sm font-semibold text-slate-700">{title}</h3>
      {/* Two cards a row on a phone: 1.550.000 fits at text-xl. */}
      <p className={`mt-2 text-xl ${FIGURE_VALUE}`}>{number.format(value)}</p>
    </div>
  );
}

const button = 'inline-flex items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold disabled:opacity-70';
const tabClass = (active: boolean) =>
  `inline-flex rounded-md px-4 py-2 text-sm font-semibold ${active ? 'bg-brand-700 text-white' : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`;
const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase';
const td = 'px-3 py-3 align-top text-sm text-slate-800';

export default function AdminLawyersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, finance, rows, total, totalCapped, query, tab, recheck, toReject, toDelete, toApprove, toSuspend, toRecheck } = loaderData;
  const page = recheck ? recheck.page : loaderData.page;
  const pageCount = recheck ? recheck.pageCount : loaderData.pageCount;
  // A search's count stops at its cap (decision 0075): more pages may follow the last one counted.
  const morePages = recheck ? recheck.totalCapped : totalCapped;
  const pageOfCount = `página ${page} de ${morePages ? 'mais de ' : ''}${number.format(pageCount)}`;
  const paged = pageCount > 1 || morePages;
  const pageOf = paged ? `, ${pageOfCount}` : '';
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const here = listUrl(query, tab);
  const withDialog = (name: 'rejeitar' | 'excluir' | 'aprovar' | 'suspender' | 'conferir', id: string) => listUrl(query, tab, { [name]: id });
  const pageUrl = (pagina: number) => listUrl({ ...query, pagina }, tab);
  const error = actionData?.message ?? null;
  const cnaDialogOpen = Boolean((toApprove && toApprove.status !== 'approved') || (toRecheck && toRecheck.status === 'approved'));

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Gerenciar Advogados</h1>
        <RefreshLink to={here} />
      </div>

      {/* A refused action (its buttons have no fields): the message takes the focus, in view wherever the button was. */}
      {/* A refusal of a CNA check is said in its dialog, beside the box. */}
      <ErrorSummary message={cnaDialogOpen ? null : error} fields={[]} answer={cnaDialogOpen ? null : actionData} />

      <section aria-labelledby="visao-geral" className="space-y-4">
        <h2 id="visao-geral" className="text-xl font-semibold text-slate-900">
          Visão Geral
        </h2>
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-5">
          <CountCard title="Total" value={counts.total} />
          <CountCard title="Aprovados" value={counts.approved} />
          <CountCard title="Pendentes" value={counts.pending} />
          <CountCard title="Rejeitados" value={counts.rejected} />
          <CountCard title="Suspensos" value={counts.suspended} />
        </div>
      </section>

      <nav aria-label="Seções de advogados" className="flex flex-wrap gap-2">
        <Link to={listUrl(query, 'lista')} aria-current={tab === 'lista' ? 'page' : undefined} className={tabClass(tab === 'lista')}>
          Lista de Advogados
        </Link>
        <Link to={listUrl(query, 'financeiro')} aria-current={tab === 'financeiro' ? 'page' : undefined} className={tabClass(tab === 'financeiro')}>
          Área Financeira
        </Link>
        <Link to={listUrl({ q: query.q, pagina: 1 }, 'conferir')} aria-current={tab === 'conferir' ? 'page' : undefined} className={tabClass(tab === 'conferir')}>
          Conferir de novo
        </Link>
      </nav>

      <section aria-labelledby="secao" className="space-y-4">
        <h2 id="secao" className="text-xl font-semibold text-slate-900">
          {tab === 'lista' ? 'Lista de Advogados' : tab === 'financeiro' ? 'Área Financeira' : 'Conferir de novo'}
        </h2>

        {tab === 'financeiro' ? (
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            <div className="col-span-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-1">
              {/* Expected, not received: nothing is charged yet (decision 0045). */}
              <h3 className="text-sm font-semibold text-slate-700">{EXPECTED_REVENUE_LABEL}</h3>
              <p className={`mt-2 text-2xl ${FIGURE_VALUE}`}>{brl.format(finance.revenueBrl)}</p>
              <p className="mt-1 text-xs text-slate-600">Soma mensal dos planos em dia. {NO_CHARGE_YET}</p>
            </div>
            <CountCard title="Em Dia" value={finance.emDia} />
            <CountCard title="Em Atraso" value={finance.atraso} />
            <CountCard title="Sem Plano" value={finance.semPlano} />
          </div>
        ) : null}

        <Form method="get" action="/admin/lawyers" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end">
          {tab !== 'lista' ? <input type="hidden" name="aba" value={tab} /> : null}
          <div className="flex-1">
            <label htmlFor="q" className={formLabelClass}>
              Buscar por nome, e-mail ou OAB
            </label>
            <input id="q" name="q" type="search" defaultValue={query.q} maxLength={ADMIN_LAWYERS_QUERY_MAX_LENGTH} placeholder="Ex.: Maria, maria@exemplo.com ou OAB/SP 123456" className={formControlClass} />
          </div>
          {recheck ? null : (
            <div className="sm:w-48">
              <label htmlFor="status" className={formLabelClass}>
                Status
              </label>
              <select id="status" name="status" defaultValue={query.status ?? ''} className={formControlClass}>
                {STATUS_FILTERS.map(({ value, label }) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          )}
          <button type="submit" className={`${button} bg-brand-700 py-2.5 text-white hover:bg-brand-800`}>
            <Search aria-hidden="true" className="size-4" />
            Buscar
          </button>
        </Form>

        {recheck ? (
          <RecheckList recheck={recheck} withDialog={withDialog} pageOf={pageOf} />
        ) : (
        <>
        <p className="text-sm text-slate-700" aria-live="polite">
          {`${lawyersCount(total, totalCapped)}${paged ? ` · ${pageOfCount}` : ''}`}
        </p>

        {rows.length === 0 ? (
          <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700 shadow-sm">Nenhum advogado encontrado</p>
        ) : tab === 'lista' ? (
          <ScrollingTable label="Tabela de advogados (role para os lados no celular)" caption={`Lista de Advogados${pageOf}`} minWidth="min-w-[64rem]">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={th}>Nome</th>
                  <th scope="col" className={th}>E-mail</th>
                  <th scope="col" className={th}>OAB</th>
                  <th scope="col" className={th}>Status</th>
                  <th scope="col" className={th}>Cadastro</th>
                  <th scope="col" className={th}>
                    Tempo de resposta<span className="block text-[0.7rem] font-normal normal-case">mediana, 30 dias</span>
                  </th>
                  <th scope="col" className={`${th} ${stickyActions} bg-slate-50`}>Ações</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {rows.map((row) => (
                  <tr key={row.id}>
                    <th scope="row" className={`${td} text-left font-semibold text-slate-900`}>
                      {row.nome}
                    </th>
                    <td className={`${td} break-all`}>{row.email}</td>
                    <td className={`${td} whitespace-nowrap`}>
                      {row.oab}
                      <span className="block text-xs text-slate-600">{row.oabCheckedAt ? `Conferida em ${row.oabCheckedAt}` : 'Não conferida no CNA'}</span>
                    </td>
                    <td className={td}>
                      <Badge className={STATUS_LOOK[row.status].className}>{STATUS_LOOK[row.status].label}</Badge>
                    </td>
                    <td className={`${td} whitespace-nowrap`}>
                      <time dateTime={row.createdAtIso}>{row.createdAt}</time>
                    </td>
                    <td className={`${td} whitespace-nowrap`}>{row.responseSeconds === null ? (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">Sem leads contatados nos últimos 30 dias</span>
                        </>
                      ) : (
                        formatDurationPtBr(row.responseSeconds)
                      )}</td>
                    <td className={`${td} ${stickyActions} bg-white`}>
                      <div className="flex flex-col gap-2 lg:flex-row lg:flex-wrap">
                        {row.status !== 'approved' ? (
                          <Link
                            to={withDialog('aprovar', row.id)}
                            preventScrollReset
                            aria-label={`${row.status === 'suspended' ? 'Reativar' : 'Aprovar'} ${row.nome}`}
                            className={`${button} bg-emerald-700 text-white hover:bg-emerald-800`}
                          >
                            <Check aria-hidden="true" className="size-4" />
                            {row.status === 'suspended' ? 'Reativar' : 'Aprovar'}
                          </Link>
                        ) : (
                          <Link to={withDialog('suspender', row.id)} preventScrollReset aria-label={`Suspender ${row.nome}`} className={`${button} border border-slate-400 bg-white text-slate-900 hover:bg-slate-50`}>
                            <Ban aria-hidden="true" className="size-4" />
                            Suspender
                          </Link>
                        )}
                        {row.status !== 'rejected' ? (
                          <Link to={withDialog('rejeitar', row.id)} preventScrollReset aria-label={`Rejeitar ${row.nome}`} className={`${button} border border-amber-400 bg-white text-amber-900 hover:bg-amber-50`}>
                            <X aria-hidden="true" className="size-4" />
                            Rejeitar
                          </Link>
                        ) : null}
                        <Link to={withDialog('excluir', row.id)} preventScrollReset aria-label={`Excluir ${row.nome}`} className={`${button} border border-red-300 bg-white text-red-800 hover:bg-red-50`}>
                          <Trash2 aria-hidden="true" className="size-4" />
                          Excluir
                        </Link>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
          </ScrollingTable>
        ) : (
          <ScrollingTable
            label="Tabela financeira (role para os lados no celular)"
            caption={`Área Financeira${pageOf}`}
            minWidth="min-w-[48rem]"
            footer={<p className="border-t border-slate-200 px-3 py-2 text-xs text-slate-600">Vencimentos nos próximos {EXPIRY_WARNING_DAYS} dias aparecem em vermelho.</p>}
          >
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={th}>Advogado</th>
                  <th scope="col" className={th}>Plano</th>
                  <th scope="col" className={th}>Valor</th>
                  <th scope="col" className={th}>Status do plano</th>
                  <th scope="col" className={th}>Vencimento</th>
                  <th scope="col" className={th}>Pagamento</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {rows.map((row) => (
                  <tr key={row.id}>
                    <th scope="row" className={`${td} text-left font-semibold text-slate-900`}>
                      {row.nome}
                      <span className="block text-xs font-normal break-all text-slate-600">{row.email}</span>
                    </th>
                    <td className={td}>{row.subscription?.name ?? '—'}</td>
                    <td className={`${td} whitespace-nowrap`}>{row.subscription ? `${brl.format(row.subscription.priceBrl)}/mês` : '—'}</td>
                    <td className={td}>{row.subscription ? 'Ativo' : '—'}</td>
                    <td className={`${td} whitespace-nowrap`}>
                      {row.subscription?.endDate ? (
                        <span className={row.endsSoon ? 'font-semibold text-red-700' : undefined}>
                          {row.subscription.endDate}
                          {row.endsSoon && row.daysLeft !== null ? (
                            <span className="block text-xs">{row.daysLeft <= 0 ? 'Vencido' : row.daysLeft === 1 ? 'Vence em 1 dia' : `Vence em ${row.daysLeft} dias`}</span>
                          ) : null}
                        </span>
                      ) : row.subscription ? (
                        'Sem vencimento'
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className={td}>
                      <Badge className={PAYMENT_LOOK[row.paymentStatus]}>{PAYMENT_STATUS_LABELS[row.paymentStatus]}</Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
          </ScrollingTable>
        )}

        </>
        )}

        <Pager
          previous={page > 1 ? { to: pageUrl(Math.min(page - 1, pageCount)), label: 'Anterior' } : null}
          next={page < pageCount || morePages ? { to: pageUrl(page + 1), label: 'Próxima' } : null}
        />
      </section>

      {toReject ? (
        <ConfirmDialog key={`rejeitar-${toReject.id}`} title="Rejeitar advogado?" closeTo={here}>
          <p className="text-sm text-slate-700">
            {toReject.nome} ({toReject.oab}) deixa de aparecer na busca e recebe um e-mail com o motivo, se informado.
          </p>
          <ReasonForm intent="rejeitar" lawyerId={toReject.id} fieldId="motivo" action={here} busy={busy} submitClass="bg-amber-700 hover:bg-amber-800">
            Rejeitar
          </ReasonForm>
        </ConfirmDialog>
      ) : null}

      {toApprove && toApprove.status !== 'approved' ? (
        <ConfirmDialog key={`aprovar-${toApprove.id}`} title={toApprove.status === 'suspended' ? 'Reativar advogado?' : 'Aprovar advogado?'} closeTo={here}>
          <CnaCheckForm
            lawyer={toApprove}
            intent="aprovar"
            action={withDialog('aprovar', toApprove.id)}
            error={error}
            busy={busy}
            closeTo={here}
            submitLabel={toApprove.status === 'suspended' ? 'Reativar' : 'Aprovar'}
          >
            {toApprove.nome} passa a aparecer na busca e recebe um e-mail. Confira a inscrição no Cadastro Nacional dos Advogados da OAB antes de aprovar.
          </CnaCheckForm>
        </ConfirmDialog>
      ) : null}

      {toRecheck && toRecheck.status === 'approved' ? (
        <ConfirmDialog key={`conferir-${toRecheck.id}`} title="Conferir a inscrição de novo?" closeTo={here}>
          <CnaCheckForm lawyer={toRecheck} intent="conferir" action={withDialog('conferir', toRecheck.id)} error={error} busy={busy} closeTo={here} submitLabel="Registrar conferência">
            {toRecheck.oabCheckedAt ? `Última conferência: ${toRecheck.oabCheckedAt}.` : 'A inscrição de ' + toRecheck.nome + ' nunca foi conferida no CNA pela plataforma.'} Se a inscrição não
            estiver regular, use 'Suspender'.
          </CnaCheckForm>
        </ConfirmDialog>
      ) : null}

      {toSuspend && toSuspend.status === 'approved' ? (
        <ConfirmDialog key={`suspender-${toSuspend.id}`} title="Suspender advogado?" closeTo={here}>
          <p className="text-sm text-slate-700">
            {toSuspend.nome} ({toSuspend.oab}) sai da busca, do perfil público e da distribuição de solicitações, e recebe um e-mail com o motivo, se informado. A suspensão pode ser
            desfeita com 'Reativar'.
          </p>
          <ReasonForm intent="suspender" lawyerId={toSuspend.id} fieldId="motivo-suspensao" action={here} busy={busy} submitClass="bg-slate-800 hover:bg-slate-900">
            <Ban aria-hidden="true" className="size-4" />
            Suspender
          </ReasonForm>
        </ConfirmDialog>
      ) : null}

      {toDelete ? (
        <ConfirmDialog key={`excluir-${toDelete.id}`} title="Excluir advogado?" closeTo={here}>
          <p className="text-sm text-slate-700">
            Esta ação é irreversível: {toDelete.nome} ({toDelete.oab}) e todos os dados vinculados serão removidos. Os leads atribuídos ficam sem advogado.
          </p>
          <Form method="post" action={here} className="flex flex-wrap justify-end gap-2">
            <input type="hidden" name="intent" value="excluir" />
            <input type="hidden" name="lawyerId" value={toDelete.id} />
            <input type="hidden" name="confirmacao" value="excluir" />
            <CancelLink to={here} />
            <button type="submit" disabled={busy} className={`${button} bg-red-700 px-4 py-2 text-white hover:bg-red-800`}>
              <Trash2 aria-hidden="true" className="size-4" />
              Excluir
            </button>
          </Form>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** The actions column stays in view on a phone: pinned to the table's right edge while the rest scrolls. */
const stickyActions = 'sticky right-0 shadow-[-4px_0_6px_-4px_rgba(15,23,42,0.25)]';

/**
 * The CNA check of an approval or of 'Conferir de novo' (decision 0061): the inscription as the CNA's
 * search asks for it, the link to the search, and the box the server requires.
 */
/** The form of a dialog whose action may give the lawyer a reason ('Rejeitar', 'Suspender'): sent to them by e-mail. */
function ReasonForm({
  intent,
  lawyerId,
  fieldId,
  action,
  busy,
  submitClass,
  children,
}: {
  intent: 'rejeitar' | 'suspender';
  lawyerId: string;
  fieldId: string;
  action: string;
  busy: boolean;
  submitClass: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="lawyerId" value={lawyerId} />
      <div>
        <label htmlFor={fieldId} className={formLabelClass}>
          Motivo (opcional)
        </label>
        <textarea id={fieldId} name="motivo" rows={3} maxLength={REJECTION_REASON_MAX_LENGTH} className={formControlClass} />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <CancelLink to={action} />
        <button type="submit" disabled={busy} className={`${button} ${submitClass} px-4 py-2 text-white`}>
          {children}
        </button>
      </div>
    </Form>
  );
}

function CnaCheckForm({
  lawyer,
  intent,
  action,
  error,
  busy,
  closeTo,
  submitLabel,
  children,
}: {
  lawyer: { id: string; nome: string; numeroOab: string; oabUf: string };
  intent: 'aprovar' | 'conferir';
  action: string;
  /** The refusal of the last post (the box not ticked), said beside the box. */
  error: string | null;
  busy: boolean;
  closeTo: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} noValidate preventScrollReset className="space-y-4">
      <p className="text-sm text-slate-700">{children}</p>
      <dl className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
        <div>
          <dt className="font-semibold text-slate-700">Número de inscrição</dt>
          <dd className="text-lg font-bold text-slate-900">{lawyer.numeroOab}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-700">UF (Seccional)</dt>
          <dd className="text-lg font-bold text-slate-900">{lawyer.oabUf}</dd>
        </div>
      </dl>
      <a href={CNA_URL} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 font-semibold text-brand-800 underline">
        <ExternalLink aria-hidden="true" className="size-4" />
        Consultar no Cadastro Nacional dos Advogados (abre em nova aba)
      </a>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="lawyerId" value={lawyer.id} />
      <div className="flex items-start gap-2">
        <input
          id={`cna-${intent}`}
          name="cna"
          type="checkbox"
          value="sim"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `cna-${intent}-erro` : undefined}
          className="mt-1 size-4"
        />
        <label htmlFor={`cna-${intent}`} className="text-sm font-medium text-slate-900">
          {CNA_CHECK_LABEL}
        </label>
      </div>
      {error ? (
        <p id={`cna-${intent}-erro`} role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <CancelLink to={closeTo} />
        <button type="submit" disabled={busy} className={`${button} bg-emerald-700 px-4 py-2 text-white hover:bg-emerald-800`}>
          <ShieldCheck aria-hidden="true" className="size-4" />
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}

/** 'Conferir de novo': approved lawyers never checked on the platform or checked over a year ago. */
function RecheckList({
  recheck,
  withDialog,
  pageOf,
}: {
  recheck: { total: number; totalCapped: boolean; rows: Array<{ id: string; nome: string; oab: string; oabCheckedAt: string | null }> };
  withDialog: (name: 'conferir' | 'suspender', id: string) => string;
  pageOf: string;
}) {
  return (
    <>
      <p className="text-sm text-slate-700">
        Advogados aprovados cuja inscrição nunca foi conferida no CNA pela plataforma ou foi conferida há mais de um ano, os mais antigos primeiro.{' '}
        {upperFirst(lawyersCount(recheck.total, recheck.totalCapped))}.
      </p>
      {recheck.rows.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700 shadow-sm">Nenhuma inscrição a conferir</p>
      ) : (
        <ScrollingTable label="Tabela de inscrições a conferir (role para os lados no celular)" caption={`Conferir de novo${pageOf}`} minWidth="min-w-[40rem]">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={th}>Nome</th>
              <th scope="col" className={th}>OAB</th>
              <th scope="col" className={th}>Última conferência</th>
              <th scope="col" className={`${th} ${stickyActions} bg-slate-50`}>Ações</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {recheck.rows.map((row) => (
              <tr key={row.id}>
                <th scope="row" className={`${td} text-left font-semibold text-slate-900`}>{row.nome}</th>
                <td className={`${td} whitespace-nowrap`}>{row.oab}</td>
                <td className={`${td} whitespace-nowrap`}>{row.oabCheckedAt ?? 'Nunca'}</td>
                <td className={`${td} ${stickyActions} bg-white`}>
                  <div className="flex flex-col gap-2 lg:flex-row lg:flex-wrap">
                    <Link to={withDialog('conferir', row.id)} preventScrollReset aria-label={`Conferir de novo ${row.nome}`} className={`${button} bg-emerald-700 text-white hover:bg-emerald-800`}>
                      <ShieldCheck aria-hidden="true" className="size-4" />
                      Conferir de novo
                    </Link>
                    <Link to={withDialog('suspender', row.id)} preventScrollReset aria-label={`Suspender ${row.nome}`} className={`${button} border border-slate-400 bg-white text-slate-900 hover:bg-slate-50`}>
                      <Ban aria-hidden="true" className="size-4" />
                      Suspender
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      )}
    </>
  );
}
