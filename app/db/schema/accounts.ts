import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Registration data waiting for the e-mail confirmation, kept on the server with the unconfirmed
 * account (docs/product-rules.md, Registration), and finalised exactly once (finalized_at).
 */
export const pendingRegistrations = pgTable('pending_registrations', {
  userId: text('user_id').primaryKey().references(() => user.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finalizedAt: timestamp('finalized_at', { withTimezone: true }),
});
