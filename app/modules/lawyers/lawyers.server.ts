import { and, eq, or, sql, type SQL } from 'drizzle-orm';
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

/** The level of the lawyer's active plan while it runs; an expired paid plan lifts no one. */
const effectivePlanLevel = sql`(case when lp.plan_level_until is null or lp.plan_level_until > now() then lp.plan_level else 0 end)`;

function searchConditions(filters: SearchFilters): SQL[] {
  const conditions = [sql`lp.status = 'approved'`];
  // search_tags is kept by database triggers from the link tables (drizzle/0002_search_triggers.sql).
  const tags = [filters.area && `a:${filters.area}`, filters.cidade && `c:${filters.cidade}`].filter(Boolean) as string[];
  if (tags.length > 0) conditions.push(sql`lp.search_tags @> ${`{${tags.join(',')}}`}::text[]`);
  return conditions;
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
    areas: areasFromTags(r.search_tags),
    cidades: citiesFromTags(r.search_tags),
  };
}

/**
 * One page of approved lawyers matching the filters: higher plan level first, then today's rotation
 * (search-order.ts). One query over lawyer_profiles alone (its derived search columns).
 */
export async function findApprovedLawyers(filters: SearchFilters, now = new Date(), pageSize = SEARCH_PAGE_SIZE): Promise<LawyerSearchPage> {
  const conditions = searchConditions(filters);
  const start = rotationStart(now);
  const offset = (filters.pagina - 1) * pageSize;

  const rows = await selectRows<CardRow & { total: number }>(sql`
    select lp.id, lp.nome, lp.slug, lp.foto_url, lp.whatsapp, lp.numero_oab, lp.oab_uf, lp.search_tags,
      count(*) over ()::int as total
    from lawyer_profiles lp
    where ${sql.join(conditions, sql` and `)}
    order by ${effectivePlanLevel} desc, (lp.rotation_key >= ${start}) desc, lp.rotation_key asc, lp.id
    limit ${pageSize} offset ${offset}
  `);

  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && filters.pagina > 1) {
    // Past the last page: the total still tells the visitor how many there are.
    total = await countApprovedLawyers(filters);
  }
  return {
    lawyers: rows.map(cardFromRow),
    total: Number(total),
    page: filters.pagina,
    pageCount: Math.max(1, Math.ceil(Number(total) / pageSize)),
  };
}

/**
 * The first `limit` approved lawyers matching area and city in the directory's order (the search's
 * order, findApprovedLawyers), without the total: the client request form's list of lawyers
 * (app/modules/leads/lead-candidates.server.ts).
 */
export async function firstApprovedLawyers(filters: Pick<SearchFilters, 'area' | 'cidade'>, limit: number, now = new Date()): Promise<LawyerCardData[]> {
  const rows = await selectRows<CardRow>(sql`
    select lp.id, lp.nome, lp.slug, lp.foto_url, lp.whatsapp, lp.numero_oab, lp.oab_uf, lp.search_tags
    from lawyer_profiles lp
    where ${sql.join(searchConditions({ ...filters, pagina: 1 }), sql` and `)}
    order by ${effectivePlanLevel} desc, (lp.rotation_key >= ${rotationStart(now)}) desc, lp.rotation_key asc, lp.id
    limit ${limit}
  `);
  return rows.map(cardFromRow);
}

async function countApprovedLawyers(filters: SearchFilters): Promise<number> {
  const [row] = await selectRows<{ total: number }>(sql`
    select count(*)::int as total from lawyer_profiles lp where ${sql.join(searchConditions(filters), sql` and `)}`);
  return Number(row?.total ?? 0);
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
