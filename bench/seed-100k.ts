import { randomUUID } from 'node:crypto';
import { slugAssigner } from '../app/lib/slugify';
import { findPlan } from '../app/domain/catalog/catalog';
import { generateDemoLawyers } from '../app/modules/demo/demo-lawyers';
import type { SqlRunner } from './database';

/**
 * Seeds N approved lawyers in bulk: the rows are generated GENERATION_CHUNK at a time and staged in
 * chunks of 5,000 (json_to_recordset) into a temp table, then copied into user, lawyer_profiles,
 * lawyer_practice_areas, lawyer_cities and lawyer_plans with one INSERT ... SELECT each, all in one
 * transaction; then VACUUM ANALYZE and a CHECKPOINT.
 *
 * Up to 100,000 lawyers, whatever the app's triggers derive from those tables is maintained by the
 * triggers, as for any other writer, with two exceptions: the landing summary's row-level update
 * trigger (migration 0014) and the search order's profile triggers (migration 0023), which the bulk
 * steps' rewrite of every profile's search tags would fire 300,000 times (the landing trigger alone took
 * the seed from 2½ to 10 minutes on PostgreSQL). They are off during the bulk steps; the landing summary
 * is rebuilt once at the end with rebuild_landing_scope_counts(), the search order with
 * rebuild_search_order(). `landingUpdateTrigger: true` keeps them on (bench/landing-seed-time.ts
 * measures the triggers' cost).
 *
 * Above 100,000 (`BENCH_LAWYERS=1550000`, the whole bar; PostgreSQL only) the profiles are inserted
 * with their search columns already derived in SQL from the staged areas, cities and plan, by the rule
 * of refresh_lawyer_search (migration 0002), and the link tables' search triggers are off: three
 * rewrites of 1.55 million profiles (each a new row version in every index, the trigram ones included)
 * would take most of an hour. A sample of 2,000 profiles is then checked against the triggers' own
 * rule (refresh_lawyer_search's expressions); a difference fails the seed.
 *
 * Generation: the first 100,000 are generateDemoLawyers(100_000) as before (the 100,000-lawyer run is
 * unchanged); each further 100,000 is the generator with the next seed, its e-mails numbered on and its
 * slugs by the app's one rule (app/lib/slugify.ts, the smallest free suffix) against every earlier slug.
 *
 * Unlike demo-seed's insertLawyers(), no lead_statuses (CRM stages) are created: public pages never
 * read them. The bench database is new, so slugs are free against an empty table.
 */

/** Lawyers generated (and held in memory) at a time. */
export const GENERATION_CHUNK = 100_000;
/** Above this, the profiles' search columns are derived in the seed's SQL (see above). */
export const DERIVED_SEED_ABOVE = 100_000;
const CHUNK = 5_000;
const DAY_MS = 86_400_000;

export interface SeedResult {
  lawyers: number;
  generateMs: number;
  insertMs: number;
  /** VACUUM ANALYZE. */
  analyzeMs: number;
  totalMs: number;
  /** Milliseconds per SQL step of the insert, in order. */
  steps: Record<string, number>;
  /** Rows per table after the seed, as a check. */
  counts: Record<string, number>;
}

interface StagedLawyer {
  id: string;
  nome: string;
  email: string;
  numero_oab: string;
  oab_uf: string;
  whatsapp: string;
  biografia: string;
  slug: string;
  plan: string;
  paid: boolean;
  areas: string[];
  cities: string[];
  created_at: string;
}

/** Lawyers `from` .. `from + size - 1` of the run, staged rows sorted by id. */
function generateChunk(from: number, size: number, now: Date, slugsFor: (names: readonly string[]) => string[]): StagedLawyer[] {
  const chunkNumber = from / GENERATION_CHUNK;
  const lawyers = generateDemoLawyers(size, 20251122 + chunkNumber);
  const slugs = slugsFor(lawyers.map((l) => l.nome));
  const staged: StagedLawyer[] = lawyers.map((l, i) => ({
    id: randomUUID().replace(/-/g, ''),
    nome: l.nome,
    // The generator numbers e-mails from 1 in each chunk: numbered on, they stay unique across chunks.
    email: chunkNumber === 0 ? l.email : l.email.replace(/\.\d+@/, `.${from + i + 1}@`),
    numero_oab: l.numeroOab,
    oab_uf: l.oabUf,
    whatsapp: l.whatsapp,
    biografia: l.biografia,
    slug: slugs[i]!,
    plan: l.plan,
    paid: (findPlan(l.plan)?.priceBrl ?? 0) > 0,
    areas: l.areas,
    cities: l.cities,
    created_at: new Date(now.getTime() - l.createdDaysAgo * DAY_MS).toISOString(),
  }));
  // In key order, the primary-key and (lawyer_id, ...) indexes are filled left to right, which is
  // markedly faster than random order on PostgreSQL.
  staged.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return staged;
}

