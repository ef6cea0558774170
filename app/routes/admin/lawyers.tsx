import { Check, Search, Trash2, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { requireSuperadmin } from '~/auth/session.server';
import { ErrorSummary } from '~/components/forms/error-summary';
import { formControlClass, formLabelClass } from '~/components/forms/form-styles';
import { pageMeta } from '~/lib/seo';
import { doorIntents, passDoor } from '~/lib/write-door.server';
import { deleteLawyerAccount } from '~/modules/accounts/account-deletion.server';
import { approveLawyer, rejectLawyer } from '~/modules/accounts/lawyer-review.server';
import type { BackOffice } from '~/modules/accounts/superadmins.server';
import { adminLawyersQueryFrom, findAdminLawyers, findAdminLawyerSummary, formatDate } from '~/modules/admin/lawyers.server';
import { formatDurationPtBr } from '~/lib/format-duration';
import {
  ADMIN_LAWYER_TEXTS,
  ADMIN_LAWYERS_QUERY_MAX_LENGTH,
  approveLawyerSchema,
  deleteLawyerSchema,
  EXPIRY_WARNING_DAYS,
  PAYMENT_STATUS_LABELS,
  rejectLawyerSchema,
  REJECTION_REASON_MAX_LENGTH,
  type PaymentStatus,
} from '~/modules/admin/lawyers.schemas';
import type { LawyerStatus } from '~/domain/catalog/catalog';
import { EXPECTED_REVENUE_LABEL, NO_CHARGE_YET } from '~/modules/subscriptions/plan-texts';
import type { Route } from './+types/lawyers';
import { backOfficeDoor } from './back-office-door.server';
import { backOfficeHeaders } from './back-office-headers';
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
  const [page, toReject, toDelete] = await Promise.all([
    findAdminLawyers(query, now),
    findAdminLawyerSummary(url.searchParams.get('rejeitar')),
    findAdminLawyerSummary(url.searchParams.get('excluir')),
  ]);
  // A page past the end (the last lawyer of the last page was just deleted): the last page instead.
  if (page.rows.length === 0 && query.pagina > page.pageCount) throw redirect(listUrl({ ...query, pagina: page.pageCount }, tabOf(url)));
  return {
    counts: page.counts,
    finance: page.finance,
    total: page.total,
    page: page.page,
    pageCount: page.pageCount,
    query: page.query,
    tab: tabOf(url),
    rows: page.rows.map((row) => ({
      ...row,
      createdAt: formatDate(row.createdAt),
      createdAtIso: row.createdAt.toISOString(),
      subscription: row.subscription ? { ...row.subscription, endDate: row.subscription.endDate ? formatDate(row.subscription.endDate) : null } : null,
      daysLeft: row.subscription?.endDate ? Math.ceil((row.subscription.endDate.getTime() - now.getTime()) / 86_400_000) : null,
    })),
    toReject,
    toDelete,
  };
}

const lawyerIntent = doorIntents<BackOffice>();
/** A refused form: its first message (a malformed id, the deletion not confirmed, a reason too long). */
const invalid = (errors: Partial<Record<string, string>>) => ({ status: 400, message: Object.values(errors)[0] ?? ADMIN_LAWYER_TEXTS.invalidIntent });

