/**
 * Scheduled process monitoring under volume (docs/decisions/0030): 10,000 monitored processes, all due
 * at once, checked by the app's own polling path — the dispatcher (`startMonitoringDispatcher`: due rows
 * taken in bounded batches with SKIP LOCKED) and the `monitoring-check` pg-boss job (the DataJud adapter,
 * then `recordProcessCheck`: status, movements, one WhatsApp outbox row per new movement) — against a
 * local DataJud stand-in (tests/support/court-stand-ins.ts) that answers every search in 200 ms.
 *
 * Reports the total time (budget `monitoringPollMinutes`: the whole set within the hour of the schedule)
 * and the most searches the stand-in saw in progress at once (must not exceed MONITORING_POLL_CONCURRENCY,
 * 10 here unless set).
 *
 * - On its own: `npx tsx bench/monitoring-poll.ts` on a fresh PGlite; with BENCH_DATABASE_URL also on a
 *   fresh PostgreSQL database `jusconecta_bench_monitoring` beside it (BENCH_MONITORING_KINDS=pglite or
 *   postgres picks one). BENCH_MONITORING_JSON=<file> writes the figures as JSON.
 * - In `npm run bench` (run.ts): run as a child process of this file, on the run's database kind.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openStandaloneAppDatabase } from './database';
import { runBenchInChild } from './child-run';

export interface MonitoringPollFigures {
  kind: 'pglite' | 'postgres';
  processes: number;
  concurrency: number;
  latencyMs: number;
  /** From the dispatcher's start until every process has been checked. */
  totalSeconds: number;
  checksPerSecond: number;
  /** Searches the stand-in received (one per process when nothing is checked twice). */
  requests: number;
  /** The most searches in progress at once at the stand-in. */
  peakConcurrency: number;
  /** Check jobs that needed more than one attempt (a failed attempt is retried by pg-boss). */
  retriedJobs: number;
  movements: number;
  whatsappOutbox: number;
}

/** 10,000; BENCH_MONITORING_PROCESSES sets another count (a quick trial run), rounded up to whole lawyers of 20. */
export const MONITORING_PROCESSES = Math.ceil(Math.max(20, Number(process.env.BENCH_MONITORING_PROCESSES) || 10_000) / 20) * 20;
const LATENCY_MS = 200;
const PER_LAWYER = 20;
const STANDALONE_DATABASE = 'jusconecta_bench_monitoring';
const DATAJUD_KEY = 'bench-datajud-key-0123456789';

/** A valid TJSP number (8.26) for index i: the sequential part is the index, the check digits computed. */
async function numeroOf(i: number): Promise<string> {
  const { cnjCheckDigits } = await import('../app/domain/cnj');
  const parts = { sequencial: String(1_000_000 + i).padStart(7, '0'), ano: '2024', segmento: '8', tribunal: '26', origem: String(100 + (i % 900)).padStart(4, '0') };
  return `${parts.sequencial}-${cnjCheckDigits(parts)}.${parts.ano}.${parts.segmento}.${parts.tribunal}.${parts.origem}`;
}

