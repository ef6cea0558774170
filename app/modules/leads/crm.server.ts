import { and, asc, eq, exists, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { CurrentUser } from '~/auth/session.server';
import { db, selectRows } from '~/db/client.server';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { leadEvents, leads, leadStatuses } from '~/db/schema/leads';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { AppError } from '~/lib/app-error';
import type { StageKind } from '~/domain/catalog/catalog';
import { isForeignKeyViolation } from '~/db/postgres-errors';
import { requireApprovedLawyer } from '~/modules/subscriptions/lawyer-gate';
import { lawyerPlanFrom } from '~/modules/subscriptions/lawyer-plan';
import { saoPauloDay } from './follow-ups';
import { containsPattern } from '~/lib/sql-like';
import {
  CARDS_PER_COLUMN_FIRST,
  CRM_MESSAGES,
  stageHasLeadsMessage,
  STAGE_LIMITS,
  type AddStageInput,
  type BoardFilters,
  type BoardView,
  type DeleteStageInput,
  type EditLeadInput,
  type MoveLeadInput,
  type NewLeadInput,
  type RecordContactInput,
  type ReorderStageInput,
  type SaveStagesInput,
} from './crm.schemas';
import { recordFirstContact } from './first-contact.server';
import { leadMailtoUrl, leadWhatsAppUrl } from './lead-format';

// The lawyer's CRM board (docs/product-rules.md, "CRM"). Every function takes the lawyer that
// openCrm() let in, from the session, and scopes every statement to them: another lawyer's lead or
// stage is "not found", whatever id the request carries.

const crmAccess: unique symbol = Symbol('crm access');

/** A lawyer the CRM let in; only openCrm() makes one, so no function below can run without the check. */
export interface CrmLawyer {
  readonly id: string;
  readonly [crmAccess]: true;
}

/**
 * The door of the CRM for the signed-in `user` (from the session, never from the request): an approved
 * lawyer (a superadmin's own profile counts as approved) whose effective plan includes the CRM (every
 * plan does: `planAllows`). Refuses with a Portuguese 403/404 otherwise.
 */
export async function openCrm(user: Pick<CurrentUser, 'id' | 'isSuperadmin'>, now = new Date()): Promise<CrmLawyer> {
  const [row] = await db
    .select({ status: lawyerProfiles.status, planType: lawyerPlans.planType, endDate: lawyerPlans.endDate })
    .from(lawyerProfiles)
    .leftJoin(lawyerPlans, and(eq(lawyerPlans.lawyerId, lawyerProfiles.id), eq(lawyerPlans.status, 'active')))
    .where(eq(lawyerProfiles.id, user.id))
    .limit(1);
  requireApprovedLawyer(user, row?.status);
  // An ended plan counts as gratuito, as in search.
  const plan = lawyerPlanFrom(row?.planType ? { planType: row.planType, endDate: row.endDate } : null, now);
  if (!plan.allows.crm) throw new AppError(CRM_MESSAGES.unavailable, { status: 403, code: 'crm_not_in_plan' });
  return { id: user.id, [crmAccess]: true };
}

export interface CrmStage {
  id: string;
  name: string;
  color: string;
  orderIndex: number;
  /** Open, won or lost: a move to a lost stage asks why; the dashboard's conversion counts won ÷ closed. */
  kind: StageKind;
}

export interface CrmLead {
  id: string;
  nome: string;
  email: string;
  telefone: string;
  cidade: string;
  areaInteresse: string;
  mensagem: string | null;
  /** From a client's request: its description is the client's and cannot be edited. */
  fromRequest: boolean;
  /** The lead's stage; null (or a stage that is gone) shows in the first column. */
  stageId: string | null;
  /** 'Próximo contato': a São Paulo day ('2026-11-26') and optionally a time ('14:30'), or null. */
  followUpOn: string | null;
  followUpTime: string | null;
  /** The lawyer's first contact (its response time), null while the lead waits. */
  firstContactAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface CrmBoard {
  /** The lawyer's stages, in board order. */
  stages: CrmStage[];
  /**
   * The leads the columns show: in each, the `perColumn` most recently changed (most recent first),
   * plus any lead asked for by id. A lead without a stage, or whose stage is gone, is in the first column.
   */
  leads: CrmLead[];
  /** Leads in each column that match the filters, by stage id (the first column counts the leads without a stage). */
  counts: Record<string, number>;
  /** Every lead assigned to the lawyer, whatever the filters. */
  total: number;
  /** The leads that match the filters (`total` without any). */
  matching: number;
  perColumn: number;
  /** The search and filters the board shows (those of the URL that were valid). */
  filters: BoardFilters;
  /** The areas and cities of the lawyer's leads, the filters' choices (ids, in no particular order). */
  filterOptions: { areas: string[]; cities: string[] };
}

interface BoardRow {
  id: string;
  nome: string;
  email: string;
  telefone: string;
  cidade: string;
  area_interesse: string;
  mensagem: string | null;
  request_id: string | null;
  status_id: string | null;
  follow_up_on: string | null;
  follow_up_time: string | null;
  first_contact_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** The lead's stage when it is one of the lawyer's, else null (shown in the first column). */
  column_stage: string | null;
  rank: number | string;
  in_column: number | string;
  /** Whether the lead matches the board's filters (always, without filters). */
  matches: boolean;
}

/** Folds accents and letter case away, as `foldSql` does in the database: 'JOÃO' → 'joao'. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
// Every way a letter may be written (the Portuguese accents, both cases): a search word becomes a
// regular expression of these classes ('joao' → '[jJ][oóòôõöOÓÒÔÕÖ][aá…][oó…]'). Folding the columns
// instead (translate() and lower(); unaccent is an extension the project does not load) cost 360 ms on
// 2,000 leads in PGlite; the expression is compiled once and scans each text once.
const LETTER_FORMS: Record<string, string> = {
  a: 'aáàâãäåAÁÀÂÃÄÅ',
  e: 'eéèêëEÉÈÊË',
  i: 'iíìîïIÍÌÎÏ',
  o: 'oóòôõöOÓÒÔÕÖ',
  u: 'uúùûüUÚÙÛÜ',
  c: 'cçCÇ',
  n: 'nñNÑ',
  y: 'yýÿYÝ',
};
function wordPattern(word: string): string {
  return [...word]
    .map((ch) => {
      if (LETTER_FORMS[ch]) return `[${LETTER_FORMS[ch]}]`;
      if (/[a-z]/.test(ch)) return `[${ch}${ch.toUpperCase()}]`;
      return /[\\^$.|?*+()[\]{}]/.test(ch) ? `\\${ch}` : ch;
    })
    .join('');
}

/**
 * The board's search as an SQL condition on the leads table `l`: every word of the search is found in
 * the name, e-mail, description or phone (accents and case ignored); a search made of a phone's
 * characters ('(11) 91234-5678', '11 91234') is also found by its digits in the stored phone ('5511…').
 */
function searchCondition(q: string): SQL | undefined {
  const words = foldText(q).split(' ').filter(Boolean).slice(0, 8);
  if (words.length === 0) return undefined;
  const digits = q.replace(/\D/g, '');
  const phoneLike = /^[\d\s()+.-]+$/.test(q) && digits.length >= 2;
  const wordsMatch = sql.join(
    words.map((word) => {
      const pattern = wordPattern(word);
      return sql`(l.nome ~ ${pattern} or l.email ~ ${pattern} or l.mensagem ~ ${pattern} or l.telefone like ${containsPattern(word)})`;
    }),
    sql` and `,
  );
  return phoneLike ? sql`((${wordsMatch}) or l.telefone like ${containsPattern(digits)})` : sql`(${wordsMatch})`;
}

/** The filters' conditions on `l` ('hoje' and 'atrasados' are São Paulo days: `now`'s, and the days before it). */
function filterConditions(filters: BoardFilters, now: Date): SQL[] {
  const conditions: SQL[] = [];
  const search = filters.q ? searchCondition(filters.q) : undefined;
  if (search) conditions.push(search);
  if (filters.area) conditions.push(sql`l.area_interesse = ${filters.area}`);
  if (filters.cidade) conditions.push(sql`l.cidade = ${filters.cidade}`);
  if (filters.retorno) {
    const today = saoPauloDay(now);
    conditions.push(filters.retorno === 'hoje' ? sql`l.follow_up_on = ${today}::date` : sql`l.follow_up_on < ${today}::date`);
  }
  return conditions;
}

/**
 * The lawyer's stages and the leads the board shows (docs/product-rules.md, CRM: board; the columns cut at
 * `perColumn` cards): one query ranks each column's leads and counts them, among those that match the
 * search and filters (a lead asked for by id shows whatever they say).
 */
export async function getCrmBoard(lawyer: CrmLawyer, view: Partial<BoardView> = {}, now = new Date()): Promise<CrmBoard> {
  const perColumn = view.perColumn ?? CARDS_PER_COLUMN_FIRST;
  const include = (view.include ?? []).filter((id) => uuid.safeParse(id).success);
  const filters = view.filters ?? {};
  const conditions = filterConditions(filters, now);
  const filtered = conditions.length > 0;
  const matches = filtered ? sql.join(conditions, sql` and `) : sql`true`;
  const includeList = include.length > 0 ? sql.join(include.map((id) => sql`${id}::uuid`), sql`, `) : null;
  const [stages, rows, options, all] = await Promise.all([
    db
      .select({ id: leadStatuses.id, name: leadStatuses.name, color: leadStatuses.color, orderIndex: leadStatuses.orderIndex, kind: leadStatuses.kind })
      .from(leadStatuses)
      .where(eq(leadStatuses.lawyerId, lawyer.id))
      .orderBy(asc(leadStatuses.orderIndex), asc(leadStatuses.createdAt), asc(leadStatuses.id)),
    selectRows<BoardRow>(sql`
      with placed as (
        select l.*, case when l.status_id in (select s.id from ${leadStatuses} s where s.lawyer_id = ${lawyer.id}) then l.status_id end as column_stage,
          ${matches} as matches
        from ${leads} l
        where l.assigned_to = ${lawyer.id}
      ), ranked as (
        select placed.*,
          row_number() over (partition by column_stage, matches order by updated_at desc, id desc) as rank,
          count(*) over (partition by column_stage, matches) as in_column
        from placed${filtered ? sql` where matches${includeList ? sql` or id in (${includeList})` : sql``}` : sql``}
      )
      select id, nome, email, telefone, cidade, area_interesse, mensagem, request_id, status_id, follow_up_on::text as follow_up_on,
        to_char(follow_up_time, 'HH24:MI') as follow_up_time, first_contact_at, created_at, updated_at, column_stage, rank, in_column, matches
      from ranked
      where (matches and rank <= ${perColumn})${includeList ? sql` or id in (${includeList})` : sql``}
      order by updated_at desc, id desc`),
    // The filters' choices: the areas and cities the lawyer's leads have (one pass over them).
    selectRows<{ areas: string[] | null; cities: string[] | null }>(sql`
      select array_agg(distinct area_interesse) as areas, array_agg(distinct cidade) as cities from ${leads} where assigned_to = ${lawyer.id}`),
    // Every lead of the lawyer, for the header, when the filters leave some out of the columns' counts.
    filtered ? selectRows<{ total: number | string }>(sql`select count(*) as total from ${leads} where assigned_to = ${lawyer.id}`) : Promise.resolve(null),
  ]);

  const counts: Record<string, number> = Object.fromEntries(stages.map((s) => [s.id, 0]));
  const first = stages[0]?.id;
  let matching = 0;
  const counted = new Set<string | null>();
  for (const row of rows) {
    // A lead asked for by id that the filters leave out opens its dialog but is not counted.
    if (!row.matches || counted.has(row.column_stage)) continue;
    counted.add(row.column_stage);
    const inColumn = Number(row.in_column);
    matching += inColumn;
    const column = row.column_stage ?? first;
    if (column !== undefined) counts[column] = (counts[column] ?? 0) + inColumn;
  }
  // The first column shows its own leads and those without a stage, together: the most recent of both.
  let firstShown = 0;
  const shown = rows.filter((row) => {
    if (include.includes(row.id)) return true;
    if ((row.column_stage ?? first) !== first) return true;
    return ++firstShown <= perColumn;
  });
  return {
    stages,
    leads: shown.map((row) => ({
      id: row.id,
      nome: row.nome,
      email: row.email,
      telefone: row.telefone,
      cidade: row.cidade,
      areaInteresse: row.area_interesse,
      mensagem: row.mensagem,
      fromRequest: row.request_id !== null,
      stageId: row.status_id,
      followUpOn: row.follow_up_on,
      followUpTime: row.follow_up_time,
      firstContactAt: row.first_contact_at === null ? null : new Date(row.first_contact_at),
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    })),
    counts,
    total: all ? Number(all[0]?.total ?? 0) : matching,
    matching,
    perColumn,
    filters,
    filterOptions: { areas: options[0]?.areas ?? [], cities: options[0]?.cities ?? [] },
  };
}

/** What the CRM section shows: the board, the plan placeholder, or the load error with a retry. */
export type CrmSectionData =
  | { state: 'ready'; board: CrmBoard; /** The server's clock, so that 'há 2 horas' reads the same after hydration. */ now: Date }
  | { state: 'unavailable' }
  | { state: 'error'; message: string };

/** The CRM section of the signed-in `user`'s area (the route only asks for it on section=crm). */
export async function getCrmSection(user: Pick<CurrentUser, 'id' | 'isSuperadmin'>, view: Partial<BoardView> = {}, now = new Date()): Promise<CrmSectionData> {
  let lawyer: CrmLawyer;
  try {
    lawyer = await openCrm(user, now);
  } catch (error) {
    if (error instanceof AppError && error.code === 'crm_not_in_plan') return { state: 'unavailable' };
    throw error;
  }
  try {
    return { state: 'ready', board: await getCrmBoard(lawyer, view, now), now };
  } catch (error) {
    // The rest of the area still shows; the section offers 'Atualizar'.
    console.error('Could not load the CRM board', error);
    return { state: 'error', message: CRM_MESSAGES.loadFailed };
  }
}

const uuid = z.uuid();
/** An id that is not even a uuid is nobody's lead or stage: "not found" before it reaches a uuid column. */
function requireUuid(id: string, message: string, code: string): string {
  if (!uuid.safeParse(id).success) throw new AppError(message, { status: 404, code });
  return id;
}
const leadNotFound = () => new AppError(CRM_MESSAGES.leadNotFound, { status: 404, code: 'lead_not_found' });
const stageNotFound = () => new AppError(CRM_MESSAGES.stageNotFound, { status: 404, code: 'stage_not_found' });

/** The PostgreSQL foreign-key violation (23503) anywhere in `error`'s causes. */
/** The stage of this lawyer, as an SQL condition. */
function ownStage(lawyerId: string, stageId: string) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(leadStatuses)
      .where(and(eq(leadStatuses.id, stageId), eq(leadStatuses.lawyerId, lawyerId))),
  );
}

