import { eq } from 'drizzle-orm';
import { redirect } from 'react-router';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { db } from '~/db/client.server';
import { rateLimits } from '~/db/schema/rate-limits';
import { AppError } from './app-error';
import { doorIntents, doorKnows, passDoor, writeDoor, type AnswerMode } from './write-door.server';
import { WRITE_LIMITS, writeThrottleKey } from './write-throttle.server';

// The write door on its own (docs/decisions/0034-write-door.md): a made-up module with a gate, two
// forms, and every way a write ends, answered on the three paths.

interface Capability {
  userId: string;
}

type User = { id: string; allowed: boolean } | null;

const calls: string[] = [];
const intent = doorIntents<Capability, { noteId?: string }>();

const door = writeDoor({
  name: 'notas',
  scope: 'lawyer-area',
  open: async (user: User) => {
    calls.push('open');
    if (!user) throw new AppError('Entre para continuar', { status: 401, code: 'not_signed_in' });
    if (!user.allowed) throw new AppError('Acesso não autorizado', { status: 403, code: 'not_allowed' });
    return { userId: user.id };
  },
  back: '/notas',
  redirectStatus: 303,
  unknownIntent: { message: 'Ação desconhecida', echo: { intent: 10 } },
  intents: {
    salvar: intent({
      schema: z.object({ texto: z.string().min(3, 'Texto curto demais') }),
      echo: { texto: 20 },
      run: async (capability, input) => {
        calls.push(`run ${capability.userId}`);
        if (input.texto === 'recusado') throw new AppError('Nota recusada', { status: 409, code: 'refused', field: 'texto' });
        if (input.texto === 'quebrado') throw new Error('a bug');
        if (input.texto === 'outro lugar') return { message: 'Salva', redirectTo: '/notas?aberta=1' };
        return { message: 'Nota salva', noteId: 'n1' };
      },
    }),
    apagar: intent({
      schema: z.object({ noteId: z.uuid() }),
      invalid: (errors) => ({ status: 404, message: errors.noteId ? 'Nota não encontrada' : 'Envio inválido' }),
      run: async () => ({ message: 'Nota apagada' }),
    }),
  },
});

function post(fields: Record<string, string>): Request {
  return new Request('http://localhost:3000/notas', { method: 'POST', body: new URLSearchParams(fields) });
}

/** One pass through the door: a thrown redirect comes back as its Response, `data()` as its body and init. */
async function pass(user: User, fields: Record<string, string>, mode: AnswerMode) {
  let answer: unknown;
  try {
    answer = await passDoor(door, post(fields), user, mode as 'page');
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    answer = thrown;
  }
  if (answer instanceof Response) {
    const json = answer.headers.get('Content-Type')?.includes('json') ? await answer.json() : null;
    return { status: answer.status, headers: answer.headers, body: json as unknown };
  }
  const { data, init } = answer as { data: unknown; init: ResponseInit | null };
  return { status: init?.status ?? 200, headers: new Headers(init?.headers), body: data };
}

async function counted(userId: string): Promise<number> {
  const [row] = await db.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, writeThrottleKey('lawyer-area', userId)));
  return row?.count ?? 0;
}

const ana = { id: 'ana-door', allowed: true };

