import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';
import { CspNonceContext } from './lib/csp-nonce';

export { startServices, stopServices, recordServedProfileView, publicPageCacheKey, publicContentGeneration, beginDraining, databaseOutage } from './services.server';

export const streamTimeout = 5_000;

/** Set by the server (server/security-headers.ts) on every request it hands to React Router; never the client's. */
const CSP_NONCE_HEADER = 'x-jusconecta-csp-nonce';

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  const nonce = request.headers.get(CSP_NONCE_HEADER) ?? undefined;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Bots and no-JavaScript clients get the whole document at once; browsers get the shell first.
    const readyEvent = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
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
