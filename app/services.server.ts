import { getConfig, type AppConfig } from './config.server';
import { ADVISORY_LOCKS, closeDatabase, migrateDatabase, openDatabase, withAdvisoryLock } from './db/client.server';
import { keepPrivate, prepareDataDirectory } from './db/data-directory.server';
import { startBackgroundWork, stopBackgroundWork } from './jobs/worker.server';
import { PUBLIC_CONTENT_CHANNEL, startPublicContentSync, type PublicContentSync } from './lib/public-content-sync.server';
import { flushAnalytics, recordProfileView } from './modules/analytics/analytics.server';
import { settleVisitorDataPurge } from './modules/analytics/visitor-hash.server';
import { seedDemoDataIfEmpty } from './modules/demo/demo-seed.server';
import { searchDocument } from './modules/lawyers/search-document.server';
import { toastInCookies } from './lib/flash-toast.server';
import { isDocumentOnlyPath, type DocumentAnswer, type DocumentRequest } from './lib/server-rendered-page';

export { publicContentGeneration } from './lib/public-content.server';
export { beginDraining } from './lib/readiness.server';
export { databaseOutage } from './db/client.server';
export { publicPageCacheKey } from './page-cache-key.server';

/**
 * What the process needs before it serves a request: the configuration, the database (locked, when
 * embedded), the migrations and, on an empty embedded database, the demo data. The Express server
 * reaches these through the React Router build, so there is one copy of every module in the process.
 */
export async function startServices(log: (message: string) => void = console.log): Promise<AppConfig> {
  const config = getConfig();
  if (!config.databaseUrl) prepareDataDirectory(config.dataDir);
  const opened = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', directory: `${config.dataDir}/pglite` },
  );
  if (!config.databaseUrl) keepPrivate(config.dataDir);
  await migrateDatabase(opened);
  // Two processes starting together on one empty PostgreSQL: the second waits, then finds the seed there.
  if (config.seedDemo) await withAdvisoryLock(ADVISORY_LOCKS.demoSeed, () => seedDemoDataIfEmpty(log), opened);
  if (opened.pool && !syncState.__jusconectaPublicContentSync) {
    // Other processes on this PostgreSQL tell this one when public content changes (docs/decisions/0057).
    const pool = opened.pool;
    const sync = startPublicContentSync(config.databaseUrl!, { notify: (payload) => pool.query('select pg_notify($1, $2)', [PUBLIC_CONTENT_CHANNEL, payload]) });
    syncState.__jusconectaPublicContentSync = sync;
    await sync.ready;
  }
  // pg-boss creates its schema and queues at start; two processes doing it at once deadlock in
  // PostgreSQL (pgboss.create_queue), and the loser would exit: they take turns.
  await withAdvisoryLock(ADVISORY_LOCKS.jobQueueSetup, () => startBackgroundWork(config), opened);
  return config;
}

const syncState = globalThis as typeof globalThis & { __jusconectaPublicContentSync?: PublicContentSync };

/**
 * The document lane (docs/decisions/0066, 0068): a page the server answers before Express and React
 * Router, because its route's loader answers the whole document anyway (the search, /busca and
 * /advogado). null: React Router answers (another path, or a toast to show and clear, which the root's
 * middleware does).
 */
export function laneDocument(request: DocumentRequest): Promise<DocumentAnswer> | null {
  if (!laneTakes(new URL(request.url).pathname, request.headers.get('cookie') ?? undefined)) return null;
  return searchDocument(request);
}

/** Whether the lane answers a GET of this path with these cookies (checked before anything runs for it). */
export function laneTakes(pathname: string, cookie: string | undefined): boolean {
  return isDocumentOnlyPath(pathname) && (cookie === undefined || toastInCookies(cookie) === null);
}

/** How many server processes this machine runs (WEB_CONCURRENCY, docs/decisions/0067); read before any starts. */
export function serverProcesses(): number {
  return getConfig().serverProcesses;
}

export async function stopServices(): Promise<void> {
  await syncState.__jusconectaPublicContentSync?.stop();
  syncState.__jusconectaPublicContentSync = undefined;
  await stopBackgroundWork();
  await flushAnalytics();
  // A purge of old visitor hashes still running ends after its batch; the next process finishes it.
  await settleVisitorDataPurge({ stop: true });
  await closeDatabase();
}

/** Called by the server for every public profile response that finished, from the page cache or not. */
export function recordServedProfileView(view: { lawyerId: string; ip: string | null; userAgent: string | null; purpose: string | null }): void {
  recordProfileView({ lawyerId: view.lawyerId, ip: view.ip, userAgent: view.userAgent, purpose: view.purpose, viewerId: null });
}
