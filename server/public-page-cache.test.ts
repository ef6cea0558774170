import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, test } from 'vitest';
import { publicPageCache } from './public-page-cache';

const servers: Array<{ close(): void }> = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

async function start(maxSeconds = 30) {
  const views: string[] = [];
  let rendered = 0;
  const app = express();
  app.use(publicPageCache({ maxSeconds, onProfileView: (id) => views.push(id) }));
  app.get('/advogado/ana', (_req, res) => {
    rendered += 1;
    res.setHeader('X-Page-Cache', '30');
    res.setHeader('X-Analytics-Profile-View', 'lawyer-1');
    res.type('html');
    res.write('<p>Ana ');
    res.end(`renderização ${rendered}</p>`);
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
  const server = app.listen(0);
  servers.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, views, renders: () => rendered };
}

describe('public page cache', () => {
  test('serves an anonymous page from memory and still counts every profile view', async () => {
    const { base, views, renders } = await start();
    const first = await fetch(`${base}/advogado/ana`);
    const second = await fetch(`${base}/advogado/ana`);
    expect(await first.text()).toBe('<p>Ana renderização 1</p>');
    expect(await second.text()).toBe('<p>Ana renderização 1</p>');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(renders()).toBe(1);
    expect(views).toEqual(['lawyer-1', 'lawyer-1']);
  });

  test('private headers never leave the server', async () => {
    const { base } = await start();
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${base}/advogado/ana`);
      expect(response.headers.get('x-page-cache')).toBeNull();
      expect(response.headers.get('x-analytics-profile-view')).toBeNull();
    }
  });

  test('a visitor with cookies (a session) always gets a fresh page', async () => {
    const { base, renders } = await start();
    await fetch(`${base}/advogado/ana`);
    const withSession = await fetch(`${base}/advogado/ana`, { headers: { cookie: 'jusconecta.session_token=x' } });
    expect(await withSession.text()).toBe('<p>Ana renderização 2</p>');
    expect(renders()).toBe(2);
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

  test('with the cache off every request renders, and views are still counted', async () => {
    const { base, views, renders } = await start(0);
    await fetch(`${base}/advogado/ana`);
    await fetch(`${base}/advogado/ana`);
    expect(renders()).toBe(2);
    expect(views).toHaveLength(2);
  });
});
