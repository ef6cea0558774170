import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { db } from '~/db/client.server';
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
