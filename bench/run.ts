/**
 * `npm run bench`: one benchmark run of the production build against 100,000 seeded lawyers
 * (`BENCH_LAWYERS=1550000`: the whole bar, PostgreSQL only).
 * See bench/README.md. Budgets are in bench/budgets.json; results go to bench/results/.
 * Exits 0 when budgets are not met (it is a benchmark, not a test); 1 only when the run itself fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BACK_OFFICE_LEADS, measureBackOffice, seedBackOffice, seedBackOfficeSuperadmin, type BackOfficeFigures, type BackOfficeSeed } from './back-office';
import { BOARD_LEADS, BOARD_PATH, measureBoard, seedBoard, type BoardFigures } from './board';
import { runContractSummariserInChild, type ContractFigures } from './contract-analysis';
import { snapshotBuild, type BuildSnapshot } from './build-snapshot';
import { createBenchDatabase, type BenchDatabase, type DatabaseKind } from './database';
import { measurePageWeight, type PageWeight } from './js-size';
import { CATEGORIES, runLighthouse, type LighthousePage } from './lighthouse';
import { MONITORING_PROCESSES, runMonitoringPollInChild, type MonitoringPollFigures } from './monitoring-poll';
import { captureResponse, coldResponseTimes, runBareLoad, runLoad, type ColdTiming, type LoadFigures, type LoadSettings } from './load';
import { machineSpeedMs } from './machine-speed';
import { freePort, startProcess, type RunningProcess } from './processes';
import { figure, formatTable, skippedBy, type Figure } from './report';
import { runNotificationsInChild, type NotificationFigures } from './notification-delivery';
import { DIGEST_LAWYERS, runDigestInChild, type DigestFigures } from './follow-up-digest';
import { benchRouting, type RoutingFigures } from './routing';
import { pickPremiumSlug, seedLawyers, type SeedResult } from './seed-100k';

interface Budgets {
  firstLoadJsGzipKiB: number;
  toolsFirstLoadJsGzipKiB: number;
  profileRatioToBare: number;
  searchRatioToBare: number;
  searchP99Ms: number;
  searchUncachedRps: number;
  searchUncachedP99Ms: number;
  searchUncachedP99MsAtScale: number;
  routingP95Ms: number;
  boardServerRenderMs: number;
  boardInteractiveMs: number;
  backOfficePageMs: number;
  monitoringPollMinutes: number;
  notificationP95Ms: number;
  followUpDigestMinutes: number;
  contractSummariserMs: number;
  contractSummariserRetainedMiB: number;
  lighthouse: Record<(typeof CATEGORIES)[number], number>;
  lighthouseFcpMs: number;
  toolsLighthouse: Record<(typeof CATEGORIES)[number], number>;
}

const DEFAULT_LAWYERS = 100_000;
/** BENCH_LAWYERS: how many lawyers to seed (100,000 unless set; above it, PostgreSQL only). */
const LAWYERS = process.env.BENCH_LAWYERS ? Number(process.env.BENCH_LAWYERS) : DEFAULT_LAWYERS;
const AT_SCALE = LAWYERS > DEFAULT_LAWYERS;
/** The filtered search at 100,000 lawyers: 4,886 matches. At scale, the area and city nearest that size (below). */
const DEFAULT_SEARCH_PATH = '/busca?area=familia&cidade=sp_sao_paulo';
const SEARCH_MATCHES_LIKE = 4_886;
const SEARCH_PAGE_SIZE = 24;
const REQUEST_PATH = '/solicitar-atendimento';
// A landing page (docs/decisions/0026): the search's query for one area in one city, with its links.
const LANDING_PATH = '/advogados/direito-de-familia/sao-paulo-sp';
/** The public pages (first-load JavaScript and Lighthouse budgets of their own) and the tools pages. */
const TOOLS_PAGES = ['/ferramentas', '/sumarizador-contratos'];
const LOAD: LoadSettings = { connections: 50, durationSeconds: 10, warmupSeconds: 2 };
// Only for the run's own server: at least 32 characters, never used outside it.
const APP_SECRET = 'jusconecta-bench-secret-0123456789abcdef';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(projectRoot);

