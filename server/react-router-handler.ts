import { writeReadableStreamToWritable } from '@react-router/node';
import type { RequestHandler, Response as ExpressResponse } from 'express';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { bodyOf, requestOrigin } from './request-body';

/**
 * React Router behind Express, as @react-router/express does it, with one difference: the body is the
 * Buffer that requestBody() already read within its limit, never the raw socket stream, so nothing in
 * the app can buffer more than the limit. The request's URL is built the same way (protocol and Host,
 * through `trust proxy`), so React Router's own origin check agrees with requestBody()'s.
 */
export function reactRouterHandler(getBuild: () => Promise<ServerBuild>, mode: string): RequestHandler {
  const handle = createRequestHandler(getBuild, mode);
  return async (req, res, next) => {
    try {
      const controller = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) controller.abort();
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined) continue;
        if (Array.isArray(value)) for (const item of value) headers.append(name, item);
        else headers.set(name, value);
      }
      const body = bodyOf(req);
      const request = new Request(`${requestOrigin(req)}${req.originalUrl}`, {
        method: req.method,
        headers,
        signal: controller.signal,
        body: body && req.method !== 'GET' && req.method !== 'HEAD' ? (body as unknown as BodyInit) : undefined,
      });
      await sendResponse(res, await handle(request));
    } catch (error) {
      next(error);
    }
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
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed) return;
    throw error;
  }
}
