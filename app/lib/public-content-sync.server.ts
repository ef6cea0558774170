import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { backgroundLog } from './log.server';
import { bumpPublicContentGeneration, setPublicContentBroadcast } from './public-content.server';

/**
 * Page-cache invalidation across processes (docs/decisions/0057). Every app process on one PostgreSQL
 * LISTENs on PUBLIC_CONTENT_CHANNEL on a connection of its own (not one of the pool's: a listening
 * connection must stay checked out), and `publicContentChanged()` also sends NOTIFY there, after the
 * write committed. A process that receives a notification from another one makes its cached pages stale.
 *
 * Misses are bounded: when the listening connection breaks (a restart, pg_terminate_backend) the process
 * reconnects with a growing delay (0.5 s to 10 s) and, once listening again, bumps its generation
 * anyway: a notification sent meanwhile was lost. A NOTIFY that fails (the database away) is logged;
 * the other processes then see the change when their entries expire (PAGE_CACHE_SECONDS). PGlite is
 * one process: nothing to tell.
 */
export const PUBLIC_CONTENT_CHANNEL = 'jusconecta_public_content';

export interface PublicContentSync {
  /** This process's id in the notifications' payload (its own are ignored). */
  readonly id: string;
  /** Resolves once the first LISTEN is in place. */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

export function startPublicContentSync(url: string, options: { onInvalidate?: () => void; notify?: (payload: string) => Promise<unknown> } = {}): PublicContentSync {
  const id = randomUUID();
  const onInvalidate = options.onInvalidate ?? bumpPublicContentGeneration;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;
  let connectedOnce = false;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const scheduleReconnect = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  const connect = async () => {
    const candidate = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'jusconecta-listen' });
    let failed = false;
    const onFailure = (error: Error) => {
      if (failed) return;
      failed = true;
      if (client === candidate) client = undefined;
      candidate.end().catch(() => undefined);
      if (!stopped) backgroundLog().warn({ err: { message: error.message } }, 'Escuta de alterações do conteúdo público interrompida; reconectando');
      scheduleReconnect();
    };
    candidate.on('error', onFailure);
    candidate.on('end', () => onFailure(new Error('connection ended')));
    candidate.on('notification', (message) => {
      if (message.channel === PUBLIC_CONTENT_CHANNEL && message.payload !== id) onInvalidate();
    });
    try {
      await candidate.connect();
      await candidate.query(`listen ${PUBLIC_CONTENT_CHANNEL}`);
    } catch (error) {
      onFailure(error as Error);
      return;
    }
    if (stopped) {
      await candidate.end().catch(() => undefined);
      return;
    }
    client = candidate;
    delay = RECONNECT_MIN_MS;
    // Notifications sent while this process was not listening are lost: treat the gap as a change.
    if (connectedOnce) onInvalidate();
    connectedOnce = true;
    markReady();
  };

  const notify =
    options.notify ??
    (async (payload: string) => {
      // A short-lived connection: a NOTIFY is rare (an approval, an edit) and must not wait behind the pool.
      const sender = new pg.Client({ connectionString: url, application_name: 'jusconecta-notify' });
      sender.on('error', () => undefined);
      try {
        await sender.connect();
        await sender.query('select pg_notify($1, $2)', [PUBLIC_CONTENT_CHANNEL, payload]);
      } finally {
        await sender.end().catch(() => undefined);
      }
    });
  setPublicContentBroadcast(() => {
    notify(id).catch((error: Error) => backgroundLog().warn({ err: { message: error.message } }, 'Aviso de alteração do conteúdo público não enviado; outros processos atualizam quando o cache expirar'));
  });
  void connect();

  return {
    id,
    ready,
    async stop() {
      stopped = true;
      setPublicContentBroadcast(undefined);
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
