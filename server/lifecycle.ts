import net from 'node:net';
import type { Server, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

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

/** What the server knows about its own shutdown: shared by the middleware and the signal handler. */
export class Shutdown {
  closing = false;
  private readonly inFlight = new Set<ServerResponse>();

  /**
   * Keep-alive ends with the shutdown: every response not yet started, and every request that still
   * arrives on an open connection, is answered with `Connection: close`.
   */
  middleware(): RequestHandler {
    return (_req, res, next) => {
      if (this.closing) {
        res.setHeader('Connection', 'close');
      } else {
        this.inFlight.add(res);
        res.once('close', () => this.inFlight.delete(res));
      }
      next();
    };
  }

  begin() {
    this.closing = true;
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
  }
}

const FORCE_CLOSE_AFTER_MS = 10_000;

/**
 * SIGTERM/SIGINT: stop accepting connections, answer the requests already received (with
 * `Connection: close`, so no client sends another on the same connection), close each connection as
 * soon as it is idle, then flush analytics and close the database. Connections still busy after 10 s
 * are cut. `services` is the app's (server/app.ts AppServices), typed by the one call used here: app.ts
 * imports this file.
 */
export function closeGracefully(server: Server, shutdown: Shutdown, services: { stopServices(): Promise<void>; beginDraining?(): void }, logger: Logger, extra?: () => Promise<void>) {
  let started = false;
  const stop = async (signal: string) => {
    if (started) return;
    started = true;
    logger.info({ signal }, 'shutting down');
    // /readyz answers 503 on the connections still open: a balancer that probes it stops sending here.
    services.beginDraining?.();
    shutdown.begin();
    const force = setTimeout(() => server.closeAllConnections(), FORCE_CLOSE_AFTER_MS);
    force.unref();
    // Connections the kernel has completed but the server not yet accepted are reset when the listener
    // closes, and a proxy does not resend a POST it had already written to one (nginx: 'recv() failed
    // (104: Connection reset by peer)'). Closing from the check phase, after the event loop's next poll
    // has accepted everything pending, leaves only the connections of the last microseconds to that race.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // server.close() closes the connections idle now; these are the ones that become idle later.
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    server.closeIdleConnections();
    await closed;
    clearInterval(idle);
    clearTimeout(force);
    await extra?.();
    await services.stopServices();
    logger.info('stopped');
    logger.flush?.();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/**
 * Timeouts of the HTTP server: a client may take at most 20 s to send its headers and 60 s for the
 * whole request (small bodies have their own 10 s deadline in requestBody()).
 */
export function applyServerTimeouts(server: Server) {
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  server.keepAliveTimeout = 5_000;
}

/** SQLSTATEs of a connection the server ended or lost: admin shutdown, crash shutdown, cannot connect now, connection exceptions. */
const CONNECTION_LOSS_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const CONNECTION_LOSS_MESSAGES = ['Connection terminated unexpectedly', 'Connection terminated', 'Client has encountered a connection error and is not queryable', 'timeout exceeded when trying to connect'];

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
const POSTGRES_DRIVER_FRAME = /[\\/]node_modules[\\/](pg-pool|pg|pg-protocol)[\\/]/;

/**
 * Whether `error` (or its cause) is PostgreSQL's connection going away, not a bug or a refused
 * statement: a connection-class SQLSTATE, node-postgres's own messages, or a network error of a
 * connection to `database` (the host and port of DATABASE_URL; a refused SMTP connection is not one).
 */
export function isDatabaseConnectionLoss(error: unknown, database?: { host: string; port: number }): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, port, address } = e as { code?: unknown; message?: unknown; port?: unknown; address?: unknown };
    if (typeof code === 'string' && CONNECTION_LOSS_CODES.has(code)) return true;
    if (typeof message === 'string' && CONNECTION_LOSS_MESSAGES.includes(message)) return true;
    if (database && typeof code === 'string' && NETWORK_CODES.has(code) && port === database.port && (address === database.host || net.isIP(database.host) === 0)) return true;
    // A read or write on an open connection that the server reset carries no address: node-postgres's own
    // pool is then the one place the error was thrown from (its stack is rewritten to start there).
    if (typeof code === 'string' && NETWORK_CODES.has(code) && address === undefined && POSTGRES_DRIVER_FRAME.test(String((e as { stack?: unknown }).stack ?? ''))) return true;
  }
  return false;
}

/** The host and port of DATABASE_URL, or undefined (PGlite). */
export function databaseAddress(url = process.env.DATABASE_URL): { host: string; port: number } | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return { host: parsed.hostname.replace(/^\[|\]$/g, ''), port: Number(parsed.port || 5432) };
  } catch {
    return undefined;
  }
}

/**
 * A promise rejected with nobody to handle it ends the process (Node's default), and that is kept for
 * everything but one case: PostgreSQL's connection lost under a query nobody awaits. pg-boss 10 calls
 * its own complete()/fail() without awaiting them (manager.js, onFetch): when the database restarts or
 * its connections are killed at that moment, the rejection would take the whole process down. The job
 * is then simply left active and pg-boss retries it once it expires; the outbox's own bookkeeping keeps
 * a message from being sent twice. Logged as a warning; anything else still ends the process.
 */
export function surviveDatabaseConnectionLoss(logger: Logger, shutdown: Shutdown) {
  const database = databaseAddress();
  process.on('unhandledRejection', (reason) => {
    // Once SIGTERM came the queue and the database are being closed under pg-boss's last un-awaited
    // calls ('A fila de tarefas está parada'): expected, and the process is exiting anyway.
    if (shutdown.closing) {
      logger.warn({ err: { message: (reason as Error)?.message } }, 'Operação em segundo plano interrompida pelo encerramento');
      return;
    }
    if (isDatabaseConnectionLoss(reason, database)) {
      logger.warn({ err: { message: (reason as Error).message, code: (reason as { code?: string }).code } }, 'Conexão com o PostgreSQL perdida numa operação em segundo plano');
      return;
    }
    throw reason;
  });
}