const budgets = JSON.parse(fs.readFileSync('bench/budgets.json', 'utf8')) as Budgets;
const kind: DatabaseKind = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
if (!Number.isInteger(LAWYERS) || LAWYERS < 1_000) throw new Error(`BENCH_LAWYERS must be a whole number of at least 1000, got ${process.env.BENCH_LAWYERS}`);
if (AT_SCALE && kind !== 'postgres') throw new Error('BENCH_LAWYERS above 100,000 needs PostgreSQL (BENCH_DATABASE_URL).');
const startedAt = new Date();
const loadAverageAtStart = os.loadavg();
const runStart = performance.now();
const phases: Record<string, number> = {};
const problems: string[] = [];

function log(message: string) {
  console.log(`[bench ${((performance.now() - runStart) / 1000).toFixed(1).padStart(6)} s] ${message}`);
}

/** Times a phase; a failure is recorded and the run goes on (its figures then read n/a / NOT MET). */
async function phase<T>(name: string, work: () => Promise<T>, { fatal = false } = {}): Promise<T | undefined> {
  log(`${name}…`);
  const t = performance.now();
  try {
    return await work();
  } catch (error) {
    const message = `${name} failed: ${error instanceof Error ? error.message : String(error)}`;
    problems.push(message);
    log(message);
    if (fatal) throw error;
    return undefined;
  } finally {
    phases[name] = (performance.now() - t) / 1000;
  }
}

let snapshot: BuildSnapshot | undefined;
let database: BenchDatabase | undefined;
let server: RunningProcess | undefined;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jusconecta-bench-work-'));

async function cleanUp() {
  const s = server;
  server = undefined;
  if (s) log(`server stopped (${await s.stop()})`);
  const d = database;
  database = undefined;
  if (d) {
    await d.destroy();
    log(`${d.description} removed`);
  }
  snapshot?.remove();
  snapshot = undefined;
  fs.rmSync(workDir, { recursive: true, force: true });
}

process.once('SIGINT', () => {
  log('interrupted: cleaning up');
  void cleanUp().finally(() => process.exit(130));
});

let seed: SeedResult | undefined;
let routing: RoutingFigures | undefined;
let searchMatches: number | undefined;
let searchPath = DEFAULT_SEARCH_PATH;
let deepSearchPath: string | undefined;
let profilePath: string | undefined;
const weights: PageWeight[] = [];
const cold: ColdTiming[] = [];
const load: Record<string, LoadFigures | undefined> = {};
let lighthousePages: LighthousePage[] | undefined;
let boardSeed: { lawyerId: string; seconds: number } | undefined;
let board: BoardFigures | undefined;
let backOfficeSeed: BackOfficeSeed | undefined;
let backOffice: BackOfficeFigures | undefined;
let monitoringPoll: MonitoringPollFigures | undefined;
let notifications: NotificationFigures | undefined;
let digest: DigestFigures | undefined;
let contract: ContractFigures | undefined;
let fatalError: unknown;
let settleWait: { seconds: number; loadAverage: number } | undefined;
let boardSettleWait: { seconds: number; loadAverage: number } | undefined;
let loadSettleWait: { seconds: number; loadAverage: number } | undefined;
let machineSpeed: number | undefined;

