import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '~/db/client.server';
import { containsPattern } from '~/lib/sql-like';
import { leadContacts, leads } from '~/db/schema/leads';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { cityLabel, practiceAreaLabel } from '~/domain/catalog/catalog';
import { formatPhone } from '~/domain/phone';
import { formatOab } from '~/modules/lawyers/contact';
import { searchFiltersSchema } from '~/modules/lawyers/lawyers.schemas';
import { findApprovedLawyers } from '~/modules/lawyers/lawyers.server';
import { formatReceivedAt, leadPreview, relativeTimePtBr } from '~/modules/leads/lead-format';
import { searchCondition as lawyerSearchCondition } from './lawyers.server';
import { ADMIN_LEAD_MESSAGE_LENGTH, ADMIN_LEAD_VIEWS, ADMIN_LEADS_QUERY_MAX_LENGTH, WAITING_LEAD_SEARCH_MAX_LENGTH, type AdminLeadView } from './leads.schemas';
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

/** Which view of /admin/leads the URL asks for (`?vista=sem-advogado`); anything else is every lead. */
export function adminLeadViewFrom(searchParams: URLSearchParams): AdminLeadView {
  return searchParams.get('vista') === ADMIN_LEAD_VIEWS.waiting ? 'waiting' : 'all';
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

// ---------------------------------------------------------------------------------------------------
// 'Sem advogado' (docs/decisions/0044): the client requests that wait for a lawyer.

/** Approved lawyers of the lead's area and city offered first, in the directory's order. */
export const WAITING_LEAD_SUGGESTIONS = 10;
/** Approved lawyers a search by name or OAB shows. */
export const WAITING_LEAD_SEARCH_RESULTS = 10;

/** The view's query string: anything unexpected is page 1 and no search, never an error. */
export const waitingLeadsQuerySchema = z.object({
  pagina: listPageSchema,
  /** The lead whose lawyer search is `busca` (the search is scoped to one card). */
  lead: z.uuid().optional().catch(undefined),
  busca: listSearchSchema(WAITING_LEAD_SEARCH_MAX_LENGTH),
});
export type WaitingLeadsQuery = z.output<typeof waitingLeadsQuerySchema>;

export function waitingLeadsQueryFrom(searchParams: URLSearchParams): WaitingLeadsQuery {
  const query = waitingLeadsQuerySchema.parse({
    pagina: searchParams.get('pagina') ?? undefined,
    lead: searchParams.get('lead') || undefined,
    busca: searchParams.get('busca') ?? '',
  });
  // A search without its lead (or a lead without a search) is no search.
  return query.lead && query.busca ? query : { pagina: query.pagina, lead: undefined, busca: '' };
}

export interface AssignableLawyer {
  id: string;
  nome: string;
  /** 'OAB/SP 123456'. */
  oab: string;
}

export interface WaitingLead {
  id: string;
  nome: string;
  email: string;
  /** '(11) 98888-7777'. */
  telefone: string;
  area: string;
  cidade: string;
  /** The client's whole description ('' when there is none). */
  mensagem: string;
  /** 'dd/mm/aaaa às hh:mm' (São Paulo) and ISO. */
  receivedAt: string;
  receivedAtIso: string;
  /** How long it has waited: 'Aguardando há 3 dias', 'Aguardando desde ontem', 'Chegou agora mesmo'. */
  waited: string;
  /** Approved lawyers of its area and city, in the directory's order (usually none: that is why it waits). */
  suggested: AssignableLawyer[];
  /** Approved lawyers matching the search typed for this lead; null when none was typed. */
  found: AssignableLawyer[] | null;
}

export interface WaitingLeadsPage {
  leads: WaitingLead[];
  /** Requests waiting for a lawyer (the tab's count). */
  total: number;
  page: number;
  pageCount: number;
  query: WaitingLeadsQuery;
}

/**
 * A lead that waits for a lawyer: unassigned, copied from a client request, and no lead of that request
 * is assigned (no approved lawyer matched it, or the only ones it went to deleted their accounts). A
 * request whose several lawyers all left has several such leads: the one with the smallest id stands for
 * it, so each request is listed, counted and assigned once. The unassigned leads are the
 * `assigned_to IS NULL` range of leads_assigned_created_idx, already in created_at order.
 */
const waitingLead = and(
  isNull(leads.assignedTo),
  isNotNull(leads.requestId),
  sql`not exists (select 1 from ${leads} as other where other.request_id = ${leads.requestId} and (other.assigned_to is not null or other.id < ${leads.id}))`,
);

/** How many requests wait for a lawyer (the 'Sem advogado' tab's count). */
export async function countWaitingLeads(): Promise<number> {
  const [row] = await db.select({ n: count() }).from(leads).where(waitingLead);
  return Number(row?.n ?? 0);
}

/** One page of the requests that wait for a lawyer, oldest first, each with the lawyers it may go to. */
export async function findWaitingLeads(query: WaitingLeadsQuery, now: Date = new Date()): Promise<WaitingLeadsPage> {
  const [total, rows] = await Promise.all([
    countWaitingLeads(),
    db
      .select({
        id: leads.id,
        nome: leads.nome,
        email: leads.email,
        telefone: leads.telefone,
        cidade: leads.cidade,
        area: leads.areaInteresse,
        mensagem: leads.mensagem,
        createdAt: leads.createdAt,
      })
      .from(leads)
      .where(waitingLead)
      .orderBy(asc(leads.createdAt), asc(leads.id))
      .limit(ADMIN_LEADS_PAGE_SIZE)
      .offset((query.pagina - 1) * ADMIN_LEADS_PAGE_SIZE),
  ]);

  // The directory's lawyers of each area and city on the page, once per pair.
  const pairs = [...new Set(rows.map((row) => `${row.area}|${row.cidade}`))];
  const suggestedByPair = new Map(
    await Promise.all(
      pairs.map(async (pair) => {
        const [area, cidade] = pair.split('|') as [string, string];
        const filters = searchFiltersSchema.parse({ area, cidade });
        const { lawyers } = await findApprovedLawyers(filters, now, WAITING_LEAD_SUGGESTIONS);
        return [pair, lawyers.map((l) => ({ id: l.id, nome: l.nome, oab: formatOab(l.oabUf, l.numeroOab) }))] as const;
      }),
    ),
  );
  const searched = query.lead && rows.some((row) => row.id === query.lead) ? await findAssignableLawyers(query.busca) : null;

  return {
    leads: rows.map((row) => {
      const createdAt = new Date(row.createdAt);
      return {
        id: row.id,
        nome: row.nome,
        email: row.email,
        telefone: formatPhone(row.telefone),
        area: practiceAreaLabel(row.area),
        cidade: cityLabel(row.cidade),
        mensagem: (row.mensagem ?? '').trim(),
        receivedAt: formatReceivedAt(createdAt),
        receivedAtIso: createdAt.toISOString(),
        waited: waitedText(createdAt, now),
        suggested: suggestedByPair.get(`${row.area}|${row.cidade}`) ?? [],
        found: row.id === query.lead ? searched : null,
      };
    }),
    total,
    page: query.pagina,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_LEADS_PAGE_SIZE)),
    query,
  };
}

