import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { CLIENT_IP_HEADER, getAuth } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { session } from '~/db/schema/auth';
import { rateLimits } from '~/db/schema/rate-limits';
import { signInWithPassword, signOut } from '~/modules/accounts/login.server';
import { MAX_SESSIONS_PER_USER } from '~/modules/accounts/sessions.server';
import { SIGN_IN_LIMITS } from '~/modules/accounts/sign-in-throttle.server';
import { createLawyer } from '../factories/lawyers';
import { refusalOf } from '../support/refusal';

const PASSWORD = 'senha-certa-123';
/** Tests that sign in tens of times in a row: each attempt hashes a password, slow on a busy machine. */
const SIGN_IN_LOOP_TIMEOUT_MS = 60_000;

function headersFrom(ip: string, cookies: string[] = []) {
  const headers = new Headers({ [CLIENT_IP_HEADER]: ip });
  if (cookies.length > 0) headers.set('cookie', cookies.map((c) => c.split(';')[0]).join('; '));
  return headers;
}

async function lawyerWithPassword() {
  const lawyer = await createLawyer({ password: PASSWORD });
  const [row] = await db.query.user.findMany({ where: (u, { eq: is }) => is(u.id, lawyer.id), columns: { email: true } });
  return { ...lawyer, email: row!.email };
}

/** Counts `count` failures on a key, in a window of its rule that started now. */
async function spendFailures(key: string, count: number) {
  const now = Date.now();
  const windowMs = key.includes(':account:') ? SIGN_IN_LIMITS.account.windowMs : SIGN_IN_LIMITS.pair.windowMs;
  await db.insert(rateLimits).values({ key, count, windowStartedAt: new Date(now), windowEndsAt: new Date(now + windowMs) });
}

async function sessionsOf(userId: string) {
  return db.select({ id: session.id, token: session.token }).from(session).where(eq(session.userId, userId));
}

describe('failed sign-ins (the /login form calls better-auth in process)', () => {
  test(`${SIGN_IN_LIMITS.pair.max + 1} wrong passwords from as many addresses leave the owner able to sign in from her own address`, async () => {
    const ana = await lawyerWithPassword();
    for (let i = 0; i <= SIGN_IN_LIMITS.pair.max; i++) {
      const refused = await refusalOf(signInWithPassword({ email: ana.email, password: `errada-${i}-xyz` }, headersFrom(`198.51.100.${i}`)));
      expect(refused).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Email ou senha incorretos' });
    }
    expect((await signInWithPassword({ email: ana.email, password: PASSWORD }, headersFrom('203.0.113.50'))).setCookies).not.toHaveLength(0);
  }, SIGN_IN_LOOP_TIMEOUT_MS);

  test(`after ${SIGN_IN_LIMITS.pair.max} wrong passwords one address is refused on that account with 429, the right password too; other addresses are not`, async () => {
    const ana = await lawyerWithPassword();
    const ip = '198.51.100.77';
    // The first failures as the throttle stored them, the last ones through the form (each hashes a password).
    await spendFailures(`login-failure:pair:${ip}:${ana.email}`, SIGN_IN_LIMITS.pair.max - 2);
    for (let i = 0; i < 2; i++) {
      expect(await refusalOf(signInWithPassword({ email: ana.email, password: `errada-${i}-xyz` }, headersFrom(ip)))).toMatchObject({ status: 400 });
    }
    const blocked = await refusalOf(signInWithPassword({ email: ana.email.toUpperCase(), password: PASSWORD }, headersFrom(ip)));
    expect(blocked).toMatchObject({ status: 429, code: 'too_many_attempts' });
    expect(blocked.message).toMatch(/^Muitas tentativas\. Aguarde (um minuto|\d+ minutos) e tente novamente\.$/);
    expect(blocked.retryAfter).toBeGreaterThan(60);
    expect((await signInWithPassword({ email: ana.email, password: PASSWORD }, headersFrom('198.51.100.78'))).setCookies).not.toHaveLength(0);
  });

  test(`a guess spread over many addresses stops at ${SIGN_IN_LIMITS.account.max} failures an hour: then every address is refused, the right password too`, async () => {
    const ana = await lawyerWithPassword();
    await spendFailures(`login-failure:account:${ana.email}`, SIGN_IN_LIMITS.account.max - 1);
    expect(await refusalOf(signInWithPassword({ email: ana.email, password: 'errada-xyz-1' }, headersFrom('192.0.2.1')))).toMatchObject({ status: 400 });
    const blocked = await refusalOf(signInWithPassword({ email: ana.email, password: PASSWORD }, headersFrom('192.0.2.2')));
    expect(blocked).toMatchObject({ status: 429, code: 'too_many_attempts' });
    expect(blocked.retryAfter).toBeGreaterThan(15 * 60);
  });

  test('parallel wrong passwords from one address cannot slip past the limit', async () => {
    const ana = await lawyerWithPassword();
    const refusals = await Promise.all(
      Array.from({ length: SIGN_IN_LIMITS.pair.max + 10 }, (_, i) => refusalOf(signInWithPassword({ email: ana.email, password: `errada-${i}-xyz` }, headersFrom('198.51.100.7')))),
    );
    expect(refusals.filter((r) => r.status === 400)).toHaveLength(SIGN_IN_LIMITS.pair.max);
    expect(refusals.filter((r) => r.status === 429)).toHaveLength(10);
  });

  test('one IP is limited across accounts; a success does not clear its failures', async () => {
    const ip = '192.0.2.99';
    // The address's first failures as the throttle stored them; the last ones on other accounts, through the form.
    await spendFailures(`login-failure:ip:${ip}`, SIGN_IN_LIMITS.ip.max - 3);
    for (let i = 0; i < 3; i++) {
      expect(await refusalOf(signInWithPassword({ email: `ninguem.${i}@exemplo.com.br`, password: 'errada-xyz' }, headersFrom(ip)))).toMatchObject({ status: 400 });
    }
    const ana = await lawyerWithPassword();
    expect(await refusalOf(signInWithPassword({ email: ana.email, password: PASSWORD }, headersFrom(ip)))).toMatchObject({ status: 429 });
    expect((await signInWithPassword({ email: ana.email, password: PASSWORD }, headersFrom('192.0.2.100'))).setCookies).not.toHaveLength(0);
  }, SIGN_IN_LOOP_TIMEOUT_MS);
});

