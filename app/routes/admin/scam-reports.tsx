import { Save, Search } from 'lucide-react';
import { Form, useNavigation } from 'react-router';
import { requireSuperadmin } from '~/auth/session.server';
import { ErrorSummary } from '~/components/forms/error-summary';
import { formControlClass, formLabelClass } from '~/components/forms/form-styles';
import { formatPhone } from '~/domain/phone';
import { SCAM_REPORT_STATUSES, type ScamReportStatus } from '~/domain/trust';
import { pageMeta } from '~/lib/seo';
import { doorIntents, passDoor } from '~/lib/write-door.server';
import type { BackOffice } from '~/modules/accounts/superadmins.server';
import { formatDateTime } from '~/modules/admin/audit-log.server';
import { findScamReports, scamReportsQueryFrom, setScamReportStatus, type ScamReportsQuery } from '~/modules/trust/scam-reports.server';
import { reportStatusSchema, SCAM_REPORT_STATUS_LABELS, TRUST_TEXTS } from '~/modules/trust/trust.schemas';
import type { Route } from './+types/scam-reports';
import { backOfficeDoor } from './back-office-door.server';
import { backOfficeHeaders } from './back-office-headers';
import { Pager, RefreshLink } from './components/page-links';

/**
 * /admin/denuncias (decision 0062): the clients' reports ('Denunciar' on the profiles and
 * /confirmar-advogado), newest first, filtered by status in the URL (`status`; `antes` pages on); each
 * with its status, which a superadmin changes through the back office's write door.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSuperadmin(request);
  const query = scamReportsQueryFrom(new URL(request.url).searchParams);
  const page = await findScamReports(query);
  return {
    query,
    counts: page.counts,
    next: page.next,
    rows: page.rows.map((row) => ({ ...row, numero: formatPhone(row.numero), createdAt: formatDateTime(row.createdAt), createdAtIso: row.createdAt.toISOString() })),
  };
}

const reportsDoor = backOfficeDoor({
  name: 'denuncias',
  back: (request) => listUrl(scamReportsQueryFrom(new URL(request.url).searchParams)),
  unknownIntent: { message: TRUST_TEXTS.invalidIntent },
  intents: {
    status: doorIntents<BackOffice>()({
      schema: reportStatusSchema,
      invalid: (errors) => ({ status: 400, message: Object.values(errors)[0] ?? TRUST_TEXTS.invalidIntent }),
      run: async (office, input) => {
        await setScamReportStatus(office, input.reportId, input.status);
        return { message: TRUST_TEXTS.statusChanged };
      },
    }),
  },
});

export async function action({ request }: Route.ActionArgs) {
  return passDoor(reportsDoor, request, await requireSuperadmin(request), 'page');
}

export const headers: Route.HeadersFunction = backOfficeHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ site: matches[0]?.loaderData.site, title: 'Denúncias', description: 'Denúncias de golpe enviadas pelos clientes.', path: '/admin/denuncias', noindex: true });

function listUrl(query: ScamReportsQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.antes) params.set('antes', query.antes);
  const search = params.toString();
  return `/admin/denuncias${search ? `?${search}` : ''}`;
}

const STATUS_LOOK: Record<ScamReportStatus, string> = {
  nova: 'border-red-200 bg-red-50 text-red-800',
  em_analise: 'border-amber-300 bg-amber-50 text-amber-900',
  resolvida: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  descartada: 'border-slate-300 bg-slate-50 text-slate-700',
};
const button = 'inline-flex items-center justify-center gap-1.5 rounded-md px-3 py-2 text-sm font-semibold disabled:opacity-70';

export default function AdminScamReportsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, query, counts, next } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const here = listUrl(query);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Denúncias</h1>
          <p className="mt-1 text-slate-700">Relatos de clientes sobre o golpe do falso advogado, dos mais recentes para os mais antigos.</p>
        </div>
        <RefreshLink to={here} />
      </div>

      <ErrorSummary message={actionData?.message ?? null} fields={[]} answer={actionData} />

      <p className="text-sm text-slate-700">{SCAM_REPORT_STATUSES.map((status) => `${SCAM_REPORT_STATUS_LABELS[status]}: ${counts[status]}`).join(' · ')}</p>

      <Form method="get" action="/admin/denuncias" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end">
        <div className="sm:w-56">
          <label htmlFor="filtro-status" className={formLabelClass}>
            Status
          </label>
          <select id="filtro-status" name="status" defaultValue={query.status ?? ''} className={formControlClass}>
            <option value="">Todos</option>
            {SCAM_REPORT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {SCAM_REPORT_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
          <Search aria-hidden="true" className="size-4" />
          Filtrar
        </button>
      </Form>

      {rows.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700 shadow-sm">Nenhuma denúncia encontrada.</p>
      ) : (
        <ul className="space-y-4" aria-label="Denúncias">
          {rows.map((row) => (
            <li key={row.id}>
              <article aria-labelledby={`denuncia-${row.id}`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h2 id={`denuncia-${row.id}`} className="text-lg font-semibold text-slate-900">
                    Número usado: {row.numero}
                  </h2>
                  <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_LOOK[row.status]}`}>
                    {SCAM_REPORT_STATUS_LABELS[row.status]}
                  </span>
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  Recebida em <time dateTime={row.createdAtIso}>{row.createdAt}</time>
                  {row.profile ? (
                    <>
                      {' '}
                      · enviada do perfil de{' '}
                      <a href={`/advogado/${row.profile.slug}`} className="font-medium text-brand-800 underline">
                        {row.profile.nome}
                      </a>
                    </>
                  ) : null}
                </p>
                {row.lawyer ? (
                  <p className="mt-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-semibold text-red-900">
                    É o WhatsApp de um advogado verificado: {row.lawyer.nome} ({row.lawyer.oab}).
                  </p>
                ) : null}
                <p className="mt-3 text-sm font-semibold text-slate-800">O que aconteceu</p>
                <p className="mt-1 break-words whitespace-pre-line text-slate-800">{row.relato}</p>
                <p className="mt-3 text-sm text-slate-700">Contato: {row.contato ?? 'não informado'}</p>
                <Form method="post" action={here} preventScrollReset className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
                  <input type="hidden" name="intent" value="status" />
                  <input type="hidden" name="reportId" value={row.id} />
                  <div className="sm:w-56">
                    <label htmlFor={`status-${row.id}`} className={formLabelClass}>
                      Status da denúncia
                    </label>
                    <select id={`status-${row.id}`} name="status" defaultValue={row.status} className={formControlClass}>
                      {SCAM_REPORT_STATUSES.map((status) => (
                        <option key={status} value={status}>
                          {SCAM_REPORT_STATUS_LABELS[status]}
                        </option>
                      ))}
                    </select>
                  </div>
                  <button type="submit" disabled={busy} className={`${button} border border-brand-700 bg-white text-brand-800 hover:bg-brand-50`}>
                    <Save aria-hidden="true" className="size-4" />
                    Salvar status
                  </button>
                </Form>
              </article>
            </li>
          ))}
        </ul>
      )}

      <Pager next={next ? { to: listUrl({ ...query, antes: next }), label: 'Mais antigas' } : null} />
    </div>
  );
}
