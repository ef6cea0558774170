import { Search, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { requireSuperadmin } from '~/auth/session.server';
import { ErrorSummary } from '~/components/forms/error-summary';
import { formControlClass, formLabelClass } from '~/components/forms/form-styles';
import { pageMeta } from '~/lib/seo';
import { doorIntents, passDoor } from '~/lib/write-door.server';
import type { BackOffice } from '~/modules/accounts/superadmins.server';
import { formatDateTime } from '~/modules/admin/audit-log.server';
import { adminMessagesQueryFrom, findAdminMessages, resendOutboxMessage, type AdminMessagesQuery } from '~/modules/admin/messages.server';
import {
  ADMIN_MESSAGE_TEXTS,
  adminMessageActionSchema,
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_CHANNELS,
  MESSAGE_COUNT_CAP,
  MESSAGE_STATUS_LABELS,
  MESSAGE_STATUSES,
  PROVIDER_STATUS_LABELS,
  RESENDABLE_MESSAGE_STATUSES,
  type MessageStatus,
} from '~/modules/admin/messages.schemas';
import type { Route } from './+types/messages';
import { backOfficeDoor } from './back-office-door.server';
import { backOfficeHeaders } from './back-office-headers';
import { Pager, RefreshLink } from './components/page-links';
import { ScrollingTable } from './components/scrolling-table';

/**
 * /admin/mensagens (docs/product-rules.md, "Back office"; docs/decisions/0011): every
 * e-mail and WhatsApp message of the outbox, newest first. The filters (`status`, `canal`) and the page
 * (`antes`: where the previous page stopped) live in the URL; 'Reenviar' is a form post, so everything
 * works without JavaScript.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSuperadmin(request);
  const page = await findAdminMessages(adminMessagesQueryFrom(new URL(request.url).searchParams));
  return {
    ...page,
    rows: page.rows.map((row) => ({ ...row, createdAt: formatDateTime(row.createdAt), createdAtIso: row.createdAt.toISOString() })),
  };
}

/** 'Reenviar' of a failed or uncertain message, through the back office's write door. */
const messagesDoor = backOfficeDoor({
  name: 'mensagens',
  back: (request) => listUrl(adminMessagesQueryFrom(new URL(request.url).searchParams)),
  unknownIntent: { message: ADMIN_MESSAGE_TEXTS.invalidIntent },
  intents: {
    reenviar: doorIntents<BackOffice>()({
      schema: adminMessageActionSchema,
      invalid: (errors) => ({ status: 400, message: errors.intent ?? Object.values(errors)[0] ?? ADMIN_MESSAGE_TEXTS.invalidIntent }),
      run: async (office, input) => {
        await resendOutboxMessage(input.messageId, { superadminId: office.superadminId });
        return { message: ADMIN_MESSAGE_TEXTS.resent };
      },
    }),
  },
});

export async function action({ request }: Route.ActionArgs) {
  return passDoor(messagesDoor, request, await requireSuperadmin(request), 'page');
}

export const headers: Route.HeadersFunction = backOfficeHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ site: matches[0]?.loaderData.site, title: 'Mensagens', description: 'E-mails e mensagens de WhatsApp da plataforma.', path: '/admin/mensagens', noindex: true });

/** The list's own URL: the filters and the page. */
function listUrl(query: AdminMessagesQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.canal) params.set('canal', query.canal);
  if (query.antes) params.set('antes', query.antes);
  const search = params.toString();
  return `/admin/mensagens${search ? `?${search}` : ''}`;
}

const number = new Intl.NumberFormat('pt-BR');

const STATUS_LOOK: Record<MessageStatus, string> = {
  queued: 'border-amber-300 bg-amber-50 text-amber-900',
  sending: 'border-sky-200 bg-sky-50 text-sky-900',
  sent: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  failed: 'border-red-200 bg-red-50 text-red-800',
  incerto: 'border-orange-300 bg-orange-50 text-orange-900',
};

const resendable = (status: MessageStatus) => (RESENDABLE_MESSAGE_STATUSES as readonly MessageStatus[]).includes(status);

