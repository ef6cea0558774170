import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/** The statuses the WhatsApp Cloud API's webhook reports for a message it accepted. */
export const PROVIDER_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

/**
 * queued: waiting for delivery (or kept here for good when no SMTP or gateway is configured);
 * sending: claimed by one delivery attempt; sent; failed: refused for good or out of retries;
 * incerto: the outcome is unknown (a timeout after the request went out, a process stopped
 * mid-send): it may have been delivered, so it is never resent automatically, only by a superadmin's
 * 'Reenviar' (docs/decisions/0039). Named in Portuguese, the word the back office shows.
 */
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed', 'incerto'] as const;
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
    /**
     * What the provider reported later (the WhatsApp Cloud API's status webhook): sent, delivered,
     * read or failed, the furthest one kept. Null until a report arrives (and for e-mail).
     */
    providerStatus: text('provider_status', { enum: PROVIDER_STATUSES }),
    providerStatusAt: timestamp('provider_status_at', { withTimezone: true }),
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
    check('outbox_provider_status_check', oneOf(t.providerStatus, PROVIDER_STATUSES)),
    index('outbox_created_at_idx').on(t.createdAt),
    index('outbox_status_idx').on(t.status, t.createdAt),
    uniqueIndex('outbox_idempotency_key_idx').on(t.idempotencyKey),
    // A recipient's unfinished messages, oldest first: the dispatcher hands over only the oldest.
    index('outbox_pending_recipient_idx')
      .on(t.channel, t.recipient, t.createdAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    // The status webhook finds a message by the id the provider gave it.
    index('outbox_provider_message_id_idx')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    // The e-mails about a client request (the lead's history, the request's removal) by its id.
    index('outbox_email_request_idx')
      .on(sql`(${t.metadata} ->> 'requestId')`)
      .where(sql`${t.channel} = 'email'`),
  ],
);

/**
 * Each status the WhatsApp Cloud API reported for a message, stored once per message id and status
 * (Meta repeats a delivery that did not get a 200; docs/decisions/0039). Kept whether or not the
 * message is in the outbox (a report may arrive before the send's answer is recorded).
 */
export const whatsappStatusEvents = pgTable(
  'whatsapp_status_events',
  {
    /** The WAMID (`statuses[].id`). */
    providerMessageId: text('provider_message_id').notNull(),
    status: text('status', { enum: PROVIDER_STATUSES }).notNull(),
    /** Meta's time of the event. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** A failed status's first error code and title. */
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerMessageId, t.status] }),
    check('whatsapp_status_events_status_check', oneOf(t.status, PROVIDER_STATUSES)),
  ],
);