/**
 * Moves one of the lawyer's leads to one of their stages (the board's drop, or the card's 'Mover'), and
 * records the move in the lead's history ('etapa', the stages' names then) in the same transaction.
 * A lost stage needs a reason ('Outro' with its text), a won stage takes optional agreed fees; entering
 * either closes the lead (`closed_at`), moving back to an open stage reopens it and forgets them, and
 * the event carries them. Leaving the first stage is the lead's first contact, if it had none
 * (docs/decisions/0047). A move to the stage the lead is in changes nothing.
 */
export async function moveLeadToStage(lawyer: CrmLawyer, input: MoveLeadInput): Promise<void> {
  const leadId = requireUuid(input.leadId, CRM_MESSAGES.leadNotFound, 'lead_not_found');
  const stageId = requireUuid(input.stageId, CRM_MESSAGES.stageNotFound, 'stage_not_found');
  let moved: boolean;
  try {
    moved = await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ stageId: leads.statusId, closedAt: leads.closedAt })
        .from(leads)
        .where(and(eq(leads.id, leadId), eq(leads.assignedTo, lawyer.id)))
        .for('update');
      if (!before) return false;
      // The lawyer's stages (at most STAGE_LIMITS.perLawyer), in board order: the target's kind, the
      // lead's stage now, and which is first (a lead without one of them shows in the first column).
      const stages = await tx
        .select({ id: leadStatuses.id, kind: leadStatuses.kind })
        .from(leadStatuses)
        .where(eq(leadStatuses.lawyerId, lawyer.id))
        .orderBy(asc(leadStatuses.orderIndex), asc(leadStatuses.createdAt), asc(leadStatuses.id));
      const target = stages.find((s) => s.id === stageId);
      if (!target) return false;
      const now = new Date();
      if (before.stageId === stageId) {
        await tx.update(leads).set({ updatedAt: now }).where(eq(leads.id, leadId));
        return true;
      }
      if (target.kind === 'perdido' && !input.lostReason) {
        throw new AppError(CRM_MESSAGES.lostReasonRequired, { status: 400, code: 'lost_reason_required', field: 'motivo' });
      }
      if (target.kind === 'perdido' && input.lostReason === 'outro' && !input.lostReasonText) {
        throw new AppError(CRM_MESSAGES.lostReasonTextRequired, { status: 400, code: 'lost_reason_text_required', field: 'motivoOutro' });
      }
      const current = stages.find((s) => s.id === before.stageId);
      const lost = target.kind === 'perdido';
      const won = target.kind === 'ganho';
      const outcome = {
        lostReason: lost ? input.lostReason! : null,
        lostReasonText: lost && input.lostReason === 'outro' ? input.lostReasonText! : null,
        agreedFeeCents: won ? (input.agreedFeeCents ?? null) : null,
      };
      const updated = await tx
        .update(leads)
        .set({
          statusId: stageId,
          updatedAt: now,
          // Closed when it enters a won or lost stage (a move between two stages of the same kind keeps the date).
          closedAt: target.kind === 'aberto' ? null : current?.kind === target.kind && before.closedAt ? before.closedAt : now,
          ...outcome,
        })
        .where(and(eq(leads.id, leadId), eq(leads.assignedTo, lawyer.id), ownStage(lawyer.id, stageId)))
        .returning({ id: leads.id });
      if (updated.length === 0) return false;
      const names = sql`(select name from ${leadStatuses} where id = ${before.stageId}::uuid and lawyer_id = ${lawyer.id})`;
      const extra = {
        ...(outcome.lostReason ? { lostReason: outcome.lostReason } : {}),
        ...(outcome.lostReasonText ? { lostReasonText: outcome.lostReasonText } : {}),
        ...(outcome.agreedFeeCents !== null ? { agreedFeeCents: outcome.agreedFeeCents } : {}),
      };
      await tx.insert(leadEvents).values({
        leadId,
        kind: 'etapa',
        details: sql`jsonb_build_object('from', ${names}, 'to', (select name from ${leadStatuses} where id = ${stageId}::uuid)) || ${JSON.stringify(extra)}::jsonb`,
      });
      const firstColumn = current === undefined || current.id === stages[0]!.id;
      if (firstColumn && stageId !== stages[0]!.id) await recordFirstContact(tx, lawyer.id, leadId, 'etapa');
      return true;
    });
  } catch (error) {
    // The stage was deleted between the check and the write (its delete holds the row until it commits).
    if (isForeignKeyViolation(error)) throw stageNotFound();
    throw error;
  }
  if (moved) return;
  const [stage] = await db
    .select({ id: leadStatuses.id })
    .from(leadStatuses)
    .where(and(eq(leadStatuses.id, stageId), eq(leadStatuses.lawyerId, lawyer.id)));
  throw stage ? leadNotFound() : stageNotFound();
}

