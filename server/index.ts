import path from 'node:path';
import { pathToFileURL } from 'node:url';
import http from 'node:http';
import { pino } from 'pino';
import type { ServerBuild } from 'react-router';
import { createApp, servicesOf } from './app';
import { applyServerTimeouts, closeGracefully, exitOnBootError, Shutdown, surviveDatabaseConnectionLoss } from './lifecycle';

// Production entry: `npm start` builds, then runs this file from build/server.js.
// Every file the process creates (the embedded database, its WAL with sessions and password hashes,
// the secret, uploads) is readable by its owner only, whatever the shell's umask.
process.umask(0o077);

const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });
const build = (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as ServerBuild;
const services = servicesOf(build);

const config = await services.startServices((message) => console.log(message)).catch(exitOnBootError);
const shutdown = new Shutdown();
surviveDatabaseConnectionLoss(logger, shutdown);
const { listener } = createApp({ getBuild: async () => build, services, logger, pageCacheSeconds: config.pageCacheSeconds, appUrl: config.appUrl, mode: 'production', shutdown });
const server = http.createServer(listener).listen(config.port, () => logger.info(`Servidor pronto em http://localhost:${config.port}`));
applyServerTimeouts(server);
server.on('error', exitOnBootError);
closeGracefully(server, shutdown, services, logger);
