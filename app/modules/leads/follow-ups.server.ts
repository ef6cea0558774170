import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '~/db/client.server';
import { leadEvents, leads } from '~/db/schema/leads';
import { AppError } from '~/lib/app-error';
import { CRM_MESSAGES, type FollowUpInput } from './crm.schemas';
import type { CrmLawyer } from './crm.server';
import { addDays, FOLLOW_UP_MAX_DAYS_AHEAD, saoPauloDay } from './follow-ups';

// 'Próximo contato' of a lead (issue 23, docs/decisions/0049): set, changed or cleared by the lawyer who owns
// the lead, recorded in its history ('retorno') in the same transaction when it changes.

const uuid = z.uuid();
const leadNotFound = () => new AppError(CRM_MESSAGES.leadNotFound, { status: 404, code: 'lead_not_found' });

/** What the lead's follow-up is after the post. */
export interface FollowUp {
  on: string | null;
  time: string | null;
}

/**
 * Saves ('salvar') or clears ('remover') the follow-up of one of the lawyer's leads. A day before today
 * (São Paulo, by `now`) or more than two years ahead is refused on the field; another lawyer's lead is
 * "not found", and nothing changes.
 */
export async function setFollowUp(lawyer: CrmLawyer, input: FollowUpInput, now: Date = new Date()): Promise<FollowUp> {
  if (!uuid.safeParse(input.leadId).success) throw leadNotFound();
  const next: FollowUp = input.acao === 'remover' ? { on: null, time: null } : { on: input.retornoData, time: input.retornoHora };
  if (next.on !== null) {
    const today = saoPauloDay(now);
    if (next.on < today) throw new AppError(CRM_MESSAGES.followUpPast, { status: 400, code: 'follow_up_past', field: 'retornoData' });
    if (next.on > addDays(today, FOLLOW_UP_MAX_DAYS_AHEAD)) throw new AppError(CRM_MESSAGES.followUpTooFar, { status: 400, code: 'follow_up_too_far', field: 'retornoData' });
  }
  return db.transaction(async (tx) => {
    const mine = and(eq(leads.id, input.leadId), eq(leads.assignedTo, lawyer.id));
    const [before] = await tx
      .select({ on: leads.followUpOn, time: sql<string | null>`to_char(${leads.followUpTime}, 'HH24:MI')` })
      .from(leads)
      .where(mine)
      .for('update');
    if (!before) throw leadNotFound();
    if (before.on === next.on && before.time === next.time) return next;
    await tx.update(leads).set({ followUpOn: next.on, followUpTime: next.time, updatedAt: now }).where(mine);
    await tx.insert(leadEvents).values({ leadId: input.leadId, kind: 'retorno', details: { on: next.on, time: next.time }, createdAt: now });
    return next;
  });
}