/**
 * 'WhatsApp' or 'Email' opened from a card or the lead's dialog: the lead's first contact, if it had none
 * (docs/decisions/0047). Answers where the link goes (wa.me or mailto, from the lead's own phone and
 * e-mail), for the page without JavaScript, which reaches it through /area-advogado/contato.
 */
export async function recordLeadContact(lawyer: CrmLawyer, input: RecordContactInput): Promise<{ contactUrl: string; first: boolean }> {
  const leadId = requireUuid(input.leadId, CRM_MESSAGES.leadNotFound, 'lead_not_found');
  const [lead] = await db
    .select({ email: leads.email, telefone: leads.telefone })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.assignedTo, lawyer.id)));
  if (!lead) throw leadNotFound();
  const first = await recordFirstContact(db, lawyer.id, leadId, input.canal);
  return { contactUrl: input.canal === 'whatsapp' ? leadWhatsAppUrl(lead.telefone) : leadMailtoUrl(lead.email), first };
}

/**
 * Saves the edit dialog: name, e-mail, phone and description (a form that leaves the description out
 * keeps it). City and area never change. The client's original words stay in the request, shown in the
 * lead's history (docs/decisions/0046).
 */
export async function updateLead(lawyer: CrmLawyer, input: EditLeadInput): Promise<void> {
  const leadId = requireUuid(input.leadId, CRM_MESSAGES.leadNotFound, 'lead_not_found');
  const updated = await db
    .update(leads)
    .set({ nome: input.nome, email: input.email, telefone: input.telefone, ...(input.mensagem === undefined ? {} : { mensagem: input.mensagem }), updatedAt: new Date() })
    .where(and(eq(leads.id, leadId), eq(leads.assignedTo, lawyer.id)))
    .returning({ id: leads.id });
  if (updated.length === 0) throw leadNotFound();
}

