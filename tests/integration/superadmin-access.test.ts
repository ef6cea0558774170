import * as crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test, vi } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { auditLog, superadmins } from '~/db/schema/admin';
import { session, user } from '~/db/schema/auth';
import { signInWithPassword } from '~/modules/accounts/login.server';
import { signInAsSuperadmin } from '~/modules/accounts/superadmin-login.server';
import {
  BOOTSTRAP_CLOSED_MESSAGE,
  BOOTSTRAP_SECRET_REQUIRED_MESSAGE,
  BOOTSTRAP_SECRET_WRONG_MESSAGE,
  NOT_A_SUPERADMIN_MESSAGE,
  SUPERADMIN_CREATED_MESSAGE,
  SUPERADMIN_EMAIL_TAKEN_MESSAGE,
  newSuperadminSchema,
} from '~/modules/accounts/superadmins.schemas';
import {
  BOOTSTRAP_ATTEMPTS_PER_HOUR,
  SUPERADMIN_CREATED_AUDIT_ACTION,
  bootstrapSecretMatches,
  isSuperadmin,
  registerSuperadmin,
  type SuperadminRequester,
} from '~/modules/accounts/superadmins.server';
import { action as loginAction } from '~/routes/admin/admin-login';
import { action as bootstrapAction } from '~/routes/admin/bootstrap-superadmin';
import { createSuperadminFromCommandLine, parseCreateSuperadminArgs } from '../../scripts/create-superadmin';
import { createLawyer } from '../factories/lawyers';

// Creating superadmins (/bootstrap-superadmin and `npm run admin:create`) and the /admin entrance,
// against a real database (docs/decisions/0018).

vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof crypto>();
  return { ...original, timingSafeEqual: vi.fn(original.timingSafeEqual) };
});

const SECRET = 'segredo-de-bootstrap-0123456789';
const PASSWORD = 'senha-da-admin-2025';

const account = (email: string, nome?: string) => newSuperadminSchema.parse({ email, password: PASSWORD, nome });
const form = (secret: string | undefined, configuredSecret: string | undefined): SuperadminRequester => ({ via: 'bootstrap-form', secret, configuredSecret });

