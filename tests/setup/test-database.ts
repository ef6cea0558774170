import pg from 'pg';
import { sql } from 'drizzle-orm';
import { currentDatabase, db, migrateDatabase, openDatabase } from '~/db/client.server';

/**
 * One database per test worker, migrated once: PGlite in memory by default, or a PostgreSQL database
 * of its own (jusconecta_test_<worker>) on the server of TEST_DATABASE_URL.
 */
export async function openTestDatabase(): Promise<void> {
  const state = globalThis as typeof globalThis & { __jusconectaDb?: unknown };
  if (state.__jusconectaDb) return;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `jusconecta_test_${process.env.VITEST_POOL_ID ?? '0'}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await migrateDatabase(await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 }));
  } else {
    await migrateDatabase(await openDatabase({ kind: 'pglite-memory' }));
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
