import { and, desc, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { lawyerPlanFrom, type LawyerPlan } from './lawyer-plan';

/**
 * The lawyer's active plan (the one row `lawyer_plans_one_active_idx` allows) and what it gives them
 * now: the one read behind the area's badge, the CRM and messaging gates and the plans page.
 */
export async function getLawyerPlan(lawyerId: string, now: Date = new Date()): Promise<LawyerPlan> {
  const [row] = await db
    .select({ planType: lawyerPlans.planType, endDate: lawyerPlans.endDate })
    .from(lawyerPlans)
    .where(and(eq(lawyerPlans.lawyerId, lawyerId), eq(lawyerPlans.status, 'active')))
    .orderBy(desc(lawyerPlans.startDate))
    .limit(1);
  return lawyerPlanFrom(row, now);
}
