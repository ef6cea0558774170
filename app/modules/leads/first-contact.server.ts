import { sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server';
import type { FirstContactChannel } from '~/domain/catalog/catalog';

// A lead's response time (issue 23, docs/decisions/0047): the lawyer's first contact with the lead
// (leads.first_contact_at - created_at), written once, by whichever comes first: a WhatsApp or e-mail
// opened from the board (crm.server.ts, recordLeadContact), a note (lead-history.server.ts, addLeadNote)
// or a move out of the first stage (crm.server.ts, moveLeadToStage). The callers hold the CRM's
// capability; this takes its lawyer's id and scopes the row to it.

type Executor = Pick<Db, 'execute'>;

/**
 * Marks the first contact of `leadId`, a lead assigned to `lawyerId`, unless it already has one, and
 * writes the history's 'contato' event ({ channel }) with it, in one statement (inside the caller's
 * transaction when given one). True when this was the first contact.
 */
export async function recordFirstContact(executor: Executor, lawyerId: string, leadId: string, channel: FirstContactChannel): Promise<boolean> {
  const result = (await executor.execute(sql`
    with contacted as (
      update leads set first_contact_at = now(), first_contact_channel = ${channel}
      where id = ${leadId}::uuid and assigned_to = ${lawyerId} and first_contact_at is null
      returning id, first_contact_at
    )
    insert into lead_events (lead_id, kind, details, created_at)
    select id, 'contato', jsonb_build_object('channel', ${channel}::text), first_contact_at from contacted
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
