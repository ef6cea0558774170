import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    // The active plans ending on one day (UTC): the day of active_plan_counts that holds 'now' (decision 0075).
    index('lawyer_plans_active_end_idx').on(t.endDate, t.planType).where(sql`${t.status} = 'active'`),
  ],
);

/**
 * 'Área Financeira' of /admin/lawyers: the active plans by plan and the UTC day they end ('infinity'
 * for plans that never end). Kept by database triggers on lawyer_plans (migration 0031, decision
 * 0075), whatever code writes it; never written by the app. A row is deleted when its count reaches 0.
 */
export const activePlanCounts = pgTable(
  'active_plan_counts',
  {
    planType: text('plan_type').notNull(),
    endDay: date('end_day').notNull(),
    lawyers: integer('lawyers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planType, t.endDay] })],
);
