import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, test } from 'vitest';
import { BODY_LIMITS, bodyOf, requestBody, type RequestBodyOptions } from './request-body';

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

function start(timeoutMs = 10_000, options: RequestBodyOptions = { limits: [{ path: '/login', maxBytes: 4096 }], defaultMaxBytes: 16_384, timeoutMs }) {
  const app = express();
  app.use(requestBody(options));
  app.use((req, res) => res.send(`recebido ${bodyOf(req)?.length ?? 'nada'}`));
  const server = app.listen(0);
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, port };
}

describe('request bodies', () => {
  test('a body within the route’s limit reaches the app as a buffer', async () => {
    const { base } = start();
    const response = await fetch(`${base}/login`, { method: 'POST', body: new URLSearchParams({ email: 'a@b.co', password: 'segredo1' }) });
    expect(await response.text()).toBe('recebido 32');
  });

  test('a declared length over the limit is refused at once with a Portuguese 413 page', async () => {
    const { base } = start();
    const response = await fetch(`${base}/login`, { method: 'POST', body: 'x'.repeat(1024 * 1024) });
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.text()).toContain('Envio muito grande');
  });

  test('a chunked body is cut as soon as it passes the limit, without buffering the rest', async () => {
    const { port } = start();
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request({ port, method: 'POST', path: '/outra', headers: { 'transfer-encoding': 'chunked' } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      // 64 KiB at a time, up to 300 MB if the server kept reading.
      let sent = 0;
      const pump = () => {
        while (sent < 300 * 1024 * 1024) {
          sent += 65_536;
          if (!request.write(Buffer.alloc(65_536, 120))) return request.once('drain', pump);
        }
        request.end();
      };
      pump();
    });
    expect(status).toBe(413);
  });

  test('a body dripped slower than the deadline is answered 408', async () => {
    const { port } = start(300);
    const started = Date.now();
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request({ port, method: 'POST', path: '/login', headers: { 'content-length': '100' } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.write('a');
    });
    expect(status).toBe(408);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test('a browser post from another site is refused with 403, in Portuguese', async () => {
    const { base } = start();
    const crossSite: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of crossSite) {
      const response = await fetch(`${base}/api/cliques-whatsapp`, { method: 'POST', headers, body: 'advogado=ana&origem=busca' });
      expect(response.status).toBe(403);
      expect((await response.json()) as unknown).toEqual({ error: expect.stringContaining('outro site') });
    }
    const page = await fetch(`${base}/logout`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain('Requisição recusada');
    const same = await fetch(`${base}/logout`, { method: 'POST', headers: { origin: base, 'sec-fetch-site': 'same-origin' } });
    expect(same.status).toBe(200);
  });

  test('the photo forms take 5 MB of photo and their fields, and say so when a post is larger', async () => {
    const { base } = start(10_000, BODY_LIMITS);
    const photoAndFields = Buffer.alloc(5 * 1024 * 1024 + 60 * 1024, 120);
    for (const path of ['/editar-perfil', '/completar-perfil', '/editar-perfil.data']) {
      const response = await fetch(`${base}${path}`, { method: 'POST', body: photoAndFields });
      expect(await response.text()).toBe(`recebido ${photoAndFields.length}`);
    }
    const tooLarge = await fetch(`${base}/editar-perfil`, { method: 'POST', body: Buffer.alloc(5 * 1024 * 1024 + 65 * 1024, 120) });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain('A imagem deve ter no máximo 5MB');
    // Every other form keeps its small limit.
    expect((await fetch(`${base}/registro-advogado`, { method: 'POST', body: Buffer.alloc(17 * 1024, 120) })).status).toBe(413);
  });

  test('the contract summariser takes a 10 MB contract and its fields, and names the 10MB limit when a post is larger', async () => {
    const { base } = start(10_000, BODY_LIMITS);
    const contractAndFields = Buffer.alloc(10 * 1024 * 1024 + 60 * 1024, 120);
    for (const path of ['/sumarizador-contratos', '/sumarizador-contratos.data']) {
      const response = await fetch(`${base}${path}`, { method: 'POST', body: contractAndFields });
      expect(await response.text()).toBe(`recebido ${contractAndFields.length}`);
    }
    const tooLarge = await fetch(`${base}/sumarizador-contratos`, { method: 'POST', body: Buffer.alloc(10 * 1024 * 1024 + 65 * 1024, 120) });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain('Arquivo muito grande. Máximo 10MB.');
    expect((await fetch(`${base}/ferramentas`, { method: 'POST', body: Buffer.alloc(17 * 1024, 120) })).status).toBe(413);
  });

  test('Escavador’s callbacks take 256 KiB, and a larger one is a JSON 413 before it is buffered', async () => {
    const { base } = start(10_000, BODY_LIMITS);
    const callback = Buffer.alloc(256 * 1024, 120);
    const accepted = await fetch(`${base}/api/webhooks/escavador`, { method: 'POST', body: callback });
    expect(await accepted.text()).toBe(`recebido ${callback.length}`);
    const tooLarge = await fetch(`${base}/api/webhooks/escavador`, { method: 'POST', body: Buffer.alloc(256 * 1024 + 1, 120) });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get('content-type')).toMatch(/^application\/json/);
  });

  test('a route can have a longer deadline than the default', async () => {
    const { port } = start(300, { limits: [{ path: '/lento', maxBytes: 4096, timeoutMs: 5_000 }], defaultMaxBytes: 4096, timeoutMs: 300 });
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const request = http.request({ port, method: 'POST', path: '/lento', headers: { 'content-length': '2' } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(text));
      });
      request.on('error', reject);
      request.write('a');
      setTimeout(() => request.end('b'), 800);
    });
    expect(answer).toBe('recebido 2');
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
  });
});
