import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import proxyaddr from 'proxy-addr';
import type { ServerBuild } from 'react-router';
import { DATABASE_UNAVAILABLE, sendErrorPage } from './error-page';
import type { Shutdown } from './lifecycle';
import { publicPageCache } from './public-page-cache';
import { pageCompression } from './page-compression';
import { documentLane, type LaneAnswer, type LaneRequest } from './document-lane';
import { reactRouterHandler } from './react-router-handler';
import { requestBody } from './request-body';
import { requestLog, startRequestLog } from './request-log';
import { builtAssets } from './built-assets';
import { pageNonce, securityHeaders } from './security-headers';
import { urlGuard } from './url-guard';

export interface ServedProfileView {
  lawyerId: string;
  ip: string | null;
  userAgent: string | null;
  purpose: string | null;
}

/** What the app's entry module (app/services.server.ts, re-exported by entry.server.tsx) gives the server. */
export interface AppServices {
  startServices(log?: (message: string) => void): Promise<{ port: number; pageCacheSeconds: number; env: string; appUrl: string }>;
  stopServices(): Promise<void>;
  recordServedProfileView(view: ServedProfileView): void;
  /** The page-cache key of a URL (path and query): the page and the query parameters it reads, or null. */
  publicPageCacheKey(url: string): string | null;
  /** Grows when public content changes: cached pages rendered before are stale. */
  publicContentGeneration(): number;
  /** SIGTERM came: /readyz answers 503 from now on. */
  beginDraining(): void;
  /** Whether a failed request (a 500) is the database's fault: it does not answer, or a connection just broke. */
  databaseOutage(): Promise<boolean>;
  /** How many server processes this machine runs (WEB_CONCURRENCY): server/index.ts forks them. */
  serverProcesses(): number;
  /** A page answered before Express and React Router (the search), or null: React Router answers. */
  laneDocument(request: LaneRequest): Promise<LaneAnswer> | null;
  /** Whether laneDocument answers a GET of this path with these cookies. */
  laneTakes(pathname: string, cookie: string | undefined): boolean;
}

const SERVICE_NAMES = ['startServices', 'stopServices', 'recordServedProfileView', 'publicPageCacheKey', 'publicContentGeneration', 'beginDraining', 'databaseOutage', 'serverProcesses', 'laneDocument', 'laneTakes'] as const satisfies ReadonlyArray<keyof AppServices>;

/** The services the build's entry module exports; a missing one stops the server at start, not on a request. */
export function servicesOf(build: ServerBuild): AppServices {
  const module = build.entry.module as unknown as Record<string, unknown>;
  const missing = SERVICE_NAMES.filter((name) => typeof module[name] !== 'function');
  if (missing.length > 0) throw new Error(`app/entry.server.tsx does not export: ${missing.join(', ')}`);
  return module as unknown as AppServices;
}

interface CreateAppOptions {
  getBuild: () => Promise<ServerBuild>;
  services: AppServices;
  logger: Logger;
  pageCacheSeconds: number;
  appUrl: string;
  mode: 'development' | 'production';
  shutdown: Shutdown;
  /** Vite's dev middlewares; in production the built assets are served instead. */
  devMiddleware?: express.RequestHandler;
}

const CLIENT_IP_HEADER = 'x-jusconecta-client-ip';

