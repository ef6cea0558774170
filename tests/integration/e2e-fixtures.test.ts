import { sql } from 'drizzle-orm';
import { describe, expect, test, vi } from 'vitest';
import type * as ConfigModule from '~/config.server';
import { selectRows } from '~/db/client.server';
import { action, loader } from '~/routes/resources/e2e-fixtures';

// The end-to-end tests' fixture door (docs/decisions/0035): a 404 unless the server was started with
// E2E_FIXTURES=1 (which app/config.server.ts allows only on the embedded database at localhost:
// tests/unit/config.test.ts), and then it creates what a test asks for through the app's own modules.

const door = vi.hoisted(() => ({ open: false }));
vi.mock('~/config.server', async (importOriginal) => {
  const original = await importOriginal<typeof ConfigModule>();
  return { ...original, getConfig: () => ({ ...original.getConfig(), e2eFixtures: door.open }) };
});

function post(fixture: string, body: unknown) {
  const request = new Request(`http://localhost:3000/__e2e/${fixture}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return action({ request, params: { fixture }, context: {} } as never);
}

const userCount = async () => Number((await selectRows<{ n: number }>(sql`select count(*)::int as n from "user"`))[0]!.n);

describe('the fixture door', () => {
  test('without E2E_FIXTURES every request is a 404 and nothing is created', async () => {
    door.open = false;
    for (const fixture of ['lawyer', 'superadmin', 'session', 'leads', 'review', 'anything']) {
      const response = await post(fixture, { signIn: true });
      expect(response.status, fixture).toBe(404);
    }
    expect(loader().status).toBe(404);
    expect(await userCount()).toBe(0);
  });

  test('with E2E_FIXTURES it creates a signed-in lawyer with the demo lawyer\'s leads, and refuses unknown input', async () => {
    door.open = true;
    const response = await post('lawyer', { copyOfDemoLawyer: true, signIn: true });
    expect(response.status).toBe(200);
    const lawyer = (await response.json()) as { id: string; email: string; nome: string; cookie: string };
    expect(lawyer).toMatchObject({ nome: 'Ana Beatriz Carvalho', email: expect.stringMatching(/^e2e\.[a-z]{8}@exemplo\.adv\.br$/), cookie: expect.stringContaining('=') });
    const [leads] = await selectRows<{ n: number }>(sql`select count(*)::int as n from leads where assigned_to = ${lawyer.id}`);
    expect(Number(leads!.n)).toBe(12);

    const refused = await post('lawyer', { status: 'banido' });
    expect(refused.status).toBe(400);
    expect(loader().status).toBe(404);
    expect((await post('anything', {})).status).toBe(404);
  });
});
