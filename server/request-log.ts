import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
  }
}

/**
 * A request id for every request (taken from X-Request-Id when it looks like one, echoed back) and one
 * structured log line when it finishes. Lighter than pino-http: nothing is built per request when the
 * info level is off, which matters on the cached public pages.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    req.id = startRequestLog(logger, req, res);
    next();
  };
}

/**
 * Gives a request its id (echoed in X-Request-Id) and logs it when it finishes; returns the id. Used by
 * the middleware above and by the page cache's hits, which are answered before Express.
 */
export function startRequestLog(logger: Logger, req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  const url = withoutSecrets(req.url ?? '/');
  if (logger.isLevelEnabled('info') && url !== '/healthz' && url !== '/readyz' && !url.startsWith('/assets/')) {
    const start = process.hrtime.bigint();
    res.once('finish', () => {
      logger.info(
        { req: { id, method: req.method, url }, res: { statusCode: res.statusCode }, responseTime: Math.round(Number(process.hrtime.bigint() - start) / 1e5) / 10 },
        'request completed',
      );
    });
  }
  return id;
}

/**
 * The URL as logged: the value of a `token` query parameter (a password-reset or confirmation link,
 * which works for whoever holds it) is replaced, so that reading the logs never gives a working link.
 */
export function withoutSecrets(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}
