import net from 'node:net';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, test } from 'vitest';
import { createPool, currentDatabase, databaseOutage, db, poolAnswers } from '~/db/client.server';
import { beginDraining } from '~/lib/readiness.server';
import { loader as healthz } from '~/routes/resources/healthz';
import { loader as readyz } from '~/routes/resources/readyz';

// Issue 26: the app's pool survives connections the server ends (a restart, pg_terminate_backend), a
// database that does not answer is seen within a second (readiness, and 503 instead of 500), and the
// app recovers by itself. The connection-killing tests need PostgreSQL (TEST_DATABASE_URL).
const onPostgres = inject('testDatabase').kind === 'postgres';
const draining = globalThis as typeof globalThis & { __jusconectaDraining?: boolean };

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Ends every other connection to this worker's database, as an administrator (or a restart) would. */
async function terminateOtherConnections() {
  const admin = new pg.Client({ connectionString: currentDatabase().target.kind === 'postgres' ? (currentDatabase().target as { url: string }).url : '' });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return rows[0]!.n;
  } finally {
    await admin.end();
  }
}

describe('health and readiness', () => {
  test('/healthz is liveness: 200 without asking the database', async () => {
    const response = healthz();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  test('/readyz: 200 while the database answers, 503 once the process drains', async () => {
    const ready = await readyz();
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok' });
    cleanups.push(() => void (draining.__jusconectaDraining = undefined));
    beginDraining();
    const drained = await readyz();
    expect(drained.status).toBe(503);
    expect(await drained.json()).toMatchObject({ status: 'unavailable', reason: 'draining', message: 'Processo encerrando; não envie novas requisições.' });
    expect(drained.headers.get('cache-control')).toBe('no-store');
  });

  test('a database that refuses connections, or accepts and never answers, is not ready within the deadline', async () => {
    // A port nothing listens on: refused at once.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = createPool(`postgres://postgres@127.0.0.1:${closedPort}/nada`, 1);
    cleanups.push(() => refused.end());
    expect(await poolAnswers(refused)).toBe(false);

    // A server that accepts the connection and says nothing: the probe's own deadline decides.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const hanging = createPool(`postgres://postgres@127.0.0.1:${(silent.address() as net.AddressInfo).port}/nada`, 1);
    // Cleanups run in reverse: the silent server's sockets are cut first, so the pool ends at once.
    cleanups.push(() => hanging.end().catch(() => undefined));
    cleanups.push(() => new Promise<void>((resolve) => (sockets.forEach((s) => s.destroy()), silent.close(() => resolve()))));
    const started = performance.now();
    expect(await poolAnswers(hanging, 300)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe.runIf(onPostgres)('connections ended by the server (PostgreSQL)', () => {
  test("an idle connection's error is logged, not fatal, and the next query opens a new one", async () => {
    const pool = currentDatabase().pool!;
    // Several idle connections in the pool.
    await Promise.all([1, 2, 3].map(() => db.execute(sql`select pg_sleep(0.05)`)));
    expect(pool.idleCount).toBeGreaterThan(0);
    expect(await terminateOtherConnections()).toBeGreaterThan(0);
    // The pool emits 'error' for each idle connection it loses; an unhandled one would fail this run.
    await expect.poll(() => pool.idleCount, { timeout: 2_000 }).toBe(0);
    const { rows } = (await db.execute(sql`select 1 as one`)) as unknown as { rows: Array<{ one: number }> };
    expect(rows).toEqual([{ one: 1 }]);
  });

  test('a connection killed under a running transaction fails that transaction only; the outage is seen, then the app recovers', async () => {
    const running = db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(5)`);
    });
    const failed = expect(running).rejects.toThrow();
    await expect.poll(async () => {
      const admin = new pg.Client({ connectionString: (currentDatabase().target as { url: string }).url });
      await admin.connect();
      try {
        const { rows } = await admin.query(`select 1 from pg_stat_activity where datname = current_database() and query like '%pg_sleep(5)%' and pid <> pg_backend_pid()`);
        return rows.length;
      } finally {
        await admin.end();
      }
    }, { timeout: 3_000 }).toBe(1);
    await terminateOtherConnections();
    await failed;
    // The broken connection was noted: a 500 now is the database's, answered 503 by the server.
    expect(await databaseOutage()).toBe(true);
    // Recovered without anything restarted: the database answers, and past the window no outage is reported.
    const { rows } = (await db.execute(sql`select 2 as two`)) as unknown as { rows: Array<{ two: number }> };
    expect(rows).toEqual([{ two: 2 }]);
    expect(await databaseOutage(0)).toBe(false);
  });
});
