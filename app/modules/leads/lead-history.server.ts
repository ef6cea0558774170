import { and, eq, exists, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CurrentUser } from '~/auth/session.server';
import { db, selectRows } from '~/db/client.server';
import { leadNotes, leads } from '~/db/schema/leads';
import { AppError } from '~/lib/app-error';
import { FIRST_CONTACT_CHANNELS, LOST_REASON_IDS, type FirstContactChannel, type LostReasonId } from '~/domain/catalog/catalog';
import { CRM_MESSAGES, type AddNoteInput, type DeleteNoteInput, type EditNoteInput } from './crm.schemas';
import { openCrm, type CrmLawyer } from './crm.server';
import { recordFirstContact } from './first-contact.server';

// A lead's history in the CRM (issue 23, docs/decisions/0046): the client's request as sent (read-only),
// the lawyer's notes, the stage moves and the messages the platform sent about the lead. Every statement
// is scoped to the lawyer who owns the lead, and a note to its author: another lawyer's lead or note is
// "not found", the same answer as an id that does not exist.

/** What the dialog shows, dates as ISO strings (the same whether read by the page's loader or as JSON). */
export interface LeadHistory {
  leadId: string;
  /** The client's request as they sent it; null for a lead the lawyer typed in. */
  request: { text: string; createdAt: string } | null;
  /** Notes, stage moves and messages, oldest first. */
  items: LeadHistoryItem[];
}

export type LeadHistoryItem =
  | { kind: 'nota'; id: string; text: string; createdAt: string; updatedAt: string; edited: boolean }
  | {
      kind: 'etapa';
      id: string;
      from: string | null;
      to: string | null;
      createdAt: string;
      /** A move to a lost stage: why ('outro' with its text); to a won stage: the agreed fees, if given. */
      lostReason?: LostReasonId;
      lostReasonText?: string;
      agreedFeeCents?: number;
    }
  | { kind: 'contato'; id: string; channel: FirstContactChannel; createdAt: string }
  | { kind: 'mensagem'; id: string; channel: 'email' | 'whatsapp'; status: string; createdAt: string }
  /** 'Próximo contato' set or changed (`on`, 'YYYY-MM-DD', and `time`, 'HH:MM' or null), or cleared (`on` null). */
  | { kind: 'retorno'; id: string; on: string | null; time: string | null; createdAt: string };

const uuid = z.uuid();
const leadNotFound = () => new AppError(CRM_MESSAGES.leadNotFound, { status: 404, code: 'lead_not_found' });
const noteNotFound = () => new AppError(CRM_MESSAGES.noteNotFound, { status: 404, code: 'note_not_found' });
/** An id that is not a uuid is nobody's: "not found" before it reaches a uuid column. */
function requireUuid(id: string, notFound: () => AppError): string {
  if (!uuid.safeParse(id).success) throw notFound();
  return id;
}
const iso = (value: Date | string) => new Date(value).toISOString();

/** The lead of this lawyer, as an SQL condition. */
function ownLead(lawyerId: string, leadId: string) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(leads)
      .where(and(eq(leads.id, leadId), eq(leads.assignedTo, lawyerId))),
  );
}

interface HistoryRow {
  kind: 'pedido' | 'nota' | 'etapa' | 'contato' | 'mensagem' | 'retorno';
  id: string;
  text: string | null;
  extra: string | null;
  created_at: Date | string;
  updated_at: Date | string | null;
}

/**
 * The history of one of the lawyer's leads, in one statement: the request (from `lead_requests`, the
 * client's own words, whatever the lead's description says now), the lawyer's notes, the stage moves, and
 * the lawyer's notifications about the lead (the WhatsApp keyed 'novo-lead:<lead id>', the e-mail
 * carrying the request's and the lawyer's ids) with their status.
 */