/**
 * A lead the lawyer types in ('Novo Lead'): assigned to them, in their first stage (none when they
 * have no stage: it then shows in the first stage they create), status 'novo'. One statement.
 */
export async function createLead(lawyer: CrmLawyer, input: NewLeadInput): Promise<{ id: string; stageId: string | null }> {
  const firstStage = sql`(select ${leadStatuses.id} from ${leadStatuses} where ${leadStatuses.lawyerId} = ${lawyer.id}
    order by ${leadStatuses.orderIndex}, ${leadStatuses.createdAt}, ${leadStatuses.id} limit 1)`;
  const insert = () =>
    db
      .insert(leads)
      .values({
        nome: input.nome,
        email: input.email,
        telefone: input.telefone,
        cidade: input.cidade,
        areaInteresse: input.area_interesse,
        mensagem: input.mensagem,
        status: 'novo',
        statusId: firstStage,
        assignedTo: lawyer.id,
      })
      .returning({ id: leads.id, stageId: leads.statusId });
  try {
    const [created] = await insert();
    return created!;
  } catch (error) {
    // The first stage was deleted (another tab) between finding it and the insert: the next first stage.
    if (!isForeignKeyViolation(error)) throw error;
    const [created] = await insert();
    return created!;
  }
}

/**
 * The stage manager's 'Salvar': renames and recolours the lawyer's stages and sets their kind ('Tipo'), all or none (a stage of
 * another lawyer, or one deleted meanwhile, makes it "not found" and nothing changes).
 */
