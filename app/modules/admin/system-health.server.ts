import { sql } from 'drizzle-orm';
import { getConfig, type AppConfig } from '~/config.server';
import { currentDatabase, selectRows } from '~/db/client.server';
import { runningJobQueue } from '~/jobs/queue.server';

/**
 * 'Status do Sistema' of the back-office dashboard: what is really true now, each part checked on its
 * own so that one failure never hides the others (docs/decisions/0018).
 * - database: a round trip (`select 1`) and its time;
 * - job queue: whether pg-boss runs in this process, jobs waiting (created or to retry) and jobs failed
 *   for good in the last 24 h, read from its own tables;
 * - e-mail and WhatsApp: the adapter the environment configures, messages waiting in the outbox and
 *   messages failed, or of uncertain outcome ('incerto'), in the last 24 h.
 */

export type HealthLevel = 'ok' | 'warning' | 'error';

export interface DatabaseHealth {
  level: HealthLevel;
  engine: 'PostgreSQL' | 'PGlite';
  /** Milliseconds of the round trip; null when it failed. */
  roundTripMs: number | null;
}

export interface QueueHealth {
  level: HealthLevel;
  running: boolean;
  /** Jobs waiting to run (created, or failed and waiting for a retry); null when unreadable. */
  backlog: number | null;
  /** Jobs failed for good in the last 24 h; null when unreadable. */
  failedLast24h: number | null;
}

export interface DeliveryHealth {
  level: HealthLevel;
  /** The adapters that deliver this channel, in Portuguese; empty when none is configured. */
  adapters: string[];
  /** Messages waiting in the outbox. */
  queued: number | null;
  /** Messages that failed for good, or whose outcome is unknown ('incerto'), in the last 24 h: both wait for a person. */
  failedLast24h: number | null;
}

export interface SystemHealth {
  database: DatabaseHealth;
  queue: QueueHealth;
  email: DeliveryHealth;
  whatsapp: DeliveryHealth;
  checkedAt: Date;
}

/** More jobs waiting than this is worth a look (the outbox dispatcher hands over one job per message). */
export const QUEUE_BACKLOG_WARNING = 100;

type HealthConfig = Pick<AppConfig, 'smtpUrl' | 'whatsappCloud' | 'wiizoChatApiUrl'>;

export async function getSystemHealth({ config = getConfig(), now = new Date() }: { config?: HealthConfig; now?: Date } = {}): Promise<SystemHealth> {
  const [database, queue, outbox] = await Promise.all([checkDatabase(), checkQueue(), readOutbox()]);
  return {
    database,
    queue,
    email: delivery(emailAdapters(config), outbox?.email ?? null),
    whatsapp: delivery(whatsAppAdapters(config), outbox?.whatsapp ?? null),
    checkedAt: now,
  };
}

async function checkDatabase(): Promise<DatabaseHealth> {
  const engine = currentDatabase().target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const started = performance.now();
  try {
    await selectRows(sql`select 1`);
    return { level: 'ok', engine, roundTripMs: Math.max(0, Math.round((performance.now() - started) * 10) / 10) };
  } catch {
    return { level: 'error', engine, roundTripMs: null };
  }
}

async function checkQueue(): Promise<QueueHealth> {
  const running = runningJobQueue() !== undefined;
  try {
    const [installed] = await selectRows<{ table: string | null }>(sql`select to_regclass('pgboss.job')::text as "table"`);
    if (!installed?.table) return { level: 'error', running, backlog: null, failedLast24h: null };
    const [row] = await selectRows<{ backlog: number; failed: number }>(sql`
      select count(*) filter (where state in ('created', 'retry'))::int as backlog,
             count(*) filter (where state = 'failed' and completed_on > now() - interval '24 hours')::int as failed
      from pgboss.job`);
    const backlog = Number(row?.backlog ?? 0);
    const failedLast24h = Number(row?.failed ?? 0);
    const level: HealthLevel = !running ? 'error' : failedLast24h > 0 || backlog > QUEUE_BACKLOG_WARNING ? 'warning' : 'ok';
    return { level, running, backlog, failedLast24h };
  } catch {
    return { level: 'error', running, backlog: null, failedLast24h: null };
  }
}

type OutboxCounts = Record<'email' | 'whatsapp', { queued: number; failed: number }>;

async function readOutbox(): Promise<OutboxCounts | null> {
  try {
    const rows = await selectRows<{ channel: 'email' | 'whatsapp'; queued: number; failed: number }>(sql`
      select channel,
             count(*) filter (where status = 'queued')::int as queued,
             count(*) filter (where status in ('failed', 'incerto') and updated_at > now() - interval '24 hours')::int as failed
      from outbox
      where status = 'queued' or (status in ('failed', 'incerto') and updated_at > now() - interval '24 hours')
      group by channel`);
    const counts: OutboxCounts = { email: { queued: 0, failed: 0 }, whatsapp: { queued: 0, failed: 0 } };
    for (const row of rows) counts[row.channel] = { queued: Number(row.queued), failed: Number(row.failed) };
    return counts;
  } catch {
    return null;
  }
}

function emailAdapters({ smtpUrl }: HealthConfig): string[] {
  return smtpUrl ? [`SMTP (${new URL(smtpUrl).host})`] : [];
}

function whatsAppAdapters({ whatsappCloud, wiizoChatApiUrl }: HealthConfig): string[] {
  const adapters: string[] = [];
  if (wiizoChatApiUrl) adapters.push('WiizoChat (token de cada advogado)');
  if (whatsappCloud) adapters.push('WhatsApp Cloud API da plataforma');
  return adapters;
}

function delivery(adapters: string[], counts: { queued: number; failed: number } | null): DeliveryHealth {
  if (!counts) return { level: 'error', adapters, queued: null, failedLast24h: null };
  const level: HealthLevel = adapters.length === 0 || counts.failed > 0 ? 'warning' : 'ok';
  return { level, adapters, queued: counts.queued, failedLast24h: counts.failed };
}
