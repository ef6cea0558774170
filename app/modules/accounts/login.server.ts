import { isAPIError } from 'better-auth/api';
import { getAuth } from '~/auth/auth.server';
import { tooManyAttemptsMessage } from '~/lib/rate-limit.server';
import type { LoginInput } from './accounts.schemas';
import { deleteSessionsOfCookie } from './sessions.server';

export type LoginResult =
  | { ok: true; setCookies: string[] }
  | { ok: false; status: number; message: string; /** seconds, with status 429 */ retryAfter?: number };

const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Email ou senha incorretos',
  EMAIL_NOT_VERIFIED: 'Confirme seu email antes de entrar: enviamos um link para a sua caixa de entrada.',
};

/**
 * Signs in with e-mail and password; on success returns the session cookies to set. Failed attempts
 * are limited per client IP and per account by better-auth's hooks (app/auth/auth.server.ts), which
 * read the client IP from `headers`: a blocked attempt answers 429 with the seconds to wait.
 */
export async function signInWithPassword(input: LoginInput, headers: Headers): Promise<LoginResult> {
  let response: Response;
  try {
    response = await getAuth().api.signInEmail({ body: { email: input.email, password: input.password }, headers, asResponse: true });
  } catch (error) {
    // The throttle's before hook throws its 429 even when a Response is asked for.
    if (isAPIError(error) && error.statusCode === 429) return tooManyAttempts(retryAfterOf(error.headers));
    throw error;
  }
  if (response.ok) return { ok: true, setCookies: response.headers.getSetCookie() };
  if (response.status === 429) return tooManyAttempts(retryAfterOf(response.headers));
  const body = (await response.json().catch(() => null)) as { code?: string } | null;
  return { ok: false, status: response.status >= 500 ? 500 : 400, message: (body?.code && MESSAGES[body.code]) || 'Erro ao fazer login' };
}

function retryAfterOf(headers: HeadersInit | undefined): number {
  const seconds = Number(new Headers(headers).get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
}

function tooManyAttempts(retryAfter: number): LoginResult {
  return { ok: false, status: 429, message: tooManyAttemptsMessage(retryAfter), retryAfter };
}

/**
 * Ends the session: its row is deleted here whatever happens next, then better-auth's sign-out runs
 * for its cookie clearing; if that fails (the user is not told), the cookies are cleared anyway.
 */
export async function signOut(headers: Headers): Promise<string[]> {
  await deleteSessionsOfCookie(headers);
  try {
    const response = await getAuth().api.signOut({ headers, asResponse: true });
    const cookies = response.headers.getSetCookie();
    if (response.ok && cookies.length > 0) return cookies;
  } catch {
    // fall through to clearing the cookies ourselves
  }
  return clearSessionCookies();
}

/** Set-Cookie values that expire better-auth's session cookies (names and attributes from its context). */
export async function clearSessionCookies(): Promise<string[]> {
  const { authCookies } = await getAuth().$context;
  return [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken].map(({ name, attributes }) => {
    const parts = [`${name}=`, 'Max-Age=0', `Path=${attributes.path ?? '/'}`];
    if (attributes.domain) parts.push(`Domain=${attributes.domain}`);
    if (attributes.httpOnly) parts.push('HttpOnly');
    if (attributes.secure) parts.push('Secure');
    if (attributes.sameSite) parts.push(`SameSite=${attributes.sameSite[0]!.toUpperCase()}${attributes.sameSite.slice(1).toLowerCase()}`);
    return parts.join('; ');
  });
}
