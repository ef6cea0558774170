import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: {
    target: 'es2022',
    minify: 'terser',
    terserOptions: { module: true, ecma: 2020, compress: { passes: 3 }, format: { comments: false } },
    // react-dom in one chunk of its own: the CRM board's drag and drop (lawyer area) imports it too, and
    // Rollup would otherwise cut a small shared piece of it out of the entry, which every public page
    // then loads with its module wrapper (docs/decisions/0004, the public budget).
    rollupOptions: { output: { manualChunks: (id) => (/\/node_modules\/(react-dom|scheduler)\//.test(id) ? 'react-dom' : undefined) } },
  },
  ssr: {
    // Native or WASM packages stay outside the server bundle and load from node_modules.
    external: ['@electric-sql/pglite', 'pg', 'better-auth'],
  },
});