/** The first and last profile files the sitemap index lists (cold-timed: the last one is the deepest read). */
async function profileSitemapFiles(origin: string): Promise<string[]> {
  const index = await (await fetch(`${origin}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<loc>[^<]*?(\/sitemaps\/perfis-\d+\.xml)<\/loc>/g)].map((m) => m[1]!);
  return [...new Set([files[0], files[files.length - 1]].filter((f): f is string => f !== undefined))];
}

/** Until the 1-minute load average is under half the CPUs (at most 90 s); how long it took, and the load then. */
async function waitForQuiet(): Promise<{ seconds: number; loadAverage: number }> {
  const started = performance.now();
  const quiet = os.cpus().length / 2;
  while (os.loadavg()[0]! >= quiet && performance.now() - started < 90_000) await new Promise((resolve) => setTimeout(resolve, 2000));
  return { seconds: (performance.now() - started) / 1000, loadAverage: os.loadavg()[0]! };
}

try {
  snapshot = await phase('copy the build', () => snapshotBuild(projectRoot, log), { fatal: true });
  const buildDir = (snapshot as BuildSnapshot).dir;
  // The migrations of the copied build, for this process (read when client.server.ts loads) and the server.
  process.env.MIGRATIONS_DIR = path.join(buildDir, 'drizzle');

  database = await phase('create and migrate the database', () => createBenchDatabase(process.env.BENCH_DATABASE_URL), { fatal: true });
  const db = database as BenchDatabase;
  log(db.description);

  seed = await phase(`seed ${LAWYERS.toLocaleString('en-US')} approved lawyers`, () => seedLawyers(db.sql, LAWYERS), { fatal: true });
  log(`seeded in ${((seed?.totalMs ?? 0) / 1000).toFixed(1)} s: ${JSON.stringify(seed?.counts)}`);
  profilePath = `/advogado/${await pickPremiumSlug(db.sql)}`;
  if (AT_SCALE) {
    // The area and city whose number of approved lawyers is nearest the 100,000 run's search.
    const { rows: nearest } = await db.sql.query<{ area: string; cidade: string }>(
      `select area, cidade from landing_scope_counts order by abs(lawyers - $1), area, cidade limit 1`,
      [SEARCH_MATCHES_LIKE],
    );
    if (!nearest[0]) throw new Error('No area and city with approved lawyers.');
    searchPath = `/busca?area=${nearest[0].area}&cidade=${nearest[0].cidade}`;
  }
  const filters = new URL(searchPath, 'http://x').searchParams;
  const { rows } = await db.sql.query<{ n: number }>(
    `
    select count(*)::int as n from lawyer_profiles lp where lp.status = 'approved'
      and exists (select 1 from lawyer_practice_areas a where a.lawyer_id = lp.id and a.area_id = $1)
      and exists (select 1 from lawyer_cities c where c.lawyer_id = lp.id and c.city_id = $2)`,
    [filters.get('area'), filters.get('cidade')],
  );
  searchMatches = Number(rows[0]?.n ?? 0);
  // A deep page: the last full one (page 203 of 204 for 4,886 matches).
  deepSearchPath = `${searchPath}&pagina=${Math.max(1, Math.floor(searchMatches / SEARCH_PAGE_SIZE))}`;
  log(`profile ${profilePath}; ${searchPath} matches ${searchMatches} lawyers; deep page ${deepSearchPath}`);
  // Routing runs here, in this process, on the app's database module (the server is not started yet);
  // it removes what it added. getConfig() of this process needs the secret; the outbox logs quietly.
  Object.assign(process.env, { APP_SECRET, LOG_LEVEL: 'warn' });
  routing = await phase('lead routing (500 matching lawyers)', () => benchRouting({ log }));
  // The back office's volume: 200,000 leads with their outbox messages, views and clicks (after routing,
  // which measures its own lawyers on a database without leads).
  // BENCH_SKIP_BACK_OFFICE=1: a quicker run without the back office's volume (its pages then read n/a).
  const withBackOffice = !process.env.BENCH_SKIP_BACK_OFFICE;
  if (withBackOffice) backOfficeSeed = await phase(`seed the back office (${BACK_OFFICE_LEADS.toLocaleString('en-US')} leads)`, () => seedBackOffice(db.sql));
  if (backOfficeSeed) log(`back office seeded in ${backOfficeSeed.seconds.toFixed(1)} s: ${JSON.stringify(backOfficeSeed.counts)}`);
  await db.release();
  // The CRM board's lawyer and leads, through the app's own write path (it opens the database again).
  boardSeed = await phase(`seed a CRM board of ${BOARD_LEADS.toLocaleString('en-US')} leads`, () => seedBoard(db.serverEnv));
  if (withBackOffice) await phase('create the back office superadmin', () => seedBackOfficeSuperadmin(db.serverEnv));

  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'APP_URL', 'PAGE_CACHE_SECONDS', 'TRUST_PROXY', 'PORT']) delete env[name];
  Object.assign(env, db.serverEnv, { NODE_ENV: 'production', SEED_DEMO: 'false', LOG_LEVEL: 'warn', PORT: String(port), APP_SECRET });
  server = await phase(
    'start the production server',
    () =>
      startProcess({
        name: 'server',
        command: process.execPath,
        args: ['build/server.js'],
        cwd: buildDir,
        env,
        readyUrl: `http://127.0.0.1:${port}/healthz`,
      }),
    { fatal: true },
  );
  // The app's own origin (its default APP_URL) for pages and Lighthouse; 127.0.0.1 for the load.
  const origin = `http://localhost:${port}`;
  const loadOrigin = `http://127.0.0.1:${port}`;
  const publicPages = ['/', '/busca', profilePath as string, LANDING_PATH, '/blog', '/quem-somos', REQUEST_PATH];
  const pages = [...publicPages, ...TOOLS_PAGES];

  // Load first: no earlier request has put the measured URLs in the page cache, so each warm-up fills
  // its entry (a cold-cache burst, not counted) and the 10 s that follow are well inside its 30 s.
  // Each app run is followed at once by its bare baseline, so both see the same machine.
  // The server starts its daily jobs at once (the morning digest, between 8:00 and noon in São Paulo, on
  // the back office's follow-ups). The loads wait for the machine to settle, as the board and Lighthouse do.
  loadSettleWait = await phase('wait for the machine to settle before the load', () => waitForQuiet());
  machineSpeed = await phase("the machine's speed", async () => machineSpeedMs());
  const targets = { profile: profilePath, search: searchPath } as const;
  for (const [name, target] of Object.entries(targets)) {
    load[`app ${name}`] = await phase(`load: app ${name}`, () => runLoad(loadOrigin, target, LOAD));
    load[`bare ${name}`] = await phase(`load: bare Express with the ${name} body`, async () =>
      runBareLoad(await captureResponse(`${loadOrigin}${target}`), target, LOAD, workDir),
    );
  }
  load['app search (uncached)'] = await phase('load: app search, cache-busting', () => runLoad(loadOrigin, searchPath, LOAD, true));
  load['app search deep page (uncached)'] = await phase('load: app search, deep page, cache-busting', () => runLoad(loadOrigin, deepSearchPath as string, LOAD, true));

  await phase('first-load JavaScript', async () => {
    for (const page of pages) weights.push(await measurePageWeight(origin, page));
  });

  await phase('cold response times', async () => {
    const sitemapFiles = await profileSitemapFiles(loadOrigin);
    for (const page of ['/', '/busca', searchPath, deepSearchPath as string, profilePath as string, REQUEST_PATH, LANDING_PATH, `${LANDING_PATH}?pagina=50`, '/sitemap.xml', ...sitemapFiles]) {
      cold.push(await coldResponseTimes(loadOrigin, page));
    }
  });

  // The board's Chromium times the page, not what the load runs just before left on the machine.
  boardSettleWait = await phase('wait for the machine to settle before the board', () => waitForQuiet());
  board = await phase('CRM board', () => measureBoard(loadOrigin));
  if (withBackOffice) backOffice = await phase('back office pages', () => measureBackOffice(loadOrigin));

  // Lighthouse scales the main-thread time it observes (4x CPU slowdown, simulated): the load runs and
  // the board's Chromium just before would still be in it. It starts once the machine has settled.
  settleWait = await phase('wait for the machine to settle before Lighthouse', () => waitForQuiet());
  lighthousePages = await phase('Lighthouse', () => runLighthouse(origin, pages));
  // BENCH_SKIP_BACKGROUND=1: without the four steps below (fixed sizes, each in a child process with a
  // database of its own: they do not depend on BENCH_LAWYERS); their figures then read n/a.
  if (!process.env.BENCH_SKIP_BACKGROUND) await runBackgroundSteps();
} catch (error) {
  fatalError = error;
} finally {
  await phase('stop and clean up', cleanUp);
}

