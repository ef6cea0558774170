import { and, asc, desc, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '~/db/client.server';
import { leads } from '~/db/schema/leads';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { cityLabel, practiceAreaLabel } from '~/modules/catalog/catalog';
import { formatBrazilianPhone, formatOab } from '~/modules/lawyers/contact';
import { formatReceivedAt, leadPreview } from '~/modules/leads/lead-format';
import { ADMIN_LEAD_MESSAGE_LENGTH, ADMIN_LEADS_QUERY_MAX_LENGTH } from './leads.schemas';

/**
 * /admin/leads 'Gerenciar Leads' (spec part 2, sections 2.14 and 9; docs/product-rules.md, "Back
 * office"): one row per client e-mail (lower-case), the most recent lead's data winning, with every
 * lawyer any of that e-mail's leads went to. One aggregate over the leads orders the e-mails by their
 * latest lead and counts e-mails and leads in the same pass (window functions); the page's rows then
 * come from two probes of `leads_email_idx`, so the cost does not grow with the page number.
 */

export const ADMIN_LEADS_PAGE_SIZE = 25;

/** The page's query string: anything unexpected falls back to every lead, page 1, never an error. */
export const adminLeadsQuerySchema = z.object({
  q: z
    .string()
    .catch('')
    .transform((q) => q.replaceAll('\u0000', '').trim().slice(0, ADMIN_LEADS_QUERY_MAX_LENGTH)),
  pagina: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});
export type AdminLeadsQuery = z.output<typeof adminLeadsQuerySchema>;

export function adminLeadsQueryFrom(searchParams: URLSearchParams): AdminLeadsQuery {
  return adminLeadsQuerySchema.parse({ q: searchParams.get('q') ?? '', pagina: searchParams.get('pagina') ?? undefined });
}

export interface AdminLeadLawyer {
  id: string;
  nome: string;
  oab: string;
  slug: string;
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

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A part of the client's name or e-mail, any letter case. */
function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(q)}%`;
  return or(ilike(leads.email, pattern), ilike(leads.nome, pattern));
}

export async function findAdminLeads(query: AdminLeadsQuery): Promise<AdminLeadsPage> {
  const where = searchCondition(query.q);
  const groupsByLatest = db
    .select({ key: emailKey.as('key'), lastAt: sql<Date>`max(${leads.createdAt})`.as('last_at'), n: sql<number>`count(*)::int`.as('n') })
    .from(leads)
    .where(where)
    .groupBy(emailKey)
    .as('g');
  const page = await db
    .select({
      key: groupsByLatest.key,
      uniqueTotal: sql<number>`(count(*) over ())::int`,
      leadTotal: sql<number>`(sum(${groupsByLatest.n}) over ())::int`,
    })
    .from(groupsByLatest)
    .orderBy(desc(groupsByLatest.lastAt), asc(groupsByLatest.key))
    .limit(ADMIN_LEADS_PAGE_SIZE)
    .offset((query.pagina - 1) * ADMIN_LEADS_PAGE_SIZE);

  // Past the last page there is no row to carry the totals: count them on their own (rare).
  const totals = page[0] ?? (await countAdminLeads(where));
  const uniqueTotal = Number(totals.uniqueTotal);
  const leadTotal = Number(totals.leadTotal);
  const keys = page.map((row) => row.key);
  const groups = keys.length > 0 ? await loadGroups(keys, where) : [];

  return {
    groups,
    uniqueTotal,
    leadTotal,
    page: query.pagina,
    pageCount: Math.max(1, Math.ceil(uniqueTotal / ADMIN_LEADS_PAGE_SIZE)),
    query,
  };
}

async function countAdminLeads(where: SQL | undefined): Promise<{ uniqueTotal: number; leadTotal: number }> {
  const [row] = await db
    .select({ uniqueTotal: sql<number>`count(distinct ${emailKey})::int`, leadTotal: sql<number>`count(*)::int` })
    .from(leads)
    .where(where);
  return { uniqueTotal: Number(row?.uniqueTotal ?? 0), leadTotal: Number(row?.leadTotal ?? 0) };
}

/** The page's e-mails, in the order given: the latest lead of each, its lead count and its lawyers. */
async function loadGroups(keys: string[], where: SQL | undefined): Promise<AdminLeadGroup[]> {
  const ofKeys = and(inArray(emailKey, keys), where);
  const [latest, counts, assigned] = await Promise.all([
    db
      .selectDistinctOn([emailKey], {
        key: emailKey,
        nome: leads.nome,
        telefone: leads.telefone,
        cidade: leads.cidade,
        area: leads.areaInteresse,
        mensagem: leads.mensagem,
        createdAt: leads.createdAt,
      })
      .from(leads)
      .where(ofKeys)
      .orderBy(emailKey, desc(leads.createdAt), desc(leads.id)),
    db.select({ key: emailKey, n: sql<number>`count(*)::int` }).from(leads).where(ofKeys).groupBy(emailKey),
    db
      .selectDistinct({
        key: emailKey,
        id: lawyerProfiles.id,
        nome: lawyerProfiles.nome,
        slug: lawyerProfiles.slug,
        oabUf: lawyerProfiles.oabUf,
        numeroOab: lawyerProfiles.numeroOab,
      })
      .from(leads)
      .innerJoin(lawyerProfiles, sql`${lawyerProfiles.id} = ${leads.assignedTo}`)
      .where(and(ofKeys, isNotNull(leads.assignedTo)))
      .orderBy(emailKey, lawyerProfiles.nome, lawyerProfiles.id),
  ]);

  const latestByKey = new Map(latest.map((row) => [row.key, row]));
  const countByKey = new Map(counts.map((row) => [row.key, Number(row.n)]));
  const lawyersByKey = new Map<string, AdminLeadLawyer[]>();
  for (const row of assigned) {
    const list = lawyersByKey.get(row.key) ?? [];
    list.push({ id: row.id, nome: row.nome, slug: row.slug, oab: formatOab(row.oabUf, row.numeroOab) });
    lawyersByKey.set(row.key, list);
  }

  return keys.flatMap((key) => {
    const lead = latestByKey.get(key);
    if (!lead) return [];
    const createdAt = new Date(lead.createdAt);
    return [
      {
        email: key,
        nome: lead.nome,
        telefone: formatBrazilianPhone(lead.telefone),
        cidade: cityLabel(lead.cidade),
        area: practiceAreaLabel(lead.area),
        mensagem: leadPreview(lead.mensagem, ADMIN_LEAD_MESSAGE_LENGTH),
        receivedAt: formatReceivedAt(createdAt),
        receivedAtIso: createdAt.toISOString(),
        leadCount: countByKey.get(key) ?? 1,
        lawyers: lawyersByKey.get(key) ?? [],
      },
    ];
  });
}
