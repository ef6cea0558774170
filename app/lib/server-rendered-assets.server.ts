import { readdirSync } from 'node:fs';
// The stylesheet's text, for the pages rendered on the server only (docs/decisions/0060): inline, so their
// first paint waits for no other request. Imported on the server only, it never reaches a browser bundle.
import stylesheetText from '../public.css?inline';
// The search's own, smaller stylesheet (app/search.css, docs/decisions/0068).
import searchStylesheetText from '../search.css?inline';
// The stylesheets of the public pages that have their own (docs/decisions/0074): the frame's files and the
// page's, so the page stays well inside the first round trip of a mobile connection.
import homeStylesheetText from '../styles/pages/home.css?inline';
import landingStylesheetText from '../styles/pages/landing.css?inline';
import lawyerProfileStylesheetText from '../styles/pages/lawyer-profile.css?inline';
import leadRequestStylesheetText from '../styles/pages/lead-request.css?inline';
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

/** The public pages' script with another stylesheet. */
const withStylesheet = (css: string): ServerRenderedAssets => ({ css, script: serverRenderedAssets.script });

/** The same for the search (/busca, /advogado): its stylesheet has the frame's and the search's classes only. */
export const searchPageAssets = withStylesheet(searchStylesheetText);

const landingAssets = withStylesheet(landingStylesheetText);
const leadRequestAssets = withStylesheet(leadRequestStylesheetText);

/**
 * The pages with a stylesheet of their own, by route id (app/routes.ts). Each is Tailwind over the
 * frame's files and the route's (app/styles/pages/*.css); tests/unit/page-stylesheets.test.ts fails when
 * a route imports a file with markup that its stylesheet does not name.
 */
const PAGE_STYLESHEET_ROUTES: Readonly<Record<string, ServerRenderedAssets>> = {
  'routes/public/home': withStylesheet(homeStylesheetText),
  landing: landingAssets,
  'landing-area-city': landingAssets,
  'routes/public/lawyer-profile': withStylesheet(lawyerProfileStylesheetText),
  'lead-request': leadRequestAssets,
  'lead-request-lawyer': leadRequestAssets,
};

/**
 * The assets of a server-rendered page: its route's own stylesheet, or public.css for the others and for
 * any page answered by an error boundary (a 404 of a landing page, an error), whose markup is not the route's.
 */
export function serverRenderedAssetsFor(leafRouteId: string | undefined, answeredByErrorBoundary: boolean): ServerRenderedAssets {
  if (answeredByErrorBoundary || leafRouteId === undefined) return serverRenderedAssets;
  return PAGE_STYLESHEET_ROUTES[leafRouteId] ?? serverRenderedAssets;
}