function Badge({ className, children }: { className: string; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${className}`}>{children}</span>;
}

const button = 'inline-flex items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold disabled:opacity-70';
const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase';
const td = 'px-3 py-3 align-top text-sm text-slate-800';

export default function AdminMessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, totalCapped, nextCursor, query } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const here = listUrl(query);
  const firstPage = listUrl({ ...query, antes: undefined });
  const error = actionData?.message ?? null;
  const counted = totalCapped ? `Mais de ${number.format(MESSAGE_COUNT_CAP)} mensagens` : total === 1 ? '1 mensagem' : `${number.format(total)} mensagens`;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Mensagens</h1>
          <p className="mt-1 text-slate-700">Todos os e-mails e mensagens de WhatsApp da plataforma, enviados ou não.</p>
        </div>
        <RefreshLink to={here} />
      </div>

      {/* A refused action (its buttons have no fields): the message takes the focus, in view wherever the button was. */}
      <ErrorSummary message={error} fields={[]} answer={actionData} />

      <Form method="get" action="/admin/mensagens" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end">
        <div className="sm:w-48">
          <label htmlFor="status" className={formLabelClass}>
            Status
          </label>
          <select id="status" name="status" defaultValue={query.status ?? ''} className={formControlClass}>
            <option value="">Todos</option>
            {MESSAGE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {MESSAGE_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:w-48">
          <label htmlFor="canal" className={formLabelClass}>
            Canal
          </label>
          <select id="canal" name="canal" defaultValue={query.canal ?? ''} className={formControlClass}>
            <option value="">Todos</option>
            {MESSAGE_CHANNELS.map((channel) => (
              <option key={channel} value={channel}>
                {MESSAGE_CHANNEL_LABELS[channel]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`${button} bg-brand-700 py-2.5 text-white hover:bg-brand-800`}>
          <Search aria-hidden="true" className="size-4" />
          Filtrar
        </button>
      </Form>

      <p className="text-sm text-slate-700" aria-live="polite">
        {counted}
        {query.antes ? ' · mostrando as mais antigas' : ''}
      </p>

      {rows.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700 shadow-sm">Nenhuma mensagem encontrada.</p>
      ) : (
        <ScrollingTable label="Tabela de mensagens (role para os lados no celular)" caption="Mensagens da caixa de saída, das mais recentes para as mais antigas" minWidth="min-w-[60rem]">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={th}>Data</th>
                <th scope="col" className={th}>Canal</th>
                <th scope="col" className={th}>Destinatário</th>
                <th scope="col" className={th}>Assunto / texto</th>
                <th scope="col" className={th}>Status</th>
                <th scope="col" className={th}>Tentativas</th>
                <th scope="col" className={th}>Último erro</th>
                <th scope="col" className={th}>ID no provedor</th>
                <th scope="col" className={th}>Ações</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className={`${td} whitespace-nowrap`}>
                    <time dateTime={row.createdAtIso}>{row.createdAt}</time>
                  </td>
                  <td className={`${td} whitespace-nowrap`}>{MESSAGE_CHANNEL_LABELS[row.channel]}</td>
                  <th scope="row" className={`${td} text-left font-semibold [overflow-wrap:anywhere] text-slate-900`}>
                    {row.recipient}
                  </th>
                  <td className={`${td} max-w-xs break-words whitespace-pre-line`}>{row.summary}</td>
                  <td className={td}>
                    <Badge className={STATUS_LOOK[row.status]}>{MESSAGE_STATUS_LABELS[row.status]}</Badge>
                    {row.providerStatus ? <span className="mt-1 block text-xs whitespace-nowrap text-slate-700">{PROVIDER_STATUS_LABELS[row.providerStatus]}</span> : null}
                  </td>
                  <td className={`${td} text-right tabular-nums`}>{row.attempts}</td>
                  <td className={`${td} max-w-xs break-words`}>{row.lastError ?? '—'}</td>
                  <td className={`${td} max-w-[12rem] font-mono text-xs break-all`}>{row.providerMessageId ?? '—'}</td>
                  <td className={td}>
                    {resendable(row.status) ? (
                      <Form method="post" action={here} preventScrollReset>
                        <input type="hidden" name="intent" value="reenviar" />
                        <input type="hidden" name="messageId" value={row.id} />
                        <button
                          type="submit"
                          disabled={busy}
                          aria-label={`Reenviar ${MESSAGE_CHANNEL_LABELS[row.channel]} para ${row.recipient} de ${row.createdAt}`}
                          className={`${button} border border-brand-700 bg-white text-brand-800 hover:bg-brand-50`}
                        >
                          <Send aria-hidden="true" className="size-4" />
                          Reenviar
                        </button>
                      </Form>
                    ) : (
                      <span className="text-slate-500">—</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
        </ScrollingTable>
      )}

      <Pager
        previous={query.antes ? { to: firstPage, label: 'Mais recentes' } : null}
        next={nextCursor ? { to: listUrl({ ...query, antes: nextCursor }), label: 'Mais antigas' } : null}
      />
    </div>
  );
}