export async function leadHistory(lawyer: CrmLawyer, leadId: string): Promise<LeadHistory> {
  requireUuid(leadId, leadNotFound);
  const rows = await selectRows<HistoryRow>(sql`
    with lead as (select id, request_id from leads where id = ${leadId}::uuid and assigned_to = ${lawyer.id})
    select 'pedido' as kind, r.id::text as id, r.descricao as text, null as extra, r.created_at, null::timestamptz as updated_at
      from lead join lead_requests r on r.id = lead.request_id
    union all
    select 'lead', lead.id::text, null, null, now(), null from lead
    union all
    select 'nota', n.id::text, n.body, null, n.created_at, n.updated_at
      from lead join lead_notes n on n.lead_id = lead.id and n.author_id = ${lawyer.id}
    union all
    -- A move's or a first contact's details, whole (decision 0047: a closing move carries its reason or fees).
    select e.kind, e.id::text, e.details::text, null, e.created_at, null
      from lead join lead_events e on e.lead_id = lead.id and e.kind in ('etapa', 'contato')
    union all
    select 'retorno', e.id::text, e.details ->> 'on', e.details ->> 'time', e.created_at, null
      from lead join lead_events e on e.lead_id = lead.id and e.kind = 'retorno'
    union all
    -- Two arms, each on an index: the WhatsApp by its key, the e-mail by its request (migration 0019).
    select 'mensagem', o.id::text, o.channel, o.status, o.created_at, null
      from lead join outbox o on o.idempotency_key = 'novo-lead:' || lead.id::text and o.channel = 'whatsapp'
    union all
    select 'mensagem', o.id::text, o.channel, o.status, o.created_at, null
      from lead join outbox o on o.channel = 'email' and (o.metadata ->> 'requestId') = lead.request_id::text
        and o.metadata ->> 'lawyerId' = ${lawyer.id}
    order by 5, 2`);
  if (!rows.some((row) => (row.kind as string) === 'lead')) throw leadNotFound();
  let request: LeadHistory['request'] = null;
  const items: LeadHistoryItem[] = [];
  for (const row of rows) {
    if (row.kind === 'pedido') request = { text: row.text ?? '', createdAt: iso(row.created_at) };
    else if (row.kind === 'nota') {
      const createdAt = iso(row.created_at);
      const updatedAt = iso(row.updated_at ?? row.created_at);
      items.push({ kind: 'nota', id: row.id, text: row.text ?? '', createdAt, updatedAt, edited: updatedAt !== createdAt });
    } else if (row.kind === 'etapa') items.push(stageMove(row));
    else if (row.kind === 'contato') {
      const channel = (JSON.parse(row.text ?? '{}') as { channel?: unknown }).channel;
      const known = FIRST_CONTACT_CHANNELS.find((c) => c === channel);
      if (known) items.push({ kind: 'contato', id: row.id, channel: known, createdAt: iso(row.created_at) });
    }
    else if (row.kind === 'retorno') items.push({ kind: 'retorno', id: row.id, on: row.text, time: row.extra, createdAt: iso(row.created_at) });
    else if (row.kind === 'mensagem') items.push({ kind: 'mensagem', id: row.id, channel: row.text === 'whatsapp' ? 'whatsapp' : 'email', status: row.extra ?? 'queued', createdAt: iso(row.created_at) });
  }
  return { leadId, request, items };
}

/** A stage move as the history shows it, from its event's details (`from`, `to`, and a closing move's outcome). */
function stageMove(row: HistoryRow): Extract<LeadHistoryItem, { kind: 'etapa' }> {
  const details = JSON.parse(row.text ?? '{}') as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const reason = LOST_REASON_IDS.find((id) => id === details.lostReason);
  const reasonText = text(details.lostReasonText);
  return {
    kind: 'etapa',
    id: row.id,
    from: text(details.from),
    to: text(details.to),
    createdAt: iso(row.created_at),
    ...(reason ? { lostReason: reason } : {}),
    ...(reasonText ? { lostReasonText: reasonText } : {}),
    ...(typeof details.agreedFeeCents === 'number' ? { agreedFeeCents: details.agreedFeeCents } : {}),
  };
}

/** The history the page's URL asks for (`lead=`), or null when the CRM or that lead is not the user's. */
export async function findLeadHistory(user: Pick<CurrentUser, 'id' | 'isSuperadmin'>, leadId: string | undefined): Promise<LeadHistory | null> {
  if (!leadId) return null;
  try {
    return await leadHistory(await openCrm(user), leadId);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** 'Adicionar nota': a note by the lawyer on one of their leads; the lead's first contact if it had none (decision 0047). */
export async function addLeadNote(lawyer: CrmLawyer, input: AddNoteInput): Promise<{ id: string }> {
  const leadId = requireUuid(input.leadId, leadNotFound);
  return db.transaction(async (tx) => {
    const { rows } = (await tx.execute(sql`
      insert into lead_notes (lead_id, author_id, body)
      select id, assigned_to, ${input.nota} from leads where id = ${leadId}::uuid and assigned_to = ${lawyer.id}
      returning id`)) as unknown as { rows: Array<{ id: string }> };
    const created = rows[0];
    if (!created) throw leadNotFound();
    await recordFirstContact(tx, lawyer.id, leadId, 'nota');
    return { id: created.id };
  });
}

/** 'Salvar nota': the author's new text for their note on their lead. */
export async function editLeadNote(lawyer: CrmLawyer, input: EditNoteInput): Promise<void> {
  const leadId = requireUuid(input.leadId, leadNotFound);
  const noteId = requireUuid(input.noteId, noteNotFound);
  const updated = await db
    .update(leadNotes)
    .set({ body: input.nota, updatedAt: new Date() })
    .where(and(eq(leadNotes.id, noteId), eq(leadNotes.leadId, leadId), eq(leadNotes.authorId, lawyer.id), ownLead(lawyer.id, leadId)))
    .returning({ id: leadNotes.id });
  if (updated.length === 0) throw noteNotFound();
}

/** 'Excluir' a note, by its author, on their lead. */
export async function deleteLeadNote(lawyer: CrmLawyer, input: DeleteNoteInput): Promise<void> {
  const leadId = requireUuid(input.leadId, leadNotFound);
  const noteId = requireUuid(input.noteId, noteNotFound);
  const deleted = await db
    .delete(leadNotes)
    .where(and(eq(leadNotes.id, noteId), eq(leadNotes.leadId, leadId), eq(leadNotes.authorId, lawyer.id), ownLead(lawyer.id, leadId)))
    .returning({ id: leadNotes.id });
  if (deleted.length === 0) throw noteNotFound();
}