async function runBackgroundSteps() {
  // Scheduled monitoring (bench/monitoring-poll.ts) in a child process with its own fresh database of
  // the run's kind: 10,000 processes through the DataJud job path; after Lighthouse, which it would disturb.
  monitoringPoll = await phase(`monitoring polling (${MONITORING_PROCESSES.toLocaleString('en-US')} processes, DataJud stand-in)`, () => runMonitoringPollInChild(kind, workDir));
  // Notification delivery (bench/notification-delivery.ts), likewise in a child with its own database.
  notifications = await phase('notification delivery (50 requests × 5 lawyers, instant stand-ins)', () => runNotificationsInChild(kind, workDir));
  // The CRM's morning digest (bench/follow-up-digest.ts) of 10,000 lawyers, in a child with its own database.
  digest = await phase(`morning digest (${DIGEST_LAWYERS.toLocaleString('en-US')} lawyers)`, () => runDigestInChild(kind, workDir));
  // The contract summariser (bench/contract-analysis.ts) in a child with --expose-gc: no server, no database.
  contract = await phase('contract summariser (largest real contract, 50,000-page PDF, 10 MB files)', () => runContractSummariserInChild(workDir));
}

// ---------------------------------------------------------------------------------------------
// The table

const kib = (bytes: number | undefined) => (bytes === undefined ? null : bytes / 1024);
const figures: Figure[] = [];
if (seed) figures.push(figure(`Seed ${LAWYERS.toLocaleString('en-US')} lawyers (generate + insert + vacuum analyze + checkpoint)`, seed.totalMs / 1000, 's', 1));

