import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { closeDatabase, migrateDatabase, openDatabase } from '~/db/client.server';

/**
 * Migrate once, copy many (the integration project's globalSetup). The migrations in drizzle/ run once
 * per run at most, here, and every test file starts from a copy of the result:
 * - PGlite: a dump of the migrated data directory, kept on disk by a hash of drizzle/ and PGlite's
 *   version, so a later run with the same migrations does not migrate at all;
 * - PostgreSQL (TEST_DATABASE_URL): a template database, migrated once for this run; each worker's
 *   database is `CREATE DATABASE … TEMPLATE` it. Every database the run creates has the run's own
 *   prefix (`<TEST_DATABASE_PREFIX>_<run id>_`), and the teardown drops those, and only those.
 */
export type TestDatabaseSource =
  | { kind: 'pglite'; dump: string }
  | { kind: 'postgres'; serverUrl: string; template: string; prefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

const MIGRATIONS_FOLDER = path.resolve(process.env.MIGRATIONS_DIR ?? 'drizzle');

/** Every file of drizzle/ (path and content) and PGlite's version: what the migrated database depends on. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else hash.update(path.relative(MIGRATIONS_FOLDER, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  };
  walk(MIGRATIONS_FOLDER);
  // The dump's format is PGlite's: its package.json (not exported) is above its entry point.
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  hash.update(`pglite ${(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version}`);
  return hash.digest('hex').slice(0, 16);
}

async function pgliteDump(hash: string): Promise<string> {
  const directory = process.env.TEST_DATABASE_CACHE ?? path.join(os.tmpdir(), 'jusconecta-test-db');
  const file = path.join(directory, `pglite-${hash}.tar`);
  try {
    if (statSync(file).size > 0) return file;
  } catch {
    // not built yet
  }
  const started = performance.now();
  const opened = await openDatabase({ kind: 'pglite-memory' });
  try {
    await migrateDatabase(opened);
    // A checkpoint first: a copy then opens without replaying the migrations' write-ahead log.
    await opened.pglite!.exec('checkpoint');
    const dump = await opened.pglite!.dumpDataDir('none');
    mkdirSync(directory, { recursive: true });
    // Written under a name of its own, then renamed: a concurrent run never reads half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await closeDatabase();
  }
  console.log(`Test database: migrated PGlite once (${Math.round(performance.now() - started)} ms), kept in ${file}`);
  return file;
}

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const hash = migrationsHash();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide('testDatabase', { kind: 'pglite', dump: await pgliteDump(hash) });
    return;
  }

  const base = (process.env.TEST_DATABASE_PREFIX || 'jusconecta_test').toLowerCase();
  if (!/^[a-z_][a-z0-9_]{0,29}$/.test(base)) throw new Error(`TEST_DATABASE_PREFIX must be a short lower-case SQL name, not ${JSON.stringify(base)}`);
  // A run id of its own: concurrent runs on one server never share (or drop) each other's databases.
  const prefix = `${base}_${process.pid.toString(36)}${randomBytes(2).toString('hex')}`;
  const template = `${prefix}_tpl_${hash.slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const ours = async () =>
    (await admin.query<{ datname: string }>(`select datname from pg_database where starts_with(datname, $1)`, [`${prefix}_`])).rows.map((r) => r.datname);
  const teardown = async () => {
    try {
      // Workers' databases first (their connections are cut by FORCE), the template last.
      const names = (await ours()).sort((a, b) => Number(a === template) - Number(b === template));
      for (const name of names) await admin.query(`drop database if exists ${quoted(name)} with (force)`);
    } finally {
      await admin.end();
    }
  };
  try {
    const started = performance.now();
    await admin.query(`create database ${quoted(template)}`);
    await migrateDatabase(await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, template), poolSize: 1 }));
    await closeDatabase();
    console.log(`Test database: migrated PostgreSQL template ${template} once (${Math.round(performance.now() - started)} ms)`);
  } catch (error) {
    await closeDatabase();
    await teardown();
    throw error;
  }
  project.provide('testDatabase', { kind: 'postgres', serverUrl, template, prefix });
  return teardown;
}
