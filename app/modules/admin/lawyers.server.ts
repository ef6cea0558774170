import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { db, selectRows } from '~/db/client.server';
import { containsPattern } from '~/lib/sql-like';
import { lawyerProfiles, lawyerStatusCounts } from '~/db/schema/lawyers';
import { activePlanCounts, lawyerPlans } from '~/db/schema/subscriptions';
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
  /** Lawyers matching the search and filter (at most the count's cap: see totalCapped). */
  total: number;
  /** More than `total` lawyers match: a search's count stopped at its cap (ADMIN_LAWYERS_COUNT_CAP). */
  totalCapped: boolean;
  page: number;
  pageCount: number;
  query: AdminLawyersQuery;
}

/**
 * OAB numbers that start with `digits`, as a range of lawyer_profiles_oab_idx: a number is digits only
 * (the table's check), so it starts with '129' exactly when '129' ≤ n < '13', in any collation's order of
 * digits. LIKE stays as the check; alone it is no index range outside the C collation (7.5 s at 1.55 million).
 */
export function numberStartsWith(digits: string): SQL[] {
  const conditions = [gte(lawyerProfiles.numeroOab, digits), sql`${lawyerProfiles.numeroOab} like ${`${digits}%`}`];
  const lastBelowNine = digits.replace(/9+$/, '');
  if (lastBelowNine) conditions.push(lt(lawyerProfiles.numeroOab, lastBelowNine.slice(0, -1) + String(Number(lastBelowNine.at(-1)) + 1)));
  return conditions;
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
    conditions.push(and(eq(lawyerProfiles.oabUf, uf as StateCode), ...numberStartsWith(oab[2]!))!);
  } else if (digits.length > 0 && /^[\d\s./-]+$/.test(q)) {
    conditions.push(sql`${lawyerProfiles.numeroOab} like ${`%${digits}%`}`);
  }
  return or(...conditions);
}

/** How many profiles are in each status: lawyer_status_counts, kept by the database (migration 0031), never a scan of the profiles. */
export async function lawyerStatusTotals(): Promise<{ total: number; approved: number; pending: number; rejected: number; suspended: number }> {
  const rows = await db.select({ status: lawyerStatusCounts.status, lawyers: lawyerStatusCounts.lawyers }).from(lawyerStatusCounts);
  const byStatus = new Map(rows.map((row) => [row.status, Number(row.lawyers)]));
  return {
    total: [...byStatus.values()].reduce((sum, n) => sum + n, 0),
    approved: byStatus.get('approved') ?? 0,
    pending: byStatus.get('pending') ?? 0,
    rejected: byStatus.get('rejected') ?? 0,
    suspended: byStatus.get('suspended') ?? 0,
  };
}

/**
 * 'Área Financeira': the active plans that have ended (atraso) and the running ones with their monthly
 * revenue (em dia). active_plan_counts keeps them by plan and UTC end day (migration 0031): the days before
 * today's have ended, the later ones (and 'infinity', the plans that never end) run; today's plans are
 * split at `now` by a range of lawyer_plans_active_end_idx.
 */
export async function activePlanTotals(now: Date = new Date()): Promise<{ revenueBrl: number; emDia: number; atraso: number }> {
  const dayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const today = dayStart.toISOString().slice(0, 10);
  const groups = await selectRows<{ plan_type: string; ended: number | string | null; running: number | string | null }>(sql`
    select plan_type, sum(lawyers) filter (where end_day < ${today}::date) as ended, sum(lawyers) filter (where end_day > ${today}::date) as running
      from ${activePlanCounts} group by plan_type
    union all
    select plan_type, count(*) filter (where end_date <= ${now.toISOString()}::timestamptz), count(*) filter (where end_date > ${now.toISOString()}::timestamptz)
      from ${lawyerPlans}
     where status = 'active' and end_date >= ${dayStart.toISOString()}::timestamptz and end_date < ${new Date(dayStart.getTime() + DAY_MS).toISOString()}::timestamptz
     group by plan_type`);
  let revenueBrl = 0;
  let emDia = 0;
  let atraso = 0;
  for (const group of groups) {
    const running = Number(group.running ?? 0);
    atraso += Number(group.ended ?? 0);
    emDia += running;
    revenueBrl += running * (findPlan(group.plan_type)?.priceBrl ?? 0);
  }
  return { revenueBrl, emDia, atraso };
}

