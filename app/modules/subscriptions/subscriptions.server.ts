import { and, eq } from 'drizzle-orm';
import type { CurrentUser } from '~/auth/session.server';
import { db } from '~/db/client.server';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { AppError } from '~/lib/app-error';
import { publicContentChanged } from '~/lib/public-content.server';
import { hitRateLimit, tooManyAttemptsMessage } from '~/lib/rate-limit.server';
import { findPlan, planHasEnded, SUBSCRIPTION_PERIOD_MS, type Plan, type PlanId } from '~/domain/catalog/catalog';
import type { LawyerPlan } from './lawyer-plan';
import { countsAsApproved } from './lawyer-gate';
import { getLawyerPlan } from './lawyer-plan.server';
import { PLAN_TEXTS } from './plan-texts';

// Each lawyer's plan and subscribing to another (docs/product-rules.md, Plans).

/** Who is looking at /planos, and so what its cards offer them. */
export type PlansViewer =
  | { kind: 'visitor' }
  /** An approved lawyer (a superadmin's own profile counts as approved): may subscribe. */
  | { kind: 'lawyer'; plan: LawyerPlan }
  | { kind: 'pending' }
  | { kind: 'rejected' }
  | { kind: 'suspended' }
  /** A superadmin without a lawyer profile. */
  | { kind: 'superadmin' }
  /** A signed-in user without a lawyer profile (the registration was never finished). */
  | { kind: 'no-profile' };

export async function getPlansViewer(user: Pick<CurrentUser, 'id' | 'isSuperadmin' | 'lawyer'> | null, now: Date = new Date()): Promise<PlansViewer> {
  if (!user) return { kind: 'visitor' };
  if (!user.lawyer) return { kind: user.isSuperadmin ? 'superadmin' : 'no-profile' };
  if (!countsAsApproved(user, user.lawyer.status)) return { kind: user.lawyer.status === 'approved' ? 'pending' : user.lawyer.status };
  return { kind: 'lawyer', plan: await getLawyerPlan(user.id, now) };
}

/** At most this many subscriptions per user in SUBSCRIBE_WINDOW_MS: each one rewrites the search order. */
export const SUBSCRIBES_PER_WINDOW = 10;
const SUBSCRIBE_WINDOW_MS = 60 * 60_000;

/**
 * Subscribes the signed-in `user` (from the session, never from the form) to `planId`: in one
 * transaction the active plan is cancelled and the new one inserted, active from now for 30 days
 * (gratuito: no end date). Nothing is charged yet (docs/product-rules.md, Plans).
 *
 * The lawyer's profile row is locked first, so two subscriptions at once run one after the other: the
 * second cancels what the first inserted, and exactly one plan stays active (the partial unique index
 * `lawyer_plans_one_active_idx` is the last guard). The lock also orders a subscription with a
 * superadmin's review, which moves a registration trial's end (lawyer-review.server.ts).
 *
 * Only an approved lawyer subscribes (a superadmin's own profile counts as approved); a pending or
 * rejected lawyer, a superadmin without a profile and a user without one are refused with a
 * Portuguese 403. The plan already in effect is a 409; an ended plan may be taken again (a renewal).
 * After the commit, public pages are refreshed: the search order follows the plan level.
 */
export async function subscribeToPlan(user: Pick<CurrentUser, 'id' | 'isSuperadmin'>, planId: PlanId, now: Date = new Date()): Promise<Plan> {
  const plan = findPlan(planId);
  if (!plan) throw new AppError(PLAN_TEXTS.invalidPlan, { status: 400, code: 'unknown_plan', field: 'plano' });

  const hits = await hitRateLimit(`plan-subscribe:user:${user.id}`, SUBSCRIBE_WINDOW_MS, now);
  if (hits.count > SUBSCRIBES_PER_WINDOW) {
    const retryAfter = Math.max(1, Math.ceil((hits.windowEndsAt.getTime() - now.getTime()) / 1000));
    throw new AppError(tooManyAttemptsMessage(retryAfter), { status: 429, code: 'too_many_subscriptions', retryAfter });
  }

  await db.transaction(async (tx) => {
    const [profile] = await tx.select({ status: lawyerProfiles.status }).from(lawyerProfiles).where(eq(lawyerProfiles.id, user.id)).for('update');
    if (!profile) throw new AppError(user.isSuperadmin ? PLAN_TEXTS.superadmin : PLAN_TEXTS.noProfile, { status: 403, code: 'no_lawyer_profile' });
    if (!countsAsApproved(user, profile.status)) {
      throw new AppError(profile.status === 'approved' ? PLAN_TEXTS.pending : PLAN_TEXTS[profile.status], { status: 403, code: 'lawyer_not_approved' });
    }

    const [current] = await tx
      .select({ planType: lawyerPlans.planType, endDate: lawyerPlans.endDate })
      .from(lawyerPlans)
      .where(and(eq(lawyerPlans.lawyerId, user.id), eq(lawyerPlans.status, 'active')));
    if (current?.planType === plan.id && !planHasEnded(current.endDate, now)) throw new AppError(PLAN_TEXTS.alreadyActive, { status: 409, code: 'plan_already_active' });

    await tx.update(lawyerPlans).set({ status: 'cancelled' }).where(and(eq(lawyerPlans.lawyerId, user.id), eq(lawyerPlans.status, 'active')));
    await tx.insert(lawyerPlans).values({
      lawyerId: user.id,
      planType: plan.id,
      startDate: now,
      endDate: plan.priceBrl > 0 ? new Date(now.getTime() + SUBSCRIPTION_PERIOD_MS) : null,
      status: 'active',
      createdAt: now,
    });
  });

  publicContentChanged();
  return plan;
}
