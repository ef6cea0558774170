import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';

// The production server's promises to an operator: one process per data directory, a clean stop on
// SIGTERM, data kept across restarts, and configuration errors explained before anything starts.

const children: ChildProcess[] = [];
afterEach(() => children.splice(0).forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['build/server.js'], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, server: ReturnType<typeof startServer>) {
  for (let i = 0; i < 300; i++) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}

describe('the production server', () => {
  test('refuses to start twice on one data directory, stops cleanly on SIGTERM and keeps its data', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jusconecta-lifecycle-'));
    const [portA, portB] = [await freePort(), await freePort()];

    const first = startServer({ DATA_DIR: dataDir, PORT: String(portA) });
    await waitForHealth(portA, first);
    expect(first.output()).toContain('Dados de demonstração criados');

    const second = startServer({ DATA_DIR: dataDir, PORT: String(portB) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('já está em uso pelo processo');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, '.server.lock'))).toBe(false);

    const restarted = startServer({ DATA_DIR: dataDir, PORT: String(portB) });
    await waitForHealth(portB, restarted);
    expect(restarted.output()).not.toContain('Dados de demonstração criados');
    const search = await (await fetch(`http://127.0.0.1:${portB}/busca`)).text();
    expect(search).toMatch(/\d+ advogados encontrados/);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });

  test('explains an invalid configuration in Portuguese and exits', async () => {
    const server = startServer({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'jusconecta-config-')), PORT: 'abc', DATABASE_URL: 'mysql://x' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Configuração inválida nas variáveis de ambiente');
    expect(server.output()).toContain('DATABASE_URL: deve ser uma URL postgres://');
    expect(server.output()).not.toMatch(/\n\s+at /);
  });
});