export function createApp({ getBuild, services, logger, pageCacheSeconds, appUrl, mode, shutdown, devMiddleware }: CreateAppOptions) {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  // Behind a load balancer set TRUST_PROXY (e.g. 1) so that req.ip is the client's, not the proxy's.
  app.set('trust proxy', process.env.TRUST_PROXY ? Number(process.env.TRUST_PROXY) || process.env.TRUST_PROXY : false);

  // req.ip's rule, for raw requests too (the page cache answers hits before Express).
  const trust = app.get('trust proxy fn') as Parameters<typeof proxyaddr>[1];
  const clientIp = (req: IncomingMessage) => proxyaddr(req, trust) || 'unknown';
  const header = (req: IncomingMessage, name: string) => {
    const value = req.headers[name];
    return typeof value === 'string' ? value : null;
  };

  const pageCache = publicPageCache({
    maxSeconds: pageCacheSeconds,
    keyOf: (url) => services.publicPageCacheKey(url),
    generation: () => services.publicContentGeneration(),
    onProfileView: (lawyerId, req) =>
      services.recordServedProfileView({
        lawyerId,
        ip: clientIp(req),
        userAgent: header(req, 'user-agent'),
        purpose: header(req, 'sec-purpose') ?? header(req, 'purpose'),
      }),
  });

  // The middlewares the document lane runs too (below), the same instances.
  const logRequest = requestLog(logger);
  const trackForShutdown = shutdown.middleware();
  const addSecurityHeaders = securityHeaders({ https: appUrl.startsWith('https://') });
  const compress = pageCompression();
  // The app rate-limits and hashes visitors by client IP: give it the socket's address (or the trusted
  // proxy's view of it), overwriting whatever the client claims.
  const giveClientIp: express.RequestHandler = (req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = clientIp(req);
    next();
  };
  const addPageNonce = pageNonce();

  app.use(logRequest);
  app.use(trackForShutdown);
  // A cached page is answered here, with the headers of the response it was made from.
  app.use(pageCache.serve);
  app.use(addSecurityHeaders);
  app.use(urlGuard());
  // The build's assets go out from memory as the build compressed them, before the per-request compression.
  const client = path.resolve('build/client');
  if (!devMiddleware) app.use('/assets', builtAssets(path.join(client, 'assets')));
  app.use(compress);

  if (devMiddleware) {
    app.use(devMiddleware);
  } else {
    app.use('/assets', express.static(path.join(client, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
    // Only the files public/ puts at the root; a generic static handler would stat the disk for every page URL.
    app.get('/favicon.svg', (_req, res) => res.sendFile('favicon.svg', { root: client, maxAge: '1d' }));
  }

  app.use(giveClientIp);
  app.use(requestBody());
  app.use(pageCache.capture);
  if (mode === 'production') app.use(addPageNonce);
  app.all('/{*path}', reactRouterHandler(getBuild, mode, { databaseOutage: () => services.databaseOutage(), logger }));

  // Last resort: never a stack trace in a page.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: number; statusCode?: number })?.status ?? (error as { statusCode?: number })?.statusCode;
    if (status === 404) return sendErrorPage(req, res, { status: 404, title: 'Página não encontrada', message: 'O arquivo que você pediu não existe.' });
    if (typeof status === 'number' && status >= 400 && status < 500) {
      logger.warn({ reqId: req.id, status, message: (error as Error)?.message }, 'bad request');
      return sendErrorPage(req, res, { status, title: 'Requisição inválida', message: 'Não foi possível entender este pedido. Confira o endereço e tente novamente.' });
    }
    if (res.headersSent) {
      logger.error({ err: error, reqId: req.id }, 'unhandled error');
      return res.end();
    }
    void services.databaseOutage().then(
      (outage) => {
        if (outage) {
          logger.warn({ reqId: req.id, message: (error as Error)?.message }, 'database unavailable');
          return sendErrorPage(req, res, DATABASE_UNAVAILABLE);
        }
        logger.error({ err: error, reqId: req.id }, 'unhandled error');
        sendErrorPage(req, res, { status: 500, title: 'Erro', message: 'Ocorreu um erro inesperado. Tente novamente em instantes.' });
      },
      () => sendErrorPage(req, res, { status: 500, title: 'Erro', message: 'Ocorreu um erro inesperado. Tente novamente em instantes.' }),
    );
  });

  // The HTTP server's listener: a page-cache hit is answered here, like a reverse proxy's cache would,
  // with its request id and log line, and `Connection: close` once the shutdown has begun; everything
  // else goes to Express.
  const onHit = (req: IncomingMessage, res: ServerResponse) => {
    startRequestLog(logger, req, res);
    if (shutdown.closing) res.setHeader('Connection', 'close');
  };
  // The search's document is answered before Express, after the same middlewares (server/document-lane.ts,
  // docs/decisions/0068); the URL guard and the body reader have nothing to do for what it takes. The
  // app decides which paths (its DOCUMENT_ONLY_PATHS, app/lib/server-rendered-page.ts).
  const lane =
    mode === 'production'
      ? documentLane({
          middlewares: [logRequest, trackForShutdown, pageCache.serve, addSecurityHeaders, compress, giveClientIp, pageCache.capture, addPageNonce],
          takes: (pathname, cookie) => services.laneTakes(pathname, cookie),
          answer: (request) => services.laneDocument(request),
          databaseOutage: () => services.databaseOutage(),
          logger,
        })
      : null;
  const listener: RequestListener = (req, res) => {
    if (pageCache.answer(req, res, onHit)) return;
    if (lane?.(req, res)) return;
    app(req, res);
  };
  return { app, listener };
}
