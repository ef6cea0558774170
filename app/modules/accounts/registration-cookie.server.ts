import { z } from 'zod';

/**
 * The address just registered, for /verificar-email to show (the observed product kept it in the
 * browser's storage). A short-lived HttpOnly cookie: never in the URL, where logs would keep it.
 */
const COOKIE = 'jusconecta_registro';
const emailSchema = z.email().max(254);

export function registrationEmailCookie(email: string): string {
  return `${COOKIE}=${encodeURIComponent(email)}; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax`;
}

export function readRegistrationEmail(request: Request): string | null {
  const match = new RegExp(`(?:^|;\\s*)${COOKIE}=([^;]*)`).exec(request.headers.get('cookie') ?? '');
  if (!match?.[1]) return null;
  try {
    const parsed = emailSchema.safeParse(decodeURIComponent(match[1]));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
