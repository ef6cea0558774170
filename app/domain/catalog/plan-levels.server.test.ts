import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { createLawyer } from '../../../tests/factories/lawyers';
import { PLANS } from './catalog';

// The database keeps its own copy of the plan levels for search (the trigger function of
// drizzle/0002_search_triggers.sql writes lawyer_profiles.plan_level). These tests hold it to PLANS.

async function searchColumns(lawyerId: string) {
  const [row] = await db
    .select({ level: lawyerProfiles.planLevel, until: lawyerProfiles.planLevelUntil })
    .from(lawyerProfiles)
    .where(eq(lawyerProfiles.id, lawyerId));
  return row!;
}

describe('the plan level the database derives for search', () => {
  test.each(PLANS.map((p) => [p.id, p.level] as const))('an active %s plan is level %i, as in the catalogue', async (planId, level) => {
    const ana = await createLawyer({ plan: 'gratuito' });
    await db.update(lawyerPlans).set({ status: 'cancelled' }).where(eq(lawyerPlans.lawyerId, ana.id));
    const endDate = planId === 'gratuito' ? null : new Date(Date.now() + 30 * 86_400_000);
    await db.insert(lawyerPlans).values({ lawyerId: ana.id, planType: planId, endDate });
    expect(await searchColumns(ana.id)).toEqual({ level, until: endDate });
  });

  test('without an active plan the level is 0, the level of no plan in the catalogue', async () => {
    const ana = await createLawyer({ plan: 'premium' });
    await db.update(lawyerPlans).set({ status: 'cancelled' }).where(eq(lawyerPlans.lawyerId, ana.id));
    expect(await searchColumns(ana.id)).toEqual({ level: 0, until: null });
  });
});
