import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { openPhotoFile, removePhotoFiles, s3PhotoStore, usePhotoStore } from '~/modules/lawyers/photo-store.server';
import { storeProfilePhoto } from '~/modules/lawyers/profile-photos.server';
import { loader } from '~/routes/resources/profile-photo';
import { routeArgs } from '../support/route-call';

// Profile photos in an S3-compatible bucket (docs/decisions/0058), against s3rver started here: the same
// URLs, headers and privacy as the local directory.
const BUCKET = 'jusconecta-fotos';
let s3: S3rver;
let directory: string;
let endpoint: string;

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'jusconecta-s3rver-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const address = (await s3.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await s3?.close();
  rmSync(directory, { recursive: true, force: true });
});
afterEach(() => usePhotoStore(undefined));

const store = () => s3PhotoStore({ kind: 's3', bucket: BUCKET, endpoint, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, forcePathStyle: true });
const get = (name: string, headers: Record<string, string> = {}, method = 'GET') => loader(routeArgs(new Request(`http://localhost:3000/fotos/${name}`, { method, headers }), { arquivo: name }));

async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#1d4ed8' } }).jpeg().toBuffer();
}

describe('photos in an S3-compatible bucket', () => {
  test('an upload is stored as an object and served at /fotos/ with the same headers as from the directory', async () => {
    usePhotoStore(store());
    const url = await storeProfilePhoto('advogado-s3-1', await jpeg());
    expect(url).toMatch(/^\/fotos\/[a-f0-9]{64}\.webp$/);
    const name = url.slice('/fotos/'.length);

    const response = await get(name);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = response.headers.get('etag')!;
    expect(etag).toBe(`"${name.slice(0, -5)}"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
    expect((await sharp(bytes).metadata()).format).toBe('webp');

    const head = await get(name, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(head.body).toBeNull();

    const revalidated = await get(name, { 'If-None-Match': etag });
    expect(revalidated.status).toBe(304);
  });

  test('a name not of ours or not stored is 404; a removed photo is gone', async () => {
    usePhotoStore(store());
    expect((await get('../../segredo.webp')).status).toBe(404);
    expect((await get(`${'a'.repeat(64)}.webp`)).status).toBe(404);
    expect(await openPhotoFile('nao-e-foto.png')).toBeNull();

    const url = await storeProfilePhoto('advogado-s3-2', await jpeg());
    const name = url.slice('/fotos/'.length);
    expect(await openPhotoFile(name)).not.toBeNull();
    expect(await removePhotoFiles([url, 'https://exemplo.com/foto.jpg', null])).toEqual([]);
    expect(await openPhotoFile(name)).toBeNull();
    expect((await get(name)).status).toBe(404);
    // Removing it again is fine.
    expect(await removePhotoFiles([url])).toEqual([]);
  });

  test('a bucket that does not answer is a 503 to try again, never cached', async () => {
    const away = s3PhotoStore({ kind: 's3', bucket: BUCKET, endpoint: 'http://127.0.0.1:9', region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, forcePathStyle: true });
    usePhotoStore(away);
    const response = await get(`${'b'.repeat(64)}.webp`);
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.text()).toBe('Foto temporariamente indisponível');
  });
});