async function superadminCount() {
  return (await db.select({ id: superadmins.id }).from(superadmins)).length;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's action: the args are built here
type AnyAction = (args: any) => unknown;

/** Posts a form to a route action as a browser does; a thrown redirect comes back as the Response. */
async function post(handler: AnyAction, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost:3000${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', [CLIENT_IP_HEADER]: '203.0.113.77', ...headers },
    body: new URLSearchParams(fields),
  });
  try {
    return (await handler({ request, params: {}, context: {} })) as { data: { errors: Record<string, string>; message: string | null; values: Record<string, string> }; init: ResponseInit };
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe('bootstrapping superadmins', () => {
  test('the first superadmin needs no secret, even when none is configured; an audit entry says so', async () => {
    const created = await registerSuperadmin(account('Primeira@Exemplo.com.br', 'Primeira Admin'), form(undefined, undefined));
    expect(created).toMatchObject({ first: true });
    expect(await isSuperadmin(db, created.id)).toBe(true);
    const [row] = await db.select({ email: user.email, name: user.name, verified: user.emailVerified }).from(user).where(eq(user.id, created.id));
    expect(row).toEqual({ email: 'primeira@exemplo.com.br', name: 'Primeira Admin', verified: true });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(entry).toMatchObject({ action: SUPERADMIN_CREATED_AUDIT_ACTION, actorId: null, targetType: 'user', details: { via: 'bootstrap-form', first: true } });
    // And the new superadmin can sign in at /admin.
    expect(await signInAsSuperadmin({ email: 'primeira@exemplo.com.br', password: PASSWORD }, new Headers({ [CLIENT_IP_HEADER]: '203.0.113.1' }))).toMatchObject({ setCookies: expect.arrayContaining([expect.stringContaining('session_token=')]) });
  });

  test('once one exists, the next needs BOOTSTRAP_SECRET: missing or wrong is refused and creates nothing', async () => {
    await registerSuperadmin(account('primeira@exemplo.com.br'), form(undefined, SECRET));

    await expect(registerSuperadmin(account('segunda@exemplo.com.br'), form(undefined, SECRET))).rejects.toMatchObject({
      status: 403,
      message: BOOTSTRAP_SECRET_REQUIRED_MESSAGE,
      field: 'bootstrap_secret',
    });
    for (const wrong of [`${SECRET}x`, SECRET.slice(0, -1), SECRET.toUpperCase(), ' ', 'a'.repeat(256)]) {
      await expect(registerSuperadmin(account('segunda@exemplo.com.br'), form(wrong, SECRET))).rejects.toMatchObject({ status: 403, message: BOOTSTRAP_SECRET_WRONG_MESSAGE });
    }
    expect(await superadminCount()).toBe(1);

    const second = await registerSuperadmin(account('segunda@exemplo.com.br'), form(SECRET, SECRET));
    expect(second).toMatchObject({ first: false });
    expect(await superadminCount()).toBe(2);
  });

  test('with BOOTSTRAP_SECRET unset, no later superadmin is created from the form, whatever secret is typed', async () => {
    await registerSuperadmin(account('primeira@exemplo.com.br'), form(undefined, undefined));
    for (const secret of [undefined, SECRET, '']) {
      await expect(registerSuperadmin(account('segunda@exemplo.com.br'), form(secret, undefined))).rejects.toMatchObject({ status: 403, message: BOOTSTRAP_CLOSED_MESSAGE });
    }
    expect(await superadminCount()).toBe(1);
  });

  test('the secret is compared in constant time: SHA-256 digests of equal length through timingSafeEqual', () => {
    const timingSafeEqual = vi.mocked(crypto.timingSafeEqual);
    timingSafeEqual.mockClear();
    expect(bootstrapSecretMatches(SECRET, SECRET)).toBe(true);
    expect(bootstrapSecretMatches('curto', SECRET)).toBe(false);
    expect(bootstrapSecretMatches(`${SECRET}-e-mais-longo`, SECRET)).toBe(false);
    expect(bootstrapSecretMatches('', SECRET)).toBe(false);
    expect(timingSafeEqual).toHaveBeenCalledTimes(4);
    for (const [a, b] of timingSafeEqual.mock.calls) {
      expect((a as Buffer).length).toBe(32);
      expect((b as Buffer).length).toBe(32);
    }
  });

  test('an address that already has an account is refused, but only after the secret (no probing without it)', async () => {
    await createLawyer({ email: 'advogada@exemplo.adv.br' });
    await registerSuperadmin(account('primeira@exemplo.com.br'), form(undefined, SECRET));
    await expect(registerSuperadmin(account('ADVOGADA@exemplo.adv.br'), form('errado', SECRET))).rejects.toMatchObject({ message: BOOTSTRAP_SECRET_WRONG_MESSAGE });
    await expect(registerSuperadmin(account('advogada@exemplo.adv.br'), form(SECRET, SECRET))).rejects.toMatchObject({ status: 409, message: SUPERADMIN_EMAIL_TAKEN_MESSAGE, field: 'email' });
    await expect(registerSuperadmin(account('primeira@exemplo.com.br'), form(SECRET, SECRET))).rejects.toMatchObject({ status: 409 });
  });

  test('two first superadmins asked for at the same time: exactly one is "the first", the other needs the secret', async () => {
    const results = await Promise.allSettled([
      registerSuperadmin(account('a@exemplo.com.br'), form(undefined, SECRET)),
      registerSuperadmin(account('b@exemplo.com.br'), form(undefined, SECRET)),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected')).toMatchObject([{ reason: { message: BOOTSTRAP_SECRET_REQUIRED_MESSAGE } }]);
    expect(await superadminCount()).toBe(1);
  });
});

describe('the /bootstrap-superadmin form', () => {
  test('creates the first superadmin, then sends to /admin with the spec message', async () => {
    const answer = await post(bootstrapAction, '/bootstrap-superadmin', { email: 'primeira@exemplo.com.br', password: PASSWORD, nome: '', bootstrap_secret: '' });
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/admin');
    expect(response.headers.get('Set-Cookie')).toContain(encodeURIComponent(SUPERADMIN_CREATED_MESSAGE));
    const [admin] = await db.select({ nome: superadmins.nome }).from(superadmins);
    expect(admin?.nome).toBe('primeira');
  });

  test('checks every field on the server with zod and echoes only the e-mail and the name, never the password or the secret', async () => {
    const answer = await post(bootstrapAction, '/bootstrap-superadmin', { email: 'não é email', password: '123', nome: 'x'.repeat(200), bootstrap_secret: 'segredo' });
    expect(answer).not.toBeInstanceOf(Response);
    const { data, init } = answer as Exclude<typeof answer, Response>;
    expect(init.status).toBe(400);
    expect(data.errors).toEqual({ email: 'Email inválido', password: 'A senha deve ter pelo menos 8 caracteres.', nome: 'Nome deve ter no máximo 120 caracteres' });
    expect(data.values).toEqual({ email: 'não é email', nome: 'x'.repeat(120) });
    expect(JSON.stringify(data)).not.toContain('segredo');

    const json = await post(bootstrapAction, '/bootstrap-superadmin', {}, { 'content-type': 'application/json' });
    expect((json as Exclude<typeof json, Response>).init.status).toBe(400);
    expect(await superadminCount()).toBe(0);
  });

  test('a later superadmin is refused when the server has no BOOTSTRAP_SECRET (this test environment has none)', async () => {
    await registerSuperadmin(account('primeira@exemplo.com.br'), { via: 'command-line' });
    const answer = await post(bootstrapAction, '/bootstrap-superadmin', { email: 'segunda@exemplo.com.br', password: PASSWORD, bootstrap_secret: SECRET });
    const { data, init } = answer as Exclude<typeof answer, Response>;
    expect(init.status).toBe(403);
    expect(data.message).toBe(BOOTSTRAP_CLOSED_MESSAGE);
  });

  test(`allows ${BOOTSTRAP_ATTEMPTS_PER_HOUR} attempts an hour per client IP, then answers 429 with Retry-After`, async () => {
    await registerSuperadmin(account('primeira@exemplo.com.br'), { via: 'command-line' });
    const attempt = () => post(bootstrapAction, '/bootstrap-superadmin', { email: 'segunda@exemplo.com.br', password: PASSWORD, bootstrap_secret: 'chute' });
    for (let i = 0; i < BOOTSTRAP_ATTEMPTS_PER_HOUR; i++) expect(((await attempt()) as { init: ResponseInit }).init.status).toBe(403);
    const blocked = (await attempt()) as Exclude<Awaited<ReturnType<typeof attempt>>, Response>;
    expect(blocked.init.status).toBe(429);
    expect(new Headers(blocked.init.headers).get('Retry-After')).toMatch(/^\d+$/);
    expect(blocked.data.message).toMatch(/^Muitas tentativas\. Aguarde/);
  });
});

describe('npm run admin:create', () => {
  test('reads --email and --name, and refuses anything else', () => {
    expect(parseCreateSuperadminArgs(['--email', 'a@exemplo.com.br', '--name', 'Maria Souza'])).toEqual({ ok: true, email: 'a@exemplo.com.br', name: 'Maria Souza' });
    expect(parseCreateSuperadminArgs(['--email=a@exemplo.com.br'])).toEqual({ ok: true, email: 'a@exemplo.com.br', name: undefined });
    expect(parseCreateSuperadminArgs([])).toMatchObject({ ok: false, message: expect.stringContaining('Informe o email') });
    expect(parseCreateSuperadminArgs(['--email', 'a@exemplo.com.br', '--password', 'x'])).toMatchObject({ ok: false, message: expect.stringContaining('Uso: npm run admin:create') });
  });

  test('creates superadmins through the same function, without the bootstrap secret, and with the same rules', async () => {
    const first = await createSuperadminFromCommandLine({ email: 'Maria@Exemplo.com.br', name: 'Maria Souza', password: PASSWORD });
    expect(first).toMatchObject({ ok: true, message: 'Superadmin maria@exemplo.com.br criado (o primeiro da plataforma). Entre em /admin.' });
    const second = await createSuperadminFromCommandLine({ email: 'joao@exemplo.com.br', name: undefined, password: PASSWORD });
    expect(second).toMatchObject({ ok: true, message: 'Superadmin joao@exemplo.com.br criado. Entre em /admin.' });
    expect(await superadminCount()).toBe(2);
    const entries = await db.select({ details: auditLog.details }).from(auditLog).where(eq(auditLog.action, SUPERADMIN_CREATED_AUDIT_ACTION));
    expect(entries.map((e) => e.details)).toEqual(expect.arrayContaining([{ via: 'command-line', first: true }, { via: 'command-line', first: false }]));

    expect(await createSuperadminFromCommandLine({ email: 'x@exemplo.com.br', name: undefined, password: '12345678' })).toEqual({
      ok: false,
      message: 'password: Esta senha é muito comum e fácil de adivinhar. Escolha outra.',
    });
    expect(await createSuperadminFromCommandLine({ email: 'joao@exemplo.com.br', name: undefined, password: PASSWORD })).toEqual({ ok: false, message: SUPERADMIN_EMAIL_TAKEN_MESSAGE });
    expect(await createSuperadminFromCommandLine({ email: 'não', name: undefined, password: PASSWORD })).toEqual({ ok: false, message: 'email: Email inválido' });
    expect(await superadminCount()).toBe(2);
  });
});

describe('the /admin entrance', () => {
  test('a superadmin is signed in and sent to the dashboard with the spec toast', async () => {
    await registerSuperadmin(account('admin@exemplo.com.br'), { via: 'command-line' });
    const response = (await post(loginAction, '/admin', { email: 'admin@exemplo.com.br', password: PASSWORD })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/admin/dashboard');
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => /^jusconecta\.session_token=[^;]+/.test(c))).toBe(true);
    expect(cookies.some((c) => c.includes(encodeURIComponent('Login realizado com sucesso!')))).toBe(true);
  });

  test('an approved lawyer with the right password is signed out at once, with the spec message', async () => {
    const lawyer = await createLawyer({ email: 'aprovada@exemplo.adv.br', password: PASSWORD });
    const response = (await post(loginAction, '/admin', { email: 'aprovada@exemplo.adv.br', password: PASSWORD })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/admin');
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => /^jusconecta\.session_token=;.*Max-Age=0/.test(c))).toBe(true);
    expect(cookies.some((c) => c.includes(encodeURIComponent(NOT_A_SUPERADMIN_MESSAGE)))).toBe(true);
    expect(await db.select().from(session).where(eq(session.userId, lawyer.id))).toEqual([]);
  });

  test('the lawyer keeps their other sessions: only the one just opened at /admin is ended', async () => {
    const lawyer = await createLawyer({ email: 'aprovada@exemplo.adv.br', password: PASSWORD });
    await signInWithPassword({ email: 'aprovada@exemplo.adv.br', password: PASSWORD }, new Headers({ [CLIENT_IP_HEADER]: '203.0.113.2' }));
    await post(loginAction, '/admin', { email: 'aprovada@exemplo.adv.br', password: PASSWORD });
    expect(await db.select().from(session).where(eq(session.userId, lawyer.id))).toHaveLength(1);
  });

  test('a wrong password and an invalid form keep the login messages', async () => {
    await registerSuperadmin(account('admin@exemplo.com.br'), { via: 'command-line' });
    const wrong = (await post(loginAction, '/admin', { email: 'admin@exemplo.com.br', password: 'senha-errada' })) as Exclude<Awaited<ReturnType<typeof post>>, Response>;
    expect(wrong.init.status).toBe(400);
    expect(wrong.data.message).toBe('Email ou senha incorretos');
    const invalid = (await post(loginAction, '/admin', { email: 'x', password: '' })) as Exclude<Awaited<ReturnType<typeof post>>, Response>;
    expect(invalid.data.errors).toEqual({ email: 'Email inválido', password: 'A senha deve ter pelo menos 6 caracteres' });
  });
});
