import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { whatsappClicks } from '~/db/schema/analytics';
import { flushAnalytics } from '~/modules/analytics/analytics.server';
import { resetVisitorHashState } from '~/modules/analytics/visitor-hash.server';
import { action } from '~/routes/resources/whatsapp-click';
import { createLawyer } from '../factories/lawyers';

const browser = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

function beacon(fields: Record<string, string>, ip: string | null = '203.0.113.7') {
  const headers = new Headers({ 'user-agent': browser });
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  const request = new Request('http://localhost:3000/api/cliques-whatsapp', { method: 'POST', headers, body: new URLSearchParams(fields) });
  return action({ request, params: {}, context: {} } as unknown as Parameters<typeof action>[0]);
}

async function clicksOf(lawyerId: string) {
  const [row] = await db.select({ n: count() }).from(whatsappClicks).where(eq(whatsappClicks.lawyerId, lawyerId));
  return row?.n ?? 0;
}

beforeEach(() => resetVisitorHashState());
afterEach(() => vi.restoreAllMocks());

describe('the WhatsApp click beacon', () => {
  test.each([
    ['a NUL', 'ana\u0000silva'],
    ['uppercase', 'AnaSilva'],
    ['a space', 'ana silva'],
    ['an accent', 'anaméndez'],
    ['a slash', '../ana'],
    ['more than 100 characters', 'a'.repeat(101)],
    ['nothing', ''],
  ])('a slug with %s is 400 “Clique inválido” without a query', async (_name, slug) => {
    const select = vi.spyOn(db, 'select');
    const execute = vi.spyOn(db, 'execute');
    const response = await beacon({ advogado: slug, origem: 'perfil_advogado' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Clique inválido' });
    expect(select).not.toHaveBeenCalled();
    expect(execute).not.toHaveBeenCalled();
  });

  test('an unknown source is 400, an unknown lawyer 404', async () => {
    expect((await beacon({ advogado: 'anasilva', origem: 'outra' })).status).toBe(400);
    const response = await beacon({ advogado: 'a'.repeat(100), origem: 'busca' });
    expect(response.status).toBe(404);
  });

  test('counts one click per visitor and minute, the visitor taken from the client IP the server set', async () => {
    const ana = await createLawyer();
    for (let i = 0; i < 20; i++) expect((await beacon({ advogado: ana.slug, origem: 'perfil_advogado' })).status).toBe(204);
    await flushAnalytics();
    expect(await clicksOf(ana.id)).toBe(1);
    expect((await beacon({ advogado: ana.slug, origem: 'busca' }, '198.51.100.9')).status).toBe(204);
    expect((await beacon({ advogado: ana.slug, origem: 'busca' }, null)).status).toBe(204);
    await flushAnalytics();
    expect(await clicksOf(ana.id)).toBe(3);
  });
});
