import { sql } from 'drizzle-orm';
import { selectRows } from '~/db/client.server';
import { cardFromRow, type CardRow, type PublicLawyerCard } from './lawyers.server';
import { cardTagsColumn } from './search-tags';
import { rotationStart } from './search-order';

/**
 * The home page's hero (issue 27, part 5; docs/decisions/0064): how many verified lawyers, practice
 * areas and cities the directory has, and a few lawyers with a photo. Both are read from what the
 * database already keeps, so the page (cached for 30 s) stays cheap at any size: the counts from the
 * search's summaries (search_order_counts, landing_scope_counts), the lawyers from a partial index of
 * approved profiles with a photo, in the search's daily rotation (every one of them gets a turn).
 */

export interface DirectoryCounts {
  /** Approved lawyers (the search's total without filters). */
  lawyers: number;
  /** Practice areas with at least one approved lawyer. */
  areas: number;
  /** Cities with at least one approved lawyer. */
  cities: number;
}

export async function getDirectoryCounts(): Promise<DirectoryCounts> {
  const [row] = await selectRows<{ lawyers: number; areas: number; cities: number }>(sql`
    select (select coalesce(sum(lawyers), 0) from search_order_counts where scope = '')::int as lawyers,
           (select count(distinct area) from landing_scope_counts)::int as areas,
           (select count(distinct cidade) from landing_scope_counts)::int as cities
  `);
  return { lawyers: Number(row?.lawyers ?? 0), areas: Number(row?.areas ?? 0), cities: Number(row?.cities ?? 0) };
}

type FeaturedRow = Omit<CardRow, 'id'>;

/**
 * `limit` approved lawyers with a photo, from today's start of the rotation onwards (round the circle):
 * two ranges of lawyer_profiles_home_photos_idx, whatever the number of lawyers.
 */
export async function findFeaturedLawyers(limit: number, now = new Date()): Promise<PublicLawyerCard[]> {
  const start = rotationStart(now);
  const columns = sql`nome, slug, foto_url, whatsapp, numero_oab, oab_uf, oab_checked_at, ${sql.raw(cardTagsColumn())}, titulo, primeira_inscricao_ano, atende_online, rotation_key`;
  const rows = await selectRows<FeaturedRow>(sql`
    select * from (
      (select 0 as part, ${columns} from lawyer_profiles
        where status = 'approved' and foto_url is not null and rotation_key >= ${start} order by rotation_key limit ${limit})
      union all
      (select 1 as part, ${columns} from lawyer_profiles
        where status = 'approved' and foto_url is not null and rotation_key < ${start} order by rotation_key limit ${limit})
    ) featured
    order by part, rotation_key
    limit ${limit}
  `);
  return rows.map((row) => {
    const { id: _id, ...card } = cardFromRow({ ...row, id: '' });
    return card;
  });
}
