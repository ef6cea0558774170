import path from 'node:path';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import type { ServerBuild } from 'react-router';
import { publicPageCache } from './public-page-cache';
import { requestLog } from './request-log';

/** What the app's entry module (app/services.server.ts, re-exported by entry.server.tsx) gives the server. */
export interface AppServices {
  startServices(log?: (message: string) => void): Promise<{ port: number; pageCacheSeconds: number; env: string }>;
  stopServices(): Promise<void>;
  recordServedProfileView(lawyerId: string, userAgent: string | null, purpose: string | null): void;
}

export function servicesOf(build: ServerBuild): AppServices {
  return build.entry.module as unknown as AppServices;
}

interface CreateAppOptions {
  getBuild: () => Promise<ServerBuild>;
  services: AppServices;
  logger: Logger;
  pageCacheSeconds: number;
  mode: 'development' | 'production';
  /** Vite's dev middlewares; in production the built assets are served instead. */
  devMiddleware?: express.RequestHandler;
}

const CLIENT_IP_HEADER = 'x-jusconecta-client-ip';

export function createApp({ getBuild, services, logger, pageCacheSeconds, mode, devMiddleware }: CreateAppOptions) {
  const app = express();
  app.disable('x-powered-by');
  // Behind a load balancer set TRUST_PROXY (e.g. 1) so that req.ip is the client's, not the proxy's.
  app.set('trust proxy', process.env.TRUST_PROXY ? Number(process.env.TRUST_PROXY) || process.env.TRUST_PROXY : false);

  app.use(requestLog(logger));
  app.use(compression());
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    next();
  });

  if (devMiddleware) {
    app.use(devMiddleware);
  } else {
    const client = path.resolve('build/client');
    app.use('/assets', express.static(path.join(client, 'assets'), { immutable: true, maxAge: '1y', index: false }));
    // Only the files public/ puts at the root; a generic static handler would stat the disk for every page URL.
    app.get('/favicon.svg', (_req, res) => res.sendFile('favicon.svg', { root: client, maxAge: '1d' }));
  }

  // better-auth rate-limits by client IP: give it the socket's address (or the trusted proxy's view of
  // it), overwriting whatever the client claims.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    next();
  });

  app.use(
    publicPageCache({
      maxSeconds: pageCacheSeconds,
      onProfileView: (lawyerId, req) =>
        services.recordServedProfileView(lawyerId, req.get('user-agent') ?? null, req.get('sec-purpose') ?? req.get('purpose') ?? null),
    }),
  );

  app.all('/{*path}', createRequestHandler({ build: getBuild, mode }));

  // Last resort: never a stack trace in a page.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    logger.error({ err: error, reqId: req.id }, 'unhandled error');
    if (res.headersSent) return res.end();
    res.status(500).type('html').send('<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Erro</title><p>Ocorreu um erro inesperado. Tente novamente em instantes.</p></html>');
  });
  return app;
}
