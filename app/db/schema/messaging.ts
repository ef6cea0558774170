import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { lawyerProfiles } from './lawyers';
import { oneOf } from './sql-helpers';

/** A lawyer's messaging-gateway token, AES-256-GCM encrypted with a key derived from APP_SECRET. */
export const lawyerApiTokens = pgTable(
  'lawyer_api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lawyerId: text('lawyer_id').notNull().references(() => lawyerProfiles.id, { onDelete: 'cascade' }),
    tokenName: text('token_name').notNull(),
    encryptedToken: text('encrypted_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lawyer_api_tokens_lawyer_name_idx').on(t.lawyerId, t.tokenName)],
);

export const OUTBOX_CHANNELS = ['email', 'whatsapp'] as const;

/**
 * The development outbox: without SMTP or a messaging gateway, e-mails and WhatsApp messages are
 * stored here and shown at /dev/outbox in development, so every flow can be followed end to end.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('outbox_channel_check', oneOf(t.channel, OUTBOX_CHANNELS)),
    index('outbox_created_at_idx').on(t.createdAt),
  ],
);