/**
 * A search's count stops after this many matches (or the current page's end, if deeper): 'mais de
 * 10.000 advogados'. Counting every lawyer named Silva among 1.55 million cost 400 to 800 ms (decision 0075).
 */
export const ADMIN_LAWYERS_COUNT_CAP = 10_000;

/**
 * Whether pg_trgm can serve `ILIKE '%q%'` from its index: some word of q (letters or digits) gives a
 * trigram once padded as pg_trgm pads a LIKE pattern's words (two spaces before one that does not start
 * the pattern, one after one that does not end it). Without one, a GIN scan reads the whole index.
 */
export function trigramServes(q: string): boolean {
  for (const word of q.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = word.index;
    const end = start + word[0].length;
    if (word[0].length + (start > 0 ? 2 : 0) + (end < q.length ? 1 : 0) >= 3) return true;
  }
  return false;
}

type Reader = Pick<typeof db, 'select' | 'execute'>;

/** A count that stops after `cap` matches: the total shown, and whether more match ('mais de'). */
interface CappedTotal {
  total: number;
  totalCapped: boolean;
}

/** The cap of a count: ADMIN_LAWYERS_COUNT_CAP, or the end of the page asked for if that is deeper. */
const countCapFor = (cap: number, pagina: number, pageSize: number) => Math.max(cap, pagina * pageSize);

/** The lawyers matching `where`, counted up to `cap` (the count reads at most `cap + 1` rows). */
async function countUpTo(reader: Reader, where: SQL | undefined, cap: number): Promise<CappedTotal> {
  const [row] = await reader.select({ n: sql<number>`count(*)::int` }).from(reader.select({ one: sql`1` }).from(lawyerProfiles).where(where).limit(cap + 1).as('m'));
  const counted = Number(row?.n ?? 0);
  return counted > cap ? { total: cap, totalCapped: true } : { total: counted, totalCapped: false };
}

/** The ids of one page of the lawyers matching `where`, newest first. */
function pageIdsOf(reader: Reader, where: SQL | undefined, pagina: number) {
  return reader
    .select({ id: lawyerProfiles.id })
    .from(lawyerProfiles)
    .where(where)
    .orderBy(desc(lawyerProfiles.createdAt), desc(lawyerProfiles.id))
    .limit(ADMIN_LAWYERS_PAGE_SIZE)
    .offset((pagina - 1) * ADMIN_LAWYERS_PAGE_SIZE);
}

/**
 * A search's count (up to `countCap + 1`) and its page's ids. The planner's choice between a walk of
 * every profile and the trigram indexes rests on a guess of how many rows ILIKE '%…%' matches, which
 * varies with ANALYZE's sample: at 1.55 million lawyers the same search took 42 ms on one database and
 * 676 ms on another (decision 0075). When the trigram indexes serve every arm of the search, the choice
 * is made from the count instead, in one transaction: the count from the indexes (a sequential scan
 * off); then, if the count stopped at its cap, the matches are dense and the page walks the creation
 * order (bitmaps off), else the page sorts the at most `countCap` matches the indexes give.
 */
async function searchPage(where: SQL | undefined, q: string, pagina: number, countCap: number): Promise<CappedTotal & { ids: string[] }> {
  // A number alone is also a LIKE '%…%' on numero_oab, which needs three digits for a trigram.
  const served = trigramServes(q) && (!/^[\d\s./-]+$/.test(q) || q.replace(/\D/g, '').length >= 3);
  if (!served) {
    const [count, ids] = await Promise.all([countUpTo(db, where, countCap), pageIdsOf(db, where, pagina)]);
    return { ...count, ids: ids.map((row) => row.id) };
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const count = await countUpTo(tx, where, countCap);
    if (!count.totalCapped) await tx.execute(sql`set local enable_indexscan = off`);
    const ids = await pageIdsOf(tx, where, pagina);
    return { ...count, ids: ids.map((row) => row.id) };
  });
}