const isToolsPage = (pagePath: string) => TOOLS_PAGES.includes(pagePath);
for (const weight of weights) {
  const limit = isToolsPage(weight.path) ? budgets.toolsFirstLoadJsGzipKiB : budgets.firstLoadJsGzipKiB;
  figures.push(figure(`First-load JS gzip ${weight.path}`, kib(weight.jsGzipBytes), 'KiB', 1, { kind: 'max', limit }));
  figures.push(figure(`CSS gzip ${weight.path}`, kib(weight.cssGzipBytes), 'KiB', 1));
}
if (weights.length === 0) figures.push(figure('First-load JS gzip', null, 'KiB', 1, { kind: 'max', limit: budgets.firstLoadJsGzipKiB }));

figures.push(
  figure(
    `Lead routing p95 (${routing?.matching ?? 500} matching lawyers, routed to ${routing?.routed ?? 50}, ${routing?.samples ?? 50} requests, in process)`,
    routing?.p95Ms ?? null,
    'ms',
    1,
    { kind: 'max', limit: budgets.routingP95Ms },
    routing ? `${routing.area} in ${routing.city}` : undefined,
  ),
);
figures.push(figure('Lead routing p50', routing?.p50Ms ?? null, 'ms', 1));

for (const timing of cold) {
  figures.push(figure(`Cold response ${timing.path} (median of ${timing.samples}, one at a time)`, timing.medianMs, 'ms', 0));
}

