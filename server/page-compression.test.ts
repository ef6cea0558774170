import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, expect, test, vi } from 'vitest';
import { pageCompression } from './page-compression';
import { publicPageCache } from './public-page-cache';

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** A page like a directory's: repeated markup with varying names and numbers, about 60 KB. */
function directoryPage(): string {
  const cards: string[] = [];
  for (let i = 0; i < 60; i++) {
    const name = ['Ana', 'Bruno', 'Carla', 'Davi', 'Elisa', 'Fábio'][i % 6]! + ` ${['Souza', 'Lima', 'Rocha', 'Cunha'][(i * 7) % 4]} ${1000 + ((i * 7919) % 9000)}`;
    cards.push(
      `<article class="lawyer-card"><h2><a href="/advogado/p${i * 37}">${name}</a></h2><p class="oab">OAB/SP ${100000 + ((i * 104729) % 899999)}</p>` +
        `<ul class="chip-list"><li class="chip">Direito de Família</li><li class="chip">São Paulo - SP</li></ul>` +
        `<a class="btn-whatsapp" href="https://wa.me/55119${String(10000000 + ((i * 15485863) % 89999999))}?text=Ol%C3%A1%2C%20${encodeURIComponent(name)}">WhatsApp</a></article>`,
    );
  }
  return `<!doctype html><html lang="pt-BR"><head><style>${'.x{color:red}'.repeat(200)}</style></head><body>${cards.join('')}</body></html>`;
}

async function brotliLength(url: string): Promise<{ length: number; cache: string | undefined }> {
  const response = await new Promise<http.IncomingMessage>((resolve) => http.get(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, resolve));
  let length = 0;
  for await (const chunk of response) length += (chunk as Buffer).length;
  expect(response.headers['content-encoding']).toBe('br');
  return { length, cache: response.headers['x-cache'] as string | undefined };
}

test('a page compressed as it goes out is no larger than the page cache’s copy of it (the same Brotli quality)', async () => {
  const page = directoryPage();
  const cache = publicPageCache({ maxSeconds: 30, keyOf: (url) => (url === '/pagina' ? url : null), onProfileView: () => undefined });
  const app = express();
  app.use(cache.serve, pageCompression(), cache.capture);
  app.get('/pagina', (_req, res) => {
    res.setHeader('X-Page-Cache', '30');
    res.type('html').send(page);
  });
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pagina`;

  const miss = await brotliLength(url);
  expect(miss.cache).toBeUndefined();
  // The entry is compressed in the background once stored.
  const hit = await vi.waitFor(async () => {
    const answer = await brotliLength(url);
    expect(answer.cache).toBe('HIT');
    return answer;
  });
  expect(miss.length).toBeLessThan(page.length / 4);
  expect(miss.length).toBeLessThanOrEqual(hit.length);
});
