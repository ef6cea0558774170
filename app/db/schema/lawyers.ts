import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { CITY_IDS, LAWYER_STATUSES, PRACTICE_AREA_IDS, STATE_CODES } from '~/domain/catalog/catalog';
import { FIRST_INSCRIPTION_MIN_YEAR, LAWYER_TITLE_IDS, PROFILE_DETAIL_LIMITS, SERVICE_LANGUAGE_IDS } from '~/domain/catalog/profile-details';
import { user } from './auth';
import { oneOf } from './sql-helpers';

/** A lawyer's public profile. Its id is the auth user's id (docs/product-rules.md, Lawyers). */
export const lawyerProfiles = pgTable(
  'lawyer_profiles',
  {
    id: text('id').primaryKey().references(() => user.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    email: text('email').notNull(),
    numeroOab: text('numero_oab').notNull(),
    /** The state (UF) of the OAB Seccional; shown as 'OAB/SP 123456' (docs/product-rules.md, Lawyers). */
    oabUf: text('oab_uf').notNull(),
    whatsapp: text('whatsapp').notNull(),
    whatsappNotificacoes: text('whatsapp_notificacoes'),
    biografia: text('biografia').notNull(),
    fotoUrl: text('foto_url'),
    slug: text('slug').notNull().unique(),
    status: text('status', { enum: LAWYER_STATUSES }).notNull().default('pending'),
    /**
     * A random position on the daily search rotation (0 .. 2^31-1), fixed at creation. Search orders a
     * plan level by this key starting from a point that moves every day (see lawyers/search-order.ts).
     */
    rotationKey: integer('rotation_key').notNull().default(sql`floor(random() * 2147483647)::int`),
    /**
     * Derived for search, kept up to date by database triggers (migration 0002) from the link tables
     * and the active plan; never written by the app. Tags are 'a:<area id>' and 'c:<city id>', so one
     * GIN lookup intersects both filters. The plan level counts until plan_level_until (null: no end).
     */
    searchTags: text('search_tags').array().notNull().default(sql`'{}'::text[]`),
    planLevel: smallint('plan_level').notNull().default(0),
    planLevelUntil: timestamp('plan_level_until', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    // What the profile says about the practice (migration 0025, docs/decisions/0063), all the lawyer's own
    // declarations, all optional: 'advogada' or 'advogado' (null: 'Advogado'), the year of the first OAB
    // inscription (shown as years of practice), education, languages (catalogue ids), online service and
    // the office's neighbourhood and city (a catalogue city).
    titulo: text('titulo', { enum: LAWYER_TITLE_IDS }),
    primeiraInscricaoAno: smallint('primeira_inscricao_ano'),
    formacao: text('formacao'),
    idiomas: text('idiomas').array().notNull().default(sql`'{}'::text[]`),
    atendeOnline: boolean('atende_online').notNull().default(false),
    escritorioBairro: text('escritorio_bairro'),
    escritorioCidade: text('escritorio_cidade'),
    /**
     * When a superadmin last confirmed the inscription as regular in the OAB's Cadastro Nacional dos
     * Advogados, and who (decision 0061): shown on profiles and cards ('inscrição conferida em …');
     * null: never checked on the platform (lawyers approved before migration 0024, auto-approved ones).
     */
    oabCheckedAt: timestamp('oab_checked_at', { withTimezone: true }),
    oabCheckedBy: text('oab_checked_by').references(() => user.id, { onDelete: 'set null' }),
    /**
     * When the profile last had a view, a WhatsApp click or a lead, kept by database triggers
     * (migration 0010) to within an hour: the back office counts active lawyers without reading the
     * events (docs/decisions/0022). Never written by the app.
     */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('lawyer_profiles_status_check', oneOf(t.status, LAWYER_STATUSES)),
    check('lawyer_profiles_oab_uf_check', oneOf(t.oabUf, STATE_CODES)),
    check('lawyer_profiles_numero_oab_check', sql`${t.numeroOab} ~ '^[0-9]{3,10}$'`),
    check('lawyer_profiles_whatsapp_check', sql`${t.whatsapp} ~ '^[0-9]{10,15}$'`),
    check('lawyer_profiles_titulo_check', oneOf(t.titulo, LAWYER_TITLE_IDS)),
    // Not in the future is the form's rule (the year changes); the database keeps the plausible range.
    check('lawyer_profiles_primeira_inscricao_ano_check', sql`${t.primeiraInscricaoAno} between ${sql.raw(String(FIRST_INSCRIPTION_MIN_YEAR))} and 2200`),
    check('lawyer_profiles_formacao_check', sql`char_length(${t.formacao}) between 1 and ${sql.raw(String(PROFILE_DETAIL_LIMITS.formacao))}`),
    check('lawyer_profiles_idiomas_check', sql`${t.idiomas} <@ array[${sql.raw(SERVICE_LANGUAGE_IDS.map((id) => `'${id}'`).join(', '))}]::text[]`),
    check('lawyer_profiles_escritorio_bairro_check', sql`char_length(${t.escritorioBairro}) between 1 and ${sql.raw(String(PROFILE_DETAIL_LIMITS.escritorioBairro))}`),
    check('lawyer_profiles_escritorio_cidade_check', oneOf(t.escritorioCidade, CITY_IDS)),
    index('lawyer_profiles_status_rotation_idx').on(t.status, t.rotationKey),
    index('lawyer_profiles_search_tags_idx').using('gin', t.searchTags).where(sql`${t.status} = 'approved'`),
    // With the id: /admin/lawyers pages on (created_at, id) with an index-only scan, however deep the page.
    index('lawyer_profiles_created_at_idx').on(t.createdAt, t.id),
    index('lawyer_profiles_oab_idx').on(t.oabUf, t.numeroOab),
    // /confirmar-advogado looks an approved lawyer up by the WhatsApp number (decision 0062).
    index('lawyer_profiles_whatsapp_idx').on(t.whatsapp).where(sql`${t.status} = 'approved'`),
    // The yearly re-check list ('Conferir de novo'): approved lawyers by their last check, never-checked first.
    index('lawyer_profiles_oab_checked_idx').on(t.oabCheckedAt.asc().nullsFirst(), t.id).where(sql`${t.status} = 'approved'`),
    // /admin/dashboard counts the profiles by status and the approved ones active in the last 30 days in one
    // index-only pass over this index, not over the wide rows (decision 0033).
    index('lawyer_profiles_status_activity_idx').on(t.status, t.lastActivityAt),
    // /admin/lawyers searches a part of the name or e-mail (ILIKE '%…%'): trigram indexes (pg_trgm, migration 0011).
    index('lawyer_profiles_nome_trgm_idx').using('gin', t.nome.op('gin_trgm_ops')),
    index('lawyer_profiles_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    // …and a part of the OAB number (LIKE '%…%'); 'SP 123456' is a range of lawyer_profiles_oab_idx instead (decision 0075).
    index('lawyer_profiles_numero_oab_trgm_idx').using('gin', t.numeroOab.op('gin_trgm_ops')),
    // The home page's few lawyers with a photo, in the daily rotation: a range of this index (decision 0064).
    index('lawyer_profiles_home_photos_idx').on(t.rotationKey).where(sql`${t.status} = 'approved' and ${t.fotoUrl} is not null`),
  ],
);

/** What a lawyer declares about their practice (docs/decisions/0063), as the lawyer area and the edit form select it. */
export const declaredPracticeColumns = {
  titulo: lawyerProfiles.titulo,
  primeiraInscricaoAno: lawyerProfiles.primeiraInscricaoAno,
  formacao: lawyerProfiles.formacao,
  idiomas: lawyerProfiles.idiomas,
  atendeOnline: lawyerProfiles.atendeOnline,
  escritorioBairro: lawyerProfiles.escritorioBairro,
  escritorioCidade: lawyerProfiles.escritorioCidade,
};

export const lawyerPracticeAreas = pgTable(
  'lawyer_practice_areas',
  {
    lawyerId: text('lawyer_id').notNull().references(() => lawyerProfiles.id, { onDelete: 'cascade' }),
    areaId: text('area_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lawyerId, t.areaId] }),
    // Search filters by area first, then joins to the lawyer.
    index('lawyer_practice_areas_area_idx').on(t.areaId, t.lawyerId),
    check('lawyer_practice_areas_area_check', oneOf(t.areaId, PRACTICE_AREA_IDS)),
  ],
);

export const lawyerCities = pgTable(
  'lawyer_cities',
  {
    lawyerId: text('lawyer_id').notNull().references(() => lawyerProfiles.id, { onDelete: 'cascade' }),
    cityId: text('city_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lawyerId, t.cityId] }),
    index('lawyer_cities_city_idx').on(t.cityId, t.lawyerId),
    check('lawyer_cities_city_check', oneOf(t.cityId, CITY_IDS)),
  ],
);

/**
 * The landing pages' summary (docs/decisions/0026-landing-pages.md): for every area × city pair of the
 * approved profiles' search tags, how many lawyers and the latest change there (a lawyer's edit or
 * review, one joining or leaving). Kept by a database trigger on lawyer_profiles (migration 0014),
 * whatever code writes it; never written by the app. A row is deleted when its count reaches 0, so
 * every row is a landing page with lawyers.
 */
export const landingScopeCounts = pgTable(
  'landing_scope_counts',
  {
    area: text('area').notNull(),
    cidade: text('cidade').notNull(),
    lawyers: integer('lawyers').notNull(),
    lastModified: timestamp('last_modified', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.area, t.cidade] })],
);

/**
 * 'Visão Geral' of /admin/lawyers: how many profiles are in each status. Kept by database triggers on
 * lawyer_profiles (migration 0031, decision 0075), whatever code writes it; never written by the app.
 * A row is deleted when its count reaches 0.
 */
export const lawyerStatusCounts = pgTable('lawyer_status_counts', {
  status: text('status').primaryKey(),
  lawyers: integer('lawyers').notNull(),
});