export async function saveStages(lawyer: CrmLawyer, stages: SaveStagesInput): Promise<void> {
  for (const stage of stages) requireUuid(stage.id, CRM_MESSAGES.stageNotFound, 'stage_not_found');
  await db.transaction(async (tx) => {
    // At most STAGE_LIMITS.perLawyer rows; throwing rolls the transaction back.
    for (const stage of stages) {
      const updated = await tx
        .update(leadStatuses)
        .set({ name: stage.name, color: stage.color, ...(stage.kind ? { kind: stage.kind } : {}) })
        .where(and(eq(leadStatuses.id, stage.id), eq(leadStatuses.lawyerId, lawyer.id)))
        .returning({ id: leadStatuses.id });
      if (updated.length === 0) throw stageNotFound();
    }
  });
}

/**
 * 'Adicionar' in the stage manager: a new stage after the last one (order max + 1, 0 when none), at
 * most STAGE_LIMITS.perLawyer of them. The lawyer's profile row is locked so two adds count in turn.
 */
export async function addStage(lawyer: CrmLawyer, input: AddStageInput): Promise<{ id: string; orderIndex: number }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: lawyerProfiles.id }).from(lawyerProfiles).where(eq(lawyerProfiles.id, lawyer.id)).for('update');
    const [current] = await tx
      .select({ count: sql<number>`count(*)::int`, maxOrder: sql<number | null>`max(${leadStatuses.orderIndex})` })
      .from(leadStatuses)
      .where(eq(leadStatuses.lawyerId, lawyer.id));
    if (Number(current?.count ?? 0) >= STAGE_LIMITS.perLawyer) {
      throw new AppError(`Você pode ter no máximo ${STAGE_LIMITS.perLawyer} etapas.`, { status: 409, code: 'stage_limit' });
    }
    const orderIndex = current?.maxOrder === null || current?.maxOrder === undefined ? 0 : Number(current.maxOrder) + 1;
    const [created] = await tx
      .insert(leadStatuses)
      .values({ lawyerId: lawyer.id, name: input.name, color: input.color, kind: input.kind ?? 'aberto', orderIndex })
      .returning({ id: leadStatuses.id, orderIndex: leadStatuses.orderIndex });
    return created!;
  });
}

