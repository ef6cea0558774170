import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, brotliDecompressSync, brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { builtAssets, preferredEncoding } from './built-assets';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jusconecta-assets-'));
const script = `export const texto = ${JSON.stringify('Solicite Atendimento Jurídico '.repeat(200))};\n`;
fs.writeFileSync(path.join(dir, 'page-AbC1.js'), script);
fs.writeFileSync(path.join(dir, 'page-AbC1.js.gz'), gzipSync(script));
fs.writeFileSync(path.join(dir, 'page-AbC1.js.br'), brotliCompressSync(script));
// A file the build left without copies (too small): the static handler's.
fs.writeFileSync(path.join(dir, 'tiny-XyZ2.js'), 'export {};\n');

const servers: Array<{ close(): void }> = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function start() {
  const app = express();
  app.use('/assets', builtAssets(dir));
  app.use('/assets', express.static(dir, { fallthrough: false }));
  const server = app.listen(0);
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets`;
}

/** The raw answer (fetch would decode the body and hide the encoding). */
async function get(url: string, acceptEncoding: string | null) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(url, { headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('built assets', () => {
  test('Brotli to a browser that accepts it, gzip to one that accepts only gzip, each the same script', async () => {
    const base = start();
    const br = await get(`${base}/page-AbC1.js`, 'gzip, deflate, br, zstd');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await get(`${base}/page-AbC1.js`, 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
  });

  test('no compressed copy for a client without Accept-Encoding, one refusing both, or a file the build did not compress', async () => {
    const base = start();
    for (const accept of [null, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get(`${base}/page-AbC1.js`, accept);
      expect(plain.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(plain.body.toString()).toBe(script);
    }
    const tiny = await get(`${base}/tiny-XyZ2.js`, 'gzip, br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(tiny.body.toString()).toBe('export {};\n');
    expect((await get(`${base}/nada-000.js`, 'gzip, br')).status).toBe(404);
  });

  test('the encoding follows the q values and *', () => {
    const all = () => true;
    expect(preferredEncoding('gzip, br', all)).toBe('br');
    expect(preferredEncoding('br;q=0, gzip', all)).toBe('gzip');
    expect(preferredEncoding('*', all)).toBe('br');
    expect(preferredEncoding('*, br;q=0', all)).toBe('gzip');
    expect(preferredEncoding('deflate', all)).toBeNull();
    expect(preferredEncoding(undefined, all)).toBeNull();
    expect(preferredEncoding('gzip, br', (encoding) => encoding === 'gzip')).toBe('gzip');
  });
});
