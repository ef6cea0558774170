import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, time, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CITY_IDS, FIRST_CONTACT_CHANNELS, LOST_REASON_IDS, PRACTICE_AREA_IDS, STAGE_COLORS, STAGE_KINDS } from '~/domain/catalog/catalog';
import { lawyerProfiles } from './lawyers';
import { oneOf } from './sql-helpers';

export const LEAD_STATUSES = ['novo', 'em_andamento', 'concluido'] as const;

/** A client's request for help, stored once; it is copied as one lead per matching lawyer. */
export const leadRequests = pgTable(
  'lead_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nome: text('nome').notNull(),
    email: text('email').notNull(),
    whatsapp: text('whatsapp').notNull(),
    cidade: text('cidade').notNull(),
    areaAtuacao: text('area_atuacao').notNull(),
    descricao: text('descricao').notNull(),
    /** The lawyer the client chose (/solicitar-atendimento/{slug}), when approved; null from the plain form. */
    chosenLawyerId: text('chosen_lawyer_id').references(() => lawyerProfiles.id, { onDelete: 'set null' }),
    /**
     * The lawyers the client ticked on the form (at most LEAD_MAX_LAWYERS, each approved and matching
     * when sent; docs/decisions/0043): the proof that the contact was the client's. Kept as sent, even
     * after a lawyer's account is gone. Empty: no lawyer matched and the back office assigns the lead.
     */
    chosenLawyerIds: text('chosen_lawyer_ids').array().notNull().default(sql`'{}'::text[]`),
    /** The sentence the client agreed to when sending (null for requests stored before the choice existed). */
    agreement: text('agreement'),
    /**
     * SHA-256 of the normalised e-mail, area, city, chosen lawyer and description: the same request sent
     * again within a minute (double click, reload) is stored once (docs/decisions/0015).
     */
    dedupeKey: text('dedupe_key').notNull(),
    /** SHA-256 of the random token of the e-mail's removal link (the token itself is never stored). */
    removalTokenHash: text('removal_token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('lead_requests_cidade_check', oneOf(t.cidade, CITY_IDS)),
    check('lead_requests_area_check', oneOf(t.areaAtuacao, PRACTICE_AREA_IDS)),
    index('lead_requests_created_at_idx').on(t.createdAt),
    index('lead_requests_dedupe_idx').on(t.dedupeKey, t.createdAt),
    index('lead_requests_chosen_lawyer_idx').on(t.chosenLawyerId),
    uniqueIndex('lead_requests_removal_token_idx').on(t.removalTokenHash),
  ],
);

/** A CRM stage; each lawyer owns their own list (docs/product-rules.md, CRM). */
export const leadStatuses = pgTable(
  'lead_statuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lawyerId: text('lawyer_id').notNull().references(() => lawyerProfiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    orderIndex: integer('order_index').notNull().default(0),
    /** Open, won or lost (issue 23): what a lead in this stage counts as in the lawyer's figures. */
    kind: text('kind', { enum: STAGE_KINDS }).notNull().default('aberto'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('lead_statuses_kind_check', oneOf(t.kind, STAGE_KINDS)),
    check('lead_statuses_color_check', oneOf(t.color, STAGE_COLORS.map((c) => c.value))),
    check('lead_statuses_name_check', sql`length(trim(${t.name})) > 0`),
    index('lead_statuses_lawyer_order_idx').on(t.lawyerId, t.orderIndex),
  ],
);

