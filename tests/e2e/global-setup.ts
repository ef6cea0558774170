import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { recordSpawn, SPAWN_LOG } from './support/spawn-log';
import { SHARED_CLOUD, startStandIns } from './support/stand-in-control';

/** What the shared server was started with, for the tests that need to know (tests/e2e/support/fixtures.ts). */
export interface SharedServerSettings {
  bootstrapSecret: string;
  mailFrom: string;
  cloud: { accessToken: string; phoneNumberId: string; textTemplate: string; verifyToken: string; appSecret: string };
  company: { name: string; cnpj: string; email: string; whatsapp: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared production server, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseURL: string;
    /**
     * A second server with the seed's data untouched by fixtures and nothing configured (no e-mail, no
     * WhatsApp): the back office's figures. `seededAt`: when its seed ran (ms, the middle of its start).
     */
    pristine: { baseURL: string; dataDir: string; seededAt: number };
    /** The stand-ins' control API (tests/e2e/support/stand-in-control.ts). */
    controlURL: string;
    /** The shared server's process id (its memory is measured by tests/e2e/abuse.e2e.ts). */
    serverPid: number;
    settings: SharedServerSettings;
  }
}

const READY_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 15_000;

export const SETTINGS: SharedServerSettings = {
  bootstrapSecret: 'segredo-do-e2e-0123456789',
  mailFrom: 'JusConecta <nao-responda@jusconecta.test>',
  cloud: { ...SHARED_CLOUD },
  company: { name: 'JusConecta Tecnologia Ltda.', cnpj: '11.222.333/0001-81', email: 'contato@jusconecta.com.br', whatsapp: '+55 (11) 98765-4321' },
};

/**
 * Starts the shared production server (`node build/server.js`, built by `npm run test:e2e`) for the
 * whole run, on a free port with a fresh database seeded with the demo data, with every stand-in
 * configured (e-mail through a local SMTP server, WhatsApp through local Cloud API and WiizoChat
 * servers, the simulated court), the company details, BOOTSTRAP_SECRET, and the fixture door
 * (E2E_FIXTURES=1: tests create their own lawyers, superadmins and sessions; docs/decisions/0035).
 * TRUST_PROXY=loopback: each browser context sends its own X-Forwarded-For (support/browser.ts), so
 * per-address limits count each test apart. Beside it, the 'pristine' server: the seed's data, nothing
 * configured and no fixture door, for the few back-office pages that show whole-site figures (the files
 * that use it run first, readers before writers: tests/e2e/sequencer.ts).
 *
 * Each server runs from a copy of build/ and drizzle/ in a temporary directory (node_modules linked), so
 * that a `npm run build` started meanwhile, by a second test run or by hand, cannot swap the client
 * assets under the running server.
 */
export default async function setup(project: TestProject) {
  mkdirSync(path.dirname(SPAWN_LOG), { recursive: true });
  writeFileSync(SPAWN_LOG, '');
  const standIns = await startStandIns();
  const started = await Promise.allSettled([
    startProductionServer('shared', {
      E2E_FIXTURES: '1',
      SMTP_URL: standIns.smtp.url,
      MAIL_FROM: SETTINGS.mailFrom,
      WHATSAPP_CLOUD_API_URL: standIns.cloud.url,
      WHATSAPP_CLOUD_ACCESS_TOKEN: SETTINGS.cloud.accessToken,
      WHATSAPP_CLOUD_PHONE_NUMBER_ID: SETTINGS.cloud.phoneNumberId,
      WHATSAPP_CLOUD_TEMPLATE_TEXT: SETTINGS.cloud.textTemplate,
      WHATSAPP_CLOUD_VERIFY_TOKEN: SETTINGS.cloud.verifyToken,
      WHATSAPP_CLOUD_APP_SECRET: SETTINGS.cloud.appSecret,
      WIIZOCHAT_API_URL: standIns.wiizo.url,
      BOOTSTRAP_SECRET: SETTINGS.bootstrapSecret,
      COMPANY_NAME: SETTINGS.company.name,
      COMPANY_CNPJ: SETTINGS.company.cnpj,
      SUPPORT_EMAIL: SETTINGS.company.email,
      SUPPORT_WHATSAPP: SETTINGS.company.whatsapp,
    }),
    // The demo data as the seed leaves it and nothing configured: the back office's figures and status.
    startProductionServer('pristine', {}),
  ]);
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await standIns.close();
    const spawns = readFileSync(SPAWN_LOG, 'utf8').split('\n').filter(Boolean);
    console.info(`Production servers started by this run (build/server.js): ${spawns.length} (${spawns.join(', ')})`);
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  const [shared, pristine] = servers as [RunningServer, RunningServer];
  project.provide('baseURL', shared.baseURL);
  project.provide('pristine', { baseURL: pristine.baseURL, dataDir: pristine.dataDir, seededAt: pristine.seededAt });
  project.provide('controlURL', standIns.controlURL);
  standIns.setWebhookTarget(`${shared.baseURL}/api/webhooks/whatsapp`);
  project.provide('serverPid', shared.pid);
  project.provide('settings', SETTINGS);
  return stop;
}

