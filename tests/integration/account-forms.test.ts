import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { pendingRegistrations } from '~/db/schema/accounts';
import { user } from '~/db/schema/auth';
import { rateLimits } from '~/db/schema/rate-limits';
import { FORGOT_PASSWORD_DONE_MESSAGE, PASSWORD_RESET_DONE_MESSAGE, PASSWORD_RESET_LIMITS_PER_HOUR, RESET_LINK_DEAD_MESSAGE } from '~/modules/accounts/password-reset.schemas';
import { registrationSchema } from '~/modules/accounts/registration.schemas';
import { confirmationLink, REGISTRATION_DONE_MESSAGE, REGISTRATION_LIMITS_PER_HOUR, REGISTRATION_TAKEN_MESSAGE, registerLawyer } from '~/modules/accounts/registration.server';
import { SIGN_IN_LIMITS } from '~/modules/accounts/sign-in-throttle.server';
import { loader as authCallbackLoader } from '~/routes/account/auth-callback';
import { action as forgotPasswordAction } from '~/routes/account/forgot-password';
import { action as loginAction } from '~/routes/account/login';
import { action as registerAction } from '~/routes/account/register';
import { action as resetPasswordAction } from '~/routes/account/reset-password';
import { action as verifyEmailAction, RESEND_DONE_MESSAGE } from '~/routes/account/verify-email';
import { action as apiAuthAction, loader as apiAuthLoader } from '~/routes/resources/api-auth';
import { createLawyer } from '../factories/lawyers';

// What the account pages answer when the rule behind a form refuses (status, message, field errors,
// the values shown again, Retry-After) and when it goes through (redirect, cookies), through the
// routes' own actions and loaders.

const PASSWORD = 'senha-certa-123';
const BLOCKED = /^Muitas tentativas\. Aguarde (um minuto|\d+ minutos) e tente novamente\.$/;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's action or loader: the args are built here
type AnyHandler = (args: any) => unknown;

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Runs an action or loader; a thrown redirect, a `data()` answer and a plain object all come back as an Answer. */
async function run(handler: AnyHandler, request: Request): Promise<Answer> {
  let answer: unknown;
  try {
    answer = await handler({ request, params: {}, context: {} });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    answer = thrown;
  }
  if (answer instanceof Response) return { status: answer.status, headers: answer.headers, body: null };
  if (answer && typeof answer === 'object' && 'init' in answer && 'data' in answer) {
    const { init, data } = answer as { init: ResponseInit | null; data: unknown };
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), body: data };
  }
  return { status: 200, headers: new Headers(), body: answer };
}

function post(handler: AnyHandler, url: string, fields: Record<string, string | string[]>, { ip = '203.0.113.40', cookie }: { ip?: string; cookie?: string } = {}) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  const headers = new Headers({ 'content-type': 'application/x-www-form-urlencoded', [CLIENT_IP_HEADER]: ip });
  if (cookie) headers.set('cookie', cookie);
  return run(handler, new Request(`http://localhost:3000${url}`, { method: 'POST', headers, body }));
}

/** Puts `key`'s counter at `count` in a window that ends in `seconds`. */
async function spend(key: string, count: number, seconds: number) {
  const now = Date.now();
  await db.insert(rateLimits).values({ key, count, windowStartedAt: new Date(now), windowEndsAt: new Date(now + seconds * 1000) });
}

/** The Set-Cookie values of an answer, by cookie name. */
function cookieNames(headers: Headers): string[] {
  return headers.getSetCookie().map((c) => c.split('=')[0]!);
}

function expectRetryAfter(answer: Answer, atMostSeconds: number) {
  const retryAfter = Number(answer.headers.get('Retry-After'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(atMostSeconds);
}

async function lawyerEmail(): Promise<string> {
  const lawyer = await createLawyer({ password: PASSWORD });
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, lawyer.id));
  return row!.email;
}

let counter = 0;
function registrationFields(overrides: Record<string, string | string[]> = {}): Record<string, string | string[]> {
  counter += 1;
  return {
    nome: 'Helena Prado',
    email: `helena.prado.${counter}@exemplo.adv.br`,
    numeroOAB: String(700000 + counter),
    oabUf: 'SP',
    whatsapp: '11987654321',
    password: 'uma-senha-boa-9',
    confirmarSenha: 'uma-senha-boa-9',
    biografia: 'Advogada de família há doze anos, com atendimento próximo, linguagem clara e foco em acordos.',
    areasAtuacao: ['familia'],
    cidadesAtendidas: ['sp_sao_paulo'],
    selectedPlan: 'gratuito',
    ...overrides,
  };
}

