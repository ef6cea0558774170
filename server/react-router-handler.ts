import { writeReadableStreamToWritable } from '@react-router/node';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import type { Logger } from 'pino';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { DATABASE_UNAVAILABLE, sendErrorPage } from './error-page';
import { fetchHeaders } from './document-lane';
import { bodyOf, requestOrigin } from './request-body';

export interface OutageCheck {
  /** Whether the database is down (or a connection of it just broke): the app's databaseOutage(). */
  databaseOutage(): Promise<boolean>;
  logger: Logger;
}

/**
 * React Router behind Express, as @react-router/express does it, with one difference: the body is the
 * Buffer that requestBody() already read within its limit, never the raw socket stream, so nothing in
 * the app can buffer more than the limit. The request's URL is built the same way (protocol and Host,
 * through `trust proxy`), so React Router's own origin check agrees with requestBody()'s.
 */
/**
 * A 500 rendered while the database does not answer becomes the Portuguese 503 page (JSON under /api/)
 * with Retry-After: the request failed because PostgreSQL is away (a restart, killed connections), not
 * because of a bug, and the same request will work once it is back.
 */
export function reactRouterHandler(getBuild: () => Promise<ServerBuild>, mode: string, outage?: OutageCheck): RequestHandler {
  // Given a function, React Router derives its route table again on every request (flattening and ranking
  // every route: 5% of an uncached search's CPU). The production build never changes: derive it once, from
  // the first request on. In development the function stays, so that an edited route is picked up.
  const handle = mode === 'production' ? handlerOfBuild(getBuild, mode) : createRequestHandler(getBuild, mode);
  return async (req, res, next) => {
    try {
      const request = webRequest(req, res);
      const response = await handle(request);
      if (response.status === 500 && outage && (await outage.databaseOutage().catch(() => false))) {
        await response.body?.cancel();
        outage.logger.warn({ reqId: req.id, url: req.originalUrl }, 'database unavailable');
        return sendErrorPage(req, res, DATABASE_UNAVAILABLE);
      }
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** The Express request as the Fetch API's, aborted when the client goes away. */
function webRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const body = bodyOf(req);
  return new Request(requestUrl(req), {
    method: req.method,
    headers: fetchHeaders(req),
    signal: controller.signal,
    body: body && req.method !== 'GET' && req.method !== 'HEAD' ? (body as unknown as BodyInit) : undefined,
  });
}

function requestUrl(req: ExpressRequest): string {
  return `${requestOrigin(req)}${req.originalUrl}`;
}

function handlerOfBuild(getBuild: () => Promise<ServerBuild>, mode: string): (request: Request) => Promise<Response> {
  let handler: Promise<(request: Request) => Promise<Response>> | undefined;
  return async (request) => {
    handler ??= getBuild().then(
      (build) => createRequestHandler(build, mode),
      (error: unknown) => {
        handler = undefined;
        throw error;
      },
    );
    return (await handler)(request);
  };
}

async function sendResponse(res: ExpressResponse, response: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    // A body of known length (a server-rendered page, answered whole) is written in one piece; it is in
    // memory already, and reading it back through a web stream cost a few percent of a search's CPU.
    if (response.headers.has('content-length')) {
      res.end(Buffer.from(await response.arrayBuffer()));
      return;
    }
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed) return;
    throw error;
  }
}
