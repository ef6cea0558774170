import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { publicPageCache } from './public-page-cache';

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** Keys as the app makes them: the path, plus `pagina` on /busca (the one parameter that page reads). */
function keyOf(url: string): string | null {
  const [path = '', query = ''] = url.split('?');
  if (path === '/busca') {
    const pagina = new URLSearchParams(query).get('pagina');
    return pagina && /^\d+$/.test(pagina) && pagina !== '1' ? `/busca?pagina=${pagina}` : '/busca';
  }
  if (path === '/grande') return url;
  return ['/advogado/ana', '/com-cookie', '/sumiu', '/lenta'].includes(path) ? path : null;
}

async function start({ maxSeconds = 30, maxTotalBytes, generation }: { maxSeconds?: number; maxTotalBytes?: number; generation?: () => number } = {}) {
  const views: string[] = [];
  let rendered = 0;
  let releaseSlow: () => void = () => undefined;
  const app = express();
  const cache = publicPageCache({ maxSeconds, keyOf, maxTotalBytes, generation, onProfileView: (id) => views.push(id) });
  app.use(cache.serve, cache.capture);
  app.get('/advogado/ana', (_req, res) => {
    rendered += 1;
    res.setHeader('X-Page-Cache', '30');
    res.setHeader('X-Analytics-Profile-View', 'lawyer-1');
    res.type('html');
    res.write('<p>Ana ');
    res.end(`renderização ${rendered}</p>`);
  });
  app.get('/busca', (req, res) => {
    rendered += 1;
    res.setHeader('X-Page-Cache', '30');
    res.end(`busca ${String(req.query.pagina ?? 1)} r${rendered}`);
  });
  app.get('/lenta', (_req, res) => {
    rendered += 1;
    res.setHeader('X-Page-Cache', '30');
    res.write('início ');
    const n = rendered;
    releaseSlow = () => res.end(`fim r${n}`);
  });
  app.get('/grande', (_req, res) => {
    rendered += 1;
    res.setHeader('X-Page-Cache', '30');
    res.end('x'.repeat(100_000));
  });
  app.get('/com-cookie', (_req, res) => {
    rendered += 1;
    res.setHeader('X-Page-Cache', '30');
    res.setHeader('Set-Cookie', 'a=b');
    res.end(`r${rendered}`);
  });
  app.get('/sumiu', (_req, res) => {
    rendered += 1;
    res.setHeader('X-Page-Cache', '30');
    res.status(404).end(`r${rendered}`);
  });
  // As in server/app.ts: hits are answered in front of Express, the rest goes through it.
  let answeredInFront = 0;
  const server = http.createServer((req, res) => {
    if (!cache.answer(req, res, () => (answeredInFront += 1))) app(req, res);
  });
  server.listen(0);
  servers.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, views, renders: () => rendered, releaseSlow: () => releaseSlow(), size: cache.size, answeredInFront: () => answeredInFront };
}