describe('the write door', () => {
  test('a write that goes through: a redirect with the toast on the page, data or JSON on a fetch', async () => {
    const page = await pass(ana, { intent: 'salvar', texto: 'Olá mundo' }, 'page');
    expect(page.status).toBe(303);
    expect(page.headers.get('Location')).toBe('/notas');
    expect(page.headers.get('Set-Cookie')).toContain(`jusconecta_toast=${encodeURIComponent('Nota salva')}`);

    expect(await pass(ana, { intent: 'salvar', texto: 'outro lugar' }, 'page')).toMatchObject({ status: 303 });
    expect((await pass(ana, { intent: 'salvar', texto: 'outro lugar' }, 'page')).headers.get('Location')).toBe('/notas?aberta=1');

    const data = await pass(ana, { intent: 'salvar', texto: 'Olá mundo' }, 'data');
    expect(data).toMatchObject({ status: 200, body: { ok: true, door: 'notas', intent: 'salvar', message: 'Nota salva', noteId: 'n1' } });

    const json = await pass(ana, { intent: 'salvar', texto: 'Olá mundo' }, 'json');
    expect(json).toMatchObject({ status: 200, body: { ok: true, door: 'notas', intent: 'salvar', message: 'Nota salva', noteId: 'n1' } });
    expect(json.headers.get('Cache-Control')).toBe('no-store');
  });

  test('every refusal has one shape, the values kept: the schema, the intent’s own refusal, the gate, the rule', async () => {
    const invalid = await pass(ana, { intent: 'salvar', texto: 'oi' }, 'page');
    expect(invalid).toMatchObject({ status: 400, body: { ok: false, door: 'notas', intent: 'salvar', errors: { texto: 'Texto curto demais' }, message: null, values: { texto: 'oi' } } });

    expect(await pass(ana, { intent: 'apagar', noteId: 'x' }, 'page')).toMatchObject({ status: 404, body: { ok: false, intent: 'apagar', errors: {}, message: 'Nota não encontrada' } });

    const rule = await pass(ana, { intent: 'salvar', texto: 'recusado' }, 'json');
    expect(rule).toMatchObject({ status: 409, body: { ok: false, door: 'notas', intent: 'salvar', errors: { texto: 'Nota recusada' }, message: 'Nota recusada', values: { texto: 'recusado' } } });

    const gate = await pass({ id: 'bruno-door', allowed: false }, { intent: 'salvar', texto: 'Olá mundo' }, 'page');
    expect(gate).toMatchObject({ status: 403, body: { ok: false, message: 'Acesso não autorizado', values: { texto: 'Olá mundo' } } });

    const signedOut = await pass(null, { intent: 'salvar', texto: 'Olá mundo' }, 'page');
    expect(signedOut).toMatchObject({ status: 401, body: { message: 'Entre para continuar', values: { texto: 'Olá mundo' } } });

    const unknown = await pass(ana, { intent: 'queimar', texto: 'x' }, 'data');
    expect(unknown).toMatchObject({ status: 400, body: { ok: false, door: 'notas', intent: null, message: 'Ação desconhecida', values: { intent: 'queimar' } } });
  });

  test('anything but an AppError stays thrown: a bug is a 500, a redirect of the gate is followed', async () => {
    await expect(pass(ana, { intent: 'salvar', texto: 'quebrado' }, 'page')).rejects.toThrow('a bug');
    const redirecting = writeDoor({
      ...door,
      open: async () => {
        throw redirect('/area-advogado');
      },
    });
    const thrown = await passDoor(redirecting, post({ intent: 'salvar', texto: 'Olá mundo' }), ana, 'page').catch((r: unknown) => r);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/area-advogado');
  });

  test('the throttle counts each write once, before the gate, whether it is then refused or not; an unknown intent is not a write', async () => {
    const carla = { id: 'carla-door', allowed: true };
    calls.length = 0;
    await pass(carla, { intent: 'salvar', texto: 'Olá mundo' }, 'page');
    await pass(carla, { intent: 'salvar', texto: 'oi' }, 'json');
    await pass(carla, { intent: 'salvar', texto: 'recusado' }, 'data');
    await pass({ ...carla, allowed: false }, { intent: 'salvar', texto: 'Olá mundo' }, 'page');
    expect(await counted(carla.id)).toBe(4);
    await pass(carla, { intent: 'queimar' }, 'page');
    expect(await counted(carla.id)).toBe(4);
    expect(calls).toEqual(['open', 'run carla-door', 'open', 'open', 'run carla-door', 'open']);
  });

  test('past the limit: 429 with Retry-After on every path, the gate not even asked', async () => {
    const dora = { id: 'dora-door', allowed: true };
    const now = Date.now();
    await db.insert(rateLimits).values({ key: writeThrottleKey('lawyer-area', dora.id), count: WRITE_LIMITS['lawyer-area'].max, windowStartedAt: new Date(now), windowEndsAt: new Date(now + 60_000) });
    calls.length = 0;
    for (const mode of ['page', 'data', 'json'] as const) {
      const refused = await pass(dora, { intent: 'salvar', texto: 'Olá mundo' }, mode);
      expect(refused).toMatchObject({ status: 429, body: { ok: false, door: 'notas', intent: 'salvar', values: { texto: 'Olá mundo' } } });
      expect((refused.body as { message: string }).message).toMatch(/^Muitas tentativas/);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
    expect(calls).toEqual([]);
  });

  test('doorKnows tells a page with several doors which one a post is for', async () => {
    expect(await doorKnows(door, post({ intent: 'apagar' }))).toBe(true);
    expect(await doorKnows(door, post({ intent: 'outra' }))).toBe(false);
    expect(await doorKnows(door, post({}))).toBe(false);
  });
});
