import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { db, type Db } from '~/db/client.server';
import { pendingRegistrations } from '~/db/schema/accounts';
import { auditLog } from '~/db/schema/admin';
import { profileViews, whatsappClicks } from '~/db/schema/analytics';
import { account, session, user, verification } from '~/db/schema/auth';
import { lawyerCities, lawyerPracticeAreas, lawyerProfiles } from '~/db/schema/lawyers';
import { leads, leadStatuses } from '~/db/schema/leads';
import { lawyerApiTokens, outbox } from '~/db/schema/messaging';
import { monitoredProcesses, processUpdates } from '~/db/schema/monitoring';
import { rateLimits } from '~/db/schema/rate-limits';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { backgroundLog } from '~/lib/log.server';
import { AppError } from '~/lib/app-error';
import { publicContentChanged } from '~/lib/public-content.server';
import { removePhotoFiles } from '~/modules/lawyers/photo-store.server';
import { queueAccountEmail } from './account-emails.server';
import { contactAddressesOf, outboxRowsTo, type ContactAddresses } from './personal-data.server';
import { isSuperadmin, USER_ID } from './superadmins.server';

/**
 * Deleting a lawyer's account (docs/product-rules.md, "Your data (LGPD)"; docs/decisions/0013), by the
 * lawyer or by a superadmin. One transaction removes everything that is about the person; the leads
 * assigned to them are unassigned, not deleted (the client's request stays with the platform); an
 * audit entry without personal data and the final e-mail are written in the same transaction and
 * survive it (neither has a foreign key to the user). After the commit the photo file goes and the
 * public pages are refreshed.
 */

export const ACCOUNT_DELETED_AUDIT_ACTION = 'account.deleted';
export const SUPERADMIN_NOT_DELETABLE_MESSAGE = 'Contas de superadministrador não podem ser excluídas por aqui.';
export const ACCOUNT_NOT_FOUND_MESSAGE = 'Conta não encontrada';
export const NOT_ALLOWED_TO_DELETE_MESSAGE = 'Apenas superadministradores podem excluir a conta de outra pessoa.';

/** Who asked: the lawyer (from their session) or a superadmin (their user id, checked here). */
export type DeletionRequester = 'self' | { superadminId: string };

/** Rows removed, by table. */
export interface RemovedRows {
  processUpdates: number;
  monitoredProcesses: number;
  lawyerApiTokens: number;
  profileViews: number;
  whatsappClicks: number;
  leadStatuses: number;
  lawyerPlans: number;
  lawyerCities: number;
  lawyerPracticeAreas: number;
  lawyerProfiles: number;
  pendingRegistrations: number;
  verifications: number;
  sessions: number;
  accounts: number;
  messages: number;
  rateLimits: number;
  users: number;
}

/** A deletion that went through; a refusal is thrown as an AppError (403, 404). */
export interface AccountDeletionResult {
  removed: RemovedRows;
  unassignedLeads: number;
  finalEmailId: string;
}

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

export async function deleteLawyerAccount(userId: string, { by, now = new Date() }: { by: DeletionRequester; now?: Date }): Promise<AccountDeletionResult> {
  const outcome = await db.transaction(async (tx) => {
    if (by !== 'self' && !(await isSuperadmin(tx, by.superadminId))) throw refused(NOT_ALLOWED_TO_DELETE_MESSAGE, 403, 'not_allowed');
    if (!USER_ID.test(userId)) throw refused(ACCOUNT_NOT_FOUND_MESSAGE, 404, 'account_not_found');
    // Locked: a second deletion (a double submit, two superadmins) waits, then finds nothing.
    const [person] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId)).for('update');
    if (!person) throw refused(ACCOUNT_NOT_FOUND_MESSAGE, 404, 'account_not_found');
    // Superadmins are not lawyers' accounts: removing one here could leave the back office without anyone.
    if (await isSuperadmin(tx, userId)) throw refused(SUPERADMIN_NOT_DELETABLE_MESSAGE, 403, 'superadmin_not_deletable');
    const [profile] = await tx.select({ nome: lawyerProfiles.nome, fotoUrl: lawyerProfiles.fotoUrl }).from(lawyerProfiles).where(eq(lawyerProfiles.id, userId)).for('update');
    const addresses = await contactAddressesOf(tx, userId);

    // The client's request survives: the lead stays with the platform, unassigned, its stage cleared
    // (the stage is the lawyer's; `status` cannot be null, so it is back to 'novo').
    const unassigned = await tx
      .update(leads)
      .set({ assignedTo: null, statusId: null, status: 'novo', updatedAt: now })
      .where(eq(leads.assignedTo, userId))
      .returning({ id: leads.id });

    const removed = await removePersonalRows(tx, userId, addresses);

    await tx.insert(auditLog).values({
      // A self-deletion has no actor left to point to; a superadmin's stays theirs.
      actorId: by === 'self' ? null : by.superadminId,
      action: ACCOUNT_DELETED_AUDIT_ACTION,
      targetType: 'user',
      targetId: userId,
      details: { by: by === 'self' ? 'self' : 'superadmin', unassignedLeads: unassigned.length },
      createdAt: now,
    });
    const finalEmail = await queueAccountEmail(tx, { kind: 'account-deleted', to: person.email, nome: profile?.nome ?? person.name });
    return { removed, unassignedLeads: unassigned.length, finalEmailId: finalEmail.id, fotoUrl: profile?.fotoUrl ?? null };
  });
  const { fotoUrl, ...result } = outcome;
  await removePhotoIfUnused(fotoUrl);
  publicContentChanged();
  return result;
}

