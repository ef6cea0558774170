import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, test } from 'vitest';
import { canonicalPagePath, urlGuard } from './url-guard';

const servers: Array<{ close(): void }> = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

function start() {
  const app = express();
  app.use(urlGuard());
  app.use((req, res) => res.send(`ok ${req.url}`));
  const server = app.listen(0);
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('URL guard', () => {
  test.each(['/%C0', '/advogado/%C3%28', '/assets/%C0', '/advogado/%00', '/busca%0a', '/%5Cevil.com', '//evil.com/'])(
    '%s answers the Portuguese 404 page',
    async (path) => {
      const response = await fetch(`${start()}${path}`, { redirect: 'manual' });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Página não encontrada');
    },
  );

  test('a page URL with capitals or a trailing slash is redirected once to its one spelling, query kept', async () => {
    const base = start();
    for (const [from, to] of [
      ['/BUSCA', '/busca'],
      ['/busca/', '/busca'],
      ['/Busca/?area=familia', '/busca?area=familia'],
      ['/Advogado/AbC123/', '/advogado/AbC123'],
    ] as const) {
      const response = await fetch(`${base}${from}`, { redirect: 'manual' });
      expect(response.status, from).toBe(301);
      expect(response.headers.get('location')).toBe(to);
    }
    expect((await fetch(`${base}/assets/Entry-AbC.js`, { redirect: 'manual' })).status).toBe(200);
    expect((await fetch(`${base}/busca?area=familia`, { redirect: 'manual' })).status).toBe(200);
  });

  test('canonical paths', () => {
    expect(canonicalPagePath('/')).toBe('/');
    expect(canonicalPagePath('/blog/')).toBe('/blog');
    expect(canonicalPagePath('/BLOG/meu-post')).toBe('/blog/meu-post');
    expect(canonicalPagePath('/advogado/ABC')).toBe('/advogado/ABC');
  });
});
