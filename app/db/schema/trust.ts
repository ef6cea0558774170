import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { lawyerProfiles } from './lawyers';
import { SCAM_REPORT_STATUSES } from '~/domain/trust';
import { oneOf } from './sql-helpers';

/**
 * A client's report of a message that looked like the false-lawyer scam ('Denunciar' on the profiles
 * and /confirmar-advogado; docs/decisions/0062): what happened, the number used, an optional contact.
 * `lawyer_id` is the approved lawyer whose own WhatsApp number is the number used, when there is one
 * (the superadmins are e-mailed at once); `profile_id` the profile the report was sent from, if any.
 */
export const scamReports = pgTable(
  'scam_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    relato: text('relato').notNull(),
    /** The number as the project stores phones ('5511987654321') when it is Brazilian, else as typed without separators. */
    numero: text('numero').notNull(),
    contato: text('contato'),
    lawyerId: text('lawyer_id').references(() => lawyerProfiles.id, { onDelete: 'set null' }),
    profileId: text('profile_id').references(() => lawyerProfiles.id, { onDelete: 'set null' }),
    status: text('status', { enum: SCAM_REPORT_STATUSES }).notNull().default('nova'),
    statusChangedBy: text('status_changed_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('scam_reports_status_check', oneOf(t.status, SCAM_REPORT_STATUSES)),
    index('scam_reports_created_at_idx').on(t.createdAt.desc(), t.id),
    index('scam_reports_status_created_idx').on(t.status, t.createdAt.desc()),
  ],
);
