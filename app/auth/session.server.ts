import { eq } from 'drizzle-orm';
import { redirect } from 'react-router';
import { db } from '~/db/client.server';
import { superadmins } from '~/db/schema/admin';
import { lawyerProfiles } from '~/db/schema/lawyers';
import type { LawyerStatus } from '~/modules/catalog/catalog';
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
const lookups = new WeakMap<Request, Promise<CurrentUser | null>>();

export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  if (!hasSessionCookie(request)) return Promise.resolve(null);
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = lookUpCurrentUser(request);
    lookups.set(request, lookup);
  }
  return lookup;
}

async function lookUpCurrentUser(request: Request): Promise<CurrentUser | null> {
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
