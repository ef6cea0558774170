import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { afterEach, describe, expect, test } from 'vitest';
import { requestLog, withoutSecrets } from './request-log';

const servers: Array<{ close(): void }> = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

function start(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) });
  const app = express();
  app.use(requestLog(pino({ level }, sink)));
  app.get('/{*path}', (req, res) => res.send(req.id));
  const server = app.listen(0);
  servers.push(server);
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, lines };
}

describe('request log', () => {
  test('every request gets an id, echoed in X-Request-Id and written in its one log line', async () => {
    const { base, lines } = start('info');
    const response = await fetch(`${base}/busca?area=familia`);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await response.text()).toBe(id);
    await new Promise((r) => setTimeout(r, 20));
    expect(lines).toEqual([expect.objectContaining({ msg: 'request completed', req: { id, method: 'GET', url: '/busca?area=familia' }, res: { statusCode: 200 } })]);
  });

  test('a well-formed incoming id is kept; anything else is replaced', async () => {
    const { base } = start('info');
    expect((await fetch(`${base}/`, { headers: { 'x-request-id': 'lb-12345678' } })).headers.get('x-request-id')).toBe('lb-12345678');
    expect((await fetch(`${base}/`, { headers: { 'x-request-id': '<script>' } })).headers.get('x-request-id')).not.toBe('<script>');
  });

  test('health checks are not logged, and nothing is logged below the info level', async () => {
    const quiet = start('warn');
    await fetch(`${quiet.base}/advogado/ana`);
    const loud = start('info');
    await fetch(`${loud.base}/healthz`);
    await new Promise((r) => setTimeout(r, 20));
    expect(quiet.lines).toEqual([]);
    expect(loud.lines).toEqual([]);
  });

  test('the token of a reset or confirmation link never reaches the log', async () => {
    const { base, lines } = start('info');
    await fetch(`${base}/recuperar-senha?token=AbCdEf0123456789xyzWVU12`);
    await new Promise((r) => setTimeout(r, 20));
    expect(lines).toEqual([expect.objectContaining({ req: expect.objectContaining({ url: '/recuperar-senha?token=[redacted]' }) })]);
    expect(withoutSecrets('/api/auth/verify-email?token=eyJ.a.b&callbackURL=%2Fauth-callback')).toBe('/api/auth/verify-email?token=[redacted]&callbackURL=%2Fauth-callback');
    expect(withoutSecrets('/busca?area=familia')).toBe('/busca?area=familia');
  });
});
