import { effectivePlan, findPlan, planAllows, planHasEnded, type ActivePlanRow, type Plan, type PlanAllowance } from '~/domain/catalog/catalog';

// A lawyer's plan as every screen and server check reads it (docs/product-rules.md, Plans). Browser-safe.

export interface LawyerPlan {
  /** The active plan from the catalogue, even after its end date; null when the lawyer has none. */
  active: Plan | null;
  /** When the active plan ends (possibly in the past); null for gratuito, which does not end, or with no active plan. */
  endsAt: Date | null;
  /** The active plan's end date has passed: it no longer counts (the area says so). */
  ended: boolean;
  /** The plan in effect: the active one until it ends, then gratuito (also with no active plan). */
  effective: Plan;
  /** What the effective plan allows: CRM, monitoring and its cap, WhatsApp notifications. */
  allows: PlanAllowance;
}

/** The lawyer's plan from their active `lawyer_plans` row (or none), as of `now`. */
export function lawyerPlanFrom(row: ActivePlanRow | null | undefined, now: Date = new Date()): LawyerPlan {
  const active = findPlan(row?.planType) ?? null;
  const endsAt = active ? (row?.endDate ?? null) : null;
  const effective = effectivePlan(active ? { planType: active.id, endDate: endsAt } : null, now);
  return { active, endsAt, ended: planHasEnded(endsAt, now), effective, allows: planAllows(effective.level) };
}
