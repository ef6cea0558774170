import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { db, type Db } from '~/db/client.server';
import { auditLog } from '~/db/schema/admin';
import { user } from '~/db/schema/auth';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { AppError } from '~/lib/app-error';
import { publicContentChanged } from '~/lib/public-content.server';
import { PLANS, REGISTRATION_TRIAL_MS, type LawyerStatus } from '~/domain/catalog/catalog';
import { queueAccountEmail } from './account-emails.server';
import { isSuperadmin, USER_ID } from './superadmins.server';

/**
 * A superadmin's review of a lawyer's registration (docs/product-rules.md, "Review"): approve (only with
 * the CNA confirmation ticked, which stores who checked the inscription and when: decision 0061), reject,
 * suspend an approved lawyer or reactivate a suspended one (an approval again), each in one transaction
 * with the status, `reviewed_at`, an audit entry and the e-mail; and the yearly check again of an approved
 * lawyer's inscription ('Conferir de novo': the date and an audit entry, no e-mail). The
 * profile row is locked first, so two reviewers deciding at once produce one decision and one e-mail;
 * repeating the decision the lawyer already has changes nothing and sends nothing.
 *
 * The reviewer must be a superadmin: checked here, in the transaction, whatever the caller checked.
 */

export const REVIEW_AUDIT_ACTIONS = {
  approved: 'lawyer.approved',
  rejected: 'lawyer.rejected',
  suspended: 'lawyer.suspended',
  /** An approval of a suspended lawyer. */
  reinstated: 'lawyer.reinstated',
  /** 'Conferir de novo': the inscription checked again, the lawyer still approved. */
  oabChecked: 'lawyer.oab_checked',
} as const;

/** Refused approval or check: the CNA confirmation was not ticked (docs/decisions/0061). */
export const CNA_CHECK_REQUIRED_MESSAGE = 'Confirme que conferiu a inscrição no Cadastro Nacional dos Advogados.';
export const ONLY_APPROVED_MESSAGE = 'Apenas advogados aprovados podem ser suspensos ou conferidos de novo.';

/** The rejection reason, sent to the lawyer in the e-mail and kept in the audit entry. */
export const REJECTION_REASON_MAX_LENGTH = 500;
export const rejectionReasonSchema = z
  .string()
  .trim()
  .max(REJECTION_REASON_MAX_LENGTH, `O motivo deve ter no máximo ${REJECTION_REASON_MAX_LENGTH} caracteres.`)
  .optional()
  .transform((reason) => reason || undefined);

export const NOT_A_REVIEWER_MESSAGE = 'Apenas superadministradores podem aprovar, rejeitar ou suspender advogados.';
export const LAWYER_NOT_FOUND_MESSAGE = 'Advogado não encontrado';

/** A review that went through; a refusal is thrown as an AppError (403 not a reviewer, 404, 400 reason). */
export interface ReviewResult {
  /** false: the lawyer already had this status (nothing written, no e-mail). */
  changed: boolean;
  status: Exclude<LawyerStatus, 'pending'>;
  /** The status before the review. */
  from: LawyerStatus;
  /** The new end of the registration trial (first approval of a paid plan), else null. */
  trialEndsAt: Date | null;
}

export interface ReviewOptions {
  /** The superadmin deciding (a user id from their session). */
  reviewerId: string;
  now?: Date;
}

/** The superadmin's word that the CNA shows the inscription as regular (the checkbox; decision 0061). */
export interface CnaCheck {
  cnaChecked: boolean;
}

function requireCnaCheck(cnaChecked: boolean): void {
  if (cnaChecked !== true) throw new AppError(CNA_CHECK_REQUIRED_MESSAGE, { status: 400, code: 'cna_not_checked', field: 'cna' });
}

/**
 * Approves a pending, rejected or suspended lawyer once the superadmin confirmed the inscription in the
 * CNA: public at once, the check's date and author stored, approval (or reactivation) e-mail, trial moved
 * on a first approval.
 */