/** Registers through the module (unconfirmed address); the new user's id. */
async function registered(email: string): Promise<string> {
  const fields = registrationFields({ email });
  await registerLawyer(registrationSchema.parse(fields), '198.51.100.200');
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

describe('/login', () => {
  test('a wrong password: 400 with the message, the e-mail shown again, never the password', async () => {
    const email = await lawyerEmail();
    const answer = await post(loginAction, '/login', { email, password: 'senha-errada-1' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ errors: {}, message: 'Email ou senha incorretos', values: { email } });
    expect(answer.headers.get('Retry-After')).toBeNull();
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  test('an address not confirmed yet: 400 asking to confirm it', async () => {
    const email = 'sem.confirmar@exemplo.adv.br';
    await registered(email);
    const answer = await post(loginAction, '/login', { email, password: 'uma-senha-boa-9' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ errors: {}, message: 'Confirme seu email antes de entrar: enviamos um link para a sua caixa de entrada.', values: { email } });
  });

  test('an account out of attempts: 429 with Retry-After, the right password too', async () => {
    const email = await lawyerEmail();
    await spend(`login-failure:account:${email}`, SIGN_IN_LIMITS.account.max, 600);
    const answer = await post(loginAction, '/login', { email, password: PASSWORD });
    expect(answer.status).toBe(429);
    expectRetryAfter(answer, 600);
    expect(answer.body).toMatchObject({ errors: {}, message: expect.stringMatching(BLOCKED), values: { email } });
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  test('the right password: a redirect to the area with the session cookies and the toast', async () => {
    const email = await lawyerEmail();
    const answer = await post(loginAction, '/login', { email, password: PASSWORD });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/area-advogado');
    expect(cookieNames(answer.headers)).toEqual(expect.arrayContaining(['jusconecta.session_token', 'jusconecta_toast']));
  });

  test('the HTTP sign-in endpoint answers an account out of attempts with 429 and Retry-After', async () => {
    const email = await lawyerEmail();
    await spend(`login-failure:account:${email}`, SIGN_IN_LIMITS.account.max, 600);
    const request = new Request('http://localhost:3000/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CLIENT_IP_HEADER]: '203.0.113.41' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const response = (await apiAuthAction({ request, params: { '*': 'sign-in/email' }, context: {} } as Parameters<typeof apiAuthAction>[0])) as Response;
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await response.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(BLOCKED) });
  });
});

describe('/registro-advogado', () => {
  test('a taken address: 409 with the message above the form and beside the e-mail, every value but the passwords shown again', async () => {
    const email = await lawyerEmail();
    const fields = registrationFields({ email: email.toUpperCase() });
    const answer = await post(registerAction, '/registro-advogado', fields);
    expect(answer.status).toBe(409);
    const { password: _password, confirmarSenha: _confirmation, ...shown } = fields;
    expect(answer.body).toEqual({ errors: { email: REGISTRATION_TAKEN_MESSAGE }, message: REGISTRATION_TAKEN_MESSAGE, values: shown });
    expect(answer.headers.get('Retry-After')).toBeNull();
  });

  test('an IP over its registrations: 429 with Retry-After and the values shown again', async () => {
    const ip = '198.51.100.41';
    await spend(`registration:ip:${ip}`, REGISTRATION_LIMITS_PER_HOUR.ip, 1800);
    const fields = registrationFields();
    const answer = await post(registerAction, '/registro-advogado', fields, { ip });
    expect(answer.status).toBe(429);
    expectRetryAfter(answer, 1800);
    expect(answer.body).toMatchObject({ errors: {}, message: expect.stringMatching(BLOCKED), values: { email: fields.email, nome: 'Helena Prado' } });
  });

  test('a registration that goes through: to /verificar-email with the toast and the address cookie', async () => {
    const answer = await post(registerAction, '/registro-advogado', registrationFields());
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/verificar-email');
    expect(answer.headers.getSetCookie().some((c) => c.includes(encodeURIComponent(REGISTRATION_DONE_MESSAGE)))).toBe(true);
    expect(cookieNames(answer.headers)).toContain('jusconecta_registro');
  });
});

describe('/verificar-email', () => {
  test('asking for a new link: the same answer for any address; over the limit 429 with Retry-After', async () => {
    const email = 'quem.quer@exemplo.adv.br';
    expect(await post(verifyEmailAction, '/verificar-email', { email }, { ip: '198.51.100.42' })).toMatchObject({
      status: 200,
      body: { errors: {}, message: RESEND_DONE_MESSAGE, values: { email }, sent: true },
    });
    const ip = '198.51.100.43';
    await spend(`registration:ip:${ip}`, REGISTRATION_LIMITS_PER_HOUR.ip, 1800);
    const answer = await post(verifyEmailAction, '/verificar-email', { email }, { ip });
    expect(answer.status).toBe(429);
    expectRetryAfter(answer, 1800);
    expect(answer.body).toEqual({ errors: {}, message: expect.stringMatching(BLOCKED), values: { email } });
  });
});

describe('/esqueci-senha', () => {
  test('the same answer for any address; over the limit 429 with Retry-After and the address shown again', async () => {
    const email = 'esqueceu@exemplo.adv.br';
    expect(await post(forgotPasswordAction, '/esqueci-senha', { email }, { ip: '198.51.100.44' })).toMatchObject({
      status: 200,
      body: { errors: {}, message: FORGOT_PASSWORD_DONE_MESSAGE, values: { email }, sent: true },
    });
    const ip = '198.51.100.45';
    await spend(`password-reset-request:ip:${ip}`, PASSWORD_RESET_LIMITS_PER_HOUR.requestsPerIp, 1800);
    const answer = await post(forgotPasswordAction, '/esqueci-senha', { email }, { ip });
    expect(answer.status).toBe(429);
    expectRetryAfter(answer, 1800);
    expect(answer.body).toEqual({ errors: {}, message: expect.stringMatching(BLOCKED), values: { email } });
  });
});

describe('/recuperar-senha', () => {
  const newPassword = { password: 'nova-senha-forte-456', confirmarSenha: 'nova-senha-forte-456' };

  test('a dead link: 400 and the page offers a new link instead of the form', async () => {
    const answer = await post(resetPasswordAction, '/recuperar-senha?token=AbCdEfGhIjKlMnOpQrStUvWx', newPassword, { ip: '198.51.100.46' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ errors: {}, message: RESET_LINK_DEAD_MESSAGE, values: {}, deadLink: true });
  });

  test('an IP over its submissions: 429 with Retry-After, the form kept', async () => {
    const ip = '198.51.100.47';
    await spend(`password-reset:ip:${ip}`, PASSWORD_RESET_LIMITS_PER_HOUR.resetsPerIp, 1800);
    const answer = await post(resetPasswordAction, '/recuperar-senha?token=AbCdEfGhIjKlMnOpQrStUvWx', newPassword, { ip });
    expect(answer.status).toBe(429);
    expectRetryAfter(answer, 1800);
    expect(answer.body).toEqual({ errors: {}, message: expect.stringMatching(BLOCKED), values: {} });
  });

  test('a working link: to /login with the session cookies cleared and the toast', async () => {
    const email = await lawyerEmail();
    await post(forgotPasswordAction, '/esqueci-senha', { email }, { ip: '198.51.100.48' });
    const [mail] = await db.query.outbox.findMany({ where: (o, { eq: is }) => is(o.recipient, email) });
    const token = /\/recuperar-senha\?token=([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    const answer = await post(resetPasswordAction, `/recuperar-senha?token=${token}`, newPassword, { ip: '198.51.100.48' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/login');
    const cookies = answer.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('jusconecta.session_token=;') && c.includes('Max-Age=0'))).toBe(true);
    expect(cookies.some((c) => c.includes(encodeURIComponent(PASSWORD_RESET_DONE_MESSAGE)))).toBe(true);
  });
});

describe('confirming an address', () => {
  async function confirmedCookie(email: string): Promise<string> {
    await db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const answer = await post(loginAction, '/login', { email, password: 'uma-senha-boa-9' });
    expect(answer.status).toBe(302);
    return answer.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  function openCallback(cookie: string) {
    return run(authCallbackLoader, new Request('http://localhost:3000/auth-callback', { headers: { cookie } }));
  }

  test('/auth-callback finishes a pending registration, then the area takes over', async () => {
    const email = 'confirmada@exemplo.adv.br';
    await registered(email);
    const answer = await openCallback(await confirmedCookie(email));
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/area-advogado');
  });

  test('/auth-callback without registration data says so', async () => {
    const email = 'sem.dados@exemplo.adv.br';
    const id = await registered(email);
    await db.delete(pendingRegistrations).where(eq(pendingRegistrations.userId, id));
    expect(await openCallback(await confirmedCookie(email))).toEqual({ status: 200, headers: new Headers(), body: { state: 'missing-registration' } });
  });

  test('the e-mailed link confirms an address with no registration behind it, and goes on to /auth-callback', async () => {
    const email = 'sem.cadastro@exemplo.adv.br';
    const id = await registered(email);
    await db.delete(pendingRegistrations).where(eq(pendingRegistrations.userId, id));
    const link = new URL(await confirmationLink(id, email));
    const response = (await apiAuthLoader({
      request: new Request(`http://localhost:3000${link.pathname}${link.search}`, { headers: { [CLIENT_IP_HEADER]: '203.0.113.49' } }),
      params: { '*': 'verify-email' },
      context: {},
    } as Parameters<typeof apiAuthLoader>[0])) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/auth-callback');
    const [row] = await db.select({ verified: user.emailVerified }).from(user).where(eq(user.id, id));
    expect(row).toEqual({ verified: true });
  });
});