/**
 * Deletes one of the lawyer's stages, refused while leads are in it ('Esta etapa tem N leads
 * associados…', counted before deleting). The stage row is locked first, so a lead moved into it
 * meanwhile waits and then finds it gone instead of losing its stage.
 */
export async function deleteStage(lawyer: CrmLawyer, input: DeleteStageInput): Promise<void> {
  const stageId = requireUuid(input.stageId, CRM_MESSAGES.stageNotFound, 'stage_not_found');
  await db.transaction(async (tx) => {
    const [stage] = await tx
      .select({ id: leadStatuses.id })
      .from(leadStatuses)
      .where(and(eq(leadStatuses.id, stageId), eq(leadStatuses.lawyerId, lawyer.id)))
      .for('update');
    if (!stage) throw stageNotFound();
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(leads).where(eq(leads.statusId, stageId));
    const count = Number(row?.count ?? 0);
    if (count > 0) throw new AppError(stageHasLeadsMessage(count), { status: 409, code: 'stage_has_leads' });
    await tx.delete(leadStatuses).where(and(eq(leadStatuses.id, stageId), eq(leadStatuses.lawyerId, lawyer.id)));
  });
}

/**
 * 'Mover etapa … para a esquerda/direita', or a stage dropped among the others: puts one of the lawyer's
 * stages at `posicao` (1 = first column; beyond either end, that end) and numbers the lawyer's stages
 * 0, 1, 2… in their new order. The lawyer's stages are locked, so two moves (two tabs) apply in turn.
 * Another lawyer's stage, or one that is gone: "not found", nothing changed.
 */