export async function approveLawyer(lawyerId: string, { reviewerId, cnaChecked, now = new Date() }: ReviewOptions & CnaCheck): Promise<ReviewResult> {
  requireCnaCheck(cnaChecked);
  return review(lawyerId, 'approved', { reviewerId, now });
}

/** Suspends an approved lawyer (inscription no longer regular): out of search, profiles and routing at once, e-mail with the reason. */
export function suspendLawyer(lawyerId: string, { reviewerId, reason, now = new Date() }: ReviewOptions & { reason?: string }): Promise<ReviewResult> {
  const parsed = rejectionReasonSchema.safeParse(reason);
  if (!parsed.success) return Promise.reject(new AppError(parsed.error.issues[0]!.message, { status: 400, code: 'invalid_reason', field: 'reason' }));
  return review(lawyerId, 'suspended', { reviewerId, now, reason: parsed.data });
}

/**
 * 'Conferir de novo': an approved lawyer's inscription checked again in the CNA. Stores the date and the
 * superadmin, with an audit entry; the profiles show the new date at once.
 */
export async function recheckLawyerOab(lawyerId: string, { reviewerId, cnaChecked, now = new Date() }: ReviewOptions & CnaCheck): Promise<void> {
  requireCnaCheck(cnaChecked);
  await db.transaction(async (tx) => {
    if (!(await isSuperadmin(tx, reviewerId))) throw new AppError(NOT_A_REVIEWER_MESSAGE, { status: 403, code: 'not_a_reviewer' });
    if (!USER_ID.test(lawyerId)) throw notFound();
    const [lawyer] = await tx.select({ status: lawyerProfiles.status }).from(lawyerProfiles).where(eq(lawyerProfiles.id, lawyerId)).for('update');
    if (!lawyer) throw notFound();
    if (lawyer.status !== 'approved') throw new AppError(ONLY_APPROVED_MESSAGE, { status: 409, code: 'lawyer_not_approved' });
    await tx.update(lawyerProfiles).set({ oabCheckedAt: now, oabCheckedBy: reviewerId, updatedAt: now }).where(eq(lawyerProfiles.id, lawyerId));
    await tx.insert(auditLog).values({ actorId: reviewerId, action: REVIEW_AUDIT_ACTIONS.oabChecked, targetType: 'lawyer', targetId: lawyerId, details: {}, createdAt: now });
  });
  publicContentChanged();
}

/** Rejects a pending or approved lawyer: out of search at once, rejection e-mail with the reason, if any. */
export function rejectLawyer(lawyerId: string, { reviewerId, reason, now = new Date() }: ReviewOptions & { reason?: string }): Promise<ReviewResult> {
  const parsed = rejectionReasonSchema.safeParse(reason);
  if (!parsed.success) return Promise.reject(new AppError(parsed.error.issues[0]!.message, { status: 400, code: 'invalid_reason', field: 'reason' }));
  return review(lawyerId, 'rejected', { reviewerId, now, reason: parsed.data });
}

