import { and, asc, desc, eq, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '~/db/client.server';
import { containsPattern } from '~/lib/sql-like';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { findPlan, LAWYER_STATUSES, planHasEnded, STATE_CODES, type LawyerStatus, type PlanId, type StateCode } from '~/domain/catalog/catalog';
import { OAB_RECHECK_AFTER_DAYS } from '~/domain/trust';
import { formatOab } from '~/modules/lawyers/contact';
import { ADMIN_LAWYERS_QUERY_MAX_LENGTH, EXPIRY_WARNING_DAYS, type PaymentStatus } from './lawyers.schemas';
import { listPageSchema, listSearchSchema } from './list-query';

/**
 * /admin/lawyers 'Gerenciar Advogados' (docs/product-rules.md,
 * "Back office"): the counts of 'Visão Geral', one page of 'Lista de Advogados' with the same rows'
 * 'Área Financeira', and the platform's revenue. Nothing reads every lawyer into memory: the counts and
 * the revenue are aggregates in the database, the list is one LIMIT/OFFSET page ordered by the
 * `lawyer_profiles_created_at_idx` index, and each row's active plan is one probe of
 * `lawyer_plans_one_active_idx`.
 */

export const ADMIN_LAWYERS_PAGE_SIZE = 20;
const DAY_MS = 86_400_000;
/** The response time's window, the lawyer dashboard's (app/modules/leads/pipeline-stats.server.ts). */
const RESPONSE_TIME_DAYS = 30;

/** The page's query string: anything unexpected falls back to the whole list, page 1, never an error. */
export const adminLawyersQuerySchema = z.object({
  q: listSearchSchema(ADMIN_LAWYERS_QUERY_MAX_LENGTH),
  status: z.enum(LAWYER_STATUSES).optional().catch(undefined),
  pagina: listPageSchema,
});
export type AdminLawyersQuery = z.output<typeof adminLawyersQuerySchema>;

export function adminLawyersQueryFrom(searchParams: URLSearchParams): AdminLawyersQuery {
  return adminLawyersQuerySchema.parse({
    q: searchParams.get('q') ?? '',
    status: searchParams.get('status') || undefined,
    pagina: searchParams.get('pagina') ?? undefined,
  });
}

/** sem_plano without an active plan; atraso once its end date has passed; em_dia otherwise (gratuito never ends). */
export function paymentStatusOf(activePlan: { endDate: Date | null } | null, now: Date = new Date()): PaymentStatus {
  if (!activePlan) return 'sem_plano';
  return planHasEnded(activePlan.endDate, now) ? 'atraso' : 'em_dia';
}

/** Whether the end date is to be shown in red: the plan ends within EXPIRY_WARNING_DAYS (or has ended). */
export function endsWithinWarning(endDate: Date | null, now: Date = new Date()): boolean {
  return endDate !== null && endDate.getTime() - now.getTime() <= EXPIRY_WARNING_DAYS * DAY_MS;
}

export interface AdminLawyerRow {
  id: string;
  nome: string;
  email: string;
  /** 'OAB/SP 123456'. */
  oab: string;
  status: LawyerStatus;
  /** The last CNA check (decision 0061), or null. */
  oabCheckedAt: Date | null;
  createdAt: Date;
  /** The active plan (spec: subscription), or null. */
  subscription: { planId: PlanId; name: string; priceBrl: number; status: 'active'; endDate: Date | null } | null;
  paymentStatus: PaymentStatus;
  /** The end date is within the 7-day warning (or past): shown in red. */
  endsSoon: boolean;
  /** The median response time of the leads that reached the lawyer in the last 30 days and were contacted, in seconds; null without any. */
  responseSeconds: number | null;
}

export interface AdminLawyersPage {
  /** 'Visão Geral': every lawyer of the platform, whatever the search. */
  counts: { total: number; approved: number; pending: number; rejected: number; suspended: number };
  /** 'Área Financeira' totals over every lawyer of the platform, whatever the search. */
  finance: { revenueBrl: number; emDia: number; atraso: number; semPlano: number };
  rows: AdminLawyerRow[];
  /** Lawyers matching the search and filter. */
  total: number;
  page: number;
  pageCount: number;
  query: AdminLawyersQuery;
}

/**
 * The search: a part of the name or e-mail (any letter case), a part of the OAB number, or the OAB as
 * lawyers write it ('OAB/SP 123456', 'SP 123456', 'SP123456'): the state and the start of the number.
 */
export function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  const conditions: SQL[] = [ilike(lawyerProfiles.nome, pattern), ilike(lawyerProfiles.email, pattern)];
  const digits = q.replace(/\D/g, '');
  const oab = /^(?:oab\s*\/?\s*)?([a-z]{2})\s*[-/]?\s*(\d{1,10})$/i.exec(q.replace(/\./g, ''));
  const uf = oab?.[1]?.toUpperCase();
  if (oab && uf && (STATE_CODES as readonly string[]).includes(uf)) {
    conditions.push(and(eq(lawyerProfiles.oabUf, uf as StateCode), sql`${lawyerProfiles.numeroOab} like ${`${oab[2]}%`}`)!);
  } else if (digits.length > 0 && /^[\d\s./-]+$/.test(q)) {
    conditions.push(sql`${lawyerProfiles.numeroOab} like ${`%${digits}%`}`);
  }
  return or(...conditions);
}

