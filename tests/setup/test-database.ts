import { openAsBlob } from 'node:fs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { currentDatabase, db, migrateDatabase, openDatabase } from '~/db/client.server';
import { databaseUrl } from './global-database';

/**
 * The database of this test worker, a copy of the one tests/setup/global-database.ts migrated for the
 * run: PGlite in memory loaded from the migrated dump, or, with TEST_DATABASE_URL, a PostgreSQL database
 * of its own (<prefix>_<worker>) created from the run's template. migrateDatabase() still runs, as the
 * server does at boot: on a migrated copy it applies nothing.
 */
export async function openTestDatabase(): Promise<void> {
  const state = globalThis as typeof globalThis & { __jusconectaDb?: unknown };
  if (state.__jusconectaDb) return;
  const source = inject('testDatabase');
  if (source.kind === 'postgres') {
    const name = `${source.prefix}_${process.env.VITEST_POOL_ID ?? '0'}`;
    const admin = new pg.Client({ connectionString: source.serverUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.query(`create database "${name}" template "${source.template}"`);
    } finally {
      await admin.end();
    }
    await migrateDatabase(await openDatabase({ kind: 'postgres', url: databaseUrl(source.serverUrl, name), poolSize: 4 }));
  } else {
    await migrateDatabase(await openDatabase({ kind: 'pglite-memory', loadDataDir: await openAsBlob(source.dump) }));
  }
}

let emptyAll: string | undefined;

/**
 * Empties every table of the app (not the migrations journal) between tests, and restarts its
 * sequences. DELETE with the foreign keys' triggers off (`session_replication_role`, for this
 * transaction only) instead of TRUNCATE: a TRUNCATE of every table makes new files for each table and
 * index, 190 ms a test on PGlite and 560 ms on PostgreSQL on a busy machine, where these deletes of a
 * test's few rows take 16 ms and 3 ms.
 */
export async function resetTestDatabase(): Promise<void> {
  const open = currentDatabase();
  if (!emptyAll) {
    const tables = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as unknown as { rows: Array<{ tablename: string }> };
    const sequences = (await db.execute(sql`select sequencename from pg_sequences where schemaname = 'public' order by sequencename`)) as unknown as { rows: Array<{ sequencename: string }> };
    emptyAll = [
      'begin;',
      'set local session_replication_role = replica;',
      ...tables.rows.map((r) => `delete from "${r.tablename}";`),
      ...sequences.rows.map((r) => `alter sequence "${r.sequencename}" restart;`),
      'commit;',
    ].join('\n');
  }
  // Several statements in one round trip: PGlite's exec, or pg's simple query protocol.
  if (open.pglite) await open.pglite.exec(emptyAll);
  else await open.pool!.query(emptyAll);
}