async function review(lawyerId: string, decision: Exclude<LawyerStatus, 'pending'>, { reviewerId, now, reason }: Required<ReviewOptions> & { reason?: string }): Promise<ReviewResult> {
  const result = await db.transaction(async (tx): Promise<ReviewResult> => {
    if (!(await isSuperadmin(tx, reviewerId))) throw new AppError(NOT_A_REVIEWER_MESSAGE, { status: 403, code: 'not_a_reviewer' });
    if (!USER_ID.test(lawyerId)) throw notFound();
    const [lawyer] = await tx
      .select({ status: lawyerProfiles.status, nome: lawyerProfiles.nome, email: user.email })
      .from(lawyerProfiles)
      .innerJoin(user, eq(user.id, lawyerProfiles.id))
      .where(eq(lawyerProfiles.id, lawyerId))
      .for('update', { of: lawyerProfiles });
    if (!lawyer) throw notFound();
    if (lawyer.status === decision) return { changed: false, status: decision, from: lawyer.status, trialEndsAt: null };
    if (decision === 'suspended' && lawyer.status !== 'approved') throw new AppError(ONLY_APPROVED_MESSAGE, { status: 409, code: 'lawyer_not_approved' });
    const reinstated = decision === 'approved' && lawyer.status === 'suspended';

    // Whether this is the first approval is read before this decision is written down.
    const firstApproval = decision === 'approved' && !(await wasEverApproved(tx, lawyerId));
    // An approval is made on the CNA check (approveLawyer required it): its date and author are stored.
    const checked = decision === 'approved' ? { oabCheckedAt: now, oabCheckedBy: reviewerId } : {};
    await tx.update(lawyerProfiles).set({ status: decision, reviewedAt: now, updatedAt: now, ...checked }).where(eq(lawyerProfiles.id, lawyerId));
    const trialEndsAt = firstApproval ? await startTrialAtApproval(tx, lawyerId, now) : null;
    await tx.insert(auditLog).values({
      actorId: reviewerId,
      action: reinstated ? REVIEW_AUDIT_ACTIONS.reinstated : REVIEW_AUDIT_ACTIONS[decision],
      targetType: 'lawyer',
      targetId: lawyerId,
      details: { from: lawyer.status, ...(reason ? { reason } : {}), ...(trialEndsAt ? { trialEndsAt: trialEndsAt.toISOString() } : {}) },
      createdAt: now,
    });
    await queueAccountEmail(
      tx,
      decision === 'approved'
        ? { kind: reinstated ? 'lawyer-reinstated' : 'lawyer-approved', to: lawyer.email, nome: lawyer.nome }
        : { kind: decision === 'suspended' ? 'lawyer-suspended' : 'lawyer-rejected', to: lawyer.email, nome: lawyer.nome, reason },
    );
    return { changed: true, status: decision, from: lawyer.status, trialEndsAt };
  });
  // Search and profiles show the change at once, despite the page cache (after the commit: a
  // rolled-back review must not empty the cache for nothing, and a page rendered meanwhile is stale).
  if (result.changed) publicContentChanged();
  return result;
}

function notFound(): AppError {
  return new AppError(LAWYER_NOT_FOUND_MESSAGE, { status: 404, code: 'lawyer_not_found' });
}

type Tx = Pick<Db, 'select' | 'update'>;

/**
 * Whether the lawyer has been approved before: an approval, a suspension or a reactivation in the audit
 * log, or a rejection of an approved or suspended profile (a profile created approved, by
 * AUTO_APPROVE_LAWYERS or the demo seed, has no approval entry, but its rejection or suspension records
 * where it came from).
 */
async function wasEverApproved(tx: Tx, lawyerId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'lawyer'),
        eq(auditLog.targetId, lawyerId),
        or(
          inArray(auditLog.action, [REVIEW_AUDIT_ACTIONS.approved, REVIEW_AUDIT_ACTIONS.suspended, REVIEW_AUDIT_ACTIONS.reinstated]),
          and(eq(auditLog.action, REVIEW_AUDIT_ACTIONS.rejected), inArray(sql`${auditLog.details}->>'from'`, ['approved', 'suspended'])),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}

const PAID_PLAN_IDS = PLANS.filter((p) => p.priceBrl > 0).map((p) => p.id);

/**
 * The 7 free days a paid plan chosen at registration promises start at the first approval, not at the
 * registration (/perfil-em-analise says so): the active paid plan's end moves to approval + 7 days.
 * Before the first approval the lawyer cannot reach the area to subscribe, so an active paid plan with
 * an end date is the one chosen at registration. The trigger of drizzle/0002 copies the end to search.
 */
async function startTrialAtApproval(tx: Tx, lawyerId: string, now: Date): Promise<Date | null> {
  const [plan] = await tx
    .update(lawyerPlans)
    .set({ endDate: new Date(now.getTime() + REGISTRATION_TRIAL_MS) })
    .where(and(eq(lawyerPlans.lawyerId, lawyerId), eq(lawyerPlans.status, 'active'), isNotNull(lawyerPlans.endDate), inArray(lawyerPlans.planType, PAID_PLAN_IDS)))
    .returning({ endDate: lawyerPlans.endDate });
  return plan?.endDate ?? null;
}
