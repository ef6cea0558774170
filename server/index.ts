import cluster from 'node:cluster';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import http from 'node:http';
import { pino } from 'pino';
import type { ServerBuild } from 'react-router';
import { createApp, servicesOf } from './app';
import { applyServerTimeouts, closeGracefully, exitOnBootError, Shutdown, surviveDatabaseConnectionLoss } from './lifecycle';
import { runPrimary } from './process-cluster';

// Production entry: `npm start` builds, then runs this file from build/server.js.
// Every file the process creates (the embedded database, its WAL with sessions and password hashes,
// the secret, uploads) is readable by its owner only, whatever the shell's umask.
process.umask(0o077);

const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });
const build = (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as ServerBuild;
const services = servicesOf(build);

// WEB_CONCURRENCY processes share the port (docs/decisions/0067): the primary of several only forks and watches them.
let processes = 1;
try {
  processes = services.serverProcesses();
} catch (error) {
  exitOnBootError(error);
}
if (cluster.isPrimary && processes > 1) runPrimary(processes, logger);
else await serve();

async function serve() {
  const config = await services.startServices((message) => console.log(message)).catch(exitOnBootError);
  const shutdown = new Shutdown();
  surviveDatabaseConnectionLoss(logger, shutdown);
  const { listener } = createApp({ getBuild: async () => build, services, logger, pageCacheSeconds: config.pageCacheSeconds, appUrl: config.appUrl, mode: 'production', shutdown });
  const server = http.createServer(listener).listen(config.port, () => logger.info(`Servidor pronto em http://localhost:${config.port}`));
  applyServerTimeouts(server);
  server.on('error', exitOnBootError);
  closeGracefully(server, shutdown, services, logger);
}