export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The client request this lead copies; null for a lead a lawyer typed in themselves. */
    requestId: uuid('request_id').references(() => leadRequests.id, { onDelete: 'set null' }),
    nome: text('nome').notNull(),
    email: text('email').notNull(),
    telefone: text('telefone').notNull(),
    cidade: text('cidade').notNull(),
    areaInteresse: text('area_interesse').notNull(),
    mensagem: text('mensagem'),
    status: text('status', { enum: LEAD_STATUSES }).notNull().default('novo'),
    // A deleted stage never takes leads with it: the app refuses to delete a stage that has leads, and a
    // deleted lawyer's stages go while their leads are unassigned (the client's request survives).
    statusId: uuid('status_id').references(() => leadStatuses.id, { onDelete: 'set null' }),
    assignedTo: text('assigned_to').references(() => lawyerProfiles.id, { onDelete: 'set null' }),
    /** 'Próximo contato': a day (São Paulo) and, optionally, a time of that day. */
    followUpOn: date('follow_up_on', { mode: 'string' }),
    followUpTime: time('follow_up_time'),
    /** Why the lead was lost, when it was moved to a lost stage ('outro' carries a text). */
    lostReason: text('lost_reason', { enum: LOST_REASON_IDS }),
    lostReasonText: text('lost_reason_text'),
    /** The agreed fees in centavos, optionally given when the lead was won. */
    agreedFeeCents: bigint('agreed_fee_cents', { mode: 'number' }),
    /** When the lead entered its current won or lost stage; null while open. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The lawyer's first contact (response time = first_contact_at - created_at) and how it was made. */
    firstContactAt: timestamp('first_contact_at', { withTimezone: true }),
    firstContactChannel: text('first_contact_channel', { enum: FIRST_CONTACT_CHANNELS }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('leads_status_check', oneOf(t.status, LEAD_STATUSES)),
    check('leads_follow_up_time_check', sql`${t.followUpTime} is null or ${t.followUpOn} is not null`),
    check('leads_lost_reason_check', oneOf(t.lostReason, LOST_REASON_IDS)),
    check('leads_lost_reason_text_check', sql`${t.lostReasonText} is null or char_length(${t.lostReasonText}) <= 200`),
    check('leads_agreed_fee_check', sql`${t.agreedFeeCents} is null or ${t.agreedFeeCents} between 0 and 100000000000`),
    check('leads_first_contact_channel_check', oneOf(t.firstContactChannel, FIRST_CONTACT_CHANNELS)),
    index('leads_assigned_follow_up_idx').on(t.assignedTo, t.followUpOn).where(sql`${t.followUpOn} is not null`),
    index('leads_assigned_closed_idx').on(t.assignedTo, t.closedAt).where(sql`${t.closedAt} is not null`),
    // The leads still waiting for the lawyer's first contact (the digest, the dashboard).
    index('leads_assigned_waiting_idx').on(t.assignedTo, t.createdAt).where(sql`${t.firstContactAt} is null`),
    check('leads_cidade_check', oneOf(t.cidade, CITY_IDS)),
    check('leads_area_check', oneOf(t.areaInteresse, PRACTICE_AREA_IDS)),
    index('leads_assigned_created_idx').on(t.assignedTo, t.createdAt),
    index('leads_assigned_updated_idx').on(t.assignedTo, t.updatedAt),
    index('leads_status_id_idx').on(t.statusId),
    index('leads_created_at_idx').on(t.createdAt),
    index('leads_email_idx').on(sql`lower(${t.email})`),
    index('leads_request_idx').on(t.requestId),
  ],
);

/**
 * One row per client e-mail (lower-case) with leads: the most recent lead, when it came and how many
 * there are. Kept in step with `leads` by database triggers (migration 0007), whatever code writes
 * leads, so /admin/leads pages through e-mails ordered by their latest lead without grouping every
 * lead on each request (docs/decisions/0020).
 */
export const leadContacts = pgTable(
  'lead_contacts',
  {
    emailKey: text('email_key').primaryKey(),
    /** The most recent lead's name (searched by /admin/leads). */
    nome: text('nome').notNull().default(''),
    latestLeadId: uuid('latest_lead_id'),
    lastLeadAt: timestamp('last_lead_at', { withTimezone: true }).notNull(),
    leadCount: integer('lead_count').notNull().default(0),
  },
  (t) => [index('lead_contacts_last_lead_idx').on(t.lastLeadAt.desc(), t.emailKey)],
);

/** A lawyer's note about one of their leads ('Adicionar nota'; docs/decisions/0046): at most 2,000 characters. */
export const LEAD_NOTE_MAX = 2000;
export const leadNotes = pgTable(
  'lead_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id').notNull().references(() => leads.id, { onDelete: 'cascade' }),
    authorId: text('author_id').notNull().references(() => lawyerProfiles.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('lead_notes_body_check', sql`char_length(${t.body}) between 1 and ${sql.raw(String(LEAD_NOTE_MAX))}`),
    index('lead_notes_lead_created_idx').on(t.leadId, t.createdAt),
  ],
);

/**
 * What a lead's history records besides notes: 'etapa', a move between stages ({ from, to } stage names,
 * and the lost reason or agreed fees when it closed the lead); 'retorno', a follow-up set, changed or
 * cleared ({ on, time } or nulls); 'contato', the lawyer's first contact ({ channel }).
 */
export const LEAD_EVENT_KINDS = ['etapa', 'retorno', 'contato'] as const;
export const leadEvents = pgTable(
  'lead_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id').notNull().references(() => leads.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LEAD_EVENT_KINDS }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('lead_events_kind_check', oneOf(t.kind, LEAD_EVENT_KINDS)), index('lead_events_lead_created_idx').on(t.leadId, t.createdAt)],
);

/**
 * The morning digest of follow-ups (docs/decisions/0049): one row per São Paulo working day, taken by the
 * first process whose clock passes 8:00; in the same transaction, one row per lawyer with something due.
 * Any process then sends the rows not yet sent (SKIP LOCKED), so several processes send one digest a day.
 */
export const followUpDigestDays = pgTable('follow_up_digest_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  lawyers: integer('lawyers').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const followUpDigests = pgTable(
  'follow_up_digests',
  {
    lawyerId: text('lawyer_id').notNull().references(() => lawyerProfiles.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    followUps: integer('follow_ups').notNull().default(0),
    waitingLeads: integer('waiting_leads').notNull().default(0),
    /** When its e-mail (and WhatsApp) went into the outbox; null while waiting to be sent. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lawyerId, t.day] }), index('follow_up_digests_unsent_idx').on(t.day, t.lawyerId).where(sql`${t.sentAt} is null`)],
);