interface RunningServer {
  baseURL: string;
  pid: number;
  dataDir: string;
  seededAt: number;
  stop(): Promise<void>;
}

async function startProductionServer(name: string, settings: Record<string, string>): Promise<RunningServer> {
  const root = await mkdtemp(path.join(tmpdir(), `jusconecta-e2e-${name}-`));
  await cp(path.resolve('build'), path.join(root, 'build'), { recursive: true });
  await cp(path.resolve('drizzle'), path.join(root, 'drizzle'), { recursive: true });
  await symlink(path.resolve('node_modules'), path.join(root, 'node_modules'), 'dir');
  const port = await findFreePort();
  const baseURL = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: path.join(root, 'data'),
    SEED_DEMO: 'true',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    APP_URL: baseURL,
    TRUST_PROXY: 'loopback',
    // The morning digest would add e-mails to whoever has leads whenever a run crosses 8:00 São Paulo
    // time: the tests run it with a fixed clock through the fixture door instead.
    FOLLOW_UP_DIGEST: 'off',
  };
  // Always the embedded PGlite and the copied migrations, whatever the shell has set.
  for (const variable of ['DATABASE_URL', 'APP_SECRET', 'MIGRATIONS_DIR', 'PAGE_CACHE_SECONDS', 'BRAND_NAME', 'AUTO_APPROVE_LAWYERS', 'CONTRACT_ANALYSIS_URL', 'COURT_MONITORING_PROVIDER', 'E2E_FIXTURES']) {
    delete env[variable];
  }
  Object.assign(env, settings);
  recordSpawn(name);
  const spawnedAt = Date.now();
  const server = spawn(process.execPath, ['build/server.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string | null>((resolve) => server.once('exit', (code, signal) => resolve(code ?? signal)));

  const stop = async () => {
    await stopServer(server, exited);
    await rm(root, { recursive: true, force: true });
    // LOG_LEVEL=warn: anything the server logged is worth a look when a journey fails.
    const logged = output.split('\n').filter((line) => line.startsWith('{'));
    if (logged.length > 0) console.warn(`The ${name} server logged ${logged.length} warning(s) or error(s):\n${logged.join('\n')}`);
  };

  try {
    await waitUntilReady(baseURL, exited, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, pid: server.pid!, dataDir: env.DATA_DIR!, seededAt: (spawnedAt + Date.now()) / 2, stop };
}

async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls /healthz until it answers 200; fails with the server's output if it exits or never gets ready. */
async function waitUntilReady(baseURL: string, exited: Promise<number | string | null>, output: () => string) {
  let exitCode: number | string | null | undefined;
  void exited.then((code) => (exitCode = code));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`The server exited (${exitCode}) before it was ready. Its output:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    // Between polls, wake up early if the server exits.
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 200))]);
  }
  throw new Error(`The server was not ready after ${READY_TIMEOUT_MS / 1000}s. Its output:\n${output()}`);
}

async function stopServer(server: ChildProcess, exited: Promise<unknown>) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
