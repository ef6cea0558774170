import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { getConfig } from '~/config.server';
import { db } from '~/db/client.server';
import { auditLog } from '~/db/schema/admin';
import { user } from '~/db/schema/auth';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { leadRequests, leads, leadStatuses } from '~/db/schema/leads';
import { cityLabel, practiceAreaLabel, WHATSAPP_NOTIFICATION_PLAN_LEVELS } from '~/domain/catalog/catalog';
import { enqueueEmail } from '~/integrations/email/outbox.server';
import { leadRequestForwardedMessage, newLeadForLawyerMessage } from '~/integrations/email/templates.server';
import { enqueueWhatsAppMessages } from '~/integrations/whatsapp/outbox.server';
import { newLeadWhatsAppText } from '~/integrations/whatsapp/templates';
import { AppError } from '~/lib/app-error';
import { isSuperadmin, type BackOffice } from '~/modules/accounts/superadmins.server';
import { formatOab } from '~/modules/lawyers/contact';
import { WAITING_LEAD_TEXTS, type AssignLeadInput } from './leads.schemas';

/**
 * 'Atribuir' of the 'Sem advogado' view of /admin/leads (docs/decisions/0044): a superadmin gives a
 * request that no approved lawyer took to one approved lawyer. The lawyer is told as routing tells
 * them (app/modules/leads/lead-routing.server.ts): an e-mail on every plan, a WhatsApp on the plans
 * that list it (docs/decisions/0041); the client is told whom it went to; an audit entry says who did it.
 *
 * One transaction:
 *   1. the superadmin is checked again (the id from the session is never trusted as a role);
 *   2. the lawyer's row is read FOR SHARE (approved, their first stage, plan level, notification
 *      number): deleting or rejecting them waits for this assignment to end;
 *   3. the lead's request row is locked FOR UPDATE: two assignments of one request, and the client's
 *      removal of it, run one after the other;
 *   4. one UPDATE of the lead, only while it is unassigned and no lead of its request is assigned: the
 *      second of two superadmins changes nothing and gets 409, with no second notification;
 *   5. the lawyer's e-mail and WhatsApp, the client's e-mail and the audit entry, as outbox rows of the
 *      same transaction (delivered by the job queue after the commit).
 */

export const LEAD_ASSIGNED_AUDIT_ACTION = 'lead.assigned';

/** The kind of the lawyer's WhatsApp, and the prefix of its key, as routing writes it ('novo-lead:<lead id>'). */
const NEW_LEAD_KIND = 'novo-lead';
/** A notification number the gateways take (routing's rule: else the lawyer's own WhatsApp). */
const NOTIFY_NUMBER = /^[0-9]{10,15}$/;

export interface AssignedLead {
  leadId: string;
  lawyerId: string;
  /** The lawyer's name, for the toast ('Lead atribuído a {nome}.'). */
  lawyerName: string;
  /** The stage the lead landed in (the lawyer's first), or null when the lawyer has no stages. */
  stageId: string | null;
  /** Whether a WhatsApp notification was queued (the lawyer's plan lists it). */
  byWhatsApp: boolean;
}

function refused(message: string, status: number, code: string, field?: string): AppError {
  return new AppError(message, { status, code, ...(field ? { field } : {}) });
}

