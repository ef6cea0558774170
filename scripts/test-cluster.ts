/**
 * npm run test:cluster (issue 26; not part of `npm test`): two `node build/server.js` processes on one
 * fresh PostgreSQL database, behind Debian's nginx (installed with apt-get when missing), with the SMTP
 * and WhatsApp Cloud API stand-ins and s3rver, and the checks of the issue's "Done when", each printed
 * with its figures. Everything it starts is stopped at the end, whatever happened.
 *
 * The faults are real: `kill -9` of a process, its connections ended with pg_terminate_backend, the
 * database unreachable (a TCP relay in front of PostgreSQL cut for a few seconds: the shared server of
 * this machine is not restarted), the stand-ins unreachable (relays in front of them closed), SIGTERM of
 * each process in turn. The stand-ins' outage lasts CLUSTER_OUTAGE_SECONDS (30 by default: the same
 * retries as ten minutes, fewer of them; CLUSTER_OUTAGE_SECONDS=600 waits the real ten minutes).
 *
 * Variables: CLUSTER_DATABASE_URL (or TEST_DATABASE_URL): a PostgreSQL server where this script may
 * create and drop a database (default postgres://postgres@127.0.0.1:5432/postgres); CLUSTER_KEEP=1 keeps
 * the temporary directory (logs, nginx configuration) for a look afterwards.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';
import sharp from 'sharp';
import { WHATSAPP_NOTIFICATION_PLAN_LEVELS } from '../app/domain/catalog/plans';
import { snapshotBuild, type BuildSnapshot } from '../bench/build-snapshot';
import { startSmtpStandIn, type SmtpStandIn } from '../tests/support/smtp-stand-in';
import { startCloudApiStandIn, type WhatsAppStandIn } from '../tests/support/whatsapp-stand-ins';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(ROOT);

const OUTAGE_SECONDS = Number(process.env.CLUSTER_OUTAGE_SECONDS ?? 30);
const SERVER_URL = process.env.CLUSTER_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RUN = randomBytes(3).toString('hex');
const DATABASE = `jusconecta_cluster_${RUN}`;
const APP_SECRET = `cluster-${RUN}-secret-0123456789abcdefghij`;
const CLOUD = { accessToken: 'EAAG-token-do-cluster', phoneNumberId: '106540352242922' };
const BUCKET = 'jusconecta-fotos';
const S3_KEYS = { id: 'S3RVER', secret: 'S3RVER' };
const BURST = 200;
const DEMO_LAWYER = { email: 'advogada@demo.jusconecta.com.br', password: 'demo-advogada-2025' };
const DEMO_ADMIN = { email: 'admin@demo.jusconecta.com.br', password: 'demo-admin-2025' };

const started = performance.now();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'jusconecta-cluster-'));
const stops: Array<() => Promise<void> | void> = [];
const results: Array<{ check: string; ok: boolean; figures: string }> = [];

function log(message: string) {
  console.log(`[cluster ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}`);
}

function record(check: string, ok: boolean, figures: string) {
  results.push({ check, ok, figures });
  log(`${ok ? 'OK  ' : 'FAIL'} ${check}: ${figures}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs: number, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${what}`);
    await sleep(intervalMs);
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// ---------------------------------------------------------------------------------------------------
// HTTP client: node:http (a source address per simulated client, which fetch cannot choose).

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: () => string;
}

function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; localAddress?: string; timeoutMs?: number } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: { connection: 'close', ...options.headers }, localAddress: options.localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: () => body.toString('utf8') });
      });
      res.on('error', reject);
    });
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(options.body);
  });
}

const cookiesOf = (answer: Answer) => (answer.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).join('; ');

/** A distinct loopback source address per simulated client: per-IP limits count each apart. */
let clientCounter = 0;
function nextClientAddress(): string {
  clientCounter += 1;
  return `127.0.${1 + Math.floor(clientCounter / 250)}.${1 + (clientCounter % 250)}`;
}

// ---------------------------------------------------------------------------------------------------
// TCP relays: a dependency that can be made unreachable (closed: connection refused, open ones cut).

class Relay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async up() {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  async down() {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

async function relayTo(host: string, port: number): Promise<Relay> {
  const relay = new Relay(await freePort(), { host, port });
  await relay.up();
  stops.push(() => relay.down());
  return relay;
}

// ---------------------------------------------------------------------------------------------------
// Processes: the app (twice) and nginx.

interface AppProcess {
  name: string;
  port: number;
  child: ChildProcess;
  logFile: string;
  exited: Promise<number | null>;
  /** Set before this script stops it: any other exit is a failure of the run. */
  expectExit: boolean;
}

/** Exits nobody asked for (a crash, or a signal from outside this script), with the end of the log. */
const unexpectedExits: string[] = [];

const apps: Record<string, AppProcess> = {};
let appEnv: Record<string, string> = {};
/** The processes run a private copy of build/ and drizzle/: a rebuild elsewhere during the run (it lasts 2 to 13 minutes) cannot give the restarted ones another build. */
let snapshot: BuildSnapshot | undefined;

function startApp(name: string, port: number): AppProcess {
  const logFile = path.join(work, `${name}.log`);
  const out = fs.openSync(logFile, 'a');
  const dataDir = path.join(work, `data-${name}`);
  const child = spawn(process.execPath, ['build/server.js'], { cwd: snapshot?.dir, env: { ...appEnv, PORT: String(port), DATA_DIR: dataDir }, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const app: AppProcess = { name, port, child, logFile, exited: Promise.resolve(null), expectExit: false };
  app.exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      if (!app.expectExit) {
        const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-8).join('\n');
        unexpectedExits.push(`${name} (pid ${child.pid}) exited by itself: code ${code}, signal ${signal}\n${tail}`);
        log(`UNEXPECTED: app ${name} exited (code ${code}, signal ${signal})`);
      }
      resolve(code ?? (signal ? -1 : null));
    }),
  );
  apps[name] = app;
  return app;
}

