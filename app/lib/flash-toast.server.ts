/**
 * A one-time message carried across a redirect ('Login realizado com sucesso!'), in a short-lived
 * cookie that the root route reads and clears. Works without JavaScript.
 */
const COOKIE = 'jusconecta_toast';

export function flashToastCookie(message: string): string {
  return `${COOKIE}=${encodeURIComponent(message)}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

export const clearFlashToastCookie = `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

const TOAST_COOKIE = new RegExp(`(?:^|;\\s*)${COOKIE}=([^;]*)`);

export function readFlashToast(request: Pick<Request, 'headers'>): string | null {
  return toastInCookies(request.headers.get('cookie') ?? '');
}

/** The toast a Cookie header carries, or null. */
export function toastInCookies(cookie: string): string | null {
  const match = TOAST_COOKIE.exec(cookie);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]).slice(0, 300);
  } catch {
    return null;
  }
}
