import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { AppServices } from './app';

/** Boot errors the operator can fix get a clear message and exit code 1, not a stack trace. */
export function exitOnBootError(error: unknown): never {
  const name = (error as Error)?.name;
  if (name === 'ConfigError' || name === 'DirectoryLockedError') {
    console.error(`\n${(error as Error).message}\n`);
  } else {
    console.error('Falha ao iniciar o servidor:', error);
  }
  process.exit(1);
}

/** SIGTERM/SIGINT: stop accepting connections, finish requests, flush analytics, close the database. */
export function closeGracefully(server: Server, services: AppServices, logger: Logger, extra?: () => Promise<void>) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    force.unref();
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await extra?.();
    await services.stopServices();
    logger.info('stopped');
    logger.flush?.();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
