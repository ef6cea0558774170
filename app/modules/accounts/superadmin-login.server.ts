import { inArray } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { session } from '~/db/schema/auth';
import type { LoginInput } from './accounts.schemas';
import { clearSessionCookies, signInWithPassword, type LoginResult } from './login.server';
import { deleteSessionsOfCookie, sessionTokensFromCookie } from './sessions.server';
import { NOT_A_SUPERADMIN_MESSAGE } from './superadmins.schemas';
import { isSuperadmin } from './superadmins.server';

export type SuperadminLoginResult = LoginResult | { ok: false; status: 403; message: string; notSuperadmin: true; setCookies: string[] };

/**
 * The /admin entrance (docs/product-rules.md, "Back office"): signs in with the login's
 * machinery (the same failed-sign-in throttle and messages), then checks that the new session's user is
 * a superadmin. If not, that session is deleted at once and the browser's session cookies are cleared
 * (`setCookies`): the user is signed out, as the spec says, whatever session they had before.
 */
export async function signInAsSuperadmin(input: LoginInput, headers: Headers): Promise<SuperadminLoginResult> {
  const result = await signInWithPassword(input, headers);
  if (!result.ok) return result;
  const cookie = new Headers({ cookie: result.setCookies.map((c) => c.split(';')[0]).join('; ') });
  const tokens = sessionTokensFromCookie(cookie);
  const [signedIn] = tokens.length > 0 ? await db.select({ userId: session.userId }).from(session).where(inArray(session.token, tokens)) : [];
  if (signedIn && (await isSuperadmin(db, signedIn.userId))) return result;
  await deleteSessionsOfCookie(cookie);
  return { ok: false, status: 403, message: NOT_A_SUPERADMIN_MESSAGE, notSuperadmin: true, setCookies: await clearSessionCookies() };
}
