import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { DATABASE_UNAVAILABLE, sendErrorPage } from './error-page';

/** What the lane gives the app: the request's URL and headers, no Fetch Request (a GET has no body). */
export interface LaneRequest {
  url: string;
  headers: Headers;
}

/** A whole document: its pieces written as they are, in one writev (its headers give their length). */
export interface LaneAnswer {
  status: number;
  headers: Record<string, string>;
  chunks: ReadonlyArray<Uint8Array | string>;
}

export interface DocumentLaneOptions {
  /**
   * Express's own middlewares for every request, in Express's order, that this request needs (the
   * request log, the shutdown's tracking, the page cache, the security headers, compression, the
   * client's address, the page cache's capture, the page's nonce). Each works on Node's request and
   * response; any of them may answer instead of going on.
   */
  middlewares: readonly RequestHandler[];
  /** Whether the app answers this exact path with these cookies: its DOCUMENT_ONLY_PATHS, no toast to show and clear. */
  takes(pathname: string, cookie: string | undefined): boolean;
  answer(request: LaneRequest): Promise<LaneAnswer> | null;
  databaseOutage(): Promise<boolean>;
  logger: Logger;
}

const INTERNAL_ERROR = { status: 500, title: 'Erro', message: 'Ocorreu um erro inesperado. Tente novamente em instantes.' };

/**
 * The document lane (docs/decisions/0066 and 0068): the search's document (GET and HEAD of /busca and
 * /advogado, with no body and no toast) is answered before Express, as a page-cache hit is. Express's
 * router and the request and response prototypes it swaps in were a quarter of an uncached search's
 * CPU. The same middlewares run first, in the same order; then the app's answer is written. A request
 * the lane does not take (another method or path, a body, a toast, /BUSCA or /busca/ that the URL guard
 * redirects) goes to Express untouched. Returns the listener's check: true when it took the request.
 */
export function documentLane({ middlewares, takes, answer, databaseOutage, logger }: DocumentLaneOptions) {
  const taken = (req: IncomingMessage): string | null => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    if (req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0') return null;
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    return takes(pathname, req.headers.cookie) ? pathname : null;
  };

  const fail = (error: unknown, req: IncomingMessage, res: ServerResponse) => {
    void databaseOutage()
      .catch(() => false)
      .then((outage) => {
        if (outage) {
          logger.warn({ reqId: (req as { id?: string }).id, url: req.url, message: (error as Error)?.message }, 'database unavailable');
          return sendErrorPage(req, res, DATABASE_UNAVAILABLE);
        }
        logger.error({ err: error, reqId: (req as { id?: string }).id }, 'unhandled error');
        sendErrorPage(req, res, INTERNAL_ERROR);
      });
  };

  const write = (res: ServerResponse, document: LaneAnswer) => {
    if (res.destroyed || res.writableEnded) return;
    res.statusCode = document.status;
    for (const [name, value] of Object.entries(document.headers)) res.setHeader(name, value);
    res.cork();
    for (const chunk of document.chunks) res.write(chunk);
    res.end();
    res.uncork();
  };

  const respond = (req: IncomingMessage, res: ServerResponse) => {
    let document: Promise<LaneAnswer> | null;
    try {
      // The origin is not the app's to read: it writes its links and canonical URL from APP_URL.
      document = answer({ url: `http://localhost${req.url ?? '/'}`, headers: fetchHeaders(req) });
    } catch (error) {
      return fail(error, req, res);
    }
    // The app declined after all (it checks the path and the toast again): nothing better than a 500.
    if (!document) return fail(new Error('The document lane took a request the app does not answer'), req, res);
    document.then(
      (answered) => write(res, answered),
      (error: unknown) => fail(error, req, res),
    );
  };

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (taken(req) === null) return false;
    let at = 0;
    const next = (error?: unknown) => {
      if (error) return fail(error, req, res);
      const middleware = middlewares[at++];
      if (!middleware) return respond(req, res);
      try {
        // Express's types; each of these reads and writes only what Node's objects have.
        (middleware as unknown as (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void)(req, res, next);
      } catch (error) {
        fail(error, req, res);
      }
    };
    next();
    return true;
  };
}

/** The request's headers as the Fetch API's. */
export function fetchHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}
