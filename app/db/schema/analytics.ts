import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { WHATSAPP_CLICK_SOURCES } from '~/domain/catalog/catalog';
import { lawyerProfiles } from './lawyers';
import { oneOf } from './sql-helpers';

export const profileViews = pgTable(
  'profile_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lawyerId: text('lawyer_id').notNull().references(() => lawyerProfiles.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hash of IP and user agent with the day's salt (analytics_salts), for the 30-minute dedupe; never the raw values. */
    visitorHash: text('visitor_hash'),
  },
  (t) => [
    index('profile_views_lawyer_time_idx').on(t.lawyerId, t.viewedAt),
    index('profile_views_visitor_idx').on(t.lawyerId, t.visitorHash, t.viewedAt),
    index('profile_views_time_idx').on(t.viewedAt),
    /** The views whose hash is not erased yet (the last two days'): the purge reads only these. */
    index('profile_views_hashed_time_idx').on(t.viewedAt).where(sql`visitor_hash is not null`),
  ],
);

export const whatsappClicks = pgTable(
  'whatsapp_clicks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lawyerId: text('lawyer_id').notNull().references(() => lawyerProfiles.id, { onDelete: 'cascade' }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
    sourcePage: text('source_page', { enum: WHATSAPP_CLICK_SOURCES }).notNull(),
    /** As profile_views.visitor_hash, for the one-minute dedupe. */
    visitorHash: text('visitor_hash'),
  },
  (t) => [
    index('whatsapp_clicks_visitor_idx').on(t.lawyerId, t.visitorHash, t.clickedAt),
    check('whatsapp_clicks_source_check', oneOf(t.sourcePage, WHATSAPP_CLICK_SOURCES)),
    index('whatsapp_clicks_lawyer_time_idx').on(t.lawyerId, t.clickedAt),
    index('whatsapp_clicks_time_idx').on(t.clickedAt),
    /** As profile_views_hashed_time_idx. */
    index('whatsapp_clicks_hashed_time_idx').on(t.clickedAt).where(sql`visitor_hash is not null`),
  ],
);

/**
 * One random salt per day (America/Sao_Paulo) for the visitor hashes: shared by every process, and
 * deleted after two days, so that a stored hash can no longer be tied to an IP address (LGPD).
 */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The platform's figures of one closed calendar day in São Paulo, counted once from the raw rows by
 * /admin/reports (docs/decisions/0021): leads, profile views, WhatsApp clicks and new lawyer profiles,
 * and the leads by city and by area. A day is written only once it has been over for an hour, and never
 * changed: later deletions (a lawyer, a client's removal link) do not rewrite history.
 */
export const activityDays = pgTable('activity_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  leads: integer('leads').notNull(),
  profileViews: integer('profile_views').notNull(),
  whatsappClicks: integer('whatsapp_clicks').notNull(),
  newLawyers: integer('new_lawyers').notNull(),
  /** Leads by catalogue city id, and by practice area id. */
  leadCities: jsonb('lead_cities').$type<Record<string, number>>().notNull(),
  leadAreas: jsonb('lead_areas').$type<Record<string, number>>().notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});
