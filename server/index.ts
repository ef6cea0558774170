import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import type { ServerBuild } from 'react-router';
import { createApp, servicesOf } from './app';
import { closeGracefully, exitOnBootError } from './lifecycle';

// Production entry: `npm start` builds, then runs this file from build/server.js.
const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });
const build = (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as ServerBuild;
const services = servicesOf(build);

const config = await services.startServices((message) => console.log(message)).catch(exitOnBootError);
const app = createApp({ getBuild: async () => build, services, logger, pageCacheSeconds: config.pageCacheSeconds, mode: 'production' });
const server = app.listen(config.port, () => logger.info(`Servidor pronto em http://localhost:${config.port}`));
server.on('error', exitOnBootError);
closeGracefully(server, services, logger);
