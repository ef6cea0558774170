import { Link } from 'react-router';
import { requireSuperadmin } from '~/auth/session.server';
import { pageMeta } from '~/lib/seo';
import { AUDIT_FILTERS, auditQueryFrom, findAuditEntries, formatDateTime, type AuditFilter } from '~/modules/admin/audit-log.server';
import type { Route } from './+types/audit-log';
import { BACK_OFFICE_HEADERS } from './back-office-headers';
import { Pager } from './components/page-links';

/** /admin/auditoria: who approved, rejected or deleted what, and when (audit_log, newest first, paginated on the server). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSuperadmin(request);
  const page = await findAuditEntries(auditQueryFrom(new URL(request.url).searchParams));
  return {
    ...page,
    entries: page.entries.map((entry) => ({ ...entry, at: formatDateTime(entry.at), iso: entry.at.toISOString() })),
    filters: Object.entries(AUDIT_FILTERS).map(([id, { label }]) => ({ id: id as AuditFilter, label })),
  };
}

export const headers: Route.HeadersFunction = () => BACK_OFFICE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ site: matches[0]?.loaderData.site, title: 'Auditoria', description: 'Registro de auditoria do painel administrativo.', path: '/admin/auditoria', noindex: true });

function pageUrl(page: number, filter: AuditFilter | undefined): string {
  const params = new URLSearchParams();
  if (filter) params.set('acao', filter);
  if (page > 1) params.set('pagina', String(page));
  const query = params.toString();
  return `/admin/auditoria${query ? `?${query}` : ''}`;
}

const chip = (active: boolean) =>
  `inline-flex rounded-full border px-3 py-1 text-sm font-medium ${active ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`;

export default function AuditLogPage({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pageCount, filter, filters } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Auditoria</h1>
        <p className="mt-1 text-slate-700">Quem aprovou, rejeitou ou excluiu o quê, e quando.</p>
      </div>

      <nav aria-label="Filtrar por ação">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link to={pageUrl(1, undefined)} aria-current={filter ? undefined : 'page'} className={chip(!filter)}>
              Todas
            </Link>
          </li>
          {filters.map(({ id, label }) => (
            <li key={id}>
              <Link to={pageUrl(1, id)} aria-current={filter === id ? 'page' : undefined} className={chip(filter === id)}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <p className="text-sm text-slate-700" aria-live="polite">
        {total === 1 ? '1 registro' : `${total.toLocaleString('pt-BR')} registros`}
        {pageCount > 1 ? ` · página ${page} de ${pageCount}` : ''}
      </p>

      {entries.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700 shadow-sm">Nenhum registro encontrado.</p>
      ) : (
        <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="grid gap-1 p-4 sm:grid-cols-[10rem_1fr] sm:gap-4">
              <time dateTime={entry.iso} className="text-sm font-medium text-slate-600">
                {entry.at}
              </time>
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{entry.description}</p>
                <p className="text-sm break-words text-slate-800">
                  <span className="text-slate-600">Por:</span> {entry.actor}
                </p>
                <p className="text-sm break-words text-slate-800">
                  <span className="text-slate-600">Sobre:</span> {entry.target}
                </p>
                {entry.details.length > 0 ? (
                  <ul className="mt-1 text-sm break-words text-slate-700">
                    {entry.details.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}

      <Pager
        previous={page > 1 ? { to: pageUrl(Math.min(page - 1, pageCount), filter), label: 'Anterior' } : null}
        next={page < pageCount ? { to: pageUrl(page + 1, filter), label: 'Próxima' } : null}
      />
    </div>
  );
}
