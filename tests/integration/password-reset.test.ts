import { eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CLIENT_IP_HEADER, getAuth } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { pendingRegistrations } from '~/db/schema/accounts';
import { session, user, verification } from '~/db/schema/auth';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { outbox } from '~/db/schema/messaging';
import { rateLimits } from '~/db/schema/rate-limits';
import { signInWithPassword } from '~/modules/accounts/login.server';
import {
  PASSWORD_RESET_LIMITS_PER_HOUR,
  PASSWORD_RESET_LINK_SECONDS,
  RESET_LINK_DEAD_MESSAGE,
  resetPasswordSchema,
} from '~/modules/accounts/password-reset.schemas';
import { isResetLinkUsable, requestPasswordReset, RESET_LINK_DEAD_CODE, resetPassword } from '~/modules/accounts/password-reset.server';
import { registerLawyer } from '~/modules/accounts/registration.server';
import { SIGN_IN_LIMITS } from '~/modules/accounts/sign-in-throttle.server';
import { registrationSchema } from '~/modules/accounts/registration.schemas';
import { action as apiAuthAction } from '~/routes/resources/api-auth';
import { createLawyer } from '../factories/lawyers';
import { refusalOf } from '../support/refusal';

const OLD_PASSWORD = 'senha-antiga-123';
const NEW_PASSWORD = 'nova-senha-forte-456';

function headersFrom(ip: string, cookies: string[] = []) {
  const headers = new Headers({ [CLIENT_IP_HEADER]: ip });
  if (cookies.length > 0) headers.set('cookie', cookies.map((c) => c.split(';')[0]).join('; '));
  return headers;
}

async function lawyerWithPassword() {
  const lawyer = await createLawyer({ password: OLD_PASSWORD });
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, lawyer.id));
  return { id: lawyer.id, email: row!.email };
}

async function resetMailsTo(email: string) {
  return db.select().from(outbox).where(eq(outbox.recipient, email));
}

/** Asks for a reset link and reads its token back from the queued e-mail. */
async function requestLink(email: string, ip = '203.0.113.10'): Promise<string> {
  const before = (await resetMailsTo(email)).length;
  await expect(requestPasswordReset(email, headersFrom(ip))).resolves.toBeUndefined();
  const mails = await resetMailsTo(email);
  expect(mails).toHaveLength(before + 1);
  const token = /\/recuperar-senha\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.body)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