const SEARCH_ORDER_PROFILE_TRIGGERS = ['lawyer_profiles_search_order_insert', 'lawyer_profiles_search_order_update'];
const LINK_SEARCH_TRIGGERS = [
  ['lawyer_practice_areas', 'lawyer_practice_areas_search_insert'],
  ['lawyer_cities', 'lawyer_cities_search_insert'],
  ['lawyer_plans', 'lawyer_plans_search_insert'],
] as const;

export async function seedLawyers(sql: SqlRunner, count: number, now = new Date(), { landingUpdateTrigger = false } = {}): Promise<SeedResult> {
  const started = performance.now();
  const derived = count > DERIVED_SEED_ABOVE;
  const slugsFor = slugAssigner();
  let generateMs = 0;
  const steps: Record<string, number> = {};
  const step = async (name: string, text: string, params?: unknown[]) => {
    const t = performance.now();
    await sql.query(text, params);
    steps[name] = (steps[name] ?? 0) + performance.now() - t;
  };

  await sql.query('begin');
  try {
    await step('create staging', `
      create temp table bench_lawyers (
        id text, nome text, email text, numero_oab text, oab_uf text, whatsapp text, biografia text,
        slug text, plan text, paid boolean, areas text[], cities text[], created_at timestamptz
      ) on commit drop`);
    if (!landingUpdateTrigger) {
      await step('landing update trigger off', 'alter table lawyer_profiles disable trigger lawyer_profiles_landing_update');
      for (const trigger of SEARCH_ORDER_PROFILE_TRIGGERS) await step('search order triggers off', `alter table lawyer_profiles disable trigger ${trigger}`);
    }
    if (derived) for (const [table, trigger] of LINK_SEARCH_TRIGGERS) await step('link search triggers off', `alter table ${table} disable trigger ${trigger}`);
    for (let from = 0; from < count; from += GENERATION_CHUNK) {
      const t = performance.now();
      const staged = generateChunk(from, Math.min(GENERATION_CHUNK, count - from), now, slugsFor);
      generateMs += performance.now() - t;
      for (let i = 0; i < staged.length; i += CHUNK) {
        await step(
          'stage (json_to_recordset)',
          `insert into bench_lawyers
           select * from json_to_recordset($1::json) as x(
             id text, nome text, email text, numero_oab text, oab_uf text, whatsapp text, biografia text,
             slug text, plan text, paid boolean, areas text[], cities text[], created_at timestamptz)`,
          [JSON.stringify(staged.slice(i, i + CHUNK))],
        );
      }
    }
    // At scale, lawyer_profiles' secondary indexes (two trigram GINs, the search tags' GIN, five btrees) are
    // dropped for the bulk insert and built again after it: one sorted build each instead of 1.55 million
    // insertions into each. Constraint indexes (primary key, unique slug) stay.
    const rebuiltIndexes: string[] = [];
    if (derived) {
      const { rows } = await sql.query<{ name: string; definition: string }>(`
        select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = 'public' and i.tablename = 'lawyer_profiles'
          and not exists (select 1 from pg_constraint c where c.conrelid = 'lawyer_profiles'::regclass and c.conname = i.indexname)`);
      for (const index of rows) {
        await step('drop lawyer_profiles secondary indexes', `drop index "${index.name}"`);
        rebuiltIndexes.push(index.definition);
      }
    }
    await step('user', `
      insert into "user" (id, name, email, email_verified, created_at, updated_at)
      select id, nome, email, true, created_at, created_at from bench_lawyers order by id`);
    await step(
      'lawyer_profiles',
      derived
        ? // refresh_lawyer_search's rule (migration 0002): tags by area id then city id, the active plan's level and end.
          `insert into lawyer_profiles (id, nome, email, numero_oab, oab_uf, whatsapp, whatsapp_notificacoes, biografia,
             slug, status, rotation_key, reviewed_at, created_at, updated_at, search_tags, plan_level, plan_level_until)
           select id, nome, email, numero_oab, oab_uf, whatsapp, whatsapp, biografia,
             slug, 'approved', floor(random() * 2147483647)::int, created_at, created_at, created_at,
             coalesce((select array_agg('a:' || a order by a) from unnest(areas) a), '{}'::text[])
               || coalesce((select array_agg('c:' || c order by c) from unnest(cities) c), '{}'::text[]),
             case plan when 'premium' then 3 when 'intermediario' then 2 when 'basico' then 1 else 0 end,
             case when paid then $1::timestamptz + interval '30 days' end
           from bench_lawyers order by id`
        : `insert into lawyer_profiles (id, nome, email, numero_oab, oab_uf, whatsapp, whatsapp_notificacoes, biografia,
             slug, status, rotation_key, reviewed_at, created_at, updated_at)
           select id, nome, email, numero_oab, oab_uf, whatsapp, whatsapp, biografia,
             slug, 'approved', floor(random() * 2147483647)::int, created_at, created_at, created_at
           from bench_lawyers order by id`,
      derived ? [now.toISOString()] : undefined,
    );
    if (rebuiltIndexes.length > 0) await step('raise maintenance_work_mem', `set local maintenance_work_mem = '512MB'`);
    for (const definition of rebuiltIndexes) await step('build lawyer_profiles secondary indexes', definition);
    await step('lawyer_practice_areas', `insert into lawyer_practice_areas (lawyer_id, area_id) select id, unnest(areas) from bench_lawyers order by id`);
    await step('lawyer_cities', `insert into lawyer_cities (lawyer_id, city_id) select id, unnest(cities) from bench_lawyers order by id`);
    await step(
      'lawyer_plans',
      `insert into lawyer_plans (lawyer_id, plan_type, start_date, end_date, status)
       select id, plan, $1::timestamptz, case when paid then $1::timestamptz + interval '30 days' end, 'active'
       from bench_lawyers order by id`,
      [now.toISOString()],
    );
    if (derived) {
      for (const [table, trigger] of LINK_SEARCH_TRIGGERS) await step('link search triggers on', `alter table ${table} enable trigger ${trigger}`);
      const checkStarted = performance.now();
      const { rows } = await sql.query<{ differing: number }>(`
        select count(*)::int as differing from (select * from lawyer_profiles tablesample system (1) limit 2000) lp
        where (lp.search_tags, lp.plan_level, lp.plan_level_until) is distinct from (
          coalesce((select array_agg('a:' || a.area_id order by a.area_id) from lawyer_practice_areas a where a.lawyer_id = lp.id), '{}'::text[])
            || coalesce((select array_agg('c:' || c.city_id order by c.city_id) from lawyer_cities c where c.lawyer_id = lp.id), '{}'::text[]),
          coalesce((select case pl.plan_type when 'premium' then 3 when 'intermediario' then 2 when 'basico' then 1 else 0 end
                    from lawyer_plans pl where pl.lawyer_id = lp.id and pl.status = 'active'), 0)::smallint,
          (select pl.end_date from lawyer_plans pl where pl.lawyer_id = lp.id and pl.status = 'active'))`);
      steps['check derived search columns (2,000 profiles)'] = performance.now() - checkStarted;
      if (Number(rows[0]?.differing) !== 0) throw new Error(`${rows[0]?.differing} seeded profiles differ from refresh_lawyer_search's rule`);
    }
    if (!landingUpdateTrigger) {
      await step('landing update trigger on', 'alter table lawyer_profiles enable trigger lawyer_profiles_landing_update');
      await step('rebuild landing_scope_counts', 'select rebuild_landing_scope_counts()');
      for (const trigger of SEARCH_ORDER_PROFILE_TRIGGERS) await step('search order triggers on', `alter table lawyer_profiles enable trigger ${trigger}`);
      await step('rebuild search_order', 'select rebuild_search_order()');
    }
    await step('commit', 'commit');
  } catch (error) {
    await sql.query('rollback').catch(() => undefined);
    throw error;
  }
  const inserted = performance.now();

  // VACUUM too: statement-level triggers of the app may rewrite rows the inserts just wrote (see the
  // README), and PGlite has no autovacuum to clear the dead versions.
  await sql.query('vacuum analyze');
  // Then a checkpoint: writing the whole bar in minutes leaves gigabytes of dirty pages, and the
  // measurements that follow at once (lead routing commits a transaction per request) would wait on
  // their write-back. At 1.55 million lawyers, routing's p95 read 147 ms in one run and 33 ms in another
  // with the same code. Production data arrives over months. Needs a superuser (or pg_checkpoint) on
  // PostgreSQL; without one the run goes on as before.
  await sql.query('checkpoint').catch(() => undefined);
  const analyzed = performance.now();

  const counts: Record<string, number> = {};
  for (const table of ['user', 'lawyer_profiles', 'lawyer_practice_areas', 'lawyer_cities', 'lawyer_plans', 'search_order', 'search_order_counts', 'search_order_level_totals']) {
    const { rows } = await sql.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return {
    lawyers: count,
    generateMs,
    insertMs: inserted - started - generateMs,
    analyzeMs: analyzed - inserted,
    totalMs: analyzed - started,
    steps,
    counts,
  };
}

/** A premium lawyer's slug (the first by slug: the same lawyer for the same seed). */
export async function pickPremiumSlug(sql: SqlRunner): Promise<string> {
  const { rows } = await sql.query<{ slug: string }>(`
    select lp.slug from lawyer_profiles lp
    join lawyer_plans pl on pl.lawyer_id = lp.id and pl.status = 'active' and pl.plan_type = 'premium'
    where lp.status = 'approved'
    order by lp.slug limit 1`);
  const slug = rows[0]?.slug;
  if (!slug) throw new Error('No premium lawyer in the seeded database.');
  return slug;
}
