import { readFileSync } from 'node:fs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, test, vi } from 'vitest';
import { ADVISORY_LOCKS, currentDatabase, migrateDatabase, selectRows, withAdvisoryLock } from '~/db/client.server';
import { seedDemoDataIfEmpty } from '~/modules/demo/demo-seed.server';
import { createLawyer } from '../factories/lawyers';
import { databaseUrl } from '../setup/global-database';

// Issue 26: several app processes on one PostgreSQL. What two processes booting or flushing at the same
// moment must not do twice: migrate, seed the demo, count a visit. Each "process" here is what one
// process holds: its own connection for the lock, its own copy of the analytics module (its buffer).
// Sessions and rate limits are rows (decisions 0008, and better-auth's session table): shared by
// construction, and checked through two real processes by `npm run test:cluster`. PostgreSQL only.
const source = inject('testDatabase');
const onPostgres = source.kind === 'postgres';

describe.runIf(onPostgres)('two processes on one PostgreSQL', () => {
  test('migrations run once when two processes boot together on an empty database', async () => {
    const serverUrl = (source as { serverUrl: string }).serverUrl;
    const name = `${(source as { prefix: string }).prefix}_mp_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.query(`create database "${name}"`);
      const url = databaseUrl(serverUrl, name);
      const target = { kind: 'postgres' as const, url };
      // Two boots at once: the advisory lock makes the second wait, then find everything applied.
      await Promise.all([migrateDatabase({ target } as never), migrateDatabase({ target } as never)]);
      const check = new pg.Client({ connectionString: url });
      await check.connect();
      try {
        const applied = await check.query<{ n: number; distinct: number }>('select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations');
        const journal = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: unknown[] };
        expect(applied.rows[0]).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
      } finally {
        await check.end();
      }
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });

  test('the demo seed runs once when two processes start together on an empty database', async () => {
    const messages: string[] = [];
    const results = await Promise.all([1, 2].map(() => withAdvisoryLock(ADVISORY_LOCKS.demoSeed, () => seedDemoDataIfEmpty((m) => messages.push(m), { portraits: false }), currentDatabase())));
    expect(results.sort()).toEqual([false, true]);
    const [users] = await selectRows<{ n: number }>(sql`select count(*)::int as n from "user"`);
    expect(users!.n).toBe(122);
    expect(messages).toHaveLength(1);
  }, 60_000);

  test('two processes flushing the same visitor at the same moment count one view and one click', async () => {
    const lawyer = await createLawyer();
    // A second copy of the analytics module: another process's buffer and write chain.
    // Its buffer lives on globalThis (one per process, whatever the dev server reloads): the second copy
    // gets its own when the first one's is set aside while it loads.
    const holder = globalThis as typeof globalThis & { __jusconectaAnalytics?: unknown };
    const first = await import('~/modules/analytics/analytics.server');
    const firstBuffer = holder.__jusconectaAnalytics;
    holder.__jusconectaAnalytics = undefined;
    vi.resetModules();
    const second = await import('~/modules/analytics/analytics.server');
    expect(holder.__jusconectaAnalytics).not.toBe(firstBuffer);
    expect(second).not.toBe(first);
    // Batches big enough that the two inserts overlap in the database (each checks for a row the other
    // has not committed yet: without the flush lock, most visitors of a round are counted twice).
    const rounds = 4;
    const visitors = 150;
    for (let round = 0; round < rounds; round++) {
      for (let v = 0; v < visitors; v++) {
        const visit = { lawyerId: lawyer.id, ip: `198.51.${100 + round}.${v + 1}`, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' };
        for (const copy of [first, second]) {
          copy.recordProfileView(visit);
          copy.recordWhatsAppClick({ ...visit, source: 'perfil_advogado' });
        }
      }
      await Promise.all([first.flushAnalytics(), second.flushAnalytics()]);
    }
    const [views] = await selectRows<{ n: number }>(sql`select count(*)::int as n from profile_views where lawyer_id = ${lawyer.id}`);
    const [clicks] = await selectRows<{ n: number }>(sql`select count(*)::int as n from whatsapp_clicks where lawyer_id = ${lawyer.id}`);
    expect({ views: views!.n, clicks: clicks!.n }).toEqual({ views: rounds * visitors, clicks: rounds * visitors });
  });
});
