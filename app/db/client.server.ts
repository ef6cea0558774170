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
import { acquireDirectoryLock, type DirectoryLock } from './directory-lock.server';

export const schema = { ...auth, ...lawyers, ...subscriptions, ...leads, ...analytics, ...monitoring, ...messaging, ...admin, ...accounts, ...rateLimits, ...tools };

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
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
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
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(7283401)');
    await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock(7283401)').catch(() => undefined);
    await client.end();
  }
}

/** Rows of a raw SQL query, typed by the caller (both drivers answer `{ rows }`). */
export async function selectRows<T>(query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
