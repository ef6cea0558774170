import { bigserial, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { WHATSAPP_CLICK_SOURCES } from '~/modules/catalog/catalog';
import { lawyerProfiles } from './lawyers';
import { oneOf } from './sql-helpers';

export const profileViews = pgTable(
  'profile_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lawyerId: text('lawyer_id').notNull().references(() => lawyerProfiles.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('profile_views_lawyer_time_idx').on(t.lawyerId, t.viewedAt),
    index('profile_views_time_idx').on(t.viewedAt),
  ],
);

export const whatsappClicks = pgTable(
  'whatsapp_clicks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lawyerId: text('lawyer_id').notNull().references(() => lawyerProfiles.id, { onDelete: 'cascade' }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
    sourcePage: text('source_page', { enum: WHATSAPP_CLICK_SOURCES }).notNull(),
  },
  (t) => [
    check('whatsapp_clicks_source_check', oneOf(t.sourcePage, WHATSAPP_CLICK_SOURCES)),
    index('whatsapp_clicks_lawyer_time_idx').on(t.lawyerId, t.clickedAt),
    index('whatsapp_clicks_time_idx').on(t.clickedAt),
  ],
);