async function signIn(email: string, password: string) {
  return signInWithPassword({ email, password }, headersFrom('198.51.100.1'));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('asking for a reset link', () => {
  test('an unknown address gets the same answer and no e-mail', async () => {
    await expect(requestPasswordReset('ninguem.aqui@exemplo.com.br', headersFrom('203.0.113.1'))).resolves.toBeUndefined();
    expect(await db.select().from(outbox)).toHaveLength(0);
    expect(await db.select().from(verification)).toHaveLength(0);
  });

  test('a known address gets an e-mail whose link opens the reset page; the token is stored hashed, for 1 hour', async () => {
    const ana = await lawyerWithPassword();
    // Any case and spacing of the address finds the account.
    await expect(requestPasswordReset(`  ${ana.email.toUpperCase()} `, headersFrom('203.0.113.2'))).resolves.toBeUndefined();
    const [mail] = await resetMailsTo(ana.email);
    expect(mail).toMatchObject({ subject: 'Redefinição de senha no JusConecta', status: 'queued', metadata: { template: 'redefinicao-senha' } });
    const token = /http:\/\/localhost:3000\/recuperar-senha\?token=([A-Za-z0-9_-]+)/.exec(mail!.body)?.[1];
    expect(token, mail!.body).toBeTruthy();
    expect(mail!.htmlBody).toContain(`http://localhost:3000/recuperar-senha?token=${token}`);
    expect(mail!.body).not.toContain('/api/auth/');
    expect(await isResetLinkUsable(token)).toBe(true);

    const [row] = await db.select().from(verification);
    expect(row!.value).toBe(ana.id);
    expect(row!.identifier.startsWith('reset-password:')).toBe(true);
    expect(row!.identifier).not.toContain(token!);
    expect(Math.round((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000)).toBe(PASSWORD_RESET_LINK_SECONDS);
  });

  test('better-auth’s reset endpoints stay closed over HTTP', async () => {
    for (const path of ['/api/auth/request-password-reset', '/api/auth/reset-password', '/api/auth/forget-password']) {
      const request = new Request(`http://localhost:3000${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a@b.co' }) });
      const response = await apiAuthAction({ request, params: { '*': path.slice('/api/auth/'.length) }, context: {} } as Parameters<typeof apiAuthAction>[0]);
      expect(response.status).toBe(404);
    }
  });
});

describe('setting a new password', () => {
  test('ends every session of the user; the old password is refused and the new one works', async () => {
    const ana = await lawyerWithPassword();
    const phone = await signIn(ana.email, OLD_PASSWORD);
    const laptop = await signIn(ana.email, OLD_PASSWORD);
    expect(await db.select().from(session).where(eq(session.userId, ana.id))).toHaveLength(2);

    const token = await requestLink(ana.email);
    await expect(resetPassword(token, NEW_PASSWORD, headersFrom('203.0.113.3'))).resolves.toBeUndefined();

    expect(await db.select().from(session).where(eq(session.userId, ana.id))).toHaveLength(0);
    expect(await getAuth().api.getSession({ headers: headersFrom('203.0.113.3', phone.setCookies) })).toBeNull();
    expect(await getAuth().api.getSession({ headers: headersFrom('203.0.113.3', laptop.setCookies) })).toBeNull();
    expect(await refusalOf(signIn(ana.email, OLD_PASSWORD))).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Email ou senha incorretos' });
    await expect(signIn(ana.email, NEW_PASSWORD)).resolves.toHaveProperty('setCookies');
  });

  test('clears the account’s failed sign-ins from every address, and keeps the addresses’ own counts', async () => {
    const ana = await lawyerWithPassword();
    const now = Date.now();
    const until = new Date(now + SIGN_IN_LIMITS.account.windowMs);
    await db.insert(rateLimits).values([
      { key: `login-failure:account:${ana.email}`, count: SIGN_IN_LIMITS.account.max, windowStartedAt: new Date(now), windowEndsAt: until },
      { key: `login-failure:pair:198.51.100.1:${ana.email}`, count: SIGN_IN_LIMITS.pair.max, windowStartedAt: new Date(now), windowEndsAt: until },
      { key: 'login-failure:ip:198.51.100.9', count: 7, windowStartedAt: new Date(now), windowEndsAt: until },
    ]);
    expect(await refusalOf(signIn(ana.email, OLD_PASSWORD))).toMatchObject({ status: 429 });

    const token = await requestLink(ana.email);
    await expect(resetPassword(token, NEW_PASSWORD, headersFrom('203.0.113.3'))).resolves.toBeUndefined();

    const left = await db.select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, 'login-failure:%'));
    expect(left.map((row) => row.key)).toEqual(['login-failure:ip:198.51.100.9']);
    await expect(signIn(ana.email, NEW_PASSWORD)).resolves.toHaveProperty('setCookies');
  });

  test('a link works once', async () => {
    const ana = await lawyerWithPassword();
    const token = await requestLink(ana.email);
    await expect(resetPassword(token, NEW_PASSWORD, headersFrom('203.0.113.4'))).resolves.toBeUndefined();
    expect(await isResetLinkUsable(token)).toBe(false);
    expect(await refusalOf(resetPassword(token, 'outra-senha-boa-789', headersFrom('203.0.113.4')))).toEqual({ status: 400, code: RESET_LINK_DEAD_CODE, message: RESET_LINK_DEAD_MESSAGE });
    await expect(signIn(ana.email, NEW_PASSWORD)).resolves.toHaveProperty('setCookies');
  });

  test('a link expires after 1 hour', async () => {
    const ana = await lawyerWithPassword();
    const start = new Date();
    const token = await requestLink(ana.email);
    vi.useFakeTimers({ toFake: ['Date'], now: start.getTime() + (PASSWORD_RESET_LINK_SECONDS - 60) * 1000 });
    expect(await isResetLinkUsable(token)).toBe(true);
    vi.setSystemTime(start.getTime() + (PASSWORD_RESET_LINK_SECONDS + 1) * 1000);
    expect(await isResetLinkUsable(token)).toBe(false);
    expect(await refusalOf(resetPassword(token, NEW_PASSWORD, headersFrom('203.0.113.5')))).toMatchObject({ code: RESET_LINK_DEAD_CODE });
    vi.useRealTimers();
    await expect(signIn(ana.email, OLD_PASSWORD)).resolves.toHaveProperty('setCookies');
  });

  test('one reset ends the other links the user asked for', async () => {
    const ana = await lawyerWithPassword();
    const first = await requestLink(ana.email);
    const second = await requestLink(ana.email);
    expect(first).not.toBe(second);
    await expect(resetPassword(second, NEW_PASSWORD, headersFrom('203.0.113.6'))).resolves.toBeUndefined();
    expect(await isResetLinkUsable(first)).toBe(false);
    expect(await refusalOf(resetPassword(first, 'outra-senha-boa-789', headersFrom('203.0.113.6')))).toMatchObject({ code: RESET_LINK_DEAD_CODE });
  });

  test('a made-up, malformed or missing token is a dead link', async () => {
    await lawyerWithPassword();
    for (const token of ['AbCdEfGhIjKlMnOpQrStUvWx', 'curto', '../../etc/passwd?x=1', '']) {
      expect(await isResetLinkUsable(token)).toBe(false);
      expect(await refusalOf(resetPassword(token, NEW_PASSWORD, headersFrom('203.0.113.7')))).toMatchObject({ status: 400, code: RESET_LINK_DEAD_CODE });
    }
    expect(await isResetLinkUsable(null)).toBe(false);
  });

  test('the new password follows the rules of a new password, and a refused one does not spend the link', async () => {
    const ana = await lawyerWithPassword();
    const token = await requestLink(ana.email);
    expect(await refusalOf(resetPassword(token, 'curta', headersFrom('203.0.113.8')))).toEqual({
      status: 400,
      code: 'invalid_password',
      field: 'password',
      message: 'A senha deve ter pelo menos 8 caracteres.',
    });
    expect(await refusalOf(resetPassword(token, '12345678', headersFrom('203.0.113.8')))).toEqual({
      status: 400,
      code: 'invalid_password',
      field: 'password',
      message: 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.',
    });
    expect(await isResetLinkUsable(token)).toBe(true);

    const mismatch = resetPasswordSchema.safeParse({ password: NEW_PASSWORD, confirmarSenha: 'outra-coisa-123' });
    expect(mismatch.error?.issues[0]).toMatchObject({ path: ['confirmarSenha'], message: 'As senhas não coincidem.' });
    const short = resetPasswordSchema.safeParse({ password: 'abc', confirmarSenha: 'abc' });
    expect(short.error?.issues[0]).toMatchObject({ path: ['password'], message: 'A senha deve ter pelo menos 8 caracteres.' });
    expect(resetPasswordSchema.safeParse({ password: NEW_PASSWORD, confirmarSenha: NEW_PASSWORD }).success).toBe(true);
  });

  test('an address not confirmed yet: the reset confirms it and finishes the registration', async () => {
    const input = registrationSchema.parse({
      nome: 'Carla Nunes',
      email: 'carla.nunes@exemplo.adv.br',
      numeroOAB: '445566',
      oabUf: 'MG',
      whatsapp: '31987654321',
      password: 'senha-esquecida-1',
      confirmarSenha: 'senha-esquecida-1',
      biografia: 'Advogada trabalhista há doze anos, atendo empregados e pequenas empresas com clareza e rapidez.',
      areasAtuacao: ['trabalho'],
      cidadesAtendidas: ['mg_belo_horizonte'],
    });
    await registerLawyer(input, '203.0.113.9');
    expect(await refusalOf(signIn(input.email, 'senha-esquecida-1'))).toMatchObject({ code: 'email_not_verified' });

    const token = await requestLink(input.email);
    await expect(resetPassword(token, NEW_PASSWORD, headersFrom('203.0.113.9'))).resolves.toBeUndefined();

    const [carla] = await db.select({ id: user.id, emailVerified: user.emailVerified }).from(user).where(eq(user.email, input.email));
    expect(carla!.emailVerified).toBe(true);
    const [pending] = await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.userId, carla!.id));
    expect(pending!.finalizedAt).not.toBeNull();
    const [profile] = await db.select({ status: lawyerProfiles.status }).from(lawyerProfiles).where(eq(lawyerProfiles.id, carla!.id));
    expect(profile).toEqual({ status: 'pending' });
    await expect(signIn(input.email, NEW_PASSWORD)).resolves.toHaveProperty('setCookies');
  });
});

describe('limits', () => {
  test(`a client IP asks for at most ${PASSWORD_RESET_LIMITS_PER_HOUR.requestsPerIp} links an hour`, async () => {
    const ip = '192.0.2.10';
    for (let i = 0; i < PASSWORD_RESET_LIMITS_PER_HOUR.requestsPerIp; i++) {
      await expect(requestPasswordReset(`pessoa.${i}@exemplo.com.br`, headersFrom(ip))).resolves.toBeUndefined();
    }
    const blocked = await refusalOf(requestPasswordReset('mais.uma@exemplo.com.br', headersFrom(ip)));
    expect(blocked).toMatchObject({ status: 429, code: 'too_many_attempts' });
    expect(blocked.message).toMatch(/^Muitas tentativas\. Aguarde \d+ minutos e tente novamente\.$/);
    expect(blocked.retryAfter).toBeGreaterThan(3000);
    await expect(requestPasswordReset('mais.uma@exemplo.com.br', headersFrom('192.0.2.11'))).resolves.toBeUndefined();
  });

  test(`an address gets at most ${PASSWORD_RESET_LIMITS_PER_HOUR.requestsPerAddress} links an hour, and an unknown address is counted the same`, async () => {
    const ana = await lawyerWithPassword();
    for (const address of [ana.email, 'desconhecida@exemplo.com.br']) {
      for (let i = 0; i < PASSWORD_RESET_LIMITS_PER_HOUR.requestsPerAddress; i++) {
        await expect(requestPasswordReset(address, headersFrom(`198.51.100.${10 + i}`))).resolves.toBeUndefined();
      }
      expect(await refusalOf(requestPasswordReset(address.toUpperCase(), headersFrom('198.51.100.99')))).toMatchObject({ status: 429 });
    }
    expect(await resetMailsTo(ana.email)).toHaveLength(PASSWORD_RESET_LIMITS_PER_HOUR.requestsPerAddress);
  });

  test(`a client IP submits at most ${PASSWORD_RESET_LIMITS_PER_HOUR.resetsPerIp} new passwords an hour`, async () => {
    const ana = await lawyerWithPassword();
    const token = await requestLink(ana.email);
    const ip = '192.0.2.20';
    for (let i = 0; i < PASSWORD_RESET_LIMITS_PER_HOUR.resetsPerIp; i++) {
      expect(await refusalOf(resetPassword(`Inventado${String(i).padStart(16, '0')}`, NEW_PASSWORD, headersFrom(ip)))).toMatchObject({ code: RESET_LINK_DEAD_CODE });
    }
    expect(await refusalOf(resetPassword(token, NEW_PASSWORD, headersFrom(ip)))).toMatchObject({ status: 429, retryAfter: expect.any(Number) });
    await expect(resetPassword(token, NEW_PASSWORD, headersFrom('192.0.2.21'))).resolves.toBeUndefined();
  });
});
