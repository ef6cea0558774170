import { and, eq, like } from 'drizzle-orm';
import { getConfig } from '~/config.server';
import { db } from '~/db/client.server';
import { user, verification } from '~/db/schema/auth';
import { queueAccountEmail } from './account-emails.server';
import { finaliseRegistration, nothingPending } from './finalise-registration.server';
import { RESET_IDENTIFIER_PREFIX } from './password-reset.schemas';
import { clearSignInFailures } from './sign-in-throttle.server';

// What better-auth calls back during password recovery (password-reset.server.ts has the rest), kept
// apart because app/auth/auth.server.ts imports it: this file never imports app/auth (no import cycle).

/** The link of the reset e-mail: the app's own page, never better-auth's callback. */
export function passwordResetLink(token: string): string {
  return `${getConfig().appUrl}/recuperar-senha?token=${encodeURIComponent(token)}`;
}

/** Called by better-auth's sendResetPassword: queues the e-mail with the link to /recuperar-senha. */
export async function queuePasswordResetEmail({ to, name, token }: { to: string; name: string; token: string }): Promise<void> {
  await queueAccountEmail(db, { kind: 'password-reset', to, nome: name, link: passwordResetLink(token) });
}

/**
 * Called by better-auth's onPasswordReset, once the new password is saved and the sessions are gone:
 * - the user's other reset links die (asking twice sends two links; one reset ends both);
 * - the account's failed sign-ins are forgotten, from every address: they were guesses at the old
 *   password, and the owner locked out by a guess spread over many addresses gets in this way;
 * - an address not confirmed yet is confirmed by it (the link reached its inbox, which is what the
 *   confirmation e-mail proves), and a registration waiting for that is finalised (exactly once; a
 *   user with no registration waiting has nothing to finalise).
 */
export async function afterPasswordReset(reset: { id: string; email: string; emailVerified: boolean }): Promise<void> {
  await db.delete(verification).where(and(eq(verification.value, reset.id), like(verification.identifier, `${RESET_IDENTIFIER_PREFIX}%`)));
  await clearSignInFailures(reset.email);
  if (reset.emailVerified) return;
  await db.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, reset.id));
  await finaliseRegistration(reset.id).catch(nothingPending);
}
