import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as accounts from './schema/accounts';
import * as admin from './schema/admin';
import * as analytics from './schema/analytics';
import * as auth from './schema/auth';
import * as lawyers from './schema/lawyers';
import * as leads from './schema/leads';
import * as messaging from './schema/messaging';
import * as monitoring from './schema/monitoring';
import * as rateLimits from './schema/rate-limits';
import * as subscriptions from './schema/subscriptions';
import * as tools from './schema/tools';
import * as trust from './schema/trust';
import { backgroundLog } from '~/lib/log.server';
import { acquireDirectoryLock, type DirectoryLock } from './directory-lock.server';

export const schema = { ...auth, ...lawyers, ...subscriptions, ...leads, ...analytics, ...monitoring, ...messaging, ...admin, ...accounts, ...rateLimits, ...tools, ...trust };

/** One type for both drivers: every module writes plain Drizzle against it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; directory: string }
  /** In memory; `loadDataDir`: start from a dump of a data directory (the tests' migrated copy) instead of initdb. */
  | { kind: 'pglite-memory'; loadDataDir?: Blob };

interface OpenDatabase {
  db: Db;
  target: DatabaseTarget;
  /** The PGlite instance, when embedded (pg-boss and raw `exec` need it). */
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = path.resolve(process.env.MIGRATIONS_DIR ?? 'drizzle');
// Kept on globalThis so that a module reloaded by the dev server reuses the open database.
const state = globalThis as typeof globalThis & { __jusconectaDb?: OpenDatabase };

/**
 * The database of this process. A live binding: it is set by openDatabase(), which the server calls at
 * boot (and the test setup per worker), before any request is handled.
 */
export let db: Db = state.__jusconectaDb?.db as Db;

export function currentDatabase(): OpenDatabase {
  if (!state.__jusconectaDb) throw new Error('The database is not open: call openDatabase() first.');
  return state.__jusconectaDb;
}

export async function openDatabase(target: DatabaseTarget): Promise<OpenDatabase> {
  if (state.__jusconectaDb) return state.__jusconectaDb;
  let opened: OpenDatabase;
  if (target.kind === 'postgres') {
    const pool = createPool(target.url, target.poolSize ?? 10);
    opened = { db: drizzlePg({ client: pool, schema }) as unknown as Db, target, pool, close: () => pool.end() };
  } else {
    let lock: DirectoryLock | undefined;
    if (target.kind === 'pglite') lock = acquireDirectoryLock(path.dirname(path.resolve(target.directory)));
    try {
      // pg_trgm: the back office's searches by a part of a name or e-mail use trigram indexes (migration 0011).
      const options = { extensions: { pg_trgm } };
      const pglite = target.kind === 'pglite' ? await PGlite.create(target.directory, options) : await PGlite.create({ ...options, loadDataDir: target.loadDataDir });
      opened = {
        db: drizzlePglite({ client: pglite, schema }) as unknown as Db,
        target,
        pglite,
        async close() {
          await pglite.close();
          lock?.release();
        },
      };
    } catch (error) {
      lock?.release();
      throw error;
    }
  }
  state.__jusconectaDb = opened;
  db = opened.db;
  return opened;
}

/** How long a request waits for a new connection before it fails (and is answered 503): never forever. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * The app's pool. An idle connection that the server ends (a PostgreSQL restart, pg_terminate_backend,
 * a failover) makes the pool emit `error`; without a listener that event would end the process. It is
 * logged as a warning: the pool has already dropped that connection and opens a new one on demand, so
 * the app recovers by itself once the database answers again. A checked-out connection's failure
 * reaches its query (the request), which the server answers 503 while the database does not answer.
 */
export function createPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  pool.on('error', (error) => {
    connectionTrouble.lastAt = Date.now();
    backgroundLog().warn({ err: { message: error.message, code: (error as { code?: string }).code } }, 'Conexão com o PostgreSQL perdida; o pool abre outra quando precisar');
  });
  // While checked out (a transaction's connection), a client has no listener of the pool's: its 'error'
  // would be unhandled and end the process. Its query fails anyway; this only records the failure.
  pool.on('connect', (client) => {
    client.on('error', () => {
      connectionTrouble.lastAt = Date.now();
    });
  });
  return pool;
}