export async function findAdminLawyers(query: AdminLawyersQuery, now: Date = new Date()): Promise<AdminLawyersPage> {
  const where = and(searchCondition(query.q), query.status ? eq(lawyerProfiles.status, query.status) : undefined);
  const nowText = now.toISOString();
  const arrivedSince = new Date(now.getTime() - RESPONSE_TIME_DAYS * DAY_MS).toISOString();
  const pageIds = db
    .select({ id: lawyerProfiles.id })
    .from(lawyerProfiles)
    .where(where)
    .orderBy(desc(lawyerProfiles.createdAt), desc(lawyerProfiles.id))
    .limit(ADMIN_LAWYERS_PAGE_SIZE)
    .offset((query.pagina - 1) * ADMIN_LAWYERS_PAGE_SIZE)
    .as('page_ids');
  const [[counts], [matching], finance, rows] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        approved: sql<number>`count(*) filter (where ${lawyerProfiles.status} = 'approved')::int`,
        pending: sql<number>`count(*) filter (where ${lawyerProfiles.status} = 'pending')::int`,
        rejected: sql<number>`count(*) filter (where ${lawyerProfiles.status} = 'rejected')::int`,
        suspended: sql<number>`count(*) filter (where ${lawyerProfiles.status} = 'suspended')::int`,
      })
      .from(lawyerProfiles),
    db.select({ n: sql<number>`count(*)::int` }).from(lawyerProfiles).where(where),
    // One row per plan type of the active plans (at most one per lawyer), split by whether it has ended.
    db
      .select({
        planType: lawyerPlans.planType,
        ended: sql<boolean>`(${lawyerPlans.endDate} is not null and ${lawyerPlans.endDate} <= ${nowText}::timestamptz)`,
        n: sql<number>`count(*)::int`,
      })
      .from(lawyerPlans)
      .where(eq(lawyerPlans.status, 'active'))
      .groupBy(lawyerPlans.planType, sql`2`),
    // The page's ids first (an index-only walk of lawyer_profiles_created_at_idx, however deep the page),
    // then their rows and active plans: the OFFSET never joins the rows it skips.
    db
      .select({
        id: lawyerProfiles.id,
        nome: lawyerProfiles.nome,
        email: lawyerProfiles.email,
        oabUf: lawyerProfiles.oabUf,
        numeroOab: lawyerProfiles.numeroOab,
        status: lawyerProfiles.status,
        oabCheckedAt: lawyerProfiles.oabCheckedAt,
        createdAt: lawyerProfiles.createdAt,
        planType: lawyerPlans.planType,
        planEndDate: lawyerPlans.endDate,
        // Per row of the page (20): a range of leads_assigned_created_idx, the lawyer's last 30 days (decision 0047).
        responseSeconds: sql<number | string | null>`(select percentile_cont(0.5) within group (order by extract(epoch from l.first_contact_at - l.created_at))
          from leads l where l.assigned_to = ${lawyerProfiles.id} and l.created_at >= ${arrivedSince}::timestamptz and l.first_contact_at is not null)`,
      })
      .from(pageIds)
      .innerJoin(lawyerProfiles, eq(lawyerProfiles.id, pageIds.id))
      .leftJoin(lawyerPlans, and(eq(lawyerPlans.lawyerId, lawyerProfiles.id), eq(lawyerPlans.status, 'active')))
      .orderBy(desc(lawyerProfiles.createdAt), desc(lawyerProfiles.id)),
  ]);

  let revenueBrl = 0;
  let emDia = 0;
  let atraso = 0;
  for (const group of finance) {
    const n = Number(group.n);
    if (group.ended) atraso += n;
    else {
      emDia += n;
      revenueBrl += n * (findPlan(group.planType)?.priceBrl ?? 0);
    }
  }
  const total = Number(counts?.total ?? 0);
  const matchingTotal = Number(matching?.n ?? 0);

  return {
    counts: {
      total,
      approved: Number(counts?.approved ?? 0),
      pending: Number(counts?.pending ?? 0),
      rejected: Number(counts?.rejected ?? 0),
      suspended: Number(counts?.suspended ?? 0),
    },
    finance: { revenueBrl, emDia, atraso, semPlano: Math.max(0, total - emDia - atraso) },
    rows: rows.map((row) => {
      const plan = row.planType ? findPlan(row.planType) : undefined;
      const subscription = plan ? { planId: plan.id, name: plan.name, priceBrl: plan.priceBrl, status: 'active' as const, endDate: row.planEndDate } : null;
      return {
        id: row.id,
        nome: row.nome,
        email: row.email,
        oab: formatOab(row.oabUf, row.numeroOab),
        status: row.status,
        oabCheckedAt: row.oabCheckedAt,
        createdAt: row.createdAt,
        subscription,
        paymentStatus: paymentStatusOf(subscription, now),
        endsSoon: endsWithinWarning(subscription?.endDate ?? null, now),
        responseSeconds: row.responseSeconds === null ? null : Number(row.responseSeconds),
      };
    }),
    total: matchingTotal,
    page: query.pagina,
    pageCount: Math.max(1, Math.ceil(matchingTotal / ADMIN_LAWYERS_PAGE_SIZE)),
    query,
  };
}

