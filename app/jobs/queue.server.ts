import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import { currentDatabase } from '~/db/client.server';
import { backgroundLog } from '~/lib/log.server';

/**
 * The job queue: pg-boss 10 in the app process (docs/decisions/0011). On PostgreSQL it has a small pool
 * of its own on the app's database; on PGlite it runs its SQL on the app's PGlite instance through
 * pg-boss's `db.executeSql` option. Jobs are declared as data (JobDefinition) and started with the queue.
 */

/** What a handler knows about the attempt it runs. */
export interface JobAttempt {
  jobId: string;
  /** Retries already made (0 on the first attempt). */
  retryCount: number;
  retryLimit: number;
  /** No retry follows a failure of this attempt. */
  finalAttempt: boolean;
}

/**
 * Thrown by a handler whose attempt failed and must not be retried before `afterSeconds` (a provider's
 * Retry-After). The retry keeps pg-boss's count and backoff, but starts no earlier than asked.
 */
export class RetryLaterError extends Error {
  override name = 'RetryLaterError';

  constructor(
    message: string,
    readonly afterSeconds: number,
  ) {
    super(message);
  }
}

/** One kind of job: its queue name, the payload it accepts, its retry policy and its handler. */
export interface JobDefinition<T> {
  name: string;
  payload: z.ZodType<T>;
  /** Retries, backoff and expiry of the queue (pg-boss queue options). */
  queue: Omit<PgBoss.Queue, 'name'>;
  /** Throws to fail the attempt: pg-boss retries it until the retry limit. */
  handle(data: T, attempt: JobAttempt): Promise<void>;
  /**
   * Jobs of this queue run at once in this process (default 1): that many workers, each going straight
   * on to the next job while the queue has some (pg-boss would otherwise wait its polling interval
   * between two jobs of a worker), and polling at the interval once it is empty.
   */
  concurrency?: number;
}

export interface JobQueue {
  boss: PgBoss;
  /** Wakes the workers of a queue now instead of at their next poll. */
  wake(name: string): void;
  /** Whether this process runs a worker of the queue (a channel without configuration has none). */
  hasWorker(name: string): boolean;
  /** stopJobQueue() has begun: a running job should finish what it holds and take nothing more. */
  readonly stopping: boolean;
}

export interface StartJobQueueOptions {
  /** Each definition with its own payload type (`handle` is a method, so JobDefinition<T> fits JobDefinition<unknown>). */
  jobs: ReadonlyArray<JobDefinition<unknown>>;
  /** How often an idle worker looks for jobs (pg-boss accepts 0.5 s and more). */
  pollingIntervalSeconds?: number;
  /** How long stop() waits for running jobs before failing them back to the queue. */
  stopTimeoutMs?: number;
}

interface RunningQueue extends JobQueue {
  database: QueueDatabase;
  stopping: boolean;
  stopTimeoutMs: number;
}

// Kept on globalThis, like the database, so that a module reloaded by the dev server stops the same queue.
const state = globalThis as typeof globalThis & { __jusconectaJobQueue?: RunningQueue };

/** The running queue, if any (tests and scripts may run without one). */
export function runningJobQueue(): JobQueue | undefined {
  return state.__jusconectaJobQueue;
}

/**
 * Starts pg-boss on the open database (installing or migrating its `pgboss` schema), creates the queue
 * of every job and starts one worker per queue. Call once, after openDatabase().
 */
export async function startJobQueue({ jobs, pollingIntervalSeconds = 2, stopTimeoutMs = 25_000 }: StartJobQueueOptions): Promise<JobQueue> {
  if (state.__jusconectaJobQueue) return state.__jusconectaJobQueue;
  const database = queueDatabaseFor(currentDatabase());
  const boss = new PgBoss({
    db: database,
    // No cron schedules yet: the clock-skew and cron monitors would only add queries.
    schedule: false,
    // One process at a time runs maintenance (expiry, archiving); pg-boss elects it through the database.
    supervise: true,
  });
  boss.on('error', (error) => backgroundLog().error({ err: error }, 'Erro na fila de tarefas'));
  const workers = new Map<string, string[]>();
  const queue: RunningQueue = {
    boss,
    database,
    stopping: false,
    stopTimeoutMs,
    wake(name) {
      for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
    },
    hasWorker: (name) => (workers.get(name)?.length ?? 0) > 0,
  };
  try {
    await boss.start();
    for (const job of jobs) {
      await boss.createQueue(job.name, { name: job.name, ...job.queue });
      // createQueue keeps an existing queue's options: apply the current ones.
      await boss.updateQueue(job.name, { name: job.name, ...job.queue });
      const drain = (job.concurrency ?? 1) > 1;
      for (let n = 0; n < (job.concurrency ?? 1); n++) {
        // Filled in once work() answers; a job can only be fetched after that.
        const worker: { id?: string } = {};
        worker.id = await boss.work(job.name, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds }, async ([attempt]) => {
          if (!attempt) return;
          // A worker that found a job looks for the next one at once (pg-boss skips its wait when notified).
          if (drain && worker.id) boss.notifyWorker(worker.id);
          // A job fetched while the process stops is failed back to the queue untouched (pg-boss retries it).
          if (queue.stopping) throw new Error('A fila de tarefas está parando');
          const finalAttempt = attempt.retryCount >= attempt.retryLimit;
          try {
            await job.handle(job.payload.parse(attempt.data), { jobId: attempt.id, retryCount: attempt.retryCount, retryLimit: attempt.retryLimit, finalAttempt });
          } catch (error) {
            if (error instanceof RetryLaterError && !finalAttempt && (await retryNotBefore(boss, attempt, error.afterSeconds))) return;
            throw error;
          }
        });
        workers.set(job.name, [...(workers.get(job.name) ?? []), worker.id]);
      }
    }
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => undefined);
    await database.close();
    throw error;
  }
  state.__jusconectaJobQueue = queue;
  return queue;
}

