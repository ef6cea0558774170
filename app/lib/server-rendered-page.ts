import { createContext, useContext } from 'react';

/**
 * Public pages render on the server only (docs/decisions/0060): no React, React Router or hydration
 * data in the browser, the stylesheet inline (no render-blocking request before the first paint) and
 * one small script of their own (app/browser/public-pages.ts) for what they do in the browser. A route
 * says so with `handle = SERVER_RENDERED` and `clientLoader = loadAsDocument`.
 */
export interface PageHandle {
  /** false: the page is rendered on the server only (see above). */
  hydrate?: false;
  /** The back office has its own frame (app/root.tsx). */
  backOffice?: boolean;
}

export const SERVER_RENDERED: PageHandle = { hydrate: false };

/** Whether the matched routes want React in the browser: every route must (one server-rendered route makes the page so). */
export function pageHydrates(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  return matches.every((match) => (match.handle as PageHandle | undefined)?.hydrate !== false);
}

/**
 * What a server-rendered page carries instead of React Router's scripts, given by app/entry.server.tsx
 * (the build's stylesheet text and the URL of the public pages' script). null in the browser.
 */
export interface ServerRenderedAssets {
  css: string;
  script: string;
}

export const ServerRenderedAssetsContext = createContext<ServerRenderedAssets | null>(null);

export function useServerRenderedAssets(): ServerRenderedAssets | null {
  return useContext(ServerRenderedAssetsContext);
}

/**
 * A server-rendered page reached by a client-side navigation of a hydrated page (a link of the lawyer
 * area to the home page, the redirect after signing out): loaded as a document instead, so that it is
 * the same page as from the address bar, from the page cache, with its own script. The router waits
 * for ever; the browser leaves.
 */
export function loadAsDocument({ request }: { request: Request }): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => undefined);
}

/**
 * Pages whose route answers the whole document from its loader, with no React page (the search,
 * docs/decisions/0066). React Router in a hydrated page would fetch their data and render nothing: its
 * links to them load the document (`reloadDocument`). The server's document lane answers them
 * (app/services.server.ts; server/app.ts mounts it on the same paths).
 */
export const DOCUMENT_ONLY_PATHS: readonly string[] = ['/busca', '/advogado'];

export function isDocumentOnlyPath(to: string): boolean {
  return DOCUMENT_ONLY_PATHS.includes(to.split(/[?#]/, 1)[0] ?? '');
}

/**
 * What a page answered whole reads of its request: its URL and headers. The server's document lane
 * gives it no Fetch Request (building one, and reading a Fetch Response back, were some 5% of an
 * uncached search's CPU); React Router's loader gives its own.
 */
export type DocumentRequest = Pick<Request, 'url' | 'headers'>;

/** A page's body: its pieces in order (bytes, or text written as UTF-8) and their length in bytes. */
export interface DocumentBody {
  chunks: ReadonlyArray<Buffer | string>;
  byteLength: number;
}

/** A page answered whole: status, headers (Content-Length among them) and the body's pieces. */
export interface DocumentAnswer {
  status: number;
  headers: Record<string, string>;
  chunks: DocumentBody['chunks'];
}

/** The answer as a Fetch Response, for React Router's loader. */
export function documentResponse({ status, headers, chunks }: DocumentAnswer): Response {
  return new Response(Buffer.concat(chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk))), { status, headers });
}