/** Measures on the database the app's client module has open (migrated, empty). */
export async function benchMonitoringPoll({ kind, log = console.log }: { kind: 'pglite' | 'postgres'; log?: (message: string) => void }): Promise<MonitoringPollFigures> {
  const { db, selectRows } = await import('../app/db/client.server');
  const { getConfig } = await import('../app/config.server');
  const { createLawyerAccounts } = await import('../app/modules/lawyers/lawyer-writes.server');
  const { monitoredProcesses, processUpdates } = await import('../app/db/schema/monitoring');
  const { outbox } = await import('../app/db/schema/messaging');
  const { createDataJudProvider } = await import('../app/integrations/court-monitoring/datajud.server');
  const { startJobQueue, stopJobQueue } = await import('../app/jobs/queue.server');
  const { monitoringCheckJob, startMonitoringDispatcher } = await import('../app/jobs/monitoring.server');
  const { startDataJudStandIn } = await import('../tests/support/court-stand-ins');

  const concurrency = getConfig().monitoringPollConcurrency;
  const lawyers = await createLawyerAccounts(
    Array.from({ length: MONITORING_PROCESSES / PER_LAWYER }, (_, i) => ({
      nome: `Advogada Monitoramento ${i}`,
      email: `monitoramento.${i}@bench.jusconecta.test`,
      numeroOab: String(200000 + i),
      oabUf: 'SP' as const,
      whatsapp: `5511${String(910000000 + i)}`,
      biografia: 'Advogada criada pelo benchmark do monitoramento de processos; o banco é descartado ao final.',
      areas: ['civil' as const],
      cities: ['sp_sao_paulo'],
      status: 'approved' as const,
      plan: 'premium' as const,
    })),
  );
  const due = new Date(Date.now() - 60_000);
  const numeros: string[] = [];
  for (let i = 0; i < MONITORING_PROCESSES; i++) numeros.push(await numeroOf(i));
  for (let start = 0; start < MONITORING_PROCESSES; start += 1000) {
    await db.insert(monitoredProcesses).values(
      numeros.slice(start, start + 1000).map((numero, j) => ({ lawyerId: lawyers[Math.floor((start + j) / PER_LAWYER)]!.id, numero, tribunal: 'TJSP', frequencia: 'DIARIA' as const, nextCheckAt: due })),
    );
  }
  if (kind === 'pglite') await db.execute(sql`vacuum analyze monitored_processes`);
  else await db.execute(sql`analyze monitored_processes`);

  // Every process is in DataJud with two movements: each check stores two and puts two WhatsApps in the outbox.
  const standIn = await startDataJudStandIn({ apiKey: DATAJUD_KEY });
  standIn.latencyMs = LATENCY_MS;
  standIn.indices.set(
    'tjsp',
    numeros.map((numero) => ({
      numeroProcesso: numero.replace(/\D/g, ''),
      tribunal: 'TJSP',
      grau: 'G1',
      classe: { codigo: 7, nome: 'Procedimento Comum Cível' },
      movimentos: [
        { codigo: 26, nome: 'Distribuição', dataHora: '2025-03-10T14:06:24.000Z' },
        { codigo: 11010, nome: 'Mero expediente', dataHora: '2025-04-02T10:00:00.000Z' },
      ],
    })),
  );
  // The per-court pace (DATAJUD_REQUESTS_PER_SECOND) is left out: this measures the checks' own throughput.
  const provider = createDataJudProvider({ apiUrl: standIn.url, apiKey: DATAJUD_KEY, requestsPerSecond: Infinity });
  log(`${kind}: ${MONITORING_PROCESSES.toLocaleString('en-US')} processes due, DataJud stand-in at ${LATENCY_MS} ms, concurrency ${concurrency}`);

  const queue = await startJobQueue({ jobs: [monitoringCheckJob(provider, { concurrency })] });
  const started = performance.now();
  const dispatcher = startMonitoringDispatcher(queue, { polling: { concurrency }, callbacks: false });
  let checked = 0;
  let lastLog = started;
  try {
    while (checked < MONITORING_PROCESSES) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      checked = await db.$count(monitoredProcesses, sql`${monitoredProcesses.ultimaVerificacao} is not null`);
      if (performance.now() - lastLog > 30_000) {
        lastLog = performance.now();
        log(`${kind}: ${checked.toLocaleString('en-US')} checked after ${((lastLog - started) / 1000).toFixed(0)} s`);
      }
      if (performance.now() - started > 75 * 60_000) throw new Error(`only ${checked} of ${MONITORING_PROCESSES} checked after 75 minutes`);
    }
  } finally {
    await dispatcher.stop();
    await stopJobQueue();
    await standIn.close();
  }
  const totalSeconds = (performance.now() - started) / 1000;
  const [retried] = await selectRows<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'monitoring-check' and retry_count > 0`);
  return {
    kind,
    processes: MONITORING_PROCESSES,
    concurrency,
    latencyMs: LATENCY_MS,
    totalSeconds,
    checksPerSecond: MONITORING_PROCESSES / totalSeconds,
    requests: standIn.requests.length,
    peakConcurrency: standIn.peakConcurrency,
    retriedJobs: Number(retried?.n ?? 0),
    movements: await db.$count(processUpdates),
    whatsappOutbox: await db.$count(outbox, sql`${outbox.channel} = 'whatsapp'`),
  };
}

async function standalone(kind: 'pglite' | 'postgres'): Promise<MonitoringPollFigures> {
  const cleanUp = await openStandaloneAppDatabase(kind, STANDALONE_DATABASE);
  try {
    return await benchMonitoringPoll({ kind, log: (m) => console.log(`[monitoring] ${m}`) });
  } finally {
    await cleanUp();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
  // Only for this process: getConfig() needs a secret; the background log stays quiet.
  Object.assign(process.env, { APP_SECRET: 'jusconecta-bench-secret-0123456789abcdef', LOG_LEVEL: 'warn', NODE_ENV: 'production' });
  process.env.MONITORING_POLL_CONCURRENCY ??= '10';
  delete process.env.DATABASE_URL;
  const requested = process.env.BENCH_MONITORING_KINDS?.split(',').filter((k): k is 'pglite' | 'postgres' => k === 'pglite' || k === 'postgres');
  const kinds = requested?.length ? requested : process.env.BENCH_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
  const budget = (JSON.parse(await fs.readFile('bench/budgets.json', 'utf8')) as { monitoringPollMinutes: number }).monitoringPollMinutes;
  const results: MonitoringPollFigures[] = [];
  for (const kind of kinds) {
    const figures = await standalone(kind);
    results.push(figures);
    const minutes = figures.totalSeconds / 60;
    console.log(
      `${kind}: ${figures.processes.toLocaleString('en-US')} processes checked in ${minutes.toFixed(1)} min (${figures.totalSeconds.toFixed(0)} s, ${figures.checksPerSecond.toFixed(1)} checks/s; ` +
        `budget <= ${budget} min: ${minutes <= budget ? 'met' : 'NOT MET'}); peak concurrent requests ${figures.peakConcurrency} of ${figures.concurrency} allowed ` +
        `(${figures.peakConcurrency <= figures.concurrency ? 'met' : 'NOT MET'}); ${figures.requests.toLocaleString('en-US')} requests, ` +
        `${figures.retriedJobs} jobs retried, ${figures.movements.toLocaleString('en-US')} movements, ${figures.whatsappOutbox.toLocaleString('en-US')} WhatsApp outbox rows`,
    );
  }
  if (process.env.BENCH_MONITORING_JSON) await fs.writeFile(process.env.BENCH_MONITORING_JSON, JSON.stringify(results, null, 2));
  process.exit(0);
}

/**
 * For run.ts: this file in a child process (its own database module and PGlite, away from the run's),
 * on the run's database kind; answers its figures, or throws with the child's output.
 */
export async function runMonitoringPollInChild(kind: 'pglite' | 'postgres', workDir: string): Promise<MonitoringPollFigures> {
  const [figures] = await runBenchInChild<MonitoringPollFigures[]>(import.meta.url, { jsonFile: path.join(workDir, 'monitoring-poll.json'), jsonVariable: 'BENCH_MONITORING_JSON', env: { BENCH_MONITORING_KINDS: kind }, timeoutMinutes: 80 });
  if (!figures) throw new Error('bench/monitoring-poll.ts wrote no figures');
  return figures;
}
