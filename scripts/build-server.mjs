// Bundles the Express entry (server/index.ts) to build/server.js. Dependencies stay in node_modules;
// the app itself is loaded at run time from the React Router build (build/server/index.js).
import { build } from 'esbuild';

await build({
  entryPoints: ['server/index.ts'],
  outfile: 'build/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
