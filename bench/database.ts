import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The throwaway database of one benchmark run: a fresh PostgreSQL database `jusconecta_bench` on the
 * server of BENCH_DATABASE_URL, or else a fresh PGlite directory in a temp folder. It is migrated with
 * the app's own migrateDatabase(), seeded through `sql` while this process holds it, and released
 * before the measured server opens it (PGlite allows one process per directory).
 */

export type DatabaseKind = 'pglite' | 'postgres';

/** The one call both drivers answer the same way (pg's client and PGlite). */
export interface SqlRunner {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface BenchDatabase {
  kind: DatabaseKind;
  /** Where it lives, for the report (no credentials). */
  description: string;
  /** The environment that points the app server at it. */
  serverEnv: Record<string, string>;
  /** A single connection, open until release(). */
  sql: SqlRunner;
  /** Closes this process's connection (and the PGlite directory lock). */
  release(): Promise<void>;
  /** Drops the database or removes the temp directory. Call after the server has stopped. */
  destroy(): Promise<void>;
}

const BENCH_DATABASE_NAME = 'jusconecta_bench';

export async function createBenchDatabase(adminUrl: string | undefined): Promise<BenchDatabase> {
  // Imported here, after run.ts has made the project root the working directory: the module resolves
  // the migrations folder (drizzle/) against it when it loads.
  const client = await import('../app/db/client.server');

  if (adminUrl) {
    const url = new URL(adminUrl);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${BENCH_DATABASE_NAME} with (force)`);
      await admin.query(`create database ${BENCH_DATABASE_NAME}`);
    } finally {
      await admin.end();
    }
    url.pathname = `/${BENCH_DATABASE_NAME}`;
    const benchUrl = url.toString();

    // Two connections: `sql` below holds one; the app's module (the routing measurement) uses the other.
    const opened = await client.openDatabase({ kind: 'postgres', url: benchUrl, poolSize: 2 });
    await client.migrateDatabase(opened);
    const connection = await opened.pool!.connect();
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      connection.release();
      await client.closeDatabase();
    };
    return {
      kind: 'postgres',
      description: `PostgreSQL ${url.host}/${BENCH_DATABASE_NAME}`,
      serverEnv: { DATABASE_URL: benchUrl },
      sql: connection as unknown as SqlRunner,
      release,
      async destroy() {
        await release();
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        try {
          await dropper.query(`drop database if exists ${BENCH_DATABASE_NAME} with (force)`);
        } finally {
          await dropper.end();
        }
      },
    };
  }

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jusconecta-bench-'));
  // The same layout the server uses: DATA_DIR/pglite, with the lock file in DATA_DIR.
  const opened = await client.openDatabase({ kind: 'pglite', directory: path.join(dataDir, 'pglite') });
  await client.migrateDatabase(opened);
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await client.closeDatabase();
  };
  return {
    kind: 'pglite',
    description: `PGlite ${dataDir}/pglite`,
    serverEnv: { DATA_DIR: dataDir },
    sql: opened.pglite! as unknown as SqlRunner,
    release,
    async destroy() {
      await release();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh database for a bench file run on its own (routing, monitoring polling), opened as the app's
 * database in this process: PostgreSQL `name` beside BENCH_DATABASE_URL's, or a PGlite directory in a
 * temp folder; migrated. Returns the clean-up that closes and removes it.
 */
export async function openStandaloneAppDatabase(kind: DatabaseKind, name: string, poolSize?: number): Promise<() => Promise<void>> {
  const client = await import('../app/db/client.server');
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (kind === 'postgres') {
    if (!adminUrl) throw new Error('BENCH_DATABASE_URL is not set');
    const dropDatabase = async (create: boolean) => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
        if (create) await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
    };
    await dropDatabase(true);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await client.migrateDatabase(await client.openDatabase({ kind: 'postgres', url: url.toString(), poolSize }));
    return async () => {
      await client.closeDatabase();
      await dropDatabase(false);
    };
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `${name}-`));
  await client.migrateDatabase(await client.openDatabase({ kind: 'pglite', directory: path.join(dataDir, 'pglite') }));
  return async () => {
    await client.closeDatabase();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
