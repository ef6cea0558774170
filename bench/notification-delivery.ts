/**
 * Notification delivery under a burst (docs/decisions/0039): 5 approved lawyers of one area and city,
 * 50 client requests at once through the app's own routing (`routeLeadRequest`: 250 WhatsApp outbox
 * rows, the clients' 50 e-mails and the lawyers' 250), delivered by the app's own dispatcher and jobs (`OUTBOX_CONCURRENCY` workers per
 * channel, 8 unless set; a lawyer's messages one after the other) to an instant Cloud API stand-in and
 * an SMTP stand-in. A message's delay runs from its request's transaction (the row's created_at) to the
 * provider's acceptance (sent_at). Budget `notificationP95Ms`: the p95 of the WhatsApp notifications.
 *
 * - On its own: `npx tsx bench/notification-delivery.ts` on a fresh PGlite; with BENCH_DATABASE_URL
 *   also on a fresh PostgreSQL database `jusconecta_bench_notifications` beside it
 *   (BENCH_NOTIFICATION_KINDS=pglite or postgres picks one). BENCH_NOTIFICATION_JSON=<file> writes the
 *   figures as JSON.
 * - In `npm run bench` (run.ts): run as a child process of this file, on the run's database kind.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openStandaloneAppDatabase } from './database';
import { runBenchInChild } from './child-run';

export interface NotificationFigures {
  kind: 'pglite' | 'postgres';
  requests: number;
  lawyers: number;
  concurrency: number;
  whatsappMessages: number;
  /** Requests the Cloud API stand-in received (one per message when nothing is sent twice). */
  cloudRequests: number;
  emails: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Pairs of one lawyer's messages accepted out of the order they were written. */
  outOfOrder: number;
}

const REQUESTS = 50;
const LAWYERS = 5;
const STANDALONE_DATABASE = 'jusconecta_bench_notifications';
const CLOUD = { accessToken: 'EAAG-bench-token', phoneNumberId: '106540352242922' };

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;

/** Measures on the database the app's client module has open (migrated, empty). */
export async function benchNotifications({ kind, log = console.log }: { kind: 'pglite' | 'postgres'; log?: (message: string) => void }): Promise<NotificationFigures> {
  const { selectRows } = await import('../app/db/client.server');
  const { getConfig } = await import('../app/config.server');
  const { createLawyerAccounts } = await import('../app/modules/lawyers/lawyer-writes.server');
  const { routeLeadRequest } = await import('../app/modules/leads/lead-routing.server');
  const { outbox } = await import('../app/db/schema/messaging');
  const { createConfiguredWhatsAppSenders } = await import('../app/integrations/whatsapp/whatsapp-sender.server');
  const { createSmtpSender } = await import('../app/integrations/email/smtp.server');
  const { startJobQueue, stopJobQueue } = await import('../app/jobs/queue.server');
  const { startOutboxDispatcher } = await import('../app/jobs/outbox-delivery.server');
  const { whatsAppDeliveryJob, whatsAppDispatch } = await import('../app/jobs/whatsapp-delivery.server');
  const { EMAIL_DISPATCH, emailDeliveryJob } = await import('../app/jobs/email-delivery.server');
  const { startCloudApiStandIn } = await import('../tests/support/whatsapp-stand-ins');
  const { startSmtpStandIn } = await import('../tests/support/smtp-stand-in');

  const concurrency = getConfig().outboxConcurrency;
  await createLawyerAccounts(
    Array.from({ length: LAWYERS }, (_, i) => ({
      nome: `Advogada Notificada ${i}`,
      email: `notificada.${i}@bench.jusconecta.test`,
      numeroOab: String(300000 + i),
      oabUf: 'SP' as const,
      whatsapp: `5511${String(930000000 + i)}`,
      biografia: 'Advogada criada pelo benchmark das notificações; o banco é descartado ao final.',
      areas: ['civil' as const],
      cities: ['sp_sao_paulo'],
      status: 'approved' as const,
      plan: 'premium' as const,
    })),
  );

  const cloud = await startCloudApiStandIn(CLOUD);
  const smtp = await startSmtpStandIn();
  const senders = createConfiguredWhatsAppSenders({ whatsappCloud: { apiUrl: cloud.url, ...CLOUD, templates: {} }, wiizoChatApiUrl: undefined }, { tokenFor: async () => null })!;
  const mailer = createSmtpSender({ url: smtp.url, from: 'JusConecta <nao-responda@bench.jusconecta.test>' });
  const queue = await startJobQueue({ jobs: [whatsAppDeliveryJob(senders, { concurrency }), emailDeliveryJob(mailer, { concurrency })] });
  const dispatcher = startOutboxDispatcher(queue, [whatsAppDispatch(senders), EMAIL_DISPATCH]);
  log(`${kind}: ${REQUESTS} requests × ${LAWYERS} lawyers at once, instant Cloud API and SMTP stand-ins, concurrency ${concurrency}`);

  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) =>
        routeLeadRequest({
          nome: `Cliente ${i}`,
          email: `cliente.${i}@bench.jusconecta.test`,
          whatsapp: '11912345678',
          cidade: 'sp_sao_paulo',
          areaAtuacao: 'civil',
          descricao: `Preciso de orientação sobre o contrato número ${i} e os prazos que tenho.`,
        }),
      ),
    );
    const expected = REQUESTS * LAWYERS;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const [counts] = await selectRows<{ whatsapp: number; email: number; emails: number }>(
        sql`select count(*) filter (where channel = 'whatsapp' and status = 'sent')::int as whatsapp,
                   count(*) filter (where channel = 'email' and status = 'sent')::int as email,
                   count(*) filter (where channel = 'email')::int as emails
            from ${outbox}`,
      );
      // Every e-mail too (the clients' confirmations, and the lawyers' new-lead e-mails): they share the database.
      if (Number(counts?.whatsapp) >= expected && Number(counts?.email) >= Number(counts?.emails)) break;
      if (performance.now() - started > 5 * 60_000) throw new Error(`only ${counts?.whatsapp} of ${expected} WhatsApp messages sent after 5 minutes`);
    }
  } finally {
    await dispatcher.stop();
    await stopJobQueue();
    mailer.close?.();
    await cloud.close();
    await smtp.close();
  }

  const rows = await selectRows<{ recipient: string; created_ms: number; sent_ms: number; delay_ms: number }>(
    sql`select recipient, extract(epoch from created_at) * 1000 as created_ms, extract(epoch from sent_at) * 1000 as sent_ms,
               extract(epoch from sent_at - created_at) * 1000 as delay_ms
        from ${outbox} where channel = 'whatsapp' order by created_at, id`,
  );
  const delays = rows.map((r) => Number(r.delay_ms)).sort((a, b) => a - b);
  let outOfOrder = 0;
  const lastSent = new Map<string, number>();
  for (const row of rows) {
    const previous = lastSent.get(row.recipient);
    if (previous !== undefined && Number(row.sent_ms) < previous) outOfOrder += 1;
    lastSent.set(row.recipient, Number(row.sent_ms));
  }
  return {
    kind,
    requests: REQUESTS,
    lawyers: LAWYERS,
    concurrency,
    whatsappMessages: rows.length,
    cloudRequests: cloud.requests.length,
    emails: smtp.received.length,
    p50Ms: quantile(delays, 0.5),
    p95Ms: quantile(delays, 0.95),
    maxMs: delays.at(-1) ?? 0,
    outOfOrder,
  };
}

