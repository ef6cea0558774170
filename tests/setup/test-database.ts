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

let tableList: string | undefined;

/** Empties every table of the app (not the migrations journal) between tests. */
export async function resetTestDatabase(): Promise<void> {
  currentDatabase();
  if (!tableList) {
    const result = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as unknown as { rows: Array<{ tablename: string }> };
    tableList = result.rows.map((r) => `"${r.tablename}"`).join(', ');
  }
  await db.execute(sql.raw(`truncate table ${tableList} restart identity cascade`));
}
