// Writes a gzip (level 9) and a Brotli (quality 11) copy beside every text asset of the browser build
// (build/client/assets), so the server sends them as they are instead of compressing each request
// (server/built-assets.ts, docs/decisions/0031). Run by `npm run build`, after React Router's build.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const dir = path.resolve('build/client/assets');
// Below this size the compressed copy gains nothing worth a file.
const MIN_BYTES = 1024;

const started = performance.now();
let files = 0;
let rawBytes = 0;
let brBytes = 0;
for (const name of await fs.readdir(dir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(dir, name);
  const content = await fs.readFile(file);
  if (content.length < MIN_BYTES) continue;
  const [gz, br] = await Promise.all([
    gzip(content, { level: 9 }),
    brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
  ]);
  await Promise.all([fs.writeFile(`${file}.gz`, gz), fs.writeFile(`${file}.br`, br)]);
  files++;
  rawBytes += content.length;
  brBytes += br.length;
}
console.log(`precompressed ${files} assets (${(rawBytes / 1024).toFixed(0)} KiB, Brotli ${(brBytes / 1024).toFixed(0)} KiB) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
