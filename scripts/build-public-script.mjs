// Bundles the public pages' own script (app/browser/public-pages.ts; docs/decisions/0060) into the browser
// build's assets, named by its content's hash like Vite's files (a year of immutable caching). Run by
// `npm run build`, after React Router's build (which empties build/client) and before the compression.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const result = await build({
  entryPoints: ['app/browser/public-pages.ts'],
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2020',
  alias: { '~': fileURLToPath(new URL('../app', import.meta.url)) },
  write: false,
  logLevel: 'warning',
});
const code = result.outputFiles[0].contents;
const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
const dir = 'build/client/assets';
for (const name of await fs.readdir(dir)) if (/^public-pages-[\w-]+\.js/.test(name)) await fs.rm(`${dir}/${name}`);
await fs.writeFile(`${dir}/public-pages-${hash}.js`, code);
console.log(`public pages' script: ${dir}/public-pages-${hash}.js (${code.length} bytes)`);