/** Assigns a waiting lead to an approved lawyer; a refusal is an AppError (403, 400 lawyer, 404 lead, 409 taken). */
export async function assignWaitingLead(office: BackOffice, { leadId, lawyerId }: Pick<AssignLeadInput, 'leadId' | 'lawyerId'>, now: Date = new Date()): Promise<AssignedLead> {
  return db.transaction(async (tx) => {
    if (!(await isSuperadmin(tx, office.superadminId))) throw refused(WAITING_LEAD_TEXTS.notAllowed, 403, 'not_a_superadmin');

    const [lawyer] = await tx
      .select({
        id: lawyerProfiles.id,
        nome: lawyerProfiles.nome,
        slug: lawyerProfiles.slug,
        oabUf: lawyerProfiles.oabUf,
        numeroOab: lawyerProfiles.numeroOab,
        status: lawyerProfiles.status,
        whatsapp: lawyerProfiles.whatsapp,
        whatsappNotificacoes: lawyerProfiles.whatsappNotificacoes,
        planLevel: lawyerProfiles.planLevel,
        planLevelUntil: lawyerProfiles.planLevelUntil,
        email: user.email,
      })
      .from(lawyerProfiles)
      .innerJoin(user, eq(user.id, lawyerProfiles.id))
      .where(eq(lawyerProfiles.id, lawyerId))
      .for('share', { of: lawyerProfiles });
    if (!lawyer || lawyer.status !== 'approved') throw refused(WAITING_LEAD_TEXTS.notApproved, 400, 'lawyer_not_approved', 'lawyerId');

    const [request] = await tx
      .select({ id: leadRequests.id })
      .from(leads)
      .innerJoin(leadRequests, eq(leadRequests.id, leads.requestId))
      .where(eq(leads.id, leadId))
      .for('update', { of: leadRequests });
    if (!request) throw refused(WAITING_LEAD_TEXTS.notFound, 404, 'lead_not_found', 'leadId');

    // The lawyer's first stage, as routing picks it; null when they deleted every stage.
    const firstStage = tx
      .select({ id: leadStatuses.id })
      .from(leadStatuses)
      .where(eq(leadStatuses.lawyerId, lawyer.id))
      .orderBy(asc(leadStatuses.orderIndex), asc(leadStatuses.createdAt), asc(leadStatuses.id))
      .limit(1);
    const [lead] = await tx
      .update(leads)
      .set({ assignedTo: lawyer.id, statusId: sql`(${firstStage})`, status: 'novo', updatedAt: now })
      .where(
        and(
          eq(leads.id, leadId),
          isNull(leads.assignedTo),
          sql`not exists (select 1 from ${leads} as other where other.request_id = ${request.id} and other.assigned_to is not null)`,
        ),
      )
      .returning({ id: leads.id, nome: leads.nome, email: leads.email, cidade: leads.cidade, area: leads.areaInteresse, stageId: leads.statusId });
    if (!lead) throw refused(WAITING_LEAD_TEXTS.alreadyAssigned, 409, 'lead_already_assigned', 'leadId');

    const area = practiceAreaLabel(lead.area);
    const city = cityLabel(lead.cidade);
    // The lawyer's e-mail, as routing writes it: the request's id lets the client's removal find it.
    await enqueueEmail(tx, { to: lawyer.email, ...newLeadForLawyerMessage({ nome: lead.nome, area, city }), metadata: { requestId: request.id, lawyerId: lawyer.id } });

    // The effective plan's level (an ended plan is 0, as in search and routing) decides the WhatsApp.
    const level = lawyer.planLevelUntil === null || lawyer.planLevelUntil > now ? lawyer.planLevel : 0;
    const byWhatsApp = (WHATSAPP_NOTIFICATION_PLAN_LEVELS as readonly number[]).includes(level);
    if (byWhatsApp) {
      const message = newLeadWhatsAppText({ nome: lead.nome, areaId: lead.area, cityId: lead.cidade });
      const to = lawyer.whatsappNotificacoes && NOTIFY_NUMBER.test(lawyer.whatsappNotificacoes) ? lawyer.whatsappNotificacoes : lawyer.whatsapp;
      await enqueueWhatsAppMessages(tx, [{ to, text: message.text, params: message.params, kind: NEW_LEAD_KIND, lawyerId: lawyer.id, idempotencyKey: `${NEW_LEAD_KIND}:${lead.id}` }]);
    }

    await enqueueEmail(tx, {
      to: lead.email,
      ...leadRequestForwardedMessage({
        name: lead.nome,
        area,
        city,
        lawyer: { nome: lawyer.nome, oab: formatOab(lawyer.oabUf, lawyer.numeroOab), url: `${getConfig().appUrl}/advogado/${lawyer.slug}` },
      }),
      // The removal finds this message's copy by it (and redacts it).
      metadata: { requestId: request.id },
    });

    await tx.insert(auditLog).values({
      actorId: office.superadminId,
      action: LEAD_ASSIGNED_AUDIT_ACTION,
      targetType: 'lawyer',
      targetId: lawyer.id,
      // The case's area and city and the lead's code; nothing that identifies the client (docs/product-rules.md).
      details: { leadId: lead.id, area: lead.area, cidade: lead.cidade },
      createdAt: now,
    });

    return { leadId: lead.id, lawyerId: lawyer.id, lawyerName: lawyer.nome, stageId: lead.stageId, byWhatsApp };
  });
}
