import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The throwaway database of one benchmark run: a fresh PostgreSQL database `jusconecta_bench_<pid>` on the
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

/**
 * Database names carry this process's id: two runs on one PostgreSQL server (the machine is shared)
 * each get their own, instead of the second's `drop database … with (force)` ending the first's
 * connections ('terminating connection due to administrator command').
 */
const RUN_SUFFIX = `_${process.pid}`;
const BENCH_DATABASE_NAME = `jusconecta_bench${RUN_SUFFIX}`;

/** A connection error the bench reports instead of crashing on: pg clients emit 'error' when the server ends an idle connection. */
function logConnectionError(where: string) {
  return (error: Error) => console.error(`[bench] ${where}: connection error (${error.message})`);
}

/** A pg.Client of the bench's own, connected, with an 'error' listener. */
async function adminClient(adminUrl: string): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: adminUrl });
  admin.on('error', logConnectionError('admin connection'));
  await admin.connect();
  return admin;
}

/**
 * Drops the databases of earlier runs that crashed (named with a process id that no longer runs on
 * this machine): `jusconecta_bench_<pid>` and the standalone ones (`jusconecta_bench_routing_<pid>`…).
 */
async function dropAbandonedDatabases(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname ~ '^jusconecta_bench(_[a-z]+)?_[0-9]+$'`);
  for (const { datname } of rows) {
    const pid = Number(datname.slice(datname.lastIndexOf('_') + 1));
    if (pid === process.pid || processRuns(pid)) continue;
    await admin.query(`drop database if exists ${datname} with (force)`);
  }
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function createBenchDatabase(adminUrl: string | undefined): Promise<BenchDatabase> {
  // Imported here, after run.ts has made the project root the working directory: the module resolves
  // the migrations folder (drizzle/) against it when it loads.
  const client = await import('../app/db/client.server');

  if (adminUrl) {
    const url = new URL(adminUrl);
    const admin = await adminClient(adminUrl);
    try {
      await dropAbandonedDatabases(admin);
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
    // A checked-out client has no listener of the pool's: without this one, the server ending it would crash the run.
    connection.on('error', logConnectionError('seed connection'));
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
        const dropper = await adminClient(adminUrl);
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
export async function openStandaloneAppDatabase(kind: DatabaseKind, baseName: string, poolSize?: number): Promise<() => Promise<void>> {
  const client = await import('../app/db/client.server');
  const name = `${baseName}${RUN_SUFFIX}`;
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (kind === 'postgres') {
    if (!adminUrl) throw new Error('BENCH_DATABASE_URL is not set');
    const dropDatabase = async (create: boolean) => {
      const admin = await adminClient(adminUrl);
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
