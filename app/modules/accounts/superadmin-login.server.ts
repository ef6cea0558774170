import { inArray } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { session } from '~/db/schema/auth';
import { AppError } from '~/lib/app-error';
import type { LoginInput } from './accounts.schemas';
import { clearSessionCookies, signInWithPassword, type SignedIn } from './login.server';
import { deleteSessionsOfCookie, sessionTokensFromCookie } from './sessions.server';
import { NOT_A_SUPERADMIN_MESSAGE } from './superadmins.schemas';
import { isSuperadmin } from './superadmins.server';

/** The code of the AppError thrown when the account signed in is not a superadmin's. */
export const NOT_A_SUPERADMIN_CODE = 'not_a_superadmin';

/**
 * The /admin entrance (docs/product-rules.md, "Back office"): signs in with the login's
 * machinery (the same failed-sign-in throttle and refusals, thrown as the login throws them), then
 * checks that the new session's user is a superadmin. If not, that session is deleted at once and an
 * AppError 403 NOT_A_SUPERADMIN_CODE is thrown whose `setCookies` clear the browser's session cookies: the
 * user is signed out, as the spec says, whatever session they had before.
 */
export async function signInAsSuperadmin(input: LoginInput, headers: Headers): Promise<SignedIn> {
  const signedIn = await signInWithPassword(input, headers);
  const cookie = new Headers({ cookie: signedIn.setCookies.map((c) => c.split(';')[0]).join('; ') });
  const tokens = sessionTokensFromCookie(cookie);
  const [owner] = tokens.length > 0 ? await db.select({ userId: session.userId }).from(session).where(inArray(session.token, tokens)) : [];
  if (owner && (await isSuperadmin(db, owner.userId))) return signedIn;
  await deleteSessionsOfCookie(cookie);
  throw new AppError(NOT_A_SUPERADMIN_MESSAGE, { status: 403, code: NOT_A_SUPERADMIN_CODE, setCookies: await clearSessionCookies() });
}
