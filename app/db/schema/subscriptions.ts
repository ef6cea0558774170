import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PLAN_IDS } from '~/domain/catalog/catalog';
import { lawyerProfiles } from './lawyers';
import { oneOf } from './sql-helpers';

export const PLAN_STATUSES = ['active', 'cancelled'] as const;

export const lawyerPlans = pgTable(
  'lawyer_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lawyerId: text('lawyer_id').notNull().references(() => lawyerProfiles.id, { onDelete: 'cascade' }),
    planType: text('plan_type', { enum: PLAN_IDS }).notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull().defaultNow(),
    /** Null for gratuito; 7 days after registration or 30 after a subscription for paid plans. */
    endDate: timestamp('end_date', { withTimezone: true }),
    status: text('status', { enum: PLAN_STATUSES }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('lawyer_plans_plan_type_check', oneOf(t.planType, PLAN_IDS)),
    check('lawyer_plans_status_check', oneOf(t.status, PLAN_STATUSES)),
    check('lawyer_plans_dates_check', sql`${t.endDate} is null or ${t.endDate} > ${t.startDate}`),
    // One active plan per lawyer: subscribing cancels the old one in the same transaction.
    uniqueIndex('lawyer_plans_one_active_idx').on(t.lawyerId).where(sql`${t.status} = 'active'`),
    index('lawyer_plans_lawyer_idx').on(t.lawyerId, t.createdAt),
  ],
);
