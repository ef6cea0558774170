import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * React Router's package exports point every import at its development build (dev warnings and all;
 * remix-run/react-router#12532, #14753). The browser's production build takes the production build
 * the package ships beside it: 0.6-0.7 KiB less gzip on every page (docs/decisions/0032). Browser
 * only: on the server, @react-router/node and @react-router/express load react-router from
 * node_modules themselves, and two copies would not share its contexts.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
  const targets: Record<string, string> = { 'react-router': dist('index.mjs'), 'react-router/dom': dist('dom-export.mjs') };
  return {
    name: 'jusconecta:react-router-production-build',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (id) => targets[id],
  };
}

function browserChunk(id: string): string | undefined {
  if (/\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser|turbo-stream)\//.test(id)) return 'react';
  // The plan catalogue and the state names have chunks of their own: pulled into public-shared (as
  // dependencies of the catalogue), they weighed on every page; now only the pages that use them load them.
  const catalogPart = /\/app\/domain\/catalog\/(plans|states)\.ts$/.exec(id);
  if (catalogPart) return `catalog-${catalogPart[1]}`;
  if (/\/app\/domain\/catalog\/(catalog|vocabularies)\.ts$/.test(id)) return 'catalog';
  if (/\/app\/(lib\/seo|components\/ui\/icons|components\/layout\/not-found-page)\.tsx?$/.test(id)) return 'public-shared';
  // Brazilian phone numbers (their rules and the field's mask) are shared by the lawyers' components and
  // by forms that show no lawyer (the contract summariser): a chunk of their own, or the summariser's page
  // loaded the lawyers' whole shared chunk for them.
  if (/\/app\/(domain\/phone|components\/ui\/phone-mask)\.ts$/.test(id)) return 'phone';
  if (/\/app\/modules\/lawyers\/components\/(lawyer-avatar|lawyer-markup|lawyer-chips|whatsapp-button)\.tsx?$/.test(id)) return 'lawyer-shared';
  // What only the signed-in areas (lawyer and back office) share: lucide-react's icons (a lint rule keeps
  // it off public pages), the area's styles, the dashboards' trends and the URL dialogs. One chunk, not
  // one request each: a cold load of the CRM board fetched some twenty files (docs/decisions/0031).
  // Public pages format numbers too: its own chunk, or it would follow the trends into the private one.
  if (/\/app\/lib\/format-number\.ts$/.test(id)) return 'format-number';
  if (/\/node_modules\/lucide-react\//.test(id)) return 'private-shared';
  if (/\/app\/(routes\/lawyer\/components\/area-styles|modules\/analytics\/trends|components\/ui\/url-dialog)\.tsx?$/.test(id)) return 'private-shared';
  return undefined;
}

/**
 * Build warnings that report nothing wrong, dropped by their exact code so that a first build reads
 * clean and a new warning stands out (every other one is printed as before):
 * - INVALID_ANNOTATION from zod: comments of zod's own sit where Rollup cannot read them as `@__PURE__`
 *   annotations; Rollup removes the comment, the code is unchanged.
 * - EMPTY_BUNDLE: React Router makes a browser chunk for every route module; a resource route (healthz,
 *   sitemaps, /api/…) has no browser code, so its chunk is empty and no page loads it.
 * - In the server build only, Vite's "is dynamically imported by … but also statically imported by …"
 *   for a module the browser loads with import() (crm.schemas.ts, fetched by the CRM board when idle)
 *   while server code imports it statically: the server bundle is one file anyway. The browser build
 *   keeps that warning (there it would mean a chunk was not split).
 * A plugin's onLog, per environment: React Router's own onwarn leaves no room to tell the two builds apart.
 */
function quietBuildWarnings(environmentName: 'client' | 'ssr'): Plugin {
  return {
    name: `jusconecta:quiet-build-warnings-${environmentName}`,
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === environmentName,
    onLog(level, log) {
      if (level !== 'warn') return;
      if (log.code === 'INVALID_ANNOTATION' && /\/node_modules\/zod\//.test(log.id ?? '')) return false;
      if (log.code === 'EMPTY_BUNDLE') return false;
      if (environmentName === 'ssr' && log.plugin === 'vite:reporter' && / is dynamically imported by .* but also statically imported by /s.test(log.message)) return false;
    },
  };
}

export default defineConfig({
  plugins: [quietBuildWarnings('client'), quietBuildWarnings('ssr'), reactRouterProductionBuild(), tailwindcss(), reactRouter()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: {
    target: 'es2022',
    minify: 'terser',
    terserOptions: { module: true, ecma: 2020, compress: { passes: 3 }, format: { comments: false } },
  },
  environments: {
    // The browser's build only: React, React DOM and React Router in one chunk that every page loads
    // (the CRM board's drag and drop imports React DOM too, and Rollup would otherwise cut shared
    // pieces out of the entry), and the small components the public lawyer pages share in one more:
    // each chunk costs its own gzip dictionary and import glue (docs/decisions/0004, the budget).
    client: { build: { rollupOptions: { output: { manualChunks: browserChunk } } } },
  },
  ssr: {
    // Native or WASM packages stay outside the server bundle and load from node_modules.
    external: ['@electric-sql/pglite', 'pg', 'better-auth'],
  },
});
