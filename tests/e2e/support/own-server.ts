import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { recordSpawn } from './spawn-log';

// A production server of the test's own (build/server.js), for what cannot be tried on the shared one:
// stopping it, measuring its memory, locking an account for fifteen minutes.

const children: ChildProcess[] = [];

/**
 * Kills what the file started and left running. Each file that starts servers registers it
 * (`afterAll(killOwnServers)`): the e2e workers share support modules between files (isolate: false), so a
 * hook registered here at import would belong to the first file only.
 */
export function killOwnServers() {
  children.splice(0).forEach((c) => c.exitCode === null && c.signalCode === null && c.kill('SIGKILL'));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A data directory that does not exist yet, inside a fresh temporary folder. */
export function freshDataDir(prefix: string): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), `jusconecta-${prefix}-`)), 'data');
}

export type OwnServer = ReturnType<typeof startServer>;

export function startServer(env: Record<string, string>) {
  const base: NodeJS.ProcessEnv = { ...process.env };
  // The embedded database and defaults, whatever the shell has set (unless the test sets them).
  for (const name of ['DATABASE_URL', 'APP_SECRET', 'MIGRATIONS_DIR', 'PAGE_CACHE_SECONDS', 'BRAND_NAME']) delete base[name];
  recordSpawn(`own:${path.basename(String(env.DATA_DIR ?? 'no-data-dir'))}:${env.PORT ?? ''}`);
  const child = spawn(process.execPath, ['build/server.js'], {
    env: { ...base, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: 'true', FOLLOW_UP_DIGEST: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

export async function waitForHealth(port: number, server: OwnServer) {
  for (let i = 0; i < 600; i++) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}

/** Starts a server on a free port with a fresh seeded data directory and waits until it is healthy. */
export async function startOwnServer(prefix: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const dataDir = freshDataDir(prefix);
  const server = startServer({ DATA_DIR: dataDir, PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, ...env });
  await waitForHealth(port, server);
  return { ...server, port, dataDir, baseURL: `http://127.0.0.1:${port}` };
}

/** The resident memory of a process, in MiB (Linux). */
export function residentMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  return kib / 1024;
}
