import http from 'node:http';
import { pino } from 'pino';
import type { ServerBuild } from 'react-router';
import { createServer } from 'vite';
import { createApp, servicesOf } from './app';
import { applyServerTimeouts, closeGracefully, exitOnBootError, Shutdown, surviveDatabaseConnectionLoss } from './lifecycle';

// Development entry (`npm run dev`): Vite in middleware mode with hot reload of the app.
process.umask(0o077);
const logger = pino({ level: process.env.LOG_LEVEL ?? 'info', transport: undefined });
const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
const ssr = vite.environments.ssr as unknown as { runner?: { import(id: string): Promise<unknown> } };
const getBuild = async () =>
  (ssr.runner ? ssr.runner.import('virtual:react-router/server-build') : vite.ssrLoadModule('virtual:react-router/server-build')) as Promise<ServerBuild>;

const services = servicesOf(await getBuild());
const config = await services.startServices((message) => console.log(message)).catch(exitOnBootError);
const shutdown = new Shutdown();
surviveDatabaseConnectionLoss(logger, shutdown);
// Pages are not cached in development, so edits show at once; no CSP either (Vite injects inline scripts).
const { listener } = createApp({ getBuild, services, logger, pageCacheSeconds: 0, appUrl: config.appUrl, mode: 'development', shutdown, devMiddleware: vite.middlewares });
const server = http.createServer(listener).listen(config.port, () => logger.info(`Servidor de desenvolvimento em http://localhost:${config.port}`));
applyServerTimeouts(server);
server.on('error', exitOnBootError);
closeGracefully(server, shutdown, services, logger, () => vite.close());
