import { getAuth } from '~/auth/auth.server';
import type { LoginInput } from './accounts.schemas';

export type LoginResult = { ok: true; setCookies: string[] } | { ok: false; status: number; message: string };

const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Email ou senha incorretos',
  EMAIL_NOT_VERIFIED: 'Confirme seu email antes de entrar: enviamos um link para a sua caixa de entrada.',
};

/** Signs in with e-mail and password; on success returns the session cookies to set. */
export async function signInWithPassword(input: LoginInput, headers: Headers): Promise<LoginResult> {
  const response = await getAuth().api.signInEmail({ body: { email: input.email, password: input.password }, headers, asResponse: true });
  if (response.ok) return { ok: true, setCookies: response.headers.getSetCookie() };
  if (response.status === 429) return { ok: false, status: 429, message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' };
  const body = (await response.json().catch(() => null)) as { code?: string } | null;
  return { ok: false, status: response.status >= 500 ? 500 : 400, message: (body?.code && MESSAGES[body.code]) || 'Erro ao fazer login' };
}

/** Ends the session; a failed sign-out is swallowed (spec part 1 §8) and the cookies are cleared anyway. */
export async function signOut(headers: Headers): Promise<string[]> {
  try {
    const response = await getAuth().api.signOut({ headers, asResponse: true });
    return response.headers.getSetCookie();
  } catch {
    return [];
  }
}
