import pg from 'pg';
import { afterEach, describe, expect, inject, test } from 'vitest';
import { currentDatabase } from '~/db/client.server';
import { PUBLIC_CONTENT_CHANNEL, startPublicContentSync, type PublicContentSync } from '~/lib/public-content-sync.server';
import { publicContentChanged, publicContentGeneration } from '~/lib/public-content.server';

// docs/decisions/0057: a public-content change in one process makes every other process's cached pages
// stale within a second, through PostgreSQL LISTEN/NOTIFY; a broken listening connection is re-opened
// and the gap counts as a change. PGlite is one process: nothing to broadcast (PostgreSQL only).
const onPostgres = inject('testDatabase').kind === 'postgres';
const url = () => (currentDatabase().target as { url: string }).url;

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function client() {
  const c = new pg.Client({ connectionString: url() });
  c.on('error', () => undefined);
  await c.connect();
  cleanups.push(() => c.end().catch(() => undefined));
  return c;
}

async function started(onInvalidate: () => void): Promise<PublicContentSync> {
  const sync = startPublicContentSync(url(), { onInvalidate });
  cleanups.push(() => sync.stop());
  await sync.ready;
  return sync;
}

describe.runIf(onPostgres)('page-cache invalidation across processes (LISTEN/NOTIFY)', () => {
  test("another process's change invalidates here within a second; this process's own notification does not count twice", async () => {
    let invalidations = 0;
    const sync = await started(() => invalidations++);
    const other = await client();
    await other.query('select pg_notify($1, $2)', [PUBLIC_CONTENT_CHANNEL, 'outro-processo']);
    await expect.poll(() => invalidations, { timeout: 1_000, interval: 20 }).toBe(1);

    // This process's change: the local generation grows at once, and the NOTIFY carries this process's id.
    const listener = await client();
    const received: string[] = [];
    listener.on('notification', (m) => received.push(m.payload ?? ''));
    await listener.query(`listen ${PUBLIC_CONTENT_CHANNEL}`);
    const before = publicContentGeneration();
    publicContentChanged();
    expect(publicContentGeneration()).toBe(before + 1);
    await expect.poll(() => received, { timeout: 1_000, interval: 20 }).toEqual([sync.id]);
    // Its own notification came back to it too, and was ignored.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(invalidations).toBe(1);
  });

  test('a listening connection killed by the server is re-opened, the gap counts as a change, and notifications arrive again', async () => {
    let invalidations = 0;
    await started(() => invalidations++);
    const admin = await client();
    const { rows } = await admin.query<{ n: number }>(`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = 'jusconecta-listen' and datname = current_database()`);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
    // Reconnected after half a second: the gap itself invalidates (a notification may have been missed).
    await expect.poll(() => invalidations, { timeout: 3_000, interval: 50 }).toBe(1);
    await admin.query('select pg_notify($1, $2)', [PUBLIC_CONTENT_CHANNEL, 'outro-processo']);
    await expect.poll(() => invalidations, { timeout: 1_000, interval: 20 }).toBe(2);
  });
});
