import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MONITORING_FREQUENCIES, MONITORING_STATUSES, PROCESS_UPDATE_TYPES } from '~/domain/catalog/vocabularies';
import type { ProcessDetails } from '~/domain/process-details';
import { lawyerProfiles } from './lawyers';
import { oneOf } from './sql-helpers';

export const monitoredProcesses = pgTable(
  'monitored_processes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lawyerId: text('lawyer_id').notNull().references(() => lawyerProfiles.id, { onDelete: 'cascade' }),
    /** The CNJ number as typed in the CNJ mask: NNNNNNN-DD.AAAA.J.TR.OOOO. */
    numero: text('numero').notNull(),
    tribunal: text('tribunal'),
    frequencia: text('frequencia', { enum: MONITORING_FREQUENCIES }).notNull().default('DIARIA'),
    status: text('status', { enum: MONITORING_STATUSES }).notNull().default('PENDENTE'),
    /** The monitoring provider's own id for this process (Escavador, DataJud or the simulator). */
    providerRef: text('provider_ref'),
    ultimaVerificacao: timestamp('ultima_verificacao', { withTimezone: true }),
    /**
     * When the polling dispatcher next checks the process (pull providers: DataJud, the simulator): its
     * own slot of the day, on weekdays (DIARIA) or one weekday (SEMANAL); null until the dispatcher gives
     * it one (rows from before polling existed). docs/decisions/0030.
     */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    /** The process's cover as the provider last gave it (class, subjects, judging body, grau, filing date, parties). */
    detalhes: jsonb('detalhes').$type<ProcessDetails>(),
    /**
     * The first complete "not found" of a provider whose "not found" needs confirming (DataJud), while the
     * process was never found: a second one at least a day later makes it NAO_ENCONTRADO. docs/decisions/0051.
     */
    naoEncontradoEm: timestamp('nao_encontrado_em', { withTimezone: true }),
    /** After a check that failed for a passing reason (failed shards, 429, 5xx, no answer): when it is tried again. */
    proximaTentativa: timestamp('proxima_tentativa', { withTimezone: true }),
    /** Checks failed in a row for a passing reason (the backoff); 0 after any answer. */
    falhasSeguidas: integer('falhas_seguidas').notNull().default(0),
    /** Escavador: when the job last asked for the status of a monitoring still PENDENTE after a day (decision 0051). */
    statusConsultadoEm: timestamp('status_consultado_em', { withTimezone: true }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('monitored_processes_frequencia_check', oneOf(t.frequencia, MONITORING_FREQUENCIES)),
    check('monitored_processes_status_check', oneOf(t.status, MONITORING_STATUSES)),
    check('monitored_processes_numero_check', sql`${t.numero} ~ '^[0-9]{7}-[0-9]{2}\\.[0-9]{4}\\.[0-9]\\.[0-9]{2}\\.[0-9]{4}$'`),
    uniqueIndex('monitored_processes_lawyer_numero_idx').on(t.lawyerId, t.numero),
    // The dispatcher's due walk (nulls first: rows still without a slot), and callbacks by provider id or number.
    index('monitored_processes_next_check_idx').on(t.nextCheckAt.asc().nullsFirst()),
    index('monitored_processes_provider_ref_idx').on(t.providerRef),
    index('monitored_processes_numero_idx').on(t.numero),
  ],
);

export const processUpdates = pgTable(
  'process_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    processoId: uuid('processo_id').notNull().references(() => monitoredProcesses.id, { onDelete: 'cascade' }),
    data: timestamp('data', { withTimezone: true }).notNull(),
    descricao: text('descricao').notNull(),
    tipo: text('tipo', { enum: PROCESS_UPDATE_TYPES }).notNull().default('ANDAMENTO'),
    /** The movement's TPU code (DataJud), from which `tipo` was read; null when the provider gives none (Escavador). */
    codigo: integer('codigo'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('process_updates_tipo_check', oneOf(t.tipo, PROCESS_UPDATE_TYPES)),
    // A movement is stored once, matched on its date and description.
    uniqueIndex('process_updates_once_idx').on(t.processoId, t.data, sql`md5(${t.descricao})`),
    index('process_updates_processo_data_idx').on(t.processoId, t.data),
  ],
);

/**
 * Escavador's callbacks (docs/product-rules.md, "Process monitoring providers"), each stored once by its `uuid`
 * (Escavador delivers an event more than once) before it is answered, then processed by the
 * `escavador-callback` job (docs/decisions/0030). Unknown events are kept too, unprocessed by design.
 */
export const escavadorCallbacks = pgTable(
  'escavador_callbacks',
  {
    uuid: text('uuid').primaryKey(),
    event: text('event').notNull(),
    /** The process number in the CNJ mask, and Escavador's monitoring id, when the event names them. */
    numero: text('numero'),
    monitoringRef: text('monitoring_ref'),
    /** The body as received (parsed JSON, at most 256 KiB). */
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once the job has applied it (or found nothing to apply); null: still to process. */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** How many monitored processes the event reached. */
    matchedProcesses: integer('matched_processes'),
  },
  (t) => [index('escavador_callbacks_unprocessed_idx').on(t.receivedAt).where(sql`${t.processedAt} is null`)],
);
