import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
 * queued: waiting for delivery (or kept here for good when no SMTP or gateway is configured);
 * sending: claimed by one delivery attempt; sent; failed: refused for good, out of retries, or
 * interrupted mid-send (never resent automatically: it may have gone out).
 */
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Every e-mail and WhatsApp message is first a row here, written in the transaction of the change that
 * causes it; a background job delivers it (docs/decisions/0011). Without SMTP or a messaging gateway
 * the rows stay queued and are shown at /dev/outbox in development, so every flow can be followed.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    /** The plain-text body (an e-mail's text part, a WhatsApp message's text). */
    body: text('body').notNull(),
    /** The HTML part of an e-mail; null for WhatsApp. */
    htmlBody: text('html_body'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('queued'),
    /** Delivery attempts started (a row is claimed once per attempt). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * At most one message per key (e.g. 'novo-lead:<lead id>'): enqueuing the same notification twice,
     * from a retried request or job, stores it once. Null for messages that need no such guard.
     */
    idempotencyKey: text('idempotency_key'),
    /** The Message-ID the provider accepted the message under. */
    providerMessageId: text('provider_message_id'),
    /** When the row was last handed to the job queue (the dispatcher hands a queued row over again after a while). */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('outbox_channel_check', oneOf(t.channel, OUTBOX_CHANNELS)),
    check('outbox_status_check', oneOf(t.status, OUTBOX_STATUSES)),
    check('outbox_attempts_check', sql`${t.attempts} >= 0`),
    index('outbox_created_at_idx').on(t.createdAt),
    index('outbox_status_idx').on(t.status, t.createdAt),
    uniqueIndex('outbox_idempotency_key_idx').on(t.idempotencyKey),
  ],
);