async function stopApp(app: AppProcess) {
  app.expectExit = true;
  if (app.child.exitCode !== null || app.child.signalCode !== null) return;
  app.child.kill('SIGTERM');
  const killer = setTimeout(() => app.child.kill('SIGKILL'), 20_000);
  await app.exited;
  clearTimeout(killer);
}

async function waitReady(app: AppProcess, timeoutMs = 180_000) {
  const exited = app.exited.then((code) => {
    throw new Error(`${app.name} exited (${code}):\n${fs.readFileSync(app.logFile, 'utf8').slice(-3000)}`);
  });
  const ready = until(`${app.name} ready`, async () => (await request(`http://127.0.0.1:${app.port}/readyz`, { timeoutMs: 2_000 })).status === 200, timeoutMs, 200);
  try {
    await Promise.race([ready, exited]);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- ${app.name} log ---\n${fs.readFileSync(app.logFile, 'utf8').slice(-3000)}`);
  } finally {
    exited.catch(() => undefined);
  }
}

function findNginx(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (fs.existsSync(candidate)) return candidate;
  log('nginx not found: apt-get install -y nginx');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const update = spawnSync(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), 'update'], { stdio: 'inherit' });
  const install = spawnSync(sudo[0] ?? 'apt-get', [...(sudo.length ? ['apt-get'] : []), 'install', '-y', 'nginx'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (update.status !== 0 || install.status !== 0 || !fs.existsSync('/usr/sbin/nginx')) throw new Error('could not install nginx with apt-get');
  return '/usr/sbin/nginx';
}

/**
 * nginx as the site's proxy: round robin over the two processes, passive health checks (a process that
 * refuses or drops a connection is skipped for 5 s; an idempotent request is tried on the other one),
 * X-Forwarded-For and -Proto for TRUST_PROXY=1, bodies up to the photo form's limit.
 */
async function startNginx(ports: number[], port: number): Promise<void> {
  const binary = findNginx();
  const dir = path.join(work, 'nginx');
  fs.mkdirSync(path.join(dir, 'logs'), { recursive: true });
  const user = process.getuid?.() === 0 ? 'user root root;\n' : '';
  const config = `${user}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
daemon off;
events { worker_connections 2048; }
http {
  access_log ${dir}/logs/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream jusconecta {
${ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 11m;
    location / {
      proxy_pass http://jusconecta;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 65s;
    }
  }
}
`;
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, config);
  const out = fs.openSync(path.join(dir, 'logs', 'stdout.log'), 'a');
  const child = spawn(binary, ['-p', dir, '-c', file], { stdio: ['ignore', out, out] });
  fs.closeSync(out);
  stops.push(async () => {
    if (child.exitCode === null) {
      child.kill('SIGQUIT');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });
  await until('nginx listening', async () => (await request(`http://127.0.0.1:${port}/healthz`, { timeoutMs: 2_000 })).status === 200, 30_000);
}

// ---------------------------------------------------------------------------------------------------
// The site's requests.

let base = '';
const appUrl = (app: AppProcess) => `http://127.0.0.1:${app.port}`;

let leadPlace = { area: 'familia', city: 'sp_sao_paulo' };

function leadForm(n: number, tag: string) {
  return new URLSearchParams({
    nome: `Cliente ${tag} ${RUN} ${String(n).padStart(6, '0')}`,
    email: `cliente.${tag}.${RUN}.${n}@exemplo.com.br`,
    whatsapp: `119${String(10_000_000 + n)}`,
    cidade: leadPlace.city,
    areaAtuacao: leadPlace.area,
    descricao: `Preciso de orientação sobre guarda compartilhada e pensão alimentícia (caso ${tag} ${n}).`,
  }).toString();
}

interface LeadAttempt {
  email: string;
  nome: string;
  status: number;
  error?: string;
}

/** A client request through `target` from its own address; acknowledged = the form's redirect after the commit. */
async function sendLead(target: string, n: number, tag: string, localAddress = nextClientAddress(), headers: Record<string, string> = {}): Promise<LeadAttempt> {
  const body = leadForm(n, tag);
  const fields = new URLSearchParams(body);
  try {
    const answer = await request(`${target}/solicitar-atendimento`, { method: 'POST', body, localAddress, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
    const acknowledged = answer.status === 302 && answer.headers.location === '/solicitar-atendimento';
    return { email: fields.get('email')!, nome: fields.get('nome')!, status: acknowledged ? 200 : answer.status };
  } catch (error) {
    return { email: fields.get('email')!, nome: fields.get('nome')!, status: 0, error: (error as Error).message };
  }
}

const isAck = (a: LeadAttempt) => a.status === 200;

/** Runs `count` tasks `concurrency` at a time. */
async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

/** Page views and client requests through nginx until stopped: what every 5xx is counted against. */
function backgroundLoad(tag: string, slugs: string[], { leads = true } = {}) {
  const stats = { pages: 0, leads: 0, acknowledged: [] as LeadAttempt[], status5xx: 0, connectionErrors: 0, other: new Map<number, number>() };
  let running = true;
  let n = 0;
  const pagePaths = ['/', '/busca?area=familia&cidade=sp_sao_paulo', '/advogados/direito-de-familia/sao-paulo-sp', ...slugs.map((s) => `/advogado/${s}`)];
  const worker = async (kind: 'page' | 'lead') => {
    while (running) {
      if (kind === 'page') {
        const p = pagePaths[n++ % pagePaths.length]!;
        try {
          const answer = await request(`${base}${p}`, { localAddress: nextClientAddress(), headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) cluster-test' } });
          stats.pages += 1;
          if (answer.status >= 500) stats.status5xx += 1;
          else if (answer.status !== 200) stats.other.set(answer.status, (stats.other.get(answer.status) ?? 0) + 1);
        } catch {
          stats.connectionErrors += 1;
        }
      } else {
        const attempt = await sendLead(base, 100_000 + n++, tag);
        stats.leads += 1;
        if (isAck(attempt)) stats.acknowledged.push(attempt);
        else if (attempt.status === 0) stats.connectionErrors += 1;
        else if (attempt.status >= 500) stats.status5xx += 1;
        else stats.other.set(attempt.status, (stats.other.get(attempt.status) ?? 0) + 1);
        await sleep(50);
      }
    }
  };
  const workers = [worker('page'), worker('page'), worker('page'), ...(leads ? [worker('lead'), worker('lead')] : [])];
  return {
    stats,
    async stop() {
      running = false;
      await Promise.all(workers);
      return stats;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// The database, read directly (not through the relay) for the checks.

let database: pg.Client;

async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await database.query(text, values)).rows as T[];
}

interface LeadRows {
  email: string;
  requests: number;
  leads: number;
  distinctLawyers: number;
  lawyerEmails: number;
  clientEmails: number;
  whatsapp: number;
  whatsappKeys: number;
}

/** For each client address: its requests, leads, and notification rows (none twice). */
async function leadRowsOf(emails: string[]): Promise<LeadRows[]> {
  return rows<LeadRows>(
    `select r.email,
       count(distinct r.id)::int as requests,
       (select count(*) from leads l where l.request_id = any(array_agg(r.id)))::int as leads,
       (select count(distinct l.assigned_to) from leads l where l.request_id = any(array_agg(r.id)))::int as "distinctLawyers",
       (select count(*) from outbox o where o.channel = 'email' and o.metadata->>'requestId' = any(array_agg(r.id::text)) and o.metadata ? 'lawyerId')::int as "lawyerEmails",
       (select count(*) from outbox o where o.channel = 'email' and o.metadata->>'requestId' = any(array_agg(r.id::text)) and not (o.metadata ? 'lawyerId'))::int as "clientEmails",
       (select count(*) from outbox o join leads l on o.idempotency_key = 'novo-lead:' || l.id::text where l.request_id = any(array_agg(r.id)))::int as whatsapp,
       (select count(distinct o.idempotency_key) from outbox o join leads l on o.idempotency_key = 'novo-lead:' || l.id::text where l.request_id = any(array_agg(r.id)))::int as "whatsappKeys"
     from lead_requests r where r.email = any($1) group by r.email`,
    [emails],
  );
}

/** Every acknowledged request is stored once, with a lead per lawyer, an e-mail to each and to the client, WhatsApp at most once per lead. */
function checkLeadRows(acknowledged: LeadAttempt[], found: LeadRows[]) {
  const byEmail = new Map(found.map((r) => [r.email, r]));
  const problems: string[] = [];
  let leads = 0;
  let notifications = 0;
  for (const attempt of acknowledged) {
    const r = byEmail.get(attempt.email);
    if (!r) {
      problems.push(`${attempt.email}: no request stored`);
      continue;
    }
    leads += r.leads;
    notifications += r.lawyerEmails + r.clientEmails + r.whatsapp;
    if (r.requests !== 1) problems.push(`${attempt.email}: ${r.requests} requests`);
    if (r.leads < 1 || r.leads !== r.distinctLawyers) problems.push(`${attempt.email}: ${r.leads} leads for ${r.distinctLawyers} lawyers`);
    if (r.lawyerEmails !== r.leads) problems.push(`${attempt.email}: ${r.lawyerEmails} lawyer e-mails for ${r.leads} leads`);
    if (r.clientEmails !== 1) problems.push(`${attempt.email}: ${r.clientEmails} client confirmations`);
    if (r.whatsapp !== r.whatsappKeys || r.whatsapp > r.leads) problems.push(`${attempt.email}: ${r.whatsapp} WhatsApp rows`);
  }
  return { leads, notifications, problems };
}

// ---------------------------------------------------------------------------------------------------

async function buildIfNeeded() {
  const built = fs.existsSync('build/server.js') ? fs.statSync('build/server.js').mtimeMs : 0;
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((max, entry) => {
      const full = path.join(dir, entry.name);
      return Math.max(max, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
    }, 0);
  if (built > Math.max(newest('app'), newest('server'), newest('drizzle'))) return;
  log('building (npm run build)…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

async function main() {
  await buildIfNeeded();
  snapshot = await snapshotBuild(ROOT, log);
  stops.push(() => snapshot?.remove());

  // A fresh database on the PostgreSQL server, reached by the apps through a relay that can be cut.
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${DATABASE}`);
  stops.push(async () => {
    await admin.query(`drop database if exists ${DATABASE} with (force)`).catch((error: Error) => log(`could not drop ${DATABASE}: ${error.message}`));
    await admin.end();
  });
  const direct = new URL(SERVER_URL);
  direct.pathname = `/${DATABASE}`;
  database = new pg.Client({ connectionString: direct.toString() });
  database.on('error', () => undefined);
  await database.connect();
  stops.push(() => database.end().catch(() => undefined));
  const pgRelay = await relayTo(direct.hostname, Number(direct.port || 5432));
  const viaRelay = new URL(direct.toString());
  viaRelay.hostname = '127.0.0.1';
  viaRelay.port = String(pgRelay.port);

  // Stand-ins, each behind a relay that can be cut.
  const smtp: SmtpStandIn = await startSmtpStandIn();
  stops.push(() => smtp.close());
  const cloud: WhatsAppStandIn = await startCloudApiStandIn(CLOUD);
  stops.push(() => cloud.close());
  const smtpRelay = await relayTo('127.0.0.1', smtp.port);
  const cloudUrl = new URL(cloud.url);
  const cloudRelay = await relayTo('127.0.0.1', Number(cloudUrl.port));
  cloudUrl.port = String(cloudRelay.port);

  const s3Dir = path.join(work, 's3');
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const s3Port = (await s3.run()).port;
  stops.push(() => s3.close());

  const ports = [await freePort(), await freePort()];
  const nginxPort = await freePort();
  base = `http://127.0.0.1:${nginxPort}`;
  appEnv = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? work,
    NODE_ENV: 'production',
    DATABASE_URL: viaRelay.toString(),
    APP_SECRET,
    APP_URL: base,
    TRUST_PROXY: '1',
    SEED_DEMO: 'true',
    // A and B are one process each, as the machines they stand for: the test signals, kills and restarts
    // them, which must reach the server itself, not a primary of several (docs/decisions/0067).
    WEB_CONCURRENCY: '1',
    // Every request and the shutdown's own lines, in <tmp>/a.log and b.log (CLUSTER_KEEP=1 keeps them).
    LOG_LEVEL: 'info',
    // Ten minutes: a page rendered before a change could only be fresh again through the notification.
    PAGE_CACHE_SECONDS: '600',
    SMTP_URL: `smtp://127.0.0.1:${smtpRelay.port}`,
    MAIL_FROM: 'JusConecta <nao-responda@jusconecta.test>',
    WHATSAPP_CLOUD_API_URL: cloudUrl.toString().replace(/\/$/, ''),
    WHATSAPP_CLOUD_ACCESS_TOKEN: CLOUD.accessToken,
    WHATSAPP_CLOUD_PHONE_NUMBER_ID: CLOUD.phoneNumberId,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: S3_KEYS.id,
    S3_SECRET_ACCESS_KEY: S3_KEYS.secret,
    S3_FORCE_PATH_STYLE: 'true',
    FOLLOW_UP_DIGEST: 'off',
  };

  // 1. Two processes booting together on the empty database: migrations and the seed once.
  log(`database ${DATABASE}; starting two app processes together`);
  const a = startApp('a', ports[0]!);
  const b = startApp('b', ports[1]!);
  stops.push(() => stopApp(apps.a!), () => stopApp(apps.b!));
  await Promise.all([waitReady(a), waitReady(b)]);
  await startNginx(ports, nginxPort);
  {
    const journal = JSON.parse(fs.readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: unknown[] };
    const [applied] = await rows<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    const [users] = await rows<{ n: number }>('select count(*)::int as n from "user"');
    const seeded = ['a', 'b'].filter((name) => fs.readFileSync(apps[name]!.logFile, 'utf8').includes('Dados de demonstração criados')).length;
    record('migrations once, demo seed once (two processes started together)', applied!.n === journal.entries.length && users!.n === 122 && seeded === 1, `${applied!.n} migrations applied for ${journal.entries.length} in the journal; ${users!.n} users (seed: 122); seed logged by ${seeded} process`);
  }

  // 2. A session opened through one process works through the other.
  const signIn = await request(`${appUrl(a)}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_LAWYER) });
  const lawyerCookie = cookiesOf(signIn);
  {
    const onB = await request(`${appUrl(b)}/area-advogado`, { headers: { cookie: lawyerCookie } });
    const anonymous = await request(`${appUrl(b)}/area-advogado`);
    record('a session opened on A works on B', signIn.status === 200 && onB.status === 200 && anonymous.status !== 200, `sign-in on A ${signIn.status}; /area-advogado on B with its cookie ${onB.status}, without ${anonymous.status}`);
  }

  // 3. Rate limits are shared: one client address, alternating processes, refused past 10 an hour.
  {
    const address = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const target = i % 2 === 0 ? appUrl(a) : appUrl(b);
      statuses.push((await sendLead(target, 900 + i, 'limite', undefined, { 'x-forwarded-for': address })).status);
    }
    const ok = statuses.slice(0, 10).every((s) => s === 200) && statuses[10] === 429;
    record('rate limits shared (10 requests an hour per address, sent alternately to A and B)', ok, `answers: ${statuses.join(' ')} (200 = stored, 429 = refused)`);
  }

  // 4. An approval made on A shows on B's cached public page within 1 s.
  {
    const [pending] = await rows<{ id: string; nome: string; area: string; city: string }>(
      `select lp.id, lp.nome, (select area_id from lawyer_practice_areas where lawyer_id = lp.id order by area_id limit 1) as area,
         (select city_id from lawyer_cities where lawyer_id = lp.id order by city_id limit 1) as city
       from lawyer_profiles lp where lp.status = 'pending' order by lp.id limit 1`,
    );
    const page = `/busca?area=${pending!.area}&cidade=${pending!.city}`;
    const countOn = async (app: AppProcess) => {
      const answer = await request(`${appUrl(app)}${page}`);
      return { count: /([\d.]+) advogados? encontrados?|Nenhum advogado encontrado/.exec(answer.text())?.[0] ?? '?', nonce: String(answer.headers['content-security-policy'] ?? '').match(/nonce-([^']+)/)?.[1] };
    };
    const first = await countOn(b);
    const second = await countOn(b);
    const cached = first.nonce !== undefined && first.nonce === second.nonce;
    const login = await request(`${appUrl(a)}/admin`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(DEMO_ADMIN).toString() });
    const adminCookie = cookiesOf(login);
    const approved = await request(`${appUrl(a)}/admin/lawyers`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: adminCookie }, body: new URLSearchParams({ intent: 'aprovar', lawyerId: pending!.id, cna: 'sim' }).toString() });
    const at = performance.now();
    let after = second;
    let elapsed = Infinity;
    while (performance.now() - at < 3_000) {
      after = await countOn(b);
      if (after.count !== second.count) {
        elapsed = performance.now() - at;
        break;
      }
      await sleep(20);
    }
    const [status] = await rows<{ status: string }>('select status from lawyer_profiles where id = $1', [pending!.id]);
    record(
      'an approval on A shows on B within 1 s',
      cached && status!.status === 'approved' && elapsed <= 1_000,
      `B's ${page} cached before (same CSP nonce twice: ${cached}); admin login on A ${login.status}, approval ${approved.status}; B went from '${second.count}' to '${after.count}' ${Number.isFinite(elapsed) ? `${Math.round(elapsed)} ms` : 'never (3 s)'} after the approval answered (PAGE_CACHE_SECONDS=600)`,
    );
  }

  // 5. A photo uploaded through A is served by B from the bucket.
  {
    const [profile] = await rows<{ id: string; nome: string; whatsapp: string; whatsapp_notificacoes: string | null; biografia: string; areas: string[]; cities: string[] }>(
      `select lp.id, lp.nome, lp.whatsapp, lp.whatsapp_notificacoes, lp.biografia,
         array(select area_id from lawyer_practice_areas where lawyer_id = lp.id) as areas, array(select city_id from lawyer_cities where lawyer_id = lp.id) as cities
       from lawyer_profiles lp join "user" u on u.id = lp.id where u.email = $1`,
      [DEMO_LAWYER.email],
    );
    const form = new FormData();
    form.set('intent', 'salvar');
    form.set('nome', profile!.nome);
    form.set('whatsapp', profile!.whatsapp);
    form.set('whatsappNotificacoes', profile!.whatsapp_notificacoes ?? '');
    form.set('biografia', profile!.biografia);
    for (const area of profile!.areas) form.append('areasAtuacao', area);
    for (const city of profile!.cities) form.append('cidadesAtendidas', city);
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#1d4ed8' } }).jpeg().toBuffer();
    form.set('foto', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'foto.jpg');
    const encoded = new Response(form);
    const upload = await request(`${appUrl(a)}/editar-perfil`, {
      method: 'POST',
      headers: { cookie: lawyerCookie, 'content-type': encoded.headers.get('content-type')! },
      body: Buffer.from(await encoded.arrayBuffer()),
    });
    const [saved] = await rows<{ foto_url: string | null }>('select foto_url from lawyer_profiles where id = $1', [profile!.id]);
    const url = saved?.foto_url ?? '';
    const served = url.startsWith('/fotos/') ? await request(`${appUrl(b)}${url}`) : undefined;
    const object = url ? path.join(s3Dir, BUCKET, 'photos', url.slice('/fotos/'.length)) : '';
    const inBucket = fs.existsSync(s3Dir) && fs.readdirSync(path.join(s3Dir, BUCKET), { recursive: true }).some((f) => String(f).includes(url.slice('/fotos/'.length)));
    const onDisk = ['a', 'b'].some((name) => fs.existsSync(path.join(work, `data-${name}`, 'photos')));
    const webp = served ? (await sharp(served.body).metadata()).format : undefined;
    record(
      'a photo uploaded through A is served by B from the bucket',
      upload.status === 302 && served?.status === 200 && webp === 'webp' && served.headers['cache-control'] === 'public, max-age=31536000, immutable' && inBucket && !onDisk,
      `upload on A ${upload.status}; ${url || 'no foto_url'} on B: ${served?.status ?? '-'} ${served?.headers['content-type'] ?? ''} ${served?.body.length ?? 0} bytes (${webp}), cache-control '${served?.headers['cache-control'] ?? ''}'; object in s3rver: ${inBucket}${object ? '' : ''}; photos in a DATA_DIR: ${onDisk}`,
    );
  }

  // 6. Analytics: one visitor's views of one profile through both processes count once.
  {
    const [lawyer] = await rows<{ id: string; slug: string }>(`select id, slug from lawyer_profiles where status = 'approved' order by slug desc limit 1`);
    const visitor = { 'x-forwarded-for': '198.51.100.23', 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) cluster-visitor' };
    const views = await Promise.all([a, b, a, b].map((app) => request(`${appUrl(app)}/advogado/${lawyer!.slug}`, { headers: visitor })));
    const counted = await until('views flushed', async () => {
      const [r] = await rows<{ n: number }>('select count(*)::int as n from profile_views where lawyer_id = $1', [lawyer!.id]);
      return r!.n > 0 ? r!.n : undefined;
    }, 5_000);
    await sleep(2_500);
    const [final] = await rows<{ n: number }>('select count(*)::int as n from profile_views where lawyer_id = $1', [lawyer!.id]);
    record('analytics: one visitor through both processes counts one view', views.every((v) => v.status === 200) && counted === 1 && final!.n === 1, `4 views (A, B, A, B) answered ${views.map((v) => v.status).join(' ')}; profile_views rows: ${final!.n}`);
  }

  const [approvedSlugs] = [await rows<{ slug: string }>(`select slug from lawyer_profiles where status = 'approved' order by slug limit 6`)];
  const slugs = approvedSlugs.map((r) => r.slug);

  // 7. kill -9 of A during a burst of 200 client requests through nginx.
  {
    let killedAt = -1;
    let acknowledgedSoFar = 0;
    const attempts = await pool(BURST, 16, async (i) => {
      const attempt = await sendLead(base, i, 'rajada');
      if (isAck(attempt)) acknowledgedSoFar += 1;
      if (killedAt < 0 && acknowledgedSoFar >= 60) {
        killedAt = i;
        apps.a!.expectExit = true;
        apps.a!.child.kill('SIGKILL');
      }
      return attempt;
    });
    const exit = await apps.a!.exited;
    const acknowledged = attempts.filter(isAck);
    const found = await leadRowsOf(acknowledged.map((x) => x.email));
    const { leads, notifications, problems } = checkLeadRows(acknowledged, found);
    const failed = attempts.filter((x) => !isAck(x));
    const statuses = new Map<number, number>();
    for (const x of failed) statuses.set(x.status, (statuses.get(x.status) ?? 0) + 1);
    const [stored] = await rows<{ n: number }>(`select count(*)::int as n from lead_requests where email like $1`, [`cliente.rajada.${RUN}.%`]);
    // Sends the killed process had begun: 'sending' until marked 'incerto' five minutes later (never
    // repeated automatically); each holds its recipient's later messages until then (decision 0039).
    const [interrupted] = await rows<{ n: number; recipients: number }>(`select count(*)::int as n, count(distinct recipient)::int as recipients from outbox where status = 'sending'`);
    record(
      `kill -9 during a burst of ${BURST} requests: every acknowledged one has its rows, none twice`,
      problems.length === 0 && acknowledged.length > 0 && exit === -1,
      `A killed (signal) after ${acknowledgedSoFar >= 60 ? 60 : acknowledgedSoFar} acknowledgements; acknowledged ${acknowledged.length}/${BURST}; not acknowledged ${failed.length} (${[...statuses].map(([s, n]) => `${s === 0 ? 'connection error' : s}: ${n}`).join(', ') || 'none'}); requests stored ${stored!.n}; leads of the acknowledged ${leads}; their notification rows ${notifications}; sends interrupted by the kill ${interrupted!.n} (to ${interrupted!.recipients} recipients, held until marked 'incerto'); problems: ${problems.slice(0, 5).join('; ') || 'none'}`,
    );
    const restarted = startApp('a', ports[0]!);
    await waitReady(restarted);
  }

  // 8. PostgreSQL's connections killed, then PostgreSQL unreachable for 3 s: 503 in Portuguese, back by itself.
  {
    const dbPage = (app: AppProcess) => request(`${appUrl(app)}/area-advogado`, { headers: { cookie: lawyerCookie }, timeoutMs: 10_000 }).catch(() => ({ status: 0, text: () => '' }) as Answer);
    const killed = await rows<{ n: number }>(`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [DATABASE]);
    const at = performance.now();
    const seen = new Map<number, number>();
    const recovered: number[] = [];
    // Both processes at once: each one's own time to answer again.
    const answeredBoth = await Promise.all(
      [apps.a!, apps.b!].map(async (app, i) => {
        const answered = await until(`${app.name} answers after the kill`, async () => {
          const answer = await dbPage(app);
          seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
          return answer.status === 200;
        }, 5_000, 50).catch(() => false);
        recovered[i] = performance.now() - at;
        return answered;
      }),
    );
    const bothAnswered = answeredBoth.every(Boolean);
    const alive = [apps.a!, apps.b!].every((app) => app.child.exitCode === null);
    record(
      'connections killed (pg_terminate_backend): the app answers again within 5 s, no restart',
      alive && bothAnswered && Math.max(...recovered) <= 5_000,
      `${killed[0]!.n} connections ended; a database page (/area-advogado, signed in) answered 200 on A after ${Math.round(recovered[0]!)} ms, on B after ${Math.round(recovered[1]!)} ms; answers seen: ${[...seen].map(([s, n]) => `${s === 0 ? 'no answer' : s}×${n}`).join(', ')}; both processes still the ones started: ${alive}`,
    );

    const load = backgroundLoad('queda-banco', slugs, { leads: false });
    await pgRelay.down();
    const gap = new Map<number, number>();
    let portuguese = 0;
    const gapEnd = performance.now() + 3_000;
    while (performance.now() < gapEnd) {
      for (const app of [apps.a!, apps.b!]) {
        const answer = await dbPage(app);
        gap.set(answer.status, (gap.get(answer.status) ?? 0) + 1);
        if (answer.status === 503 && answer.text().includes('Tente novamente em alguns segundos')) portuguese += 1;
      }
      await sleep(100);
    }
    const readyDuringGap = (await request(`${appUrl(apps.a!)}/readyz`)).status;
    await pgRelay.up();
    const back = performance.now();
    const recoveredAfter: number[] = [];
    const backBoth = await Promise.all(
      [apps.a!, apps.b!].map(async (app, i) => {
        const answered = await until(`${app.name} answers after the database is back`, async () => (await dbPage(app)).status === 200, 10_000, 50).catch(() => false);
        recoveredAfter[i] = performance.now() - back;
        return answered;
      }),
    );
    const bothBack = backBoth.every(Boolean);
    const stats = await load.stop();
    const only503 = [...gap.keys()].every((s) => s === 503);
    record(
      'database unreachable for 3 s: Portuguese 503 during the gap, recovered by itself',
      only503 && portuguese > 0 && readyDuringGap === 503 && bothBack && Math.max(...recoveredAfter) <= 5_000 && [apps.a!, apps.b!].every((app) => app.child.exitCode === null),
      `answers of a database page during the gap: ${[...gap].map(([s, n]) => `${s}×${n}`).join(', ')} (${portuguese} with the Portuguese message); /readyz during the gap ${readyDuringGap}; 200 again ${recoveredAfter.map((ms) => `${Math.round(ms)} ms`).join(' and ')} after it was back; page views through nginx meanwhile ${stats.pages} (5xx ${stats.status5xx}: the pages not in a process's cache; the others answered from it)`,
    );
  }

  // 9. The stand-ins down for CLUSTER_OUTAGE_SECONDS, then back: every notification exactly once.
  {
    // Lawyers the earlier phases did not write to: the kill above left interrupted sends that hold
    // their recipients' queues for five minutes (reported there); this phase measures the outage alone.
    // With lawyers on a plan that notifies by WhatsApp (search puts them first, so the form preselects them).
    const [place] = await rows<{ area: string; city: string; lawyers: number }>(
      `select a.area_id as area, c.city_id as city, count(*)::int as lawyers
         from lawyer_profiles lp join lawyer_practice_areas a on a.lawyer_id = lp.id join lawyer_cities c on c.lawyer_id = lp.id join "user" u on u.id = lp.id
        where lp.status = 'approved' and not exists (select 1 from outbox o where o.recipient = u.email)
        group by 1, 2
        having count(*) filter (where lp.plan_level = any($1::int[]) and (lp.plan_level_until is null or lp.plan_level_until > now())) > 0
        order by 3 desc, 1, 2 limit 1`,
      [[...WHATSAPP_NOTIFICATION_PLAN_LEVELS]],
    );
    leadPlace = { area: place!.area, city: place!.city };
    await smtpRelay.down();
    await cloudRelay.down();
    const outageAt = Date.now();
    log(`SMTP and WhatsApp stand-ins unreachable for ${OUTAGE_SECONDS} s`);
    const attempts = await pool(20, 4, (i) => sendLead(base, i, 'fora'));
    const acknowledged = attempts.filter(isAck);
    await sleep(Math.max(0, outageAt + OUTAGE_SECONDS * 1000 - Date.now()));
    const [pendingAtEnd] = await rows<{ n: number }>(`select count(*)::int as n from outbox where status <> 'sent' and created_at >= to_timestamp($1 / 1000.0)`, [outageAt]);
    await smtpRelay.up();
    await cloudRelay.up();
    const backAt = Date.now();
    const outboxOf = () =>
      rows<{ id: string; channel: string; recipient: string; status: string; nome: string }>(
        `select o.id, o.channel, o.recipient, o.status, r.nome from outbox o
           join lead_requests r on r.id::text = o.metadata->>'requestId' where r.email = any($1)
         union all
         select o.id, o.channel, o.recipient, o.status, r.nome from outbox o
           join leads l on o.idempotency_key = 'novo-lead:' || l.id::text join lead_requests r on r.id = l.request_id where r.email = any($1)`,
        [acknowledged.map((x) => x.email)],
      );
    const timeout = Math.max(180_000, OUTAGE_SECONDS * 2_500);
    const finished = await until('outage notifications sent', async () => {
      const all = await outboxOf();
      return all.every((o) => o.status === 'sent') ? all : undefined;
    }, timeout, 1_000).catch(async () => outboxOf());
    const deliveredAfter = (Date.now() - backAt) / 1000;
    const problems: string[] = [];
    let emails = 0;
    let whatsapps = 0;
    for (const row of finished) {
      if (row.status !== 'sent') problems.push(`${row.id} ${row.channel} ${row.status}`);
      if (row.channel === 'email') {
        const copies = smtp.received.filter((m) => m.envelopeTo.includes(row.recipient.toLowerCase()) && m.text.includes(row.nome)).length;
        emails += copies;
        if (copies !== 1) problems.push(`${row.id} e-mail received ${copies} times`);
      } else {
        const copies = cloud.requests.filter((r) => r.acceptedId && String((r.body as { to?: string })?.to ?? '').replace(/\D/g, '') === row.recipient && JSON.stringify(r.body).includes(row.nome)).length;
        whatsapps += copies;
        if (copies !== 1) problems.push(`${row.id} WhatsApp accepted ${copies} times`);
      }
    }
    record(
      `stand-ins down ${OUTAGE_SECONDS} s, then back: every notification delivered exactly once`,
      problems.length === 0 && acknowledged.length === 20 && emails > 0 && whatsapps > 0 && pendingAtEnd!.n > 0,
      `${acknowledged.length}/20 requests (${place!.area}, ${place!.city}: ${place!.lawyers} lawyers) acknowledged during the outage; ${finished.length} notification rows (${pendingAtEnd!.n} still unsent when the outage ended); all sent ${deliveredAfter.toFixed(0)} s after the stand-ins came back; received: ${emails} e-mails, ${whatsapps} WhatsApp messages; problems: ${problems.slice(0, 5).join('; ') || 'none'}`,
    );
  }

  // 10. Rolling restart under load: SIGTERM each process in turn, started again, no 5xx.
  {
    leadPlace = { area: 'familia', city: 'sp_sao_paulo' };
    const load = backgroundLoad('rolante', slugs);
    await sleep(1_000);
    const exits: Array<number | null> = [];
    for (const name of ['a', 'b']) {
      const app = apps[name]!;
      if (app.child.exitCode !== null) throw new Error(`app ${name} was not running before its rolling restart`);
      app.expectExit = true;
      app.child.kill('SIGTERM');
      exits.push(await app.exited);
      const again = startApp(name, app.port);
      await waitReady(again);
      // nginx's passive check skips a failed server for 5 s: let it come back into the rotation.
      await sleep(5_500);
    }
    const stats = await load.stop();
    const found = await leadRowsOf(stats.acknowledged.map((x) => x.email));
    const { problems } = checkLeadRows(stats.acknowledged, found);
    record(
      'rolling restart (SIGTERM A, start, SIGTERM B, start) under load: no 5xx',
      stats.status5xx === 0 && stats.connectionErrors === 0 && exits.every((e) => e === 0) && problems.length === 0,
      `exit codes ${exits.join(', ')}; page views ${stats.pages}, client requests ${stats.leads} (${stats.acknowledged.length} acknowledged, rows complete: ${problems.length === 0}); 5xx ${stats.status5xx}; connection errors ${stats.connectionErrors}; other answers ${[...stats.other].map(([s, n]) => `${s}×${n}`).join(', ') || 'none'}`,
    );
  }
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  for (const stop of stops.reverse()) await Promise.resolve(stop()).catch((error: Error) => log(`stopping: ${error.message}`));
  if (process.env.CLUSTER_KEEP) log(`kept ${work}`);
  else fs.rmSync(work, { recursive: true, force: true });
}

console.log('\nJusConecta cluster test (two processes behind nginx, one PostgreSQL, s3rver, SMTP and WhatsApp stand-ins)');
for (const r of results) console.log(`${r.ok ? 'OK  ' : 'FAIL'} ${r.check}\n       ${r.figures}`);
for (const exit of unexpectedExits) console.log(`FAIL ${exit}`);
const passed = !failed && results.length === 11 && results.every((r) => r.ok) && unexpectedExits.length === 0;
console.log(`\n${passed ? 'PASSED' : 'FAILED'}: ${results.filter((r) => r.ok).length}/${results.length} checks in ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(passed ? 0 : 1);
