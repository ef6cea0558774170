import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { db, type Db } from '~/db/client.server';
import { superadmins } from '~/db/schema/admin';
import { account, user } from '~/db/schema/auth';
import { newUserId } from '~/modules/lawyers/lawyer-writes.server';

/** Creates a superadmin with a password login and a confirmed e-mail (the demo seed; later the bootstrap flow). */
export async function createSuperadmin({ nome, email, password }: { nome: string; email: string; password: string }): Promise<string> {
  const id = newUserId();
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.insert(user).values({ id, name: nome, email, emailVerified: true });
    await tx.insert(account).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: hash });
    await tx.insert(superadmins).values({ id, nome });
  });
  return id;
}

/** The shape of a user id (better-auth's and newUserId's: letters, digits, '-' and '_'); anything else names no one. */
export const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Whether the user is a superadmin, read in the caller's transaction (`db` or `tx`). Module functions
 * that act for a superadmin check it themselves: the id they are given is never trusted as a role.
 */
export async function isSuperadmin(database: Pick<Db, 'select'>, userId: string): Promise<boolean> {
  if (!USER_ID.test(userId)) return false;
  const [row] = await database.select({ id: superadmins.id }).from(superadmins).where(eq(superadmins.id, userId));
  return Boolean(row);
}
