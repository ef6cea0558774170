import { and, eq, or, sql } from 'drizzle-orm';
import { db, selectPrepared, selectRows } from '~/db/client.server';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { lawyerSlugOrIdSchema, lawyerSlugSchema, SEARCH_PAGE_SIZE, type SearchFilters } from './lawyers.schemas';
import { rotationStart } from './search-order';
import { areasFromTags, citiesFromTags, cardTagsColumn } from './search-tags';

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
  /** 'advogada', 'advogado' or null (the profile then says 'Advogado'). */
  titulo: string | null;
  /** The year of the first OAB inscription, shown as years of practice; null when not given. */
  primeiraInscricaoAno: number | null;
  atendeOnline: boolean;
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

/** A card's columns as the search queries select them (and the home page's, without the id). */
export interface CardRow {
  id: string;
  nome: string;
  slug: string;
  foto_url: string | null;
  whatsapp: string;
  numero_oab: string;
  oab_uf: string;
  oab_checked_at: Date | string | null;
  /** search_tags as one string, the tags separated by spaces (cardTagsColumn). */
  tags: string;
  titulo: string | null;
  primeira_inscricao_ano: number | null;
  atende_online: boolean;
}

export function cardFromRow(r: CardRow): LawyerCardData {
  // A lawyer without tags reads '' and splits to [''], which names no area and no city.
  const tags = r.tags.split(' ');
  return {
    id: r.id,
    nome: r.nome,
    slug: r.slug,
    fotoUrl: r.foto_url,
    whatsapp: r.whatsapp,
    numeroOab: r.numero_oab,
    oabUf: r.oab_uf,
    oabCheckedAt: r.oab_checked_at === null ? null : new Date(r.oab_checked_at).toISOString(),
    areas: areasFromTags(tags),
    cidades: citiesFromTags(tags),
    titulo: r.titulo,
    primeiraInscricaoAno: r.primeira_inscricao_ano,
    atendeOnline: r.atende_online,
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
const SEARCH_PAGE_SQL = `
  select p.n, p.total, lp.id, lp.nome, lp.slug, lp.foto_url, lp.whatsapp, lp.numero_oab, lp.oab_uf, lp.oab_checked_at, ${cardTagsColumn('lp')},
    lp.titulo, lp.primeira_inscricao_ano, lp.atende_online,
    (p.n = 0 and exists (select 1 from search_order o where o.level_until <= now())) as lapsed
  from search_order_page($1, $2, $3, $4) p
  left join lawyer_profiles lp on lp.id = p.lawyer_id
  order by p.n`;

async function readSearchOrder(scope: string, offset: number, limit: number, now: Date): Promise<{ lawyers: LawyerCardData[]; total: number }> {
  const read = () => selectPrepared<PageRow>('search_order_page', SEARCH_PAGE_SQL, [scope, rotationStart(now), offset, limit]);
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
  formacao: string | null;
  /** Language ids of the catalogue (app/domain/catalog/profile-details.ts). */
  idiomas: string[];
  escritorioBairro: string | null;
  /** A catalogue city id, or null. */
  escritorioCidade: string | null;
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
      titulo: row.titulo,
      primeiraInscricaoAno: row.primeiraInscricaoAno,
      atendeOnline: row.atendeOnline,
      formacao: row.formacao,
      idiomas: row.idiomas,
      escritorioBairro: row.escritorioBairro,
      escritorioCidade: row.escritorioCidade,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    },
  };
}

/**
 * The number of approved lawyers in each bucket of 2^24 rotation keys (0 to 127), from the search's own
 * counts (search_order_counts, scope '' = the whole directory; migration 0023): the sitemap's profile
 * files are runs of buckets, so the index reads at most 512 rows whatever the size of the directory.
 */
export async function approvedLawyersPerRotationBucket(): Promise<Map<number, number>> {
  const rows = await selectRows<{ bucket: number; lawyers: number }>(sql`
    select bucket::int as bucket, sum(lawyers)::int as lawyers from search_order_counts where scope = '' group by bucket`);
  return new Map(rows.filter((r) => Number(r.lawyers) > 0).map((r) => [Number(r.bucket), Number(r.lawyers)]));
}

/**
 * Slug and last change (edit or review) of the approved profiles whose rotation key is in [from, to), in
 * key order: one sitemap file, read from search_order's primary key (scope '', each level) and the
 * profiles by id, never by an offset into the whole table.
 */
export async function listApprovedProfilesByRotationKey(from: number, to: number): Promise<Array<{ slug: string; updatedAt: Date }>> {
  const rows = await selectRows<{ slug: string; updated_at: Date | string }>(sql`
    select lp.slug, lp.updated_at
    from search_order o join lawyer_profiles lp on lp.id = o.lawyer_id
    where o.scope = '' and o.level = any ('{0,1,2,3}'::smallint[]) and o.rotation_key >= ${from}::bigint and o.rotation_key < ${to}::bigint
      and lp.status = 'approved'
    order by o.rotation_key, o.lawyer_id`);
  return rows.map((r) => ({ slug: r.slug, updatedAt: new Date(r.updated_at) }));
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