describe('sessions', () => {
  test(`a user keeps at most ${MAX_SESSIONS_PER_USER} sessions: each new one ends the oldest`, async () => {
    const ana = await lawyerWithPassword();
    const cookies: string[][] = [];
    for (let i = 0; i < MAX_SESSIONS_PER_USER + 2; i++) {
      const result = await signInWithPassword({ email: ana.email, password: PASSWORD }, headersFrom('203.0.113.1'));
      cookies.push(result.setCookies);
    }
    expect(await sessionsOf(ana.id)).toHaveLength(MAX_SESSIONS_PER_USER);
    const first = await getAuth().api.getSession({ headers: headersFrom('203.0.113.1', cookies[0]) });
    const last = await getAuth().api.getSession({ headers: headersFrom('203.0.113.1', cookies.at(-1)) });
    expect(first).toBeNull();
    expect(last?.user.id).toBe(ana.id);
  });

  test('logout deletes the session row and expires the cookies', async () => {
    const ana = await lawyerWithPassword();
    const result = await signInWithPassword({ email: ana.email, password: PASSWORD }, headersFrom('203.0.113.1'));
    expect(await sessionsOf(ana.id)).toHaveLength(1);
    const cleared = await signOut(headersFrom('203.0.113.1', result.setCookies));
    expect(cleared.some((c) => /session_token=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
    expect(await sessionsOf(ana.id)).toHaveLength(0);
  });

  test('a password change ends every other session, even when the caller does not ask for it', async () => {
    const ana = await lawyerWithPassword();
    const sign = async () => {
      const result = await signInWithPassword({ email: ana.email, password: PASSWORD }, headersFrom('203.0.113.1'));
      return result.setCookies;
    };
    const phone = await sign();
    const laptop = await sign();
    await getAuth().api.changePassword({ body: { currentPassword: PASSWORD, newPassword: 'senha-nova-456' }, headers: headersFrom('203.0.113.1', laptop) });
    expect(await getAuth().api.getSession({ headers: headersFrom('203.0.113.1', phone) })).toBeNull();
    expect(await sessionsOf(ana.id)).toHaveLength(1);
  });
});