/**
 * Stops the workers, waits for running jobs (up to the stop timeout: a job still running then is failed
 * back to the queue) and for the queue's last queries, then closes its connections. Before the
 * database closes.
 */
export async function stopJobQueue(): Promise<void> {
  const queue = state.__jusconectaJobQueue;
  if (!queue) return;
  state.__jusconectaJobQueue = undefined;
  queue.stopping = true;
  try {
    await queue.boss.stop({ graceful: true, wait: true, timeout: queue.stopTimeoutMs });
  } finally {
    await queue.database.close();
  }
}

/**
 * pg-boss's connection: every query goes through executeSql, which counts the queries in flight, so
 * that close() can wait for the last ones (a worker's poll) before the connection goes away.
 */
class QueueDatabase implements PgBoss.Db {
  private readonly inFlight = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly run: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>,
    private readonly end: () => Promise<void>,
  ) {}

  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
    if (this.closed) return Promise.reject(new Error('A fila de tarefas está parada'));
    const query = this.run(text, values);
    const settled = query.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.add(settled);
    void settled.then(() => this.inFlight.delete(settled));
    return query;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(this.inFlight);
    await this.end();
  }
}

function queueDatabaseFor(opened: ReturnType<typeof currentDatabase>): QueueDatabase {
  if (opened.target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: opened.target.url, max: 3, application_name: 'jusconecta-jobs' });
    pool.on('error', (error) => backgroundLog().error({ err: error }, 'Erro na conexão da fila de tarefas'));
    return new QueueDatabase(
      (text, values) => pool.query(text, values),
      () => pool.end(),
    );
  }
  const pglite = opened.pglite!;
  // The database itself is closed by closeDatabase(), after the queue.
  return new QueueDatabase(
    (text, values) => runOnPglite(pglite, text, values),
    async () => undefined,
  );
}

/**
 * pg-boss's SQL on PGlite. A statement with parameters goes through query() (the extended protocol,
 * one statement); one without goes through exec(), which also runs the multi-statement scripts that
 * install and migrate pg-boss's schema (the extended protocol refuses them). pg answers a
 * multi-statement script with one result per statement; pg-boss reads rows only from single statements.
 */
async function runOnPglite(pglite: PGlite, text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
  if (values && values.length > 0) {
    const result = await pglite.query(text, values.map((v) => (v === undefined ? null : v)));
    return { rows: result.rows };
  }
  const results = await pglite.exec(text);
  return { rows: results.at(-1)?.rows ?? [] };
}

/**
 * pg-boss computes a failed attempt's retry time itself (retry_delay · 2^retry_count, up to twice that
 * with jitter) and has no per-failure delay. When a provider asks for a longer wait than the shortest
 * delay pg-boss could pick, the attempt completes instead, and a follow-up job with the same payload
 * starts after the wait: it carries the retries left and the backoff reached, so the count and the
 * curve go on as if pg-boss had retried. Its id is derived from this attempt, so an attempt that runs
 * twice (a crash after the insert) still makes one follow-up. Returns false when pg-boss's own retry
 * already waits long enough (the caller then fails the attempt as usual).
 */
async function retryNotBefore(boss: PgBoss, attempt: PgBoss.JobWithMetadata<unknown>, afterSeconds: number): Promise<boolean> {
  const backoff = (retries: number) => (attempt.retryBackoff ? attempt.retryDelay * 2 ** retries : attempt.retryDelay);
  if (afterSeconds <= backoff(attempt.retryCount)) return false;
  await boss.insert([
    {
      id: followUpJobId(attempt.id, attempt.retryCount),
      name: attempt.name,
      data: attempt.data as object,
      // An interval, so the database clock decides, like pg-boss's own retries.
      startAfter: `${Math.ceil(afterSeconds)} seconds`,
      retryLimit: attempt.retryLimit - attempt.retryCount - 1,
      retryDelay: backoff(attempt.retryCount + 1),
      retryBackoff: attempt.retryBackoff,
    },
  ]);
  return true;
}

/** A UUID-shaped id that depends only on the job and the attempt. */
function followUpJobId(jobId: string, retryCount: number): string {
  return stableJobId(`${jobId}:${retryCount}`);
}

/**
 * A UUID-shaped job id that depends only on `key`: pg-boss ignores the insert of an id it already holds,
 * so a job inserted twice under one key (two processes, a redispatch) is one job.
 */
export function stableJobId(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
