import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { signInWithPassword } from '~/modules/accounts/login.server';
import { createSuperadmin } from '~/modules/accounts/superadmins.server';

// A signed-in superadmin and the arguments of a back-office loader or action, for the route tests.

export const SUPERADMIN_PASSWORD = 'senha-da-admin-2025';

/** Creates a superadmin and signs them in through the real login: their id and session cookie. */
export async function signedInSuperadmin(email = 'beatriz@exemplo.com.br'): Promise<{ id: string; cookie: string }> {
  const id = await createSuperadmin({ nome: 'Beatriz Admin', email, password: SUPERADMIN_PASSWORD });
  const login = await signInWithPassword({ email, password: SUPERADMIN_PASSWORD }, new Headers({ [CLIENT_IP_HEADER]: '203.0.113.9' }));
  return { id, cookie: login.setCookies.map((c) => c.split(';')[0]).join('; ') };
}

/** A loader's arguments: GET `url` with the cookie. */
export function getArgs(cookie: string, url: string) {
  return { request: new Request(`http://localhost:3000${url}`, { headers: { cookie } }), params: {}, context: {} } as never;
}

/** An action's arguments: a same-site form POST of `fields` to `url` with the cookie. */
export function postArgs(cookie: string, url: string, fields: Record<string, string>) {
  return {
    request: new Request(`http://localhost:3000${url}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
      body: new URLSearchParams(fields),
    }),
    params: {},
    context: {},
  } as never;
}