export async function reorderStage(lawyer: CrmLawyer, input: ReorderStageInput): Promise<{ position: number; stageCount: number; name: string }> {
  const stageId = requireUuid(input.stageId, CRM_MESSAGES.stageNotFound, 'stage_not_found');
  return db.transaction(async (tx) => {
    const stages = await tx
      .select({ id: leadStatuses.id, name: leadStatuses.name, orderIndex: leadStatuses.orderIndex })
      .from(leadStatuses)
      .where(eq(leadStatuses.lawyerId, lawyer.id))
      .orderBy(asc(leadStatuses.orderIndex), asc(leadStatuses.createdAt), asc(leadStatuses.id))
      .for('update');
    const moved = stages.find((s) => s.id === stageId);
    if (!moved) throw stageNotFound();
    const order = stages.filter((s) => s.id !== stageId);
    const index = Math.min(Math.max(input.posicao, 1), stages.length) - 1;
    order.splice(index, 0, moved);
    // Only the rows whose number changes are written (at most STAGE_LIMITS.perLawyer).
    for (const [i, stage] of order.entries()) {
      if (stage.orderIndex === i) continue;
      await tx
        .update(leadStatuses)
        .set({ orderIndex: i })
        .where(and(eq(leadStatuses.id, stage.id), eq(leadStatuses.lawyerId, lawyer.id)));
    }
    return { position: index + 1, stageCount: stages.length, name: moved.name };
  });
}
