import { count, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { profileViews, whatsappClicks } from '~/db/schema/analytics';
import { createLawyer } from '../../../tests/factories/lawyers';
import { flushAnalytics, recordProfileView, recordWhatsAppClick } from './analytics.server';

const browser = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

async function viewsOf(lawyerId: string) {
  const [row] = await db.select({ n: count() }).from(profileViews).where(eq(profileViews.lawyerId, lawyerId));
  return row?.n ?? 0;
}

describe('profile views and WhatsApp clicks', () => {
  test('a visitor’s view is counted; bots, prefetches and the lawyer’s own visits are not', async () => {
    const ana = await createLawyer();
    expect(recordProfileView({ lawyerId: ana.id, userAgent: browser })).toBe(true);
    expect(recordProfileView({ lawyerId: ana.id, userAgent: googlebot })).toBe(false);
    expect(recordProfileView({ lawyerId: ana.id, userAgent: null })).toBe(false);
    expect(recordProfileView({ lawyerId: ana.id, userAgent: browser, purpose: 'prefetch' })).toBe(false);
    expect(recordProfileView({ lawyerId: ana.id, userAgent: browser, viewerId: ana.id })).toBe(false);
    await flushAnalytics();
    expect(await viewsOf(ana.id)).toBe(1);
  });

  test('clicks keep their source page', async () => {
    const ana = await createLawyer();
    recordWhatsAppClick({ lawyerId: ana.id, userAgent: browser, source: 'perfil_advogado' });
    recordWhatsAppClick({ lawyerId: ana.id, userAgent: browser, source: 'busca' });
    await flushAnalytics();
    const rows = await db.select({ source: whatsappClicks.sourcePage }).from(whatsappClicks).where(eq(whatsappClicks.lawyerId, ana.id));
    expect(rows.map((r) => r.source).sort()).toEqual(['busca', 'perfil_advogado']);
  });

  test('events for unknown or unapproved lawyers are dropped without failing the others', async () => {
    const ana = await createLawyer();
    const pending = await createLawyer({ status: 'pending' });
    recordProfileView({ lawyerId: 'nao-existe', userAgent: browser });
    recordProfileView({ lawyerId: pending.id, userAgent: browser });
    recordProfileView({ lawyerId: ana.id, userAgent: browser });
    await flushAnalytics();
    expect(await viewsOf(ana.id)).toBe(1);
    expect(await viewsOf(pending.id)).toBe(0);
  });

  test('many views are written in batches, none lost', async () => {
    const ana = await createLawyer();
    for (let i = 0; i < 450; i++) recordProfileView({ lawyerId: ana.id, userAgent: browser });
    await flushAnalytics();
    expect(await viewsOf(ana.id)).toBe(450);
  });
});