function refused(message: string, status: number, code: string): AppError {
  return new AppError(message, { status, code });
}

/**
 * Deletes every row about the user, table by table (explicitly, not through ON DELETE CASCADE alone, so
 * the list is written down and counted; the user's row goes last and takes anything added later).
 */
async function removePersonalRows(tx: Tx, userId: string, addresses: ContactAddresses): Promise<RemovedRows> {
  const { emails } = addresses;
  const count = async (query: Promise<unknown[]>) => (await query).length;
  const processes = tx.select({ id: monitoredProcesses.id }).from(monitoredProcesses).where(eq(monitoredProcesses.lawyerId, userId));
  return {
    processUpdates: await count(tx.delete(processUpdates).where(inArray(processUpdates.processoId, processes)).returning({ id: processUpdates.id })),
    monitoredProcesses: await count(tx.delete(monitoredProcesses).where(eq(monitoredProcesses.lawyerId, userId)).returning({ id: monitoredProcesses.id })),
    lawyerApiTokens: await count(tx.delete(lawyerApiTokens).where(eq(lawyerApiTokens.lawyerId, userId)).returning({ id: lawyerApiTokens.id })),
    profileViews: await count(tx.delete(profileViews).where(eq(profileViews.lawyerId, userId)).returning({ id: profileViews.id })),
    whatsappClicks: await count(tx.delete(whatsappClicks).where(eq(whatsappClicks.lawyerId, userId)).returning({ id: whatsappClicks.id })),
    leadStatuses: await count(tx.delete(leadStatuses).where(eq(leadStatuses.lawyerId, userId)).returning({ id: leadStatuses.id })),
    lawyerPlans: await count(tx.delete(lawyerPlans).where(eq(lawyerPlans.lawyerId, userId)).returning({ id: lawyerPlans.id })),
    lawyerCities: await count(tx.delete(lawyerCities).where(eq(lawyerCities.lawyerId, userId)).returning({ id: lawyerCities.cityId })),
    lawyerPracticeAreas: await count(tx.delete(lawyerPracticeAreas).where(eq(lawyerPracticeAreas.lawyerId, userId)).returning({ id: lawyerPracticeAreas.areaId })),
    lawyerProfiles: await count(tx.delete(lawyerProfiles).where(eq(lawyerProfiles.id, userId)).returning({ id: lawyerProfiles.id })),
    pendingRegistrations: await count(tx.delete(pendingRegistrations).where(eq(pendingRegistrations.userId, userId)).returning({ id: pendingRegistrations.userId })),
    // better-auth's tokens: a password reset keeps the user id as the value; others are keyed by the address.
    verifications: await count(
      tx
        .delete(verification)
        .where(or(eq(verification.value, userId), ...(emails.length > 0 ? [inArray(sql`lower(${verification.identifier})`, emails)] : [])))
        .returning({ id: verification.id }),
    ),
    sessions: await count(tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id })),
    accounts: await count(tx.delete(account).where(eq(account.userId, userId)).returning({ id: account.id })),
    // The messages sent to them (before the final e-mail is queued): what they said is about the person.
    messages: await count(tx.delete(outbox).where(outboxRowsTo(addresses)).returning({ id: outbox.id })),
    // Counters keyed by their address or id ('registration:email:…', 'login-failure:account:…').
    rateLimits: await count(tx.delete(rateLimits).where(keyEndsWithAny([userId, ...emails])).returning({ key: rateLimits.key })),
    users: await count(tx.delete(user).where(eq(user.id, userId)).returning({ id: user.id })),
  };
}

function keyEndsWithAny(suffixes: string[]): SQL {
  return or(...suffixes.map((suffix) => eq(sql`right(${rateLimits.key}, ${suffix.length + 1})`, `:${suffix}`)))!;
}

/**
 * Photo files are named by their content, so two profiles may share one: the file goes only when no
 * profile uses it any more. A failure is logged, never thrown: the deletion has committed.
 */
async function removePhotoIfUnused(fotoUrl: string | null): Promise<void> {
  if (!fotoUrl) return;
  const [stillUsed] = await db.select({ id: lawyerProfiles.id }).from(lawyerProfiles).where(eq(lawyerProfiles.fotoUrl, fotoUrl)).limit(1);
  if (stillUsed) return;
  for (const failure of await removePhotoFiles([fotoUrl])) backgroundLog().warn({ err: failure }, 'Não foi possível apagar a foto de uma conta excluída');
}
