import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '~/db/client.server';
import { containsPattern } from '~/lib/sql-like';
import { leadContacts, leads } from '~/db/schema/leads';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { cityLabel, practiceAreaLabel } from '~/domain/catalog/catalog';
import { formatPhone } from '~/domain/phone';
import { formatOab } from '~/modules/lawyers/contact';
import { formatReceivedAt, leadPreview } from '~/modules/leads/lead-format';
import { ADMIN_LEAD_MESSAGE_LENGTH, ADMIN_LEADS_QUERY_MAX_LENGTH } from './leads.schemas';
import { listPageSchema, listSearchSchema } from './list-query';

/**
 * /admin/leads 'Gerenciar Leads' (docs/product-rules.md, "Back
 * office"): one row per client e-mail (lower-case), the most recent lead's data winning, with every
 * lawyer any of that e-mail's leads went to. The e-mails, their latest lead and their lead counts are
 * `lead_contacts`, which the database keeps in step with the leads (migration 0007,
 * docs/decisions/0020): a page is one range of its `last_lead_at` index, and its rows' lawyers one
 * probe of `leads_email_idx` per e-mail, so the cost grows neither with the leads nor with the page.
 */

export const ADMIN_LEADS_PAGE_SIZE = 25;

/** The page's query string: anything unexpected falls back to every lead, page 1, never an error. */
export const adminLeadsQuerySchema = z.object({
  q: listSearchSchema(ADMIN_LEADS_QUERY_MAX_LENGTH),
  pagina: listPageSchema,
});
export type AdminLeadsQuery = z.output<typeof adminLeadsQuerySchema>;

export function adminLeadsQueryFrom(searchParams: URLSearchParams): AdminLeadsQuery {
  return adminLeadsQuerySchema.parse({ q: searchParams.get('q') ?? '', pagina: searchParams.get('pagina') ?? undefined });
}

export interface AdminLeadLawyer {
  id: string;
  nome: string;
  oab: string;
}

export interface AdminLeadGroup {
  /** The lower-case e-mail the leads share. */
  email: string;
  /** The most recent lead's data. */
  nome: string;
  telefone: string;
  cidade: string;
  area: string;
  /** The most recent lead's message, cut at 50 characters with an ellipsis. */
  mensagem: string;
  /** 'dd/mm/aaaa às hh:mm' (São Paulo) and ISO, of the most recent lead. */
  receivedAt: string;
  receivedAtIso: string;
  /** Leads of this e-mail (one per lawyer a request went to, plus unassigned ones and lawyers' own). */
  leadCount: number;
  /** Every lawyer any of the e-mail's leads is assigned to, by name. */
  lawyers: AdminLeadLawyer[];
}

export interface AdminLeadsPage {
  groups: AdminLeadGroup[];
  /** Distinct e-mails matching the search ('{n} leads únicos'). */
  uniqueTotal: number;
  /** Leads matching the search ('({total} total)'). */
  leadTotal: number;
  page: number;
  pageCount: number;
  query: AdminLeadsQuery;
}

const emailKey = sql<string>`lower(${leads.email})`;

/** A part of the client's e-mail, or of the name on their most recent lead, any letter case. */
function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(ilike(leadContacts.emailKey, pattern), ilike(leadContacts.nome, pattern));
}

export async function findAdminLeads(query: AdminLeadsQuery): Promise<AdminLeadsPage> {
  const where = searchCondition(query.q);
  const [[totals], page] = await Promise.all([
    db
      .select({ uniqueTotal: sql<number>`count(*)::int`, leadTotal: sql<number>`coalesce(sum(${leadContacts.leadCount}), 0)::int` })
      .from(leadContacts)
      .where(where),
    db
      .select({ key: leadContacts.emailKey, latestLeadId: leadContacts.latestLeadId, leadCount: leadContacts.leadCount })
      .from(leadContacts)
      .where(where)
      .orderBy(desc(leadContacts.lastLeadAt), asc(leadContacts.emailKey))
      .limit(ADMIN_LEADS_PAGE_SIZE)
      .offset((query.pagina - 1) * ADMIN_LEADS_PAGE_SIZE),
  ]);
  const uniqueTotal = Number(totals?.uniqueTotal ?? 0);
  return {
    groups: page.length > 0 ? await loadGroups(page) : [],
    uniqueTotal,
    leadTotal: Number(totals?.leadTotal ?? 0),
    page: query.pagina,
    pageCount: Math.max(1, Math.ceil(uniqueTotal / ADMIN_LEADS_PAGE_SIZE)),
    query,
  };
}

/** The page's e-mails, in the order given: the latest lead of each, its lead count and its lawyers. */
async function loadGroups(page: Array<{ key: string; latestLeadId: string | null; leadCount: number }>): Promise<AdminLeadGroup[]> {
  const keys = page.map((row) => row.key);
  const latestIds = page.flatMap((row) => (row.latestLeadId ? [row.latestLeadId] : []));
  const [latest, assigned] = await Promise.all([
    latestIds.length > 0
      ? db
          .select({
            id: leads.id,
            nome: leads.nome,
            telefone: leads.telefone,
            cidade: leads.cidade,
            area: leads.areaInteresse,
            mensagem: leads.mensagem,
            createdAt: leads.createdAt,
          })
          .from(leads)
          .where(inArray(leads.id, latestIds))
      : [],
    db
      .selectDistinct({
        key: emailKey,
        id: lawyerProfiles.id,
        nome: lawyerProfiles.nome,
        oabUf: lawyerProfiles.oabUf,
        numeroOab: lawyerProfiles.numeroOab,
      })
      .from(leads)
      .innerJoin(lawyerProfiles, eq(lawyerProfiles.id, leads.assignedTo))
      .where(and(inArray(emailKey, keys), isNotNull(leads.assignedTo)))
      .orderBy(emailKey, lawyerProfiles.nome, lawyerProfiles.id),
  ]);

  const latestById = new Map(latest.map((row) => [row.id, row]));
  const lawyersByKey = new Map<string, AdminLeadLawyer[]>();
  for (const row of assigned) {
    const list = lawyersByKey.get(row.key) ?? [];
    list.push({ id: row.id, nome: row.nome, oab: formatOab(row.oabUf, row.numeroOab) });
    lawyersByKey.set(row.key, list);
  }

  return page.flatMap(({ key, latestLeadId, leadCount }) => {
    const lead = latestLeadId ? latestById.get(latestLeadId) : undefined;
    if (!lead) return [];
    const createdAt = new Date(lead.createdAt);
    return [
      {
        email: key,
        nome: lead.nome,
        telefone: formatPhone(lead.telefone),
        cidade: cityLabel(lead.cidade),
        area: practiceAreaLabel(lead.area),
        mensagem: leadPreview(lead.mensagem, ADMIN_LEAD_MESSAGE_LENGTH),
        receivedAt: formatReceivedAt(createdAt),
        receivedAtIso: createdAt.toISOString(),
        leadCount,
        lawyers: lawyersByKey.get(key) ?? [],
      },
    ];
  });
}
