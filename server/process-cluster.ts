import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/**
 * Several server processes on one machine (WEB_CONCURRENCY, docs/decisions/0067). One Node process
 * runs JavaScript on one core: an uncached search spent most of its time waiting for that core while
 * the machine had another. The primary only forks and watches; each worker is the whole server (the
 * same start-up as a single process: migrations and the demo seed take turns under their advisory
 * locks, the page caches hear each other's changes through PostgreSQL, decision 0057), and Node's
 * cluster module hands the shared port's connections to them in turn.
 *
 * - SIGTERM/SIGINT to the primary is passed to every worker, each closes gracefully
 *   (server/lifecycle.ts), and the primary exits when all have.
 * - A worker that dies on its own is replaced, unless it died during its first seconds: then the
 *   machine's configuration or database is at fault, and a fork loop would only hide it, so the
 *   primary stops the others and exits with the worker's code.
 */

/** A worker that exits this soon after it was forked is failing to start. */
const START_GRACE_MS = 15_000;

/**
 * The workers' young generation, in MB per semi-space (V8's default is 16 on 64-bit). A search page
 * allocates about 0.5 MB (its rows, strings and the 100 KB document); with 16 MB, a worker under load
 * scavenged every few dozen requests. 32 MB halves the scavenges for 32 MB more per worker: +10% uncached
 * searches a second and a shorter tail on this machine (docs/decisions/0067). An operator's own
 * --max-semi-space-size (NODE_OPTIONS or the command line) wins.
 */
const SEMI_SPACE_MB = 32;

export function runPrimary(count: number, logger: Logger, { startGraceMs = START_GRACE_MS } = {}): void {
  const own = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((arg) => arg.startsWith('--max-semi-space-size'));
  cluster.setupPrimary({ execArgv: own ? process.execArgv : [...process.execArgv, `--max-semi-space-size=${SEMI_SPACE_MB}`] });
  let stopping = false;
  const forkedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    forkedAt.set(worker.id, Date.now());
  };

  const stopAll = (signal: NodeJS.Signals, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, workers: Object.keys(cluster.workers ?? {}).length }, 'stopping the server processes');
    for (const worker of Object.values(cluster.workers ?? {}) as Worker[]) worker.process.kill(signal);
    const finish = () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
    };
    cluster.on('exit', finish);
    finish();
  };

  cluster.on('exit', (worker, code, signal) => {
    const startedAt = forkedAt.get(worker.id) ?? 0;
    forkedAt.delete(worker.id);
    if (stopping) return;
    if (Date.now() - startedAt < startGraceMs) {
      logger.error({ pid: worker.process.pid, code, signal }, 'a server process failed to start: stopping');
      stopAll('SIGTERM', code || 1);
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'a server process exited: starting another');
    fork();
  });

  process.on('SIGTERM', () => stopAll('SIGTERM', 0));
  process.on('SIGINT', () => stopAll('SIGINT', 0));
  for (let i = 0; i < count; i++) fork();
}
