import { createHash } from 'node:crypto';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { betterAuth } from 'better-auth/minimal';
import { passwordHashing } from '~/auth/password.server';
import { getConfig } from '~/config.server';
import { db } from '~/db/client.server';
import { account, session, user, verification } from '~/db/schema/auth';
import { appErrorOrThrow } from '~/lib/app-error';
import { finaliseRegistration, nothingPending } from '~/modules/accounts/finalise-registration.server';
import { afterPasswordReset, queuePasswordResetEmail } from '~/modules/accounts/password-reset-callbacks.server';
import { PASSWORD_RESET_LINK_SECONDS, RESET_IDENTIFIER_PREFIX } from '~/modules/accounts/password-reset.schemas';
import { keepNewestSessions } from '~/modules/accounts/sessions.server';
import { reserveSignInAttempt, settleSignInAttempt, signInAttemptFrom } from '~/modules/accounts/sign-in-throttle.server';

/** The header the Express server sets from the socket (never from the client), for rate limiting. */
export const CLIENT_IP_HEADER = 'x-jusconecta-client-ip';

/** The client IP of a request (or of an in-process call given its headers); 'unknown' without the header. */
export function clientIp(headers: Headers | null | undefined): string {
  return headers?.get(CLIENT_IP_HEADER)?.trim().slice(0, 64) || 'unknown';
}

/**
 * better-auth runs these hooks for its HTTP endpoints AND for in-process `auth.api.*` calls (both go
 * through its dispatcher; tests/integration/sign-in-throttle.test.ts proves it), so the /login form and
 * `POST /api/auth/sign-in/email` share one throttle of failed sign-ins (sign-in-throttle.server.ts).
 */
const beforeHook = createAuthMiddleware(async (ctx) => {
  if (ctx.path === '/sign-in/email') {
    const attempt = signInAttemptFrom(ctx.body, clientIp(ctx.headers));
    if (!attempt) return; // not a valid login: better-auth refuses it, and it is not counted
    try {
      await reserveSignInAttempt(attempt);
    } catch (error) {
      // Over a limit: better-auth's own 429, which its HTTP endpoint answers and signInWithPassword reads.
      const refusal = appErrorOrThrow(error);
      throw new APIError('TOO_MANY_REQUESTS', { code: 'TOO_MANY_REQUESTS', message: refusal.message }, { 'Retry-After': String(refusal.retryAfter) });
    }
    return;
  }
  if (ctx.path === '/change-password') {
    // A password change always ends the user's other sessions, whatever the caller passed.
    const body: unknown = ctx.body;
    if (body && typeof body === 'object') return { context: { body: { ...body, revokeOtherSessions: true } } };
  }
});

const afterHook = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== '/sign-in/email') return;
  const attempt = signInAttemptFrom(ctx.body, clientIp(ctx.headers));
  if (!attempt) return;
  const returned: unknown = ctx.context.returned;
  if (!isAPIError(returned)) return settleSignInAttempt(attempt, 'success');
  const code = (returned.body as { code?: unknown } | undefined)?.code;
  return settleSignInAttempt(attempt, code === 'INVALID_EMAIL_OR_PASSWORD' ? 'wrong-credentials' : 'other');
});

/** better-auth's prefix of the verification rows of password-reset links. */
export { RESET_IDENTIFIER_PREFIX };

/**
 * How a reset link's verification row is stored: the token hashed (SHA-256), so that a copy of the
 * database gives no working link, with better-auth's prefix kept in front, so that the links of a user
 * can still be found and ended together (password-reset.server.ts, afterPasswordReset).
 */
export function storedResetIdentifier(identifier: string): string {
  const token = identifier.startsWith(RESET_IDENTIFIER_PREFIX) ? identifier.slice(RESET_IDENTIFIER_PREFIX.length) : identifier;
  return `${RESET_IDENTIFIER_PREFIX}${createHash('sha256').update(token).digest('base64url')}`;
}

function createAuth() {
  const config = getConfig();
  return betterAuth({
    appName: config.brandName,
    baseURL: config.appUrl,
    secret: config.appSecret,
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      // Login keeps its 6-character check; new passwords need 8 (docs/product-rules.md, Limits).
      minPasswordLength: 6,
      maxPasswordLength: 128,
      password: { hash: (password) => passwordHashing.hash(password), verify: (input) => passwordHashing.verify(input) },
      requireEmailVerification: true,
      // A password reset ends every session of the user. A password change ends the others too: callers
      // of `auth.api.changePassword` must pass `revokeOtherSessions: true`, and the before hook above
      // forces it for any caller that forgets.
      revokeSessionsOnPasswordReset: true,
      // Password recovery (app/modules/accounts/password-reset.server.ts) calls requestPasswordReset and
      // resetPassword in process; their HTTP endpoints stay closed (app/routes/resources/api-auth.ts).
      // The e-mail links to /recuperar-senha?token=…, never to better-auth's own callback URL.
      resetPasswordTokenExpiresIn: PASSWORD_RESET_LINK_SECONDS,
      sendResetPassword: async ({ user: recipient, token }) => {
        await queuePasswordResetEmail({ to: recipient.email, name: recipient.name, token });
      },
      onPasswordReset: async ({ user: reset }) => {
        await afterPasswordReset({ id: reset.id, email: reset.email, emailVerified: reset.emailVerified });
      },
    },
    verification: {
      storeIdentifier: { default: 'plain', overrides: { [RESET_IDENTIFIER_PREFIX]: { hash: async (identifier: string) => storedResetIdentifier(identifier) } } },
    },
    emailVerification: {
      // The confirmation link signs the user in and goes on to /auth-callback, which finalises the
      // registration; finalising here too covers a tab closed before the redirect (it runs once). An
      // address with no registration behind it (a superadmin's) has nothing to finalise.
      autoSignInAfterVerification: true,
      afterEmailVerification: async (verified) => {
        await finaliseRegistration(verified.id).catch(nothingPending);
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    databaseHooks: {
      session: {
        create: {
          // At most MAX_SESSIONS_PER_USER sessions per user: a new one ends the expired and the oldest.
          after: async (created) => keepNewestSessions(created.userId, created.id),
        },
      },
    },
    hooks: { before: beforeHook, after: afterHook },
    // better-auth's own limiter is per process and answers in English: /api/auth/* is limited instead by
    // the database limiter in app/routes/resources/api-auth.ts, and failed sign-ins by the hooks above.
    rateLimit: { enabled: false },
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

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?jusconecta\.session_token=([^;]*)/g;

/**
 * Whether the request carries a session cookie that could be one: lets anonymous pages skip the session
 * lookup. A session cookie is the token, a dot and its HMAC-SHA256 in base64 (44 characters ending in
 * '='); better-call refuses any other shape before it checks a signature (context.mjs, getSignedCookie).
 * A value of another shape (an old cookie, a bot's junk, the bench's 'bench-expired') is no session,
 * decided here without building better-auth's request context.
 */
export function hasSessionCookie(request: Pick<Request, 'headers'>): boolean {
  for (const [, raw = ''] of (request.headers.get('cookie') ?? '').matchAll(SESSION_COOKIE)) {
    if (couldBeSigned(raw)) return true;
  }
  return false;
}

function couldBeSigned(raw: string): boolean {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return false;
  }
  const dot = value.lastIndexOf('.');
  const signature = value.slice(dot + 1);
  return dot >= 1 && signature.length === 44 && signature.endsWith('=');
}
