import { pino, type Logger } from 'pino';
import { getConfig } from '~/config.server';

let logger: Logger | undefined;

/**
 * The log of work done outside a request (the job queue, e-mail delivery): pino JSON lines on stdout,
 * like the server's own log, at LOG_LEVEL (silent in tests unless LOG_LEVEL is set).
 */
export function backgroundLog(): Logger {
  logger ??= pino({ level: getConfig().logLevel });
  return logger;
}