/** A load run with failed responses measures errors, not the page: its figures do not count. */
function usable(run: LoadFigures | undefined): LoadFigures | undefined {
  if (run && (run.non2xx > 0 || run.errors > 0 || run.timeouts > 0)) return undefined;
  return run;
}
function failures(run: LoadFigures | undefined): string | undefined {
  if (!run) return 'no result';
  const parts = [run.non2xx && `${run.non2xx} non-2xx`, run.errors && `${run.errors} errors`, run.timeouts && `${run.timeouts} timeouts`].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

for (const [name, label, ratioBudget] of [
  ['profile', 'Profile', budgets.profileRatioToBare],
  ['search', 'Search', budgets.searchRatioToBare],
] as const) {
  const app = load[`app ${name}`];
  const bare = load[`bare ${name}`];
  const [a, b] = [usable(app), usable(bare)];
  figures.push(figure(`${label} app req/s`, app?.requestsPerSecond ?? null, 'req/s', 0, undefined, failures(app)));
  figures.push(figure(`${label} app latency p50`, a?.latencyP50Ms ?? null, 'ms', 1));
  figures.push(
    figure(`${label} app latency p99`, a?.latencyP99Ms ?? null, 'ms', 1, name === 'search' ? { kind: 'max', limit: budgets.searchP99Ms } : undefined),
  );
  const body = bare?.bodyBytes === undefined ? '' : `${(bare.bodyBytes / 1024).toFixed(1)} KiB body`;
  figures.push(figure(`${label} bare Express req/s`, bare?.requestsPerSecond ?? null, 'req/s', 0, undefined, failures(bare) ?? (body || undefined)));
  figures.push(figure(`${label} bare Express latency p99`, b?.latencyP99Ms ?? null, 'ms', 1));
  figures.push(figure(`${label} ratio app ÷ bare`, a && b ? a.requestsPerSecond / b.requestsPerSecond : null, '', 3, { kind: 'min', limit: ratioBudget }));
}
// Uncached search (every request runs the query and the render): page 1 and a deep page. At 100,000
// lawyers p99 <= searchUncachedP99Ms; at scale (BENCH_LAWYERS above it) <= searchUncachedP99MsAtScale.
const uncachedP99Limit = AT_SCALE ? budgets.searchUncachedP99MsAtScale : budgets.searchUncachedP99Ms;
for (const [key, label] of [
  ['app search (uncached)', 'Search uncached'],
  ['app search deep page (uncached)', 'Search uncached, deep page'],
] as const) {
  const uncached = load[key];
  figures.push(figure(`${label} req/s`, usable(uncached)?.requestsPerSecond ?? null, 'req/s', 0, { kind: 'min', limit: budgets.searchUncachedRps }, failures(uncached)));
  // Latencies of completed requests only: with timeouts they leave out the slowest, so they are shown
  // only when every request succeeded.
  figures.push(figure(`${label} latency p50`, usable(uncached)?.latencyP50Ms ?? null, 'ms', 1));
  figures.push(figure(`${label} latency p99`, usable(uncached)?.latencyP99Ms ?? null, 'ms', 1, { kind: 'max', limit: uncachedP99Limit }));
  if (uncached && uncached.drainAfterMs > 1000) {
    figures.push(figure(`${label}: time to drain the queue after the run`, uncached.drainAfterMs / 1000, 's', 1));
  }
}

const boardLeads = BOARD_LEADS.toLocaleString('en-US');
if (boardSeed) figures.push(figure(`Seed a CRM board of ${boardLeads} leads`, boardSeed.seconds, 's', 1));
figures.push(
  figure(`Board ${BOARD_PATH} server render, ${boardLeads} leads (median of ${board?.serverSamples ?? 7}, signed in)`, board?.serverMedianMs ?? null, 'ms', 0, {
    kind: 'max',
    limit: budgets.boardServerRenderMs,
  }),
);
figures.push(figure(`Board page HTML, ${boardLeads} leads`, board?.htmlKiB ?? null, 'KiB', 0, undefined, board ? `${board.cardsShown} cards shown` : undefined));
figures.push(
  figure(`Board interactive in Chromium, ${boardLeads} leads (median of ${board?.interactiveRuns.length ?? 3} cold loads)`, board?.interactiveMedianMs ?? null, 'ms', 0, {
    kind: 'max',
    limit: budgets.boardInteractiveMs,
  }),
);

if (backOfficeSeed) figures.push(figure(`Seed the back office (${BACK_OFFICE_LEADS.toLocaleString('en-US')} leads, outbox, views, clicks)`, backOfficeSeed.seconds, 's', 1));
if (backOffice) {
  for (const page of backOffice.pages) {
    figures.push(
      figure(`Back office ${page.path} (median of ${backOffice.samples}, superadmin)`, page.medianMs, 'ms', 0, { kind: 'max', limit: budgets.backOfficePageMs }, `max ${page.maxMs.toFixed(0)} ms`),
    );
  }
} else {
  const reason = process.env.BENCH_SKIP_BACK_OFFICE ? 'BENCH_SKIP_BACK_OFFICE=1' : undefined;
  figures.push(skippedBy(reason, figure('Back office pages', null, 'ms', 0, { kind: 'max', limit: budgets.backOfficePageMs })));
}

// The four background steps, left out with BENCH_SKIP_BACKGROUND=1: their figures then read 'skipped'.
const backgroundFrom = figures.length;
figures.push(
  figure(
    `Monitoring poll: ${MONITORING_PROCESSES.toLocaleString('en-US')} processes checked by the DataJud job (stand-in ${monitoringPoll?.latencyMs ?? 200} ms, concurrency ${monitoringPoll?.concurrency ?? '?'})`,
    monitoringPoll ? monitoringPoll.totalSeconds / 60 : null,
    'min',
    1,
    { kind: 'max', limit: budgets.monitoringPollMinutes },
    monitoringPoll ? `${monitoringPoll.checksPerSecond.toFixed(1)} checks/s, ${monitoringPoll.requests} requests` : undefined,
  ),
);
figures.push(
  figure('Monitoring poll: peak concurrent requests at the stand-in', monitoringPoll?.peakConcurrency ?? null, '', 0, monitoringPoll ? { kind: 'max', limit: monitoringPoll.concurrency } : undefined),
);

figures.push(
  figure(
    `Notifications: p95 from a request to the lawyer's WhatsApp (${notifications?.requests ?? 50} requests × ${notifications?.lawyers ?? 5} lawyers, concurrency ${notifications?.concurrency ?? '?'})`,
    notifications?.p95Ms ?? null,
    'ms',
    0,
    { kind: 'max', limit: budgets.notificationP95Ms },
    notifications ? `p50 ${notifications.p50Ms.toFixed(0)} ms, max ${notifications.maxMs.toFixed(0)} ms, ${notifications.cloudRequests} requests for ${notifications.whatsappMessages} messages, ${notifications.outOfOrder} out of order` : undefined,
  ),
);

const contractNote = (run: ContractFigures['manyPages'] | null | undefined) =>
  run ? `${run.megabytes.toFixed(2)} MB; runs ${run.runsMs.map((ms) => ms.toFixed(0)).join(', ')} ms; held ${run.heldMiB.toFixed(1)} MiB, kept after GC ${run.retainedMiB.toFixed(1)} MiB; ${run.outcome}` : undefined;
figures.push(
  figure(`Contract summariser: largest real contract${contract?.largest ? ` (${contract.largest.name.replace(/^.*\((.*)\)$/, '$1')})` : ''}, median`, contract?.largest?.medianMs ?? null, 'ms', 0, { kind: 'max', limit: budgets.contractSummariserMs }, contractNote(contract?.largest)),
  figure('Contract summariser: memory kept after GC, largest real contract', contract?.largest?.retainedMiB ?? null, 'MiB', 1, { kind: 'max', limit: budgets.contractSummariserRetainedMiB }),
  figure('Contract summariser: 8 MB PDF of 50,000 pages, median', contract?.manyPages.medianMs ?? null, 'ms', 0, { kind: 'max', limit: budgets.contractSummariserMs }, contractNote(contract?.manyPages)),
  figure('Contract summariser: memory kept after GC, 50,000-page PDF', contract?.manyPages.retainedMiB ?? null, 'MiB', 1, { kind: 'max', limit: budgets.contractSummariserRetainedMiB }),
  ...(contract?.tenMegabytes ?? []).map((run) => figure(`Contract summariser: ${run.name}, median`, run.medianMs, 'ms', 0, { kind: 'max', limit: budgets.contractSummariserMs }, contractNote(run))),
);

figures.push(
  figure(
    `Morning digest: ${DIGEST_LAWYERS.toLocaleString('en-US')} lawyers with follow-ups due, into the outbox`,
    digest ? digest.digestSeconds / 60 : null,
    'min',
    2,
    { kind: 'max', limit: budgets.followUpDigestMinutes },
    digest ? `${digest.digests} digests, ${digest.emails} e-mails, ${digest.whatsApps} WhatsApp messages, ${digest.leads} leads` : undefined,
  ),
);

const backgroundSkipped = process.env.BENCH_SKIP_BACKGROUND ? 'BENCH_SKIP_BACKGROUND=1' : undefined;
for (let i = backgroundFrom; i < figures.length; i++) figures[i] = skippedBy(backgroundSkipped, figures[i]!);

if (machineSpeed !== undefined) figures.push(figure("Machine's speed: fixed work on one core, CPU time (bench/machine-speed.ts; lower is faster)", machineSpeed, 'ms', 0));
if (loadSettleWait) figures.push(figure('Wait for a quiet machine before the load (1-min load average then)', loadSettleWait.seconds, 's', 0, undefined, `load ${loadSettleWait.loadAverage.toFixed(2)}`));
if (boardSettleWait) figures.push(figure('Wait for a quiet machine before the board (1-min load average then)', boardSettleWait.seconds, 's', 0, undefined, `load ${boardSettleWait.loadAverage.toFixed(2)}`));
if (settleWait) figures.push(figure('Wait for a quiet machine before Lighthouse (1-min load average then)', settleWait.seconds, 's', 0, undefined, `load ${settleWait.loadAverage.toFixed(2)}`));
/** The public pages' Lighthouse budgets, or the tools pages' own. */
const lighthouseBudget = (pagePath: string) => (isToolsPage(pagePath) ? budgets.toolsLighthouse : budgets.lighthouse);
if (lighthousePages) {
  for (const page of lighthousePages) {
    const note = page.attempts > 1 ? `${page.attempts} attempts${page.error ? `: ${page.error}` : ''}` : page.error;
    for (const category of CATEGORIES) {
      figures.push(figure(`Lighthouse ${category} ${page.path}`, page.scores[category], '', 0, { kind: 'min', limit: lighthouseBudget(page.path)[category] }, note));
    }
    if (!isToolsPage(page.path)) {
      figures.push(figure(`Lighthouse first contentful paint ${page.path}`, page.fcpMs, 'ms', 0, { kind: 'max', limit: budgets.lighthouseFcpMs }));
    }
  }
} else {
  for (const category of CATEGORIES) figures.push(figure(`Lighthouse ${category}`, null, '', 0, { kind: 'min', limit: budgets.lighthouse[category] }));
}

const totalSeconds = (performance.now() - runStart) / 1000;
const notMet = figures.filter((f) => f.status === 'NOT MET');
const skipped = figures.filter((f) => f.status === 'skipped');

console.log(`\nJusConecta benchmark — ${kind} — ${startedAt.toISOString()} — ${LAWYERS.toLocaleString('en-US')} lawyers, ${LOAD.connections} connections × ${LOAD.durationSeconds} s (after ${LOAD.warmupSeconds} s warm-up)`);
console.log(`Search URL ${searchPath} (${searchMatches ?? '?'} matching lawyers), deep page ${deepSearchPath ?? '?'}; profile ${profilePath ?? '?'}\n`);
console.log(formatTable(figures));

if (lighthousePages) {
  for (const page of lighthousePages) {
    for (const category of CATEGORIES) {
      const score = page.scores[category];
      if (score !== null && score >= lighthouseBudget(page.path)[category]) continue;
      console.log(`\nLighthouse ${category} ${page.path}: ${score ?? 'n/a'} — audits not passed:`);
      for (const audit of page.failing[category]) {
        console.log(`  - ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''} [${audit.id}, score ${audit.score}]`);
        for (const item of audit.items) console.log(`      ${item}`);
      }
    }
  }
  console.log('\nLighthouse metrics (mobile, simulated throttling):');
  for (const page of lighthousePages) {
    const host = page.benchmarkIndex === null ? '' : ` (host's BenchmarkIndex ${page.benchmarkIndex})`;
    console.log(`  ${page.path}: ${Object.entries(page.metrics).map(([id, value]) => `${id} ${value ?? 'n/a'}`).join(', ')}${host}`);
  }
}

console.log('\nPhases (s): ' + Object.entries(phases).map(([name, s]) => `${name} ${s.toFixed(1)}`).join('; '));
const loadAverage = (values: number[]) => values.map((n) => n.toFixed(2)).join(' ');
console.log(
  `Total run time: ${totalSeconds.toFixed(1)} s. Load average ${loadAverage(loadAverageAtStart)} at the start, ${loadAverage(os.loadavg())} at the end, on ${os.cpus().length} CPUs.`,
);
for (const problem of problems) console.log(`PROBLEM: ${problem}`);
console.log(
  notMet.length === 0 && problems.length === 0
    ? `\nAll budgets met${skipped.length ? ` (${skipped.length} figure(s) skipped: ${[...new Set(skipped.map((f) => f.note))].join(', ')})` : ''}.`
    : `\n${notMet.length} budget(s) NOT MET:\n${notMet.map((f) => `  - ${f.name}${f.note ? ` (${f.note})` : ''}`).join('\n')}`,
);

const resultsDir = path.join(projectRoot, 'bench/results');
fs.mkdirSync(resultsDir, { recursive: true });
const resultsFile = path.join(resultsDir, `latest-${kind}${AT_SCALE ? `-${LAWYERS}` : ''}.json`);
fs.writeFileSync(
  resultsFile,
  `${JSON.stringify(
    {
      database: kind,
      startedAt: startedAt.toISOString(),
      totalSeconds,
      environment: {
        node: process.version,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        loadAverageAtStart,
        loadAverageAtEnd: os.loadavg(),
      },
      settings: { lawyers: LAWYERS, load: LOAD, searchPath, deepSearchPath, profilePath, searchMatches },
      budgets,
      figures,
      notMet: notMet.map((f) => f.name),
      skipped: skipped.map((f) => f.name),
      problems,
      phasesSeconds: phases,
      seed,
      routing,
      pageWeights: weights,
      coldResponseTimes: cold,
      board,
      backOfficeSeed,
      backOffice,
      monitoringPoll,
      notifications,
      digest,
      contract,
      load,
      lighthouse: lighthousePages,
    },
    null,
    2,
  )}\n`,
);
console.log(`Results written to ${path.relative(projectRoot, resultsFile)}`);

if (fatalError) {
  console.error(fatalError);
  process.exitCode = 1;
}
