import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';
import { CspNonceContext, requestNonce } from './lib/csp-nonce';
import { pageHydrates, ServerRenderedAssetsContext } from './lib/server-rendered-page';
import { serverRenderedAssetsFor } from './lib/server-rendered-assets.server';

export { startServices, stopServices, serverProcesses, laneDocument, laneTakes, recordServedProfileView, publicPageCacheKey, publicContentGeneration, beginDraining, databaseOutage } from './services.server';

export const streamTimeout = 5_000;

/** Whether the page's routes all hydrate (the app's pages), from their handles as root.tsx reads them. */
function hydrates(routerContext: EntryContext): boolean {
  return pageHydrates(routerContext.staticHandlerContext.matches.map((match) => ({ handle: routerContext.routeModules[match.route.id]?.handle })));
}

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  const nonce = requestNonce(request);
  // A server-rendered page (docs/decisions/0060) has nothing to stream after its shell: its data is loaded
  // before the render and no script would fill a later chunk in. It is answered whole, in one buffer: one
  // write to the socket and to the page cache instead of one per 2 KiB chunk of React's stream (a tenth
  // of an uncached search's CPU went to those writes).
  const whole = !hydrates(routerContext);
  const { matches, errors } = routerContext.staticHandlerContext;
  const assets = serverRenderedAssetsFor(matches.at(-1)?.route.id, errors !== null);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Bots and no-JavaScript clients get the whole document at once; browsers get the shell first.
    const readyEvent = whole || isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext.Provider value={nonce}>
        <ServerRenderedAssetsContext.Provider value={assets}>
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
            body.on('end', () => {
              const bytes = Buffer.concat(chunks);
              // A length tells the server it may write the body at once (server/react-router-handler.ts).
              responseHeaders.set('Content-Length', String(bytes.byteLength));
              resolve(new Response(bytes, { headers: responseHeaders, status: responseStatusCode }));
            });
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
