import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { freePort, freshDataDir, killOwnServers, startServer, waitForHealth, type OwnServer } from './support/own-server';

afterAll(killOwnServers);

// The production server's promises to an operator: one process per data directory, a clean stop on
// SIGTERM, data kept across restarts, and configuration errors explained before anything starts.

/** Every file or folder under `dir` with a group or other permission bit. */
function filesReadableByOthers(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if ((fs.lstatSync(full).mode & 0o077) !== 0 && !entry.isSymbolicLink()) found.push(full);
  }
  return found;
}

/**
 * The restarted server of the first test, still running: the SIGTERM test below stops it (one start of
 * build/server.js fewer in the suite) and then checks what the first test would have checked after it.
 */
let handedOver: { server: OwnServer; port: number; dataDir: string } | undefined;

describe('the production server', () => {
  test('refuses to start twice on one data directory, stops cleanly on SIGTERM and keeps its data', async () => {
    // A DATA_DIR that does not exist yet: the server creates it.
    const dataDir = freshDataDir('lifecycle');
    const [portA, portB] = [await freePort(), await freePort()];

    const first = startServer({ DATA_DIR: dataDir, PORT: String(portA) });
    await waitForHealth(portA, first);
    expect(first.output()).toContain('Dados de demonstração criados');
    // The database (its WAL holds session tokens and password hashes) is private to the server's user.
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(filesReadableByOthers(dataDir)).toEqual([]);

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
    // Stopped by the SIGTERM test below, which then expects exit code 0 and no file readable by others.
    handedOver = { server: restarted, port: portB, dataDir };
  });

  test('explains an invalid configuration in Portuguese and exits', async () => {
    const server = startServer({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'jusconecta-config-')), PORT: 'abc', DATABASE_URL: 'mysql://x' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Configuração inválida nas variáveis de ambiente');
    expect(server.output()).toContain('DATABASE_URL: deve ser uma URL postgres://');
    expect(server.output()).not.toMatch(/\n\s+at /);
  });
});

/** Sends raw HTTP/1.1 on one socket and collects what comes back until the server closes it. */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => undefined);
  return {
    socket,
    closed,
    received: () => received,
    /** Resolves once `count` complete responses' status lines have arrived. */
    async responses(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while ((received.match(/^HTTP\/1\.1 \d{3}/gm) ?? []).length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} responses, got:\n${received}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

describe('the production server on SIGTERM', () => {
  test('answers the requests already sent with Connection: close, ends idle keep-alive at once and exits 0', async () => {
    // The first test's restarted server when it got that far (run alone, a server of this test's own).
    const { server, port, dataDir } = handedOver ?? (await startForShutdown());
    handedOver = undefined;

    // An idle keep-alive connection that has already been answered once.
    const idle = rawConnection(port);
    idle.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    await idle.responses(1);

    // A login whose body is still arriving when the signal comes.
    const body = 'email=ninguem%40exemplo.com.br&password=senha-errada-123';
    const busy = rawConnection(port);
    busy.socket.write(`POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`);
    await new Promise((r) => setTimeout(r, 100));

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await idle.closed; // closed by the server without another request
    expect(Date.now() - signalledAt).toBeLessThan(2_000);

    busy.socket.write(body.slice(10));
    await busy.responses(1);
    const [head] = busy.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400/);
    expect(head).toMatch(/^connection: close$/im);
    await busy.closed;

    expect(await server.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(5_000);
    expect(filesReadableByOthers(dataDir)).toEqual([]);
  });
});

async function startForShutdown() {
  const dataDir = freshDataDir('shutdown');
  const port = await freePort();
  const server = startServer({ DATA_DIR: dataDir, PORT: String(port) });
  await waitForHealth(port, server);
  return { server, port, dataDir };
}
