import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The running production server, e.g. http://localhost:41234 (no trailing slash). */
    baseURL: string;
  }
}

const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * Starts the production server (`node build/server.js`, built by `npm run test:e2e`) once for the
 * whole run, on a free port with a fresh database seeded with the demo data, and stops it at the end.
 *
 * The server runs from a copy of build/ and drizzle/ in a temporary directory (node_modules linked), so
 * that a `npm run build` started meanwhile, by a second test run or by hand, cannot swap the client
 * assets under the running server.
 */
export default async function setup(project: TestProject) {
  const root = await mkdtemp(path.join(tmpdir(), 'jusconecta-e2e-'));
  await cp(path.resolve('build'), path.join(root, 'build'), { recursive: true });
  await cp(path.resolve('drizzle'), path.join(root, 'drizzle'), { recursive: true });
  await symlink(path.resolve('node_modules'), path.join(root, 'node_modules'), 'dir');
  const port = await findFreePort();
  const baseURL = `http://localhost:${port}`;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: path.join(root, 'data'),
    SEED_DEMO: 'true',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    APP_URL: baseURL,
  };
  // Always the embedded PGlite and the copied migrations, whatever the shell has set.
  for (const name of ['DATABASE_URL', 'APP_SECRET', 'MIGRATIONS_DIR', 'PAGE_CACHE_SECONDS', 'BRAND_NAME']) delete env[name];
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
    if (logged.length > 0) console.warn(`The server logged ${logged.length} warning(s) or error(s):\n${logged.join('\n')}`);
  };

  try {
    await waitUntilReady(baseURL, exited, () => output);
  } catch (error) {
    await stop();
    throw error;
  }

  project.provide('baseURL', baseURL);
  return stop;
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
