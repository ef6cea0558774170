import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';

// The primary of WEB_CONCURRENCY workers (docs/decisions/0067), run for real: a child process whose
// workers are tiny HTTP servers on one shared port (fixtures/cluster-fixture.ts).

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/fixtures/cluster-fixture.ts'], { env: { ...process.env, ...env }, stdio: 'ignore' });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited };
}

/** The pids that answer on the port, from a few fresh connections (the primary hands them out in turn). */
async function answeringPids(port: number, deadlineMs = 20_000): Promise<Set<number>> {
  const pids = new Set<number>();
  const until = Date.now() + deadlineMs;
  while (pids.size < 2 && Date.now() < until) {
    const pid = await pidAt(port);
    if (pid) pids.add(pid);
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return pids;
}

/** One request on a connection of its own (no keep-alive: each connection may reach another worker). */
function pidAt(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/', agent: false, timeout: 2_000 }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve(Number(body) || null));
    });
    request.on('error', () => resolve(null));
    request.on('timeout', () => request.destroy());
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('several server processes on one port', () => {
  test('two workers answer; one that dies is replaced; SIGTERM stops them all and the primary exits 0', async () => {
    const port = await freePort();
    const { child, exited } = start({ FIXTURE_PORT: String(port), FIXTURE_GRACE_MS: '300' });
    const first = await answeringPids(port);
    expect(first.size).toBe(2);

    const [victim, survivor] = [...first] as [number, number];
    await new Promise((resolve) => setTimeout(resolve, 400)); // past the start-up grace
    process.kill(victim, 'SIGKILL');
    let replaced = new Set<number>();
    const until = Date.now() + 20_000;
    while (Date.now() < until && !(replaced.size === 2 && !replaced.has(victim))) replaced = await answeringPids(port, 2_000);
    expect(replaced.has(survivor)).toBe(true);
    expect(replaced.has(victim)).toBe(false);
    expect(replaced.size).toBe(2);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of replaced) expect(alive(pid), `worker ${pid}`).toBe(false);
  }, 60_000);

  test('a worker that fails at start stops the primary with its exit code, instead of a fork loop', async () => {
    const { exited } = start({ FIXTURE_PORT: String(await freePort()), FIXTURE_BOOT_EXIT: '3', FIXTURE_GRACE_MS: '10000' });
    expect(await exited).toBe(3);
  }, 30_000);
});
