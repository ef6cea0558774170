import { randomUUID } from 'node:crypto';
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
    const incoming = req.headers['x-request-id'];
    req.id = typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    if (logger.isLevelEnabled('info') && req.path !== '/healthz' && !req.path.startsWith('/assets/')) {
      const start = process.hrtime.bigint();
      res.once('finish', () => {
        logger.info(
          { req: { id: req.id, method: req.method, url: req.originalUrl }, res: { statusCode: res.statusCode }, responseTime: Math.round(Number(process.hrtime.bigint() - start) / 1e5) / 10 },
          'request completed',
        );
      });
    }
    next();
  };
}