describe('public page cache', () => {
  test('serves an anonymous page from memory and counts every finished profile view', async () => {
    const { base, views, renders, answeredInFront } = await start();
    const first = await fetch(`${base}/advogado/ana`);
    const second = await fetch(`${base}/advogado/ana`);
    expect(await first.text()).toBe('<p>Ana renderização 1</p>');
    expect(await second.text()).toBe('<p>Ana renderização 1</p>');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(renders()).toBe(1);
    expect(answeredInFront()).toBe(1);
    await vi.waitFor(() => expect(views).toEqual(['lawyer-1', 'lawyer-1']));
  });

  test('a change to public content makes every page rendered before it stale at once', async () => {
    let generation = 0;
    const { base, renders } = await start({ generation: () => generation });
    expect(await (await fetch(`${base}/busca`)).text()).toBe('busca 1 r1');
    expect(await (await fetch(`${base}/busca`)).text()).toBe('busca 1 r1');
    generation += 1; // e.g. a lawyer approved
    const fresh = await fetch(`${base}/busca`);
    expect(fresh.headers.get('x-cache')).toBeNull();
    expect(await fresh.text()).toBe('busca 1 r2');
    expect(await (await fetch(`${base}/busca`)).text()).toBe('busca 1 r2');
    expect(renders()).toBe(2);
  });

  test('a HEAD never creates or changes an entry: the next GET gets the whole page', async () => {
    const { base, renders, views } = await start();
    const head = await fetch(`${base}/advogado/ana`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const get = await fetch(`${base}/advogado/ana`);
    expect(get.headers.get('x-cache')).toBeNull();
    expect(await get.text()).toBe('<p>Ana renderização 2</p>');
    // A HEAD of a cached page is answered from the entry, with its length, and changes nothing.
    const headAgain = await fetch(`${base}/advogado/ana`, { method: 'HEAD' });
    expect(headAgain.headers.get('x-cache')).toBe('HIT');
    expect(Number(headAgain.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await (await fetch(`${base}/advogado/ana`)).text()).toBe('<p>Ana renderização 2</p>');
    expect(renders()).toBe(2);
    await vi.waitFor(() => expect(views).toHaveLength(2));
  });

  test('query parameters the page does not read neither bypass the cache nor add entries', async () => {
    const { base, renders, size } = await start();
    for (let i = 0; i < 20; i++) await (await fetch(`${base}/busca?cb=${i}&utm_source=x`)).text();
    await (await fetch(`${base}/busca?pagina=2&cb=1`)).text();
    await (await fetch(`${base}/busca?pagina=0x10`)).text();
    expect(renders()).toBe(2);
    expect(size()).toBe(2);
  });

  test('a stampede on a missing page renders it once', async () => {
    const { base, renders, releaseSlow } = await start();
    const responses = Array.from({ length: 20 }, () => fetch(`${base}/lenta`).then((r) => r.text()));
    await vi.waitFor(() => expect(renders()).toBe(1));
    // Give every request time to arrive and wait behind the one that renders.
    await new Promise((resolve) => setTimeout(resolve, 100));
    releaseSlow();
    expect(new Set(await Promise.all(responses))).toEqual(new Set(['início fim r1']));
    expect(renders()).toBe(1);
  });

  test('a response cut off midway is neither stored nor counted', async () => {
    const { base, renders, releaseSlow, views } = await start();
    const controller = new AbortController();
    const cut = await fetch(`${base}/lenta`, { signal: controller.signal });
    expect(cut.status).toBe(200);
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 50));
    releaseSlow();
    const next = fetch(`${base}/lenta`).then((r) => r.text());
    await vi.waitFor(() => expect(renders()).toBe(2));
    releaseSlow();
    expect(await next).toBe('início fim r2');
    expect(views).toEqual([]);
  });

  test('a visitor with the app’s cookies (a session, a toast) always gets a fresh page; other cookies do not matter', async () => {
    const { base, renders } = await start();
    await fetch(`${base}/advogado/ana`);
    const withSession = await fetch(`${base}/advogado/ana`, { headers: { cookie: 'jusconecta.session_token=x' } });
    expect(await withSession.text()).toBe('<p>Ana renderização 2</p>');
    const withToast = await fetch(`${base}/advogado/ana`, { headers: { cookie: 'jusconecta_toast=oi' } });
    expect(await withToast.text()).toBe('<p>Ana renderização 3</p>');
    const withOther = await fetch(`${base}/advogado/ana`, { headers: { cookie: '_ga=1' } });
    expect(withOther.headers.get('x-cache')).toBe('HIT');
    expect(renders()).toBe(3);
  });

  test('private headers never leave the server', async () => {
    const { base } = await start();
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${base}/advogado/ana`);
      expect(response.headers.get('x-page-cache')).toBeNull();
      expect(response.headers.get('x-analytics-profile-view')).toBeNull();
    }
  });

  test('responses that set cookies or are not 200 are never stored', async () => {
    const { base, renders } = await start();
    await fetch(`${base}/com-cookie`);
    await fetch(`${base}/com-cookie`);
    await fetch(`${base}/sumiu`);
    const again = await fetch(`${base}/sumiu`);
    expect(again.status).toBe(404);
    expect(renders()).toBe(4);
  });

  test('entries are served compressed when the client accepts it', async () => {
    const { base } = await start();
    await (await fetch(`${base}/grande`)).text();
    // Compression runs in the background once the entry is stored.
    await vi.waitFor(async () => {
      const response = await new Promise<http.IncomingMessage>((resolve) => http.get(`${base}/grande`, { headers: { 'accept-encoding': 'gzip' } }, resolve));
      response.resume();
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(Number(response.headers['content-length'])).toBeLessThan(1000);
    });
  });

  test('the memory of all entries is bounded: the least recently used go first', async () => {
    const { base, size, renders } = await start({ maxTotalBytes: 150_000 });
    await (await fetch(`${base}/grande?n=1`)).text();
    await (await fetch(`${base}/advogado/ana`)).text();
    expect(size()).toBe(2);
    await (await fetch(`${base}/grande?n=2`)).text();
    expect(size()).toBe(2);
    await (await fetch(`${base}/advogado/ana`)).text();
    await (await fetch(`${base}/grande?n=1`)).text();
    expect(renders()).toBe(4);
  });

  test('with the cache off every request renders, and views are still counted', async () => {
    const { base, views, renders } = await start({ maxSeconds: 0 });
    await (await fetch(`${base}/advogado/ana`)).text();
    await (await fetch(`${base}/advogado/ana`)).text();
    expect(renders()).toBe(2);
    await vi.waitFor(() => expect(views).toHaveLength(2));
  });
});
