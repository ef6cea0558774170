import { readdirSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';
import { CspNonceContext } from './lib/csp-nonce';
import { pageHydrates, type ServerRenderedAssets, ServerRenderedAssetsContext } from './lib/server-rendered-page';
// The stylesheet's text, for the pages rendered on the server only (docs/decisions/0060): inline, so their
// first paint waits for no other request. Imported here, in the server's entry, it never reaches a browser bundle.
import stylesheetText from './public.css?inline';

export { startServices, stopServices, recordServedProfileView, publicPageCacheKey, publicContentGeneration, beginDraining, databaseOutage } from './services.server';

export const streamTimeout = 5_000;

/** Set by the server (server/security-headers.ts) on every request it hands to React Router; never the client's. */
const CSP_NONCE_HEADER = 'x-jusconecta-csp-nonce';

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

const serverRenderedAssets: ServerRenderedAssets = { css: stylesheetText, script: publicPagesScript() };

/** Whether the page's routes all hydrate (the app's pages), from their handles as root.tsx reads them. */
function hydrates(routerContext: EntryContext): boolean {
  return pageHydrates(routerContext.staticHandlerContext.matches.map((match) => ({ handle: routerContext.routeModules[match.route.id]?.handle })));
}

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  const nonce = request.headers.get(CSP_NONCE_HEADER) ?? undefined;
  // A server-rendered page (docs/decisions/0060) has nothing to stream after its shell: its data is loaded
  // before the render and no script would fill a later chunk in. It is answered whole, in one buffer: one
  // write to the socket and to the page cache instead of one per 2 KiB chunk of React's stream (a tenth
  // of an uncached search's CPU went to those writes).
  const whole = !hydrates(routerContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Bots and no-JavaScript clients get the whole document at once; browsers get the shell first.
    const readyEvent = whole || isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext.Provider value={nonce}>
        <ServerRenderedAssetsContext.Provider value={serverRenderedAssets}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ServerRenderedAssetsContext.Provider>
      </CspNonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          if (whole) {
            const chunks: Buffer[] = [];
            body.on('data', (chunk: Buffer) => chunks.push(chunk));
            body.on('end', () => resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode })));
            body.on('error', reject);
            pipe(body);
            return;
          }
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged here; the page shows the error boundary, never a stack.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
