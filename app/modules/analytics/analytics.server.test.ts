import { count, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { db, selectRows } from '~/db/client.server';
import { analyticsSalts, profileViews, whatsappClicks } from '~/db/schema/analytics';
import { createLawyer } from '../../../tests/factories/lawyers';
import { flushAnalytics, forgetRecentVisits, recordProfileView, recordWhatsAppClick } from './analytics.server';
import { daysBefore, purgeOldVisitorData, resetVisitorHashState, saltsOf, saoPauloDay, settleVisitorDataPurge, visitorHash } from './visitor-hash.server';

const browser = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const ip = '203.0.113.7';
const MINUTE = 60_000;

/** Noon (São Paulo) of today: every offset used below stays on the same calendar day, whatever the hour. */
function noonToday(): Date {
  return new Date(`${saoPauloDay(new Date())}T12:00:00-03:00`);
}
const later = (at: Date, ms: number) => new Date(at.getTime() + ms);

async function viewsOf(lawyerId: string) {
  const [row] = await db.select({ n: count() }).from(profileViews).where(eq(profileViews.lawyerId, lawyerId));
  return row?.n ?? 0;
}

async function clicksOf(lawyerId: string) {
  const [row] = await db.select({ n: count() }).from(whatsappClicks).where(eq(whatsappClicks.lawyerId, lawyerId));
  return row?.n ?? 0;
}

// The test database is emptied between tests: start each one as a fresh process (no salt in memory).
beforeEach(() => resetVisitorHashState());

describe('profile views and WhatsApp clicks', () => {
  test('a visitor’s view is counted; bots, prefetches and the lawyer’s own visits are not', async () => {
    const ana = await createLawyer();
    expect(recordProfileView({ lawyerId: ana.id, ip, userAgent: browser })).toBe(true);
    expect(recordProfileView({ lawyerId: ana.id, ip, userAgent: googlebot })).toBe(false);
    expect(recordProfileView({ lawyerId: ana.id, ip, userAgent: googlebot })).toBe(false);
    expect(recordProfileView({ lawyerId: ana.id, ip, userAgent: null })).toBe(false);
    expect(recordProfileView({ lawyerId: ana.id, ip, userAgent: browser, purpose: 'prefetch' })).toBe(false);
    expect(recordProfileView({ lawyerId: ana.id, ip, userAgent: browser, viewerId: ana.id })).toBe(false);
    await flushAnalytics();
    expect(await viewsOf(ana.id)).toBe(1);
  });

  test('clicks keep their source page', async () => {
    const ana = await createLawyer();
    recordWhatsAppClick({ lawyerId: ana.id, ip: '198.51.100.1', userAgent: browser, source: 'perfil_advogado' });
    recordWhatsAppClick({ lawyerId: ana.id, ip: '198.51.100.2', userAgent: browser, source: 'busca' });
    await flushAnalytics();
    const rows = await db.select({ source: whatsappClicks.sourcePage }).from(whatsappClicks).where(eq(whatsappClicks.lawyerId, ana.id));
    expect(rows.map((r) => r.source).sort()).toEqual(['busca', 'perfil_advogado']);
  });

  test('events for unknown or unapproved lawyers are dropped without failing the others', async () => {
    const ana = await createLawyer();
    const pending = await createLawyer({ status: 'pending' });
    recordProfileView({ lawyerId: 'nao-existe', ip, userAgent: browser });
    recordProfileView({ lawyerId: pending.id, ip, userAgent: browser });
    recordProfileView({ lawyerId: ana.id, ip, userAgent: browser });
    await flushAnalytics();
    expect(await viewsOf(ana.id)).toBe(1);
    expect(await viewsOf(pending.id)).toBe(0);
  });

  test('many views of distinct visitors are written in batches, none lost', async () => {
    const ana = await createLawyer();
    for (let i = 0; i < 450; i++) recordProfileView({ lawyerId: ana.id, ip: `10.0.${i >> 8}.${i & 255}`, userAgent: browser });
    await flushAnalytics();
    expect(await viewsOf(ana.id)).toBe(450);
  });
});

describe('one view per visitor and lawyer every 30 minutes', () => {
  test('200 views from one visitor in one second count once; from two visitors, twice', async () => {
    const ana = await createLawyer();
    const bia = await createLawyer();
    const at = noonToday();
    for (let i = 0; i < 200; i++) recordProfileView({ lawyerId: ana.id, ip, userAgent: browser }, later(at, i * 5));
    for (let i = 0; i < 200; i++) {
      recordProfileView({ lawyerId: bia.id, ip, userAgent: browser }, later(at, i * 5));
      recordProfileView({ lawyerId: bia.id, ip: '198.51.100.9', userAgent: browser }, later(at, i * 5));
    }
    await flushAnalytics();
    expect(await viewsOf(ana.id)).toBe(1);
    expect(await viewsOf(bia.id)).toBe(2);
  });

  test('the same IP with another browser, or another IP with the same browser, is another visitor', async () => {
    const ana = await createLawyer();
    recordProfileView({ lawyerId: ana.id, ip, userAgent: browser });
    recordProfileView({ lawyerId: ana.id, ip, userAgent: firefox });
    recordProfileView({ lawyerId: ana.id, ip: '198.51.100.9', userAgent: browser });
    recordProfileView({ lawyerId: ana.id, ip: null, userAgent: browser });
    recordProfileView({ lawyerId: ana.id, ip: 'unknown', userAgent: browser });
    await flushAnalytics();
    expect(await viewsOf(ana.id)).toBe(4);
  });

  test('a repeat in the same batch is dropped in memory, before it is buffered (a cached profile costs no work per request)', async () => {
    const ana = await createLawyer();
    const at = noonToday();
    expect(recordProfileView({ lawyerId: ana.id, ip, userAgent: browser }, at)).toBe(true);
    expect(recordProfileView({ lawyerId: ana.id, ip, userAgent: browser }, later(at, 1000))).toBe(false);
    expect(recordProfileView({ lawyerId: ana.id, ip: '198.51.100.9', userAgent: browser }, later(at, 1000))).toBe(true);
    expect(recordProfileView({ lawyerId: ana.id, ip, userAgent: browser }, later(at, 30 * MINUTE))).toBe(true);
    await flushAnalytics();
    expect(await viewsOf(ana.id)).toBe(3);
  });

  test('the same visitor counts again 30 minutes after the last counted view', async () => {
    const ana = await createLawyer();
    const at = noonToday();
    for (const minutes of [0, 10, 29.99, 30, 45, 59.99, 60]) recordProfileView({ lawyerId: ana.id, ip, userAgent: browser }, later(at, minutes * MINUTE));
    await flushAnalytics();
    const rows = await db.select({ at: profileViews.viewedAt }).from(profileViews).where(eq(profileViews.lawyerId, ana.id)).orderBy(profileViews.viewedAt);
    expect(rows.map((r) => (r.at.getTime() - at.getTime()) / MINUTE)).toEqual([0, 30, 60]);
  });

  test('the dedupe holds across flushes, processes and the rows already stored', async () => {
    const ana = await createLawyer();
    const at = noonToday();
    recordProfileView({ lawyerId: ana.id, ip, userAgent: browser }, at);
    await flushAnalytics();
    // A new batch: the insert itself must skip the repeat.
    recordProfileView({ lawyerId: ana.id, ip, userAgent: browser }, later(at, 1000));
    await flushAnalytics();
    expect(await viewsOf(ana.id)).toBe(1);

    // Another process: no salt and no recent visits in memory; it reads the day's salt from the database and agrees.
    await resetVisitorHashState();
    forgetRecentVisits();
    recordProfileView({ lawyerId: ana.id, ip, userAgent: browser }, later(at, 20 * MINUTE));
    await flushAnalytics();
    expect(await viewsOf(ana.id)).toBe(1);
    recordProfileView({ lawyerId: ana.id, ip, userAgent: browser }, later(at, 30 * MINUTE));
    await flushAnalytics();
    expect(await viewsOf(ana.id)).toBe(2);
  });

  test('a view stored by someone else in the last 30 minutes, even later than the event, blocks it', async () => {
    const ana = await createLawyer();
    const at = noonToday();
    const salt = (await saltsOf([saoPauloDay(at)])).get(saoPauloDay(at))!;
    await db.insert(profileViews).values({ lawyerId: ana.id, viewedAt: later(at, 10 * MINUTE), visitorHash: visitorHash(salt, ip, browser) });
    recordProfileView({ lawyerId: ana.id, ip, userAgent: browser }, later(at, 5 * MINUTE));
    recordProfileView({ lawyerId: ana.id, ip, userAgent: browser }, later(at, 39 * MINUTE));
    recordProfileView({ lawyerId: ana.id, ip, userAgent: firefox }, later(at, 5 * MINUTE));
    await flushAnalytics();
    // The stored row (10 min) blocks the views at 5 and 39 minutes; Firefox is another visitor.
    expect(await viewsOf(ana.id)).toBe(2);
    recordProfileView({ lawyerId: ana.id, ip, userAgent: browser }, later(at, 40 * MINUTE));
    await flushAnalytics();
    expect(await viewsOf(ana.id)).toBe(3);
  });
});

describe('one WhatsApp click per visitor and lawyer every minute', () => {
  test('100 clicks from one visitor in one second count once, and again after a minute', async () => {
    const ana = await createLawyer();
    const at = noonToday();
    for (let i = 0; i < 100; i++) {
      recordWhatsAppClick({ lawyerId: ana.id, ip, userAgent: browser, source: i % 2 ? 'busca' : 'perfil_advogado' }, later(at, i * 10));
    }
    await flushAnalytics();
    expect(await clicksOf(ana.id)).toBe(1);
    recordWhatsAppClick({ lawyerId: ana.id, ip, userAgent: browser, source: 'busca' }, later(at, 59_999));
    await flushAnalytics();
    expect(await clicksOf(ana.id)).toBe(1);
    recordWhatsAppClick({ lawyerId: ana.id, ip, userAgent: browser, source: 'busca' }, later(at, MINUTE));
    recordWhatsAppClick({ lawyerId: ana.id, ip: '198.51.100.9', userAgent: browser, source: 'busca' }, later(at, MINUTE));
    await flushAnalytics();
    expect(await clicksOf(ana.id)).toBe(3);
  });
});

describe('visitor hashes (LGPD)', () => {
  test('no stored column holds the IP address or the user agent; the hash changes with the day’s salt', async () => {
    const ana = await createLawyer();
    const today = noonToday();
    const tomorrow = later(today, 24 * 60 * MINUTE);
    recordProfileView({ lawyerId: ana.id, ip, userAgent: browser }, today);
    recordProfileView({ lawyerId: ana.id, ip, userAgent: browser }, tomorrow);
    recordWhatsAppClick({ lawyerId: ana.id, ip, userAgent: browser, source: 'busca' }, today);
    await flushAnalytics();

    const stored = JSON.stringify([
      await selectRows(sql`select * from profile_views`),
      await selectRows(sql`select * from whatsapp_clicks`),
      await selectRows(sql`select * from analytics_salts`),
    ]);
    expect(stored).not.toContain(ip);
    expect(stored).not.toContain(browser);
    expect(stored).not.toContain('Chrome');

    const salts = new Map((await db.select().from(analyticsSalts)).map((s) => [s.day, s.salt]));
    expect([...salts.keys()].sort()).toEqual([saoPauloDay(today), saoPauloDay(tomorrow)]);
    expect(salts.get(saoPauloDay(today))).not.toBe(salts.get(saoPauloDay(tomorrow)));
    const views = await db.select({ at: profileViews.viewedAt, hash: profileViews.visitorHash }).from(profileViews).orderBy(profileViews.viewedAt);
    expect(views.map((v) => v.hash)).toEqual([
      visitorHash(salts.get(saoPauloDay(today))!, ip, browser),
      visitorHash(salts.get(saoPauloDay(tomorrow))!, ip, browser),
    ]);
    expect(views[0]!.hash).not.toBe(views[1]!.hash);
    expect(views[0]!.hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [click] = await db.select({ hash: whatsappClicks.visitorHash }).from(whatsappClicks);
    expect(click?.hash).toBe(views[0]!.hash);
  });

  test('the hash separates its parts unambiguously and counts a missing IP as unknown', () => {
    expect(visitorHash('s', '1.2.3.4', 'ab')).not.toBe(visitorHash('s', '1.2.3.4a', 'b'));
    expect(visitorHash('s', null, 'ab')).toBe(visitorHash('s', 'unknown', 'ab'));
    expect(visitorHash('s', '1.2.3.4', 'ab')).not.toBe(visitorHash('t', '1.2.3.4', 'ab'));
  });

  test('every process uses the salt already stored for the day', async () => {
    const ana = await createLawyer();
    const day = saoPauloDay(noonToday());
    await db.insert(analyticsSalts).values({ day, salt: 'salt-of-another-process' });
    recordProfileView({ lawyerId: ana.id, ip, userAgent: browser }, noonToday());
    await flushAnalytics();
    const [view] = await db.select({ hash: profileViews.visitorHash }).from(profileViews);
    expect(view?.hash).toBe(visitorHash('salt-of-another-process', ip, browser));
    expect(await db.select({ salt: analyticsSalts.salt }).from(analyticsSalts)).toEqual([{ salt: 'salt-of-another-process' }]);
  });

  test('salts of the days before yesterday and hashes older than two days are erased', async () => {
    const ana = await createLawyer();
    const now = new Date();
    const today = saoPauloDay(now);
    await db.insert(analyticsSalts).values([0, 1, 2, 3, 30].map((n) => ({ day: daysBefore(today, n), salt: `salt-${n}` })));
    await db.insert(profileViews).values([
      { lawyerId: ana.id, viewedAt: new Date(now.getTime() - 3 * 24 * 60 * MINUTE), visitorHash: 'old' },
      { lawyerId: ana.id, viewedAt: new Date(now.getTime() - 47 * 60 * MINUTE), visitorHash: 'recent' },
    ]);
    await db.insert(whatsappClicks).values([
      { lawyerId: ana.id, clickedAt: new Date(now.getTime() - 49 * 60 * MINUTE), sourcePage: 'busca', visitorHash: 'old' },
      { lawyerId: ana.id, clickedAt: new Date(now.getTime() - 5 * MINUTE), sourcePage: 'busca', visitorHash: 'recent' },
    ]);

    await purgeOldVisitorData(now);

    const salts = await db.select({ day: analyticsSalts.day }).from(analyticsSalts).orderBy(analyticsSalts.day);
    expect(salts.map((s) => s.day)).toEqual([daysBefore(today, 1), today]);
    const views = await db.select({ hash: profileViews.visitorHash }).from(profileViews).orderBy(profileViews.viewedAt);
    expect(views.map((v) => v.hash)).toEqual([null, 'recent']);
    const clicks = await db.select({ hash: whatsappClicks.visitorHash }).from(whatsappClicks).orderBy(whatsappClicks.clickedAt);
    expect(clicks.map((c) => c.hash)).toEqual([null, 'recent']);
    // The rows themselves stay: the dashboard still counts them.
    expect(await viewsOf(ana.id)).toBe(2);
    expect(await clicksOf(ana.id)).toBe(2);
  });

  test('a purge with much to catch up on erases every old hash, a batch at a time, and two at once share the work', async () => {
    const ana = await createLawyer();
    const now = new Date();
    const old = new Date(now.getTime() - 5 * 24 * 60 * MINUTE).toISOString();
    const recent = new Date(now.getTime() - 60 * MINUTE).toISOString();
    await db.execute(sql`
      insert into profile_views (lawyer_id, viewed_at, visitor_hash)
      select ${ana.id}, case when g % 10 = 0 then ${recent}::timestamptz else ${old}::timestamptz end, 'hash-' || g
        from generate_series(1, 1050) g`);
    await db.execute(sql`
      insert into whatsapp_clicks (lawyer_id, clicked_at, source_page, visitor_hash)
      select ${ana.id}, ${old}::timestamptz, 'busca', 'hash-' || g from generate_series(1, 230) g`);

    // Two processes purging at the same time, in batches of 100: together they erase each old hash once.
    const [first, second] = await Promise.all([
      purgeOldVisitorData(now, { batch: 100, pauseMs: 0 }),
      purgeOldVisitorData(now, { batch: 100, pauseMs: 0 }),
    ]);
    expect(first + second).toBe(945 + 230);
    const [views] = await selectRows<{ hashed: number; total: number }>(
      sql`select count(visitor_hash)::int as hashed, count(*)::int as total from profile_views`,
    );
    expect(views).toEqual({ hashed: 105, total: 1050 });
    const [clicks] = await selectRows<{ hashed: number }>(sql`select count(visitor_hash)::int as hashed from whatsapp_clicks`);
    expect(clicks).toEqual({ hashed: 0 });
    // Nothing left: the next purge erases nothing.
    expect(await purgeOldVisitorData(now, { batch: 100, pauseMs: 0 })).toBe(0);
  });

  test('the purge runs beside the writes: a flush does not wait for it, and a stop ends it after its batch', async () => {
    const ana = await createLawyer();
    const now = new Date();
    const old = new Date(now.getTime() - 5 * 24 * 60 * MINUTE).toISOString();
    // More old hashes than one batch (2,000).
    await db.execute(sql`
      insert into profile_views (lawyer_id, viewed_at, visitor_hash)
      select ${ana.id}, ${old}::timestamptz, 'hash-' || g from generate_series(1, 2500) g`);
    const oldHashes = async () =>
      (await selectRows<{ n: number }>(sql`select count(*)::int as n from profile_views where visitor_hash is not null and viewed_at < ${old}::timestamptz + interval '1 second'`))[0]!.n;

    // The flush that starts the purge resolves with its view written, whatever the purge has done yet.
    recordProfileView({ lawyerId: ana.id, ip, userAgent: browser });
    await flushAnalytics();
    expect(await viewsOf(ana.id)).toBe(2501);
    // Shutdown: the purge stops before its first batch or after it, never halfway through a statement.
    await settleVisitorDataPurge({ stop: true });
    expect([2500, 500]).toContain(await oldHashes());
    // The next purge (this process in an hour, or another) erases the rest; the new view keeps its hash.
    await purgeOldVisitorData(now);
    expect(await oldHashes()).toBe(0);
    expect((await selectRows<{ n: number }>(sql`select count(visitor_hash)::int as n from profile_views`))[0]!.n).toBe(1);
  });

  test('a flush erases the old salts (at most once an hour per process)', async () => {
    const ana = await createLawyer();
    const today = saoPauloDay(new Date());
    await db.insert(analyticsSalts).values({ day: daysBefore(today, 3), salt: 'old-salt' });
    recordProfileView({ lawyerId: ana.id, ip, userAgent: browser });
    await flushAnalytics();
    await settleVisitorDataPurge();
    const days = (await db.select({ day: analyticsSalts.day }).from(analyticsSalts)).map((s) => s.day);
    expect(days).toEqual([today]);

    // Within the hour, the next flush leaves the table alone.
    await db.insert(analyticsSalts).values({ day: daysBefore(today, 4), salt: 'older-salt' });
    recordProfileView({ lawyerId: ana.id, ip: '198.51.100.9', userAgent: browser });
    await flushAnalytics();
    await settleVisitorDataPurge();
    expect(await db.select({ n: count() }).from(analyticsSalts)).toEqual([{ n: 2 }]);
  });
});
