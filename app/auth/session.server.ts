import { eq } from 'drizzle-orm';
import { redirect } from 'react-router';
import { db } from '~/db/client.server';
import { superadmins } from '~/db/schema/admin';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { flashToastCookie } from '~/lib/flash-toast.server';
import { NOT_A_SUPERADMIN_MESSAGE } from '~/modules/accounts/superadmins.schemas';
import type { LawyerStatus } from '~/domain/catalog/catalog';
import { getAuth, hasSessionCookie } from './auth.server';

/** The signed-in user as the app sees it: the auth user plus profile and role facts (docs/product-rules.md, Roles). */
export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  isSuperadmin: boolean;
  lawyer: { status: LawyerStatus; slug: string; nome: string } | null;
}

// The root loader and a page's loader both ask for the user of one request: look it up once.
const lookups = new WeakMap<Pick<Request, 'headers'>, Promise<CurrentUser | null>>();

export function getCurrentUser(request: Pick<Request, 'headers'>): Promise<CurrentUser | null> {
  if (!hasSessionCookie(request)) return Promise.resolve(null);
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = lookUpCurrentUser(request);
    lookups.set(request, lookup);
  }
  return lookup;
}

async function lookUpCurrentUser(request: Pick<Request, 'headers'>): Promise<CurrentUser | null> {
  const found = await getAuth().api.getSession({ headers: request.headers });
  if (!found) return null;
  const [[lawyer], [superadmin]] = await Promise.all([
    db
      .select({ status: lawyerProfiles.status, slug: lawyerProfiles.slug, nome: lawyerProfiles.nome })
      .from(lawyerProfiles)
      .where(eq(lawyerProfiles.id, found.user.id)),
    db.select({ id: superadmins.id }).from(superadmins).where(eq(superadmins.id, found.user.id)),
  ]);
  return {
    id: found.user.id,
    name: lawyer?.nome ?? found.user.name,
    email: found.user.email,
    isSuperadmin: Boolean(superadmin),
    lawyer: lawyer ?? null,
  };
}

/** The signed-in user, or a redirect to /login. */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) throw redirect('/login');
  return user;
}

/**
 * The back office's one guard (docs/decisions/0018): the signed-in superadmin, or a redirect to the
 * /admin entrance (with the refusal as a toast for a signed-in user who is not one). Every loader and
 * action under /admin/* calls it, and the /admin/* layout's middleware runs it before any of them.
 * The role is read from the database on every request, never from the session or the client.
 */
export async function requireSuperadmin(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (user?.isSuperadmin) return user;
  throw redirect('/admin', user ? { headers: { 'Set-Cookie': flashToastCookie(NOT_A_SUPERADMIN_MESSAGE) } } : undefined);
}
