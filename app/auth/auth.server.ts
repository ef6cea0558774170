import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { betterAuth } from 'better-auth/minimal';
import { getConfig } from '~/config.server';
import { db } from '~/db/client.server';
import { account, session, user, verification } from '~/db/schema/auth';

/** The header the Express server sets from the socket (never from the client), for rate limiting. */
export const CLIENT_IP_HEADER = 'x-jusconecta-client-ip';

function createAuth() {
  const config = getConfig();
  return betterAuth({
    appName: config.brandName,
    baseURL: config.appUrl,
    secret: config.appSecret,
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      // Login keeps the spec's 6-character check; new passwords need 8 (checked by our own schemas).
      minPasswordLength: 6,
      maxPasswordLength: 128,
      requireEmailVerification: true,
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: config.env !== 'test', window: 60, max: 30 },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.appUrl.startsWith('https://'),
      cookiePrefix: 'jusconecta',
    },
    telemetry: { enabled: false },
  });
}

type Auth = ReturnType<typeof createAuth>;
const holder = globalThis as typeof globalThis & { __jusconectaAuth?: Auth };

/** The better-auth instance, created on first use (after the database is open). */
export function getAuth(): Auth {
  holder.__jusconectaAuth ??= createAuth();
  return holder.__jusconectaAuth;
}

/** Whether the request carries a session cookie at all: lets anonymous pages skip the session lookup. */
export function hasSessionCookie(request: Request): boolean {
  return /(?:^|;\s*)(?:__Secure-)?jusconecta\.session_token=/.test(request.headers.get('cookie') ?? '');
}