/** 'Aprovar', 'Rejeitar' and 'Excluir' of a row, through the back office's write door. */
const lawyersDoor = backOfficeDoor({
  name: 'advogados',
  back: backUrl,
  unknownIntent: { message: ADMIN_LAWYER_TEXTS.invalidIntent },
  intents: {
    aprovar: lawyerIntent({
      schema: approveLawyerSchema,
      invalid,
      run: async (office, input) => ({ message: ADMIN_LAWYER_TEXTS.statusUpdated((await approveLawyer(input.lawyerId, { reviewerId: office.superadminId })).status) }),
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

type Tab = 'lista' | 'financeiro';

function tabOf(url: URL): Tab {
  return url.searchParams.get('aba') === 'financeiro' ? 'financeiro' : 'lista';
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
];

function Badge({ className, children }: { className: string; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${className}`}>{children}</span>;
}

function CountCard({ title, value }: { title: string; value: number }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="text-sm font-semibold text-slate-700">{title}</h3>
      <p className="mt-2 text-3xl font-bold text-slate-900">{number.format(value)}</p>
    </div>
  );
}

const button = 'inline-flex items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold disabled:opacity-70';
const tabClass = (active: boolean) =>
  `inline-flex rounded-md px-4 py-2 text-sm font-semibold ${active ? 'bg-brand-700 text-white' : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`;
const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase';
const td = 'px-3 py-3 align-top text-sm text-slate-800';

export default function AdminLawyersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, finance, rows, total, page, pageCount, query, tab, toReject, toDelete } = loaderData;
  const pageOf = pageCount > 1 ? `, página ${page} de ${pageCount}` : '';
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const here = listUrl(query, tab);
  const withDialog = (name: 'rejeitar' | 'excluir', id: string) => listUrl(query, tab, { [name]: id });
  const pageUrl = (pagina: number) => listUrl({ ...query, pagina }, tab);
  const error = actionData?.message ?? null;

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Gerenciar Advogados</h1>
        <RefreshLink to={here} />
      </div>

      {/* A refused action (its buttons have no fields): the message takes the focus, in view wherever the button was. */}
      <ErrorSummary message={error} fields={[]} answer={actionData} />

      <section aria-labelledby="visao-geral" className="space-y-4">
        <h2 id="visao-geral" className="text-xl font-semibold text-slate-900">
          Visão Geral
        </h2>
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          <CountCard title="Total" value={counts.total} />
          <CountCard title="Aprovados" value={counts.approved} />
          <CountCard title="Pendentes" value={counts.pending} />
          <CountCard title="Rejeitados" value={counts.rejected} />
        </div>
      </section>

      <nav aria-label="Seções de advogados" className="flex flex-wrap gap-2">
        <Link to={listUrl(query, 'lista')} aria-current={tab === 'lista' ? 'page' : undefined} className={tabClass(tab === 'lista')}>
          Lista de Advogados
        </Link>
        <Link to={listUrl(query, 'financeiro')} aria-current={tab === 'financeiro' ? 'page' : undefined} className={tabClass(tab === 'financeiro')}>
          Área Financeira
        </Link>
      </nav>

      <section aria-labelledby="secao" className="space-y-4">
        <h2 id="secao" className="text-xl font-semibold text-slate-900">
          {tab === 'lista' ? 'Lista de Advogados' : 'Área Financeira'}
        </h2>

        {tab === 'financeiro' ? (
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            <div className="col-span-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-1">
              {/* Expected, not received: nothing is charged yet (decision 0045). */}
              <h3 className="text-sm font-semibold text-slate-700">{EXPECTED_REVENUE_LABEL}</h3>
              <p className="mt-2 text-3xl font-bold text-slate-900">{brl.format(finance.revenueBrl)}</p>
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
          <button type="submit" className={`${button} bg-brand-700 py-2.5 text-white hover:bg-brand-800`}>
            <Search aria-hidden="true" className="size-4" />
            Buscar
          </button>
        </Form>

        <p className="text-sm text-slate-700" aria-live="polite">
          {total === 1 ? '1 advogado' : `${number.format(total)} advogados`}
          {pageCount > 1 ? ` · página ${page} de ${pageCount}` : ''}
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
                  <th scope="col" className={th}>Ações</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {rows.map((row) => (
                  <tr key={row.id}>
                    <th scope="row" className={`${td} text-left font-semibold text-slate-900`}>
                      {row.nome}
                    </th>
                    <td className={`${td} break-all`}>{row.email}</td>
                    <td className={`${td} whitespace-nowrap`}>{row.oab}</td>
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
                    <td className={td}>
                      <div className="flex flex-wrap gap-2">
                        {row.status !== 'approved' ? (
                          <Form method="post" action={here} preventScrollReset>
                            <input type="hidden" name="intent" value="aprovar" />
                            <input type="hidden" name="lawyerId" value={row.id} />
                            <button type="submit" disabled={busy} aria-label={`Aprovar ${row.nome}`} className={`${button} bg-emerald-700 text-white hover:bg-emerald-800`}>
                              <Check aria-hidden="true" className="size-4" />
                              Aprovar
                            </button>
                          </Form>
                        ) : null}
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

        <Pager
          previous={page > 1 ? { to: pageUrl(Math.min(page - 1, pageCount)), label: 'Anterior' } : null}
          next={page < pageCount ? { to: pageUrl(page + 1), label: 'Próxima' } : null}
        />
      </section>

      {toReject ? (
        <ConfirmDialog key={`rejeitar-${toReject.id}`} title="Rejeitar advogado?" closeTo={here}>
          <p className="text-sm text-slate-700">
            {toReject.nome} ({toReject.oab}) deixa de aparecer na busca e recebe um e-mail com o motivo, se informado.
          </p>
          <Form method="post" action={here} className="space-y-4">
            <input type="hidden" name="intent" value="rejeitar" />
            <input type="hidden" name="lawyerId" value={toReject.id} />
            <div>
              <label htmlFor="motivo" className={formLabelClass}>
                Motivo (opcional)
              </label>
              <textarea id="motivo" name="motivo" rows={3} maxLength={REJECTION_REASON_MAX_LENGTH} className={formControlClass} />
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <CancelLink to={here} />
              <button type="submit" disabled={busy} className={`${button} bg-amber-700 px-4 py-2 text-white hover:bg-amber-800`}>
                Rejeitar
              </button>
            </div>
          </Form>
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