/** How long a request has waited, as its card says it. */
export function waitedText(createdAt: Date, now: Date): string {
  const ago = relativeTimePtBr(createdAt, now);
  if (ago === 'agora mesmo') return 'Chegou agora mesmo';
  if (ago.startsWith('há ')) return `Aguardando ${ago}`;
  // 'ontem', 'anteontem', 'mês passado', 'ano passado'.
  return `Aguardando desde ${ago.endsWith('passado') ? 'o ' : ''}${ago}`;
}

/**
 * Approved lawyers by a part of the name (or e-mail), the OAB as lawyers write it ('OAB/SP 123456',
 * 'SP 123456') or a part of its number: /admin/lawyers' search, approved only, by name.
 */
export async function findAssignableLawyers(q: string): Promise<AssignableLawyer[]> {
  const search = lawyerSearchCondition(q);
  if (!search) return [];
  const rows = await db
    .select({ id: lawyerProfiles.id, nome: lawyerProfiles.nome, oabUf: lawyerProfiles.oabUf, numeroOab: lawyerProfiles.numeroOab })
    .from(lawyerProfiles)
    .where(and(eq(lawyerProfiles.status, 'approved'), search))
    .orderBy(asc(lawyerProfiles.nome), asc(lawyerProfiles.id))
    .limit(WAITING_LEAD_SEARCH_RESULTS);
  return rows.map((row) => ({ id: row.id, nome: row.nome, oab: formatOab(row.oabUf, row.numeroOab) }));
}