export interface AdminLawyerSummary {
  id: string;
  nome: string;
  /** 'OAB/SP 123456'. */
  oab: string;
  /** The inscription as the CNA's search asks for it: the number and the state apart (decision 0061). */
  numeroOab: string;
  oabUf: string;
  status: LawyerStatus;
  oabCheckedAt: Date | null;
}

/** What a confirmation dialog and the re-check list show of a lawyer. */
const SUMMARY_COLUMNS = {
  id: lawyerProfiles.id,
  nome: lawyerProfiles.nome,
  oabUf: lawyerProfiles.oabUf,
  numeroOab: lawyerProfiles.numeroOab,
  status: lawyerProfiles.status,
  oabCheckedAt: lawyerProfiles.oabCheckedAt,
};

function summaryOf(row: Omit<AdminLawyerSummary, 'oab'>): AdminLawyerSummary {
  return { ...row, oab: formatOab(row.oabUf, row.numeroOab) };
}

/** The lawyer a confirmation dialog is about (by id from the URL), or null when there is none. */
export async function findAdminLawyerSummary(id: string | null): Promise<AdminLawyerSummary | null> {
  if (!id || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
  const [row] = await db
    .select(SUMMARY_COLUMNS)
    .from(lawyerProfiles)
    .where(eq(lawyerProfiles.id, id))
    .limit(1);
  return row ? summaryOf(row) : null;
}

/** One page of the yearly re-check list. */
export const OAB_RECHECK_PAGE_SIZE = 20;

export interface OabRecheckPage {
  rows: AdminLawyerSummary[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * 'Conferir de novo' (decision 0061): the approved lawyers whose inscription was never checked on the
 * platform or was last checked more than a year ago, never-checked first, then the oldest check (a range
 * of lawyer_profiles_oab_checked_idx); `q` narrows it as the list's search does.
 */
export async function findOabRecheckDue({ q = '', pagina }: { q?: string; pagina: number }, now: Date = new Date()): Promise<OabRecheckPage> {
  const dueBefore = new Date(now.getTime() - OAB_RECHECK_AFTER_DAYS * DAY_MS);
  const where = and(eq(lawyerProfiles.status, 'approved'), or(isNull(lawyerProfiles.oabCheckedAt), lt(lawyerProfiles.oabCheckedAt, dueBefore)), searchCondition(q));
  const [[count], rows] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(lawyerProfiles).where(where),
    db
      .select(SUMMARY_COLUMNS)
      .from(lawyerProfiles)
      .where(where)
      .orderBy(sql`${lawyerProfiles.oabCheckedAt} asc nulls first`, asc(lawyerProfiles.id))
      .limit(OAB_RECHECK_PAGE_SIZE)
      .offset((pagina - 1) * OAB_RECHECK_PAGE_SIZE),
  ]);
  const total = Number(count?.n ?? 0);
  return { rows: rows.map(summaryOf), total, page: pagina, pageCount: Math.max(1, Math.ceil(total / OAB_RECHECK_PAGE_SIZE)) };
}

const date = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' });

/** dd/MM/aaaa in São Paulo. */
export function formatDate(value: Date): string {
  return date.format(value);
}