/** When a connection of the pool last failed (ms); the server reads it to tell a database outage from a bug. */
const connectionTrouble = { lastAt: 0 };

/** How long a probe waits for `select 1` (readiness, and the server's check after a 500). */
export const PROBE_DEADLINE_MS = 1_000;
/** A probe's answer is reused this long, so a burst of failing requests costs one probe, not one each. */
const PROBE_REUSE_MS = 500;

interface ProbeState {
  at: number;
  ok: boolean;
  running?: Promise<boolean>;
}
const probeState: ProbeState = { at: 0, ok: true };

/**
 * Whether the database answers `select 1` within PROBE_DEADLINE_MS. Concurrent callers share one probe,
 * and an answer is reused for half a second. The embedded database always answers (it is in process).
 */
export function databaseAnswers(): Promise<boolean> {
  const opened = state.__jusconectaDb;
  if (!opened) return Promise.resolve(false);
  if (!opened.pool) return Promise.resolve(true);
  if (probeState.running) return probeState.running;
  if (Date.now() - probeState.at < PROBE_REUSE_MS) return Promise.resolve(probeState.ok);
  const pool = opened.pool;
  const running = poolAnswers(pool).then((ok) => {
    Object.assign(probeState, { at: Date.now(), ok, running: undefined });
    return ok;
  });
  probeState.running = running;
  return running;
}

/** Whether `pool` answers `select 1` within `deadlineMs` (a refused, broken or silent connection: false). */
export async function poolAnswers(pool: pg.Pool, deadlineMs = PROBE_DEADLINE_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), deadlineMs);
  });
  try {
    return await Promise.race([pool.query('select 1').then(() => true, () => false), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether a request that failed (a 500) failed because of the database: it does not answer now, or one
 * of the pool's connections broke within the last few seconds (a connection killed under a running
 * query, after which the database answers again at once). The server answers those 503.
 */
export async function databaseOutage(withinMs = 5_000): Promise<boolean> {
  if (Date.now() - connectionTrouble.lastAt < withinMs) return true;
  return !(await databaseAnswers());
}

export async function closeDatabase(): Promise<void> {
  const opened = state.__jusconectaDb;
  if (!opened) return;
  state.__jusconectaDb = undefined;
  await opened.close();
}

/**
 * Applies the committed migrations in drizzle/. On PostgreSQL an advisory lock serialises processes
 * that boot at the same time; PGlite is single-process by construction (the directory lock).
 */
export async function migrateDatabase(opened: OpenDatabase = currentDatabase()): Promise<void> {
  if (opened.target.kind !== 'postgres') {
    await migratePglite(opened.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const client = new pg.Client({ connectionString: opened.target.url });
  // A connection lost mid-migration fails the migration (and the boot), not the process with an unhandled event.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
    await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]).catch(() => undefined);
    await client.end();
  }
}

/** Advisory-lock keys of the app: one place, so two uses never share one by accident. */
export const ADVISORY_LOCKS = { migrations: 7283401, demoSeed: 7283402, analyticsFlush: 7283403, jobQueueSetup: 7283404 } as const;

/**
 * Runs `work` while this process holds the session advisory lock `key`, on a connection of its own
 * (so `work` may use the pool freely): processes that boot together on one PostgreSQL take turns. On
 * PGlite (one process by its directory lock) `work` just runs.
 */
export async function withAdvisoryLock<T>(key: number, work: () => Promise<T>, opened: OpenDatabase = currentDatabase()): Promise<T> {
  if (opened.target.kind !== 'postgres') return work();
  const client = new pg.Client({ connectionString: opened.target.url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** Rows of a raw SQL query, typed by the caller (both drivers answer `{ rows }`). */
export async function selectRows<T>(query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A query the hottest paths run (the search's page): on PostgreSQL a named prepared statement, parsed and
 * planned once per connection instead of on every call (a third of the search query's CPU there); on
 * PGlite, an ordinary query. `text` must be constant for a `name`, with its values as $1, $2...
 */
export async function selectPrepared<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
  const opened = currentDatabase();
  if (opened.pool) return (await opened.pool.query<T & pg.QueryResultRow>({ name, text, values })).rows;
  return (await opened.pglite!.query<T>(text, values)).rows;
}
