import { data } from 'react-router';
import { getConfig } from '~/config.server';
import type { OutboxStatus } from '~/db/schema/messaging';
import { findOutboxMessages } from '~/integrations/email/outbox.server';
import type { Route } from './+types/outbox';

/**
 * /dev/outbox: every message of the outbox, newest first, in development and tests (404 in
 * production; superadmins get /admin/mensagens there). An e-mail's HTML is shown in a sandboxed
 * iframe (srcdoc): no scripts, no forms, its own opaque origin; it inherits this page's CSP, which the
 * templates satisfy (inline styles, no remote images). Links open in a new tab.
 */
export async function loader() {
  if (getConfig().env === 'production') throw data(null, { status: 404 });
  const rows = await findOutboxMessages({ limit: 100 });
  return {
    smtpConfigured: Boolean(getConfig().smtpUrl),
    messages: rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      recipient: row.recipient,
      subject: row.subject,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: formatDateTime(row.createdAt),
      sentAt: row.sentAt ? formatDateTime(row.sentAt) : null,
      text: row.body,
      html: row.htmlBody ? withLinksInNewTab(row.htmlBody) : null,
    })),
  };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = () => [{ title: 'Caixa de saída (desenvolvimento)' }, { name: 'robots', content: 'noindex' }];

/** The preview's links open in a new tab (the sandbox lets that tab escape it): a framed page of this site would refuse to load. */
function withLinksInNewTab(html: string): string {
  const base = '<base target="_blank">';
  return /<head(\s[^>]*)?>/i.test(html) ? html.replace(/<head(\s[^>]*)?>/i, (head) => head + base) : base + html;
}

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'America/Sao_Paulo' });

function formatDateTime(date: Date): string {
  return dateTime.format(date);
}

const STATUS_LABELS: Record<OutboxStatus, { label: string; className: string }> = {
  queued: { label: 'Na fila', className: 'bg-amber-100 text-amber-900' },
  sending: { label: 'Enviando', className: 'bg-sky-100 text-sky-900' },
  sent: { label: 'Enviado', className: 'bg-emerald-100 text-emerald-900' },
  failed: { label: 'Falhou', className: 'bg-red-100 text-red-900' },
  incerto: { label: 'Incerto', className: 'bg-orange-100 text-orange-900' },
};

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { messages, smtpConfigured } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Caixa de saída</h1>
      <p className="mt-2 text-slate-700">
        {smtpConfigured
          ? 'SMTP configurado: as mensagens na fila são enviadas em segundo plano.'
          : 'SMTP_URL não definido: os e-mails ficam aqui, na fila, e não são enviados. Os links de confirmação e de redefinição de senha também aparecem no log do servidor.'}
      </p>
      {messages.length === 0 ? (
        <p className="mt-8 text-slate-700">Nenhuma mensagem na caixa de saída.</p>
      ) : (
        <ul className="mt-8 space-y-4">
          {messages.map((message) => {
            const status = STATUS_LABELS[message.status];
            return (
              <li key={message.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="text-lg font-semibold text-slate-900">{message.subject ?? '(sem assunto)'}</h2>
                  <span className={`rounded-full px-3 py-0.5 text-sm font-medium ${status.className}`}>{status.label}</span>
                </div>
                <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm text-slate-700">
                  <dt className="font-medium">Para</dt>
                  <dd>
                    {message.recipient} ({message.channel === 'email' ? 'e-mail' : 'WhatsApp'})
                  </dd>
                  <dt className="font-medium">Criada em</dt>
                  <dd>{message.createdAt}</dd>
                  <dt className="font-medium">Tentativas</dt>
                  <dd>{message.attempts}</dd>
                  {message.sentAt ? (
                    <>
                      <dt className="font-medium">Enviada em</dt>
                      <dd>{message.sentAt}</dd>
                    </>
                  ) : null}
                  {message.lastError ? (
                    <>
                      <dt className="font-medium">Último erro</dt>
                      <dd className="text-red-800">{message.lastError}</dd>
                    </>
                  ) : null}
                </dl>
                <details className="mt-3">
                  <summary className="cursor-pointer text-sm font-medium text-brand-800">Ver mensagem</summary>
                  {message.html ? (
                    <iframe
                      title={`Conteúdo de: ${message.subject ?? 'mensagem'}`}
                      sandbox="allow-popups allow-popups-to-escape-sandbox"
                      srcDoc={message.html}
                      className="mt-3 h-[32rem] w-full rounded border border-slate-200"
                    />
                  ) : null}
                  <pre className="mt-3 overflow-x-auto rounded bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">{message.text}</pre>
                </details>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