/** The rows of one page (`idsOfPage` picks them) with their active plan and response time, newest first. */
function pageRows(idsOfPage: SQL, now: Date) {
  const arrivedSince = new Date(now.getTime() - RESPONSE_TIME_DAYS * DAY_MS).toISOString();
  return db
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
    .from(lawyerProfiles)
    .leftJoin(lawyerPlans, and(eq(lawyerPlans.lawyerId, lawyerProfiles.id), eq(lawyerPlans.status, 'active')))
    .where(idsOfPage)
    .orderBy(desc(lawyerProfiles.createdAt), desc(lawyerProfiles.id));
}

export async function findAdminLawyers(query: AdminLawyersQuery, now: Date = new Date(), cap: number = ADMIN_LAWYERS_COUNT_CAP): Promise<AdminLawyersPage> {
  const search = searchCondition(query.q);
  const where = and(search, query.status ? eq(lawyerProfiles.status, query.status) : undefined);
  // A search counts and picks its page's ids first; without one, the status counts give the total and
  // the page's ids are an index-only walk of lawyer_profiles_created_at_idx, however deep the page.
  const searched = search ? searchPage(where, query.q, query.pagina, countCapFor(cap, query.pagina, ADMIN_LAWYERS_PAGE_SIZE)) : null;
  const [counts, finance, rows, matching] = await Promise.all([
    lawyerStatusTotals(),
    activePlanTotals(now),
    searched
      ? searched.then(({ ids }) => (ids.length === 0 ? [] : pageRows(inArray(lawyerProfiles.id, ids), now)))
      : pageRows(inArray(lawyerProfiles.id, pageIdsOf(db, where, query.pagina)), now),
    searched,
  ]);
  const { total, totalCapped } = matching ?? { total: query.status ? counts[query.status] : counts.total, totalCapped: false };
  return {
    counts,
    finance: { ...finance, semPlano: Math.max(0, counts.total - finance.emDia - finance.atraso) },
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
    total,
    totalCapped,
    page: query.pagina,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_LAWYERS_PAGE_SIZE)),
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
  /** At most the count's cap: see totalCapped. */
  total: number;
  /** More than `total` inscriptions are due: the count stopped at its cap, as the list's search does. */
  totalCapped: boolean;
  page: number;
  pageCount: number;
}

/**
 * 'Conferir de novo' (decision 0061): the approved lawyers whose inscription was never checked on the
 * platform or was last checked more than a year ago, never-checked first, then the oldest check (a range
 * of lawyer_profiles_oab_checked_idx); `q` narrows it as the list's search does. The count stops after
 * ADMIN_LAWYERS_COUNT_CAP (or the page's end, if deeper): at 1.55 million lawyers all never checked, an
 * exact count is a pass over the whole index on every page.
 */
export async function findOabRecheckDue({ q = '', pagina }: { q?: string; pagina: number }, now: Date = new Date(), cap: number = ADMIN_LAWYERS_COUNT_CAP): Promise<OabRecheckPage> {
  const dueBefore = new Date(now.getTime() - OAB_RECHECK_AFTER_DAYS * DAY_MS);
  const where = and(eq(lawyerProfiles.status, 'approved'), or(isNull(lawyerProfiles.oabCheckedAt), lt(lawyerProfiles.oabCheckedAt, dueBefore)), searchCondition(q));
  const [{ total, totalCapped }, rows] = await Promise.all([
    countUpTo(db, where, countCapFor(cap, pagina, OAB_RECHECK_PAGE_SIZE)),
    db
      .select(SUMMARY_COLUMNS)
      .from(lawyerProfiles)
      .where(where)
      .orderBy(sql`${lawyerProfiles.oabCheckedAt} asc nulls first`, asc(lawyerProfiles.id))
      .limit(OAB_RECHECK_PAGE_SIZE)
      .offset((pagina - 1) * OAB_RECHECK_PAGE_SIZE),
  ]);
  return { rows: rows.map(summaryOf), total, totalCapped, page: pagina, pageCount: Math.max(1, Math.ceil(total / OAB_RECHECK_PAGE_SIZE)) };
}

const date = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' });

/** dd/MM/aaaa in São Paulo. */
export function formatDate(value: Date): string {
  return date.format(value);
}
