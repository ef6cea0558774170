import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import pino from 'pino';
import { afterEach, describe, expect, test } from 'vitest';
import { documentLane, type LaneAnswer, type LaneRequest } from './document-lane';

// The search's document is answered before Express (docs/decisions/0068): these run the lane in a real
// HTTP server, with Express's place taken by a fallback that says it was reached.

interface Setup {
  answer?: (request: LaneRequest) => Promise<LaneAnswer> | null;
  middlewares?: RequestHandler[];
  outage?: boolean;
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function start({ answer, middlewares = [], outage = false }: Setup) {
  const seen: LaneRequest[] = [];
  const lane = documentLane({
    middlewares,
    takes: (pathname, cookie) => ['/busca', '/advogado'].includes(pathname) && !cookie?.includes('jusconecta_toast='),
    answer: (request) => {
      seen.push(request);
      return (answer ?? (() => Promise.resolve({ status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': '11' }, chunks: [Buffer.from('<p>'), 'Olá', '</p>'] })))(request);
    },
    databaseOutage: () => Promise.resolve(outage),
    logger: pino({ level: 'silent' }),
  });
  const server = http.createServer((req, res) => {
    if (lane(req, res)) return;
    res.setHeader('X-Fallback', 'express');
    res.end('express');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, seen };
}

describe('the document lane', () => {
  test('answers GET of its paths whole: status, headers and the pieces in order, with the request’s URL and headers', async () => {
    const { origin, seen } = await start({});
    const response = await fetch(`${origin}/busca?area=familia&pagina=2`, { headers: { 'x-test': 'sim' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('11');
    expect(await response.text()).toBe('<p>Olá</p>');
    expect(new URL(seen[0]!.url).pathname + new URL(seen[0]!.url).search).toBe('/busca?area=familia&pagina=2');
    expect(seen[0]!.headers.get('x-test')).toBe('sim');
    const head = await fetch(`${origin}/advogado`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('11');
    expect(await head.text()).toBe('');
  });

  test('leaves to Express every other request: another path or method, a body, a toast, a path the URL guard rewrites', async () => {
    const { origin, seen } = await start({});
    const fallback = async (path: string, init?: RequestInit) => (await fetch(`${origin}${path}`, { redirect: 'manual', ...init })).headers.get('x-fallback');
    expect(await fallback('/busca/')).toBe('express');
    expect(await fallback('/BUSCA')).toBe('express');
    expect(await fallback('/buscar')).toBe('express');
    expect(await fallback('/advogado/ana')).toBe('express');
    expect(await fallback('/busca', { method: 'POST', body: 'x=1' })).toBe('express');
    expect(await fallback('/busca', { headers: { cookie: 'jusconecta_toast=Ol%C3%A1' } })).toBe('express');
    expect(seen).toEqual([]);
  });

  test('runs the middlewares first, in order; one that answers ends the request there', async () => {
    const order: string[] = [];
    const mark =
      (name: string): RequestHandler =>
      (_req, res, next) => {
        order.push(name);
        res.setHeader(`X-${name}`, '1');
        next();
      };
    const answerHit: RequestHandler = (req, res, next) => {
      if (!req.url?.includes('hit=1')) return next();
      res.end('from the cache');
    };
    const { origin, seen } = await start({ middlewares: [mark('Log'), answerHit, mark('Security')] });
    const response = await fetch(`${origin}/busca`);
    expect(order).toEqual(['Log', 'Security']);
    expect(response.headers.get('x-log')).toBe('1');
    expect(response.headers.get('x-security')).toBe('1');
    expect(await response.text()).toBe('<p>Olá</p>');
    expect(await (await fetch(`${origin}/busca?hit=1`)).text()).toBe('from the cache');
    expect(seen).toHaveLength(1);
  });

  test('an answer that fails is the 503 page while the database is away, the 500 page otherwise: Portuguese, never a stack', async () => {
    const failing = () => Promise.reject(new Error('connection terminated'));
    const away = await start({ answer: failing, outage: true });
    const unavailable = await fetch(`${away.origin}/busca`);
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBe('5');
    expect(await unavailable.text()).toContain('Serviço temporariamente indisponível');

    const broken = await start({ answer: failing });
    const error = await fetch(`${broken.origin}/busca`);
    expect(error.status).toBe(500);
    const page = await error.text();
    expect(page).toContain('Ocorreu um erro inesperado. Tente novamente em instantes.');
    expect(page).not.toContain('connection terminated');
  });
});
