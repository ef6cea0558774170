import { readdirSync } from 'node:fs';
// The stylesheet's text, for the pages rendered on the server only (docs/decisions/0060): inline, so their
// first paint waits for no other request. Imported on the server only, it never reaches a browser bundle.
import stylesheetText from '../public.css?inline';
// The search's own, smaller stylesheet (app/search.css, docs/decisions/0068).
import searchStylesheetText from '../search.css?inline';
import type { ServerRenderedAssets } from './server-rendered-page';

/**
 * The public pages' script (scripts/build-public-script.mjs writes it beside the browser build, named by
 * its content's hash). Under Vite's dev server there is no build: Vite serves the source.
 */
function publicPagesScript(): string {
  // The server build is build/server/index.js and its chunks under build/server/assets/: the browser's
  // assets are in build/client/assets, one or two levels up.
  for (const up of ['../', '../../']) {
    try {
      const name = readdirSync(new URL(`${up}client/assets/`, import.meta.url)).find((file) => /^public-pages-[\w-]+\.js$/.test(file));
      if (name) return `/assets/${name}`;
    } catch {
      // not there
    }
  }
  if (process.env.NODE_ENV === 'production') throw new Error('The public pages’ script is missing from the build (scripts/build-public-script.mjs)');
  return '/app/browser/public-pages.ts';
}

/** What a server-rendered page carries instead of React Router's scripts: the inline stylesheet and its one script. */
export const serverRenderedAssets: ServerRenderedAssets = { css: stylesheetText, script: publicPagesScript() };

/** The same for the search (/busca, /advogado): its stylesheet has the frame's and the search's classes only. */
export const searchPageAssets: ServerRenderedAssets = { css: searchStylesheetText, script: serverRenderedAssets.script };