async function standalone(kind: 'pglite' | 'postgres'): Promise<NotificationFigures> {
  const cleanUp = await openStandaloneAppDatabase(kind, STANDALONE_DATABASE);
  try {
    return await benchNotifications({ kind, log: (m) => console.log(`[notifications] ${m}`) });
  } finally {
    await cleanUp();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
  Object.assign(process.env, { APP_SECRET: 'jusconecta-bench-secret-0123456789abcdef', LOG_LEVEL: 'warn', NODE_ENV: 'production' });
  delete process.env.DATABASE_URL;
  const requested = process.env.BENCH_NOTIFICATION_KINDS?.split(',').filter((k): k is 'pglite' | 'postgres' => k === 'pglite' || k === 'postgres');
  const kinds = requested?.length ? requested : process.env.BENCH_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
  const budget = (JSON.parse(await fs.readFile('bench/budgets.json', 'utf8')) as { notificationP95Ms: number }).notificationP95Ms;
  const results: NotificationFigures[] = [];
  for (const kind of kinds) {
    const figures = await standalone(kind);
    results.push(figures);
    console.log(
      `${kind}: ${figures.whatsappMessages} WhatsApp notifications (${figures.requests} requests × ${figures.lawyers} lawyers, concurrency ${figures.concurrency}): ` +
        `p50 ${figures.p50Ms.toFixed(0)} ms, p95 ${figures.p95Ms.toFixed(0)} ms (budget <= ${budget} ms: ${figures.p95Ms <= budget ? 'met' : 'NOT MET'}), max ${figures.maxMs.toFixed(0)} ms; ` +
        `${figures.cloudRequests} Cloud API requests, ${figures.emails} e-mails, ${figures.outOfOrder} out of order`,
    );
  }
  if (process.env.BENCH_NOTIFICATION_JSON) await fs.writeFile(process.env.BENCH_NOTIFICATION_JSON, JSON.stringify(results, null, 2));
  process.exit(0);
}

/**
 * For run.ts: this file in a child process (its own database module and PGlite, away from the run's),
 * on the run's database kind; answers its figures, or throws with the child's output.
 */
export async function runNotificationsInChild(kind: 'pglite' | 'postgres', workDir: string): Promise<NotificationFigures> {
  const [figures] = await runBenchInChild<NotificationFigures[]>(import.meta.url, { jsonFile: path.join(workDir, 'notifications.json'), jsonVariable: 'BENCH_NOTIFICATION_JSON', env: { BENCH_NOTIFICATION_KINDS: kind }, timeoutMinutes: 10 });
  if (!figures) throw new Error('bench/notification-delivery.ts wrote no figures');
  return figures;
}
