import { and, eq, or, sql } from 'drizzle-orm';
import { db, selectRows } from '~/db/client.server';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { lawyerSlugOrIdSchema, lawyerSlugSchema, SEARCH_PAGE_SIZE, type SearchFilters } from './lawyers.schemas';
import { rotationStart } from './search-order';
import { areasFromTags, citiesFromTags } from './search-tags';

export interface LawyerCardData {
  id: string;
  nome: string;
  slug: string;
  fotoUrl: string | null;
  whatsapp: string;
  numeroOab: string;
  oabUf: string;
  /** When a superadmin last confirmed the inscription in the CNA (ISO), or null (decision 0061). */
  oabCheckedAt: string | null;
  areas: string[];
  cidades: string[];
}

/** What a card shows: no internal id leaves the server. */
export type PublicLawyerCard = Omit<LawyerCardData, 'id'>;

export interface LawyerSearchPage {
  lawyers: LawyerCardData[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * The search_order scope of the filters (drizzle/0023_search_order.sql): '' without a filter, else the
 * search tags it requires ('a:<area>', 'c:<city>', or both, area first).
 */
export function searchScope(filters: Pick<SearchFilters, 'area' | 'cidade'>): string {
  return [filters.area && `a:${filters.area}`, filters.cidade && `c:${filters.cidade}`].filter(Boolean).join(' ');
}

/** A card's columns as the search queries select them. */
interface CardRow {
  id: string;
  nome: string;
  slug: string;
  foto_url: string | null;
  whatsapp: string;
  numero_oab: string;
  oab_uf: string;
  oab_checked_at: Date | string | null;
  search_tags: string[];
}

function cardFromRow(r: CardRow): LawyerCardData {
  return {
    id: r.id,
    nome: r.nome,
    slug: r.slug,
    fotoUrl: r.foto_url,
    whatsapp: r.whatsapp,
    numeroOab: r.numero_oab,
    oabUf: r.oab_uf,
    oabCheckedAt: r.oab_checked_at === null ? null : new Date(r.oab_checked_at).toISOString(),
    areas: areasFromTags(r.search_tags),
    cidades: citiesFromTags(r.search_tags),
  };
}

type PageRow = { n: number; total: number; lapsed: boolean } & ({ id: null } | CardRow);

/**
 * `limit` lawyers of a scope from position `offset` in the search's order, and the scope's total.
 * search_order_page (migration 0023) reads the precomputed order: the counts place the page, the index
 * gives its rows, so a deep page costs what page 1 does and the total is not a scan. A paid plan that
 * ended since the order was written (no write marks it) is seen by the same query; its entries are
 * moved to level 0 (search_order_lapse) and the page read again, so the order is always today's rule.
 */
async function readSearchOrder(scope: string, offset: number, limit: number, now: Date): Promise<{ lawyers: LawyerCardData[]; total: number }> {
  const read = () =>
    selectRows<PageRow>(sql`
      select p.n, p.total, lp.id, lp.nome, lp.slug, lp.foto_url, lp.whatsapp, lp.numero_oab, lp.oab_uf, lp.oab_checked_at, lp.search_tags,
        (p.n = 0 and exists (select 1 from search_order o where o.level_until <= now())) as lapsed
      from search_order_page(${scope}, ${rotationStart(now)}, ${offset}, ${limit}) p
      left join lawyer_profiles lp on lp.id = p.lawyer_id
      order by p.n
    `);
  let rows = await read();
  if (rows.some((r) => r.lapsed)) {
    await selectRows(sql`select search_order_lapse()`);
    rows = await read();
  }
  return {
    lawyers: rows.filter((r): r is PageRow & CardRow => r.n > 0 && r.id !== null).map(cardFromRow),
    total: Number(rows[0]?.total ?? 0),
  };
}

/**
 * One page of approved lawyers matching the filters: higher plan level first (an expired paid plan
 * lifts no one), then today's rotation (search-order.ts).
 */
export async function findApprovedLawyers(filters: SearchFilters, now = new Date(), pageSize = SEARCH_PAGE_SIZE): Promise<LawyerSearchPage> {
  const { lawyers, total } = await readSearchOrder(searchScope(filters), (filters.pagina - 1) * pageSize, pageSize, now);
  return {
    lawyers,
    total,
    page: filters.pagina,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/**
 * The first `limit` approved lawyers matching area and city in the directory's order (the search's
 * order, findApprovedLawyers), without the total: the client request form's list of lawyers
 * (app/modules/leads/lead-candidates.server.ts).
 */
export async function firstApprovedLawyers(filters: Pick<SearchFilters, 'area' | 'cidade'>, limit: number, now = new Date()): Promise<LawyerCardData[]> {
  return (await readSearchOrder(searchScope(filters), 0, limit, now)).lawyers;
}

export interface PublicLawyerProfile extends LawyerCardData {
  biografia: string;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * An approved lawyer by slug or by id (the card used either). `matchedBy` tells the route whether to
 * redirect an id URL to the slug URL. Pending and rejected lawyers are not found, and neither is a
 * value that cannot be a slug or an id (a NUL, '%', spaces, over 100 characters): it never reaches
 * the database.
 */
export async function getPublicLawyerProfile(
  slugOrId: string,
): Promise<{ profile: PublicLawyerProfile; matchedBy: 'slug' | 'id' } | null> {
  if (!lawyerSlugOrIdSchema.safeParse(slugOrId).success) return null;
  const bySlug = lawyerSlugSchema.safeParse(slugOrId).success;
  const [row] = await db
    .select()
    .from(lawyerProfiles)
    .where(
      and(
        eq(lawyerProfiles.status, 'approved'),
        bySlug ? or(eq(lawyerProfiles.slug, slugOrId), eq(lawyerProfiles.id, slugOrId)) : eq(lawyerProfiles.id, slugOrId),
      ),
    )
    .limit(2);
  if (!row) return null;
  return {
    matchedBy: row.slug === slugOrId ? 'slug' : 'id',
    profile: {
      id: row.id,
      nome: row.nome,
      slug: row.slug,
      fotoUrl: row.fotoUrl,
      whatsapp: row.whatsapp,
      numeroOab: row.numeroOab,
      oabUf: row.oabUf,
      oabCheckedAt: row.oabCheckedAt?.toISOString() ?? null,
      biografia: row.biografia,
      areas: areasFromTags(row.searchTags),
      cidades: citiesFromTags(row.searchTags),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    },
  };
}

/**
 * Slug and last change (edit or review) of approved profiles, oldest profile first, one page at a time
 * (a walk of lawyer_profiles_created_at_idx): the sitemap's profile files.
 */
export async function listApprovedProfileSlugs({ offset, limit }: { offset: number; limit: number }): Promise<Array<{ slug: string; updatedAt: Date }>> {
  return db
    .select({ slug: lawyerProfiles.slug, updatedAt: lawyerProfiles.updatedAt })
    .from(lawyerProfiles)
    .where(eq(lawyerProfiles.status, 'approved'))
    .orderBy(lawyerProfiles.createdAt, lawyerProfiles.id)
    .limit(limit)
    .offset(offset);
}

/** For each run of `size` approved profiles in that order, the latest change of one of them (the sitemap index). */
export async function approvedProfileRuns(size: number): Promise<Array<{ run: number; lastModified: Date }>> {
  const rows = await selectRows<{ run: number; last_modified_ms: number }>(sql`
    select (n / ${size})::int as run, (extract(epoch from max(updated_at)) * 1000)::float8 as last_modified_ms
    from (select row_number() over (order by lp.created_at, lp.id) - 1 as n, lp.updated_at
          from lawyer_profiles lp where lp.status = 'approved') numbered
    group by 1 order by 1
  `);
  return rows.map((r) => ({ run: Number(r.run), lastModified: new Date(Number(r.last_modified_ms)) }));
}

/** The id of the approved lawyer with this slug, or null (without a query when it cannot be a slug). */
export async function findApprovedLawyerIdBySlug(slug: string): Promise<string | null> {
  if (!lawyerSlugSchema.safeParse(slug).success) return null;
  const [row] = await db
    .select({ id: lawyerProfiles.id })
    .from(lawyerProfiles)
    .where(and(eq(lawyerProfiles.slug, slug), eq(lawyerProfiles.status, 'approved')));
  return row?.id ?? null;
}
