import { isAPIError } from 'better-auth/api';
import { getAuth } from '~/auth/auth.server';
import { AppError } from '~/lib/app-error';
import { tooManyAttemptsMessage } from '~/lib/rate-limit.server';
import type { LoginInput } from './accounts.schemas';
import { deleteSessionsOfCookie } from './sessions.server';

/** A sign-in that went through: the session cookies to set. */
export interface SignedIn {
  setCookies: string[];
}

/** better-auth's refusals the user is told about, with our code and message for each. */
const REFUSALS: Record<string, { code: string; message: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { code: 'invalid_credentials', message: 'Email ou senha incorretos' },
  EMAIL_NOT_VERIFIED: { code: 'email_not_verified', message: 'Confirme seu email antes de entrar: enviamos um link para a sua caixa de entrada.' },
};

/**
 * Signs in with e-mail and password; on success returns the session cookies to set. Failed attempts
 * are limited per client IP and per account by better-auth's hooks (app/auth/auth.server.ts), which
 * read the client IP from `headers`. A refusal throws an AppError: 429 'too_many_attempts' with the
 * seconds to wait, 400 'invalid_credentials' or 'email_not_verified', else 400 (500 when better-auth
 * failed itself) 'sign_in_failed'.
 */
export async function signInWithPassword(input: LoginInput, headers: Headers): Promise<SignedIn> {
  let response: Response;
  try {
    response = await getAuth().api.signInEmail({ body: { email: input.email, password: input.password }, headers, asResponse: true });
  } catch (error) {
    // The throttle's before hook throws its 429 even when a Response is asked for.
    if (isAPIError(error) && error.statusCode === 429) throw tooManyAttempts(retryAfterOf(error.headers));
    throw error;
  }
  if (response.ok) return { setCookies: response.headers.getSetCookie() };
  if (response.status === 429) throw tooManyAttempts(retryAfterOf(response.headers));
  const body = (await response.json().catch(() => null)) as { code?: string } | null;
  const refusal = (body?.code && REFUSALS[body.code]) || { code: 'sign_in_failed', message: 'Erro ao fazer login' };
  throw new AppError(refusal.message, { status: response.status >= 500 ? 500 : 400, code: refusal.code });
}

function retryAfterOf(headers: HeadersInit | undefined): number {
  const seconds = Number(new Headers(headers).get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
}

function tooManyAttempts(retryAfter: number): AppError {
  return new AppError(tooManyAttemptsMessage(retryAfter), { status: 429, code: 'too_many_attempts', retryAfter });
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
