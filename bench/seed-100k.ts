import { randomUUID } from 'node:crypto';
import { assignFreeSlugs } from '../app/lib/slugify';
import { findPlan } from '../app/domain/catalog/catalog';
import { generateDemoLawyers } from '../app/modules/demo/demo-lawyers';
import type { SqlRunner } from './database';

/**
 * Seeds N approved lawyers in bulk: the rows are staged in chunks of 5,000 (json_to_recordset) into a
 * temp table, then copied into user, lawyer_profiles, lawyer_practice_areas, lawyer_cities and
 * lawyer_plans with one INSERT ... SELECT each, all in one transaction; then VACUUM ANALYZE. Whatever
 * the app's triggers derive from those tables is maintained by the triggers, as for any other writer,
 * with one exception: the landing summary's row-level update trigger (migration 0014), which the bulk
 * steps' rewrite of every profile's search tags would fire 200,000 times (the seed took 10 minutes on
 * PostgreSQL instead of 2½). It is off during the bulk steps, and the summary is rebuilt once at the
 * end with the migration's own rebuild_landing_scope_counts(). `landingUpdateTrigger: true` keeps it
 * on (bench/landing-seed-time.ts measures the triggers' cost).
 *
 * Unlike demo-seed's insertLawyers(), no lead_statuses (CRM stages) are created: public pages never
 * read them. Slugs follow the app's one rule (app/lib/slugify.ts `assignFreeSlugs`, as
 * app/modules/lawyers/lawyer-writes.server.ts applies it) against an empty table: the bench database is new.
 */

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

export async function seedLawyers(sql: SqlRunner, count: number, now = new Date(), { landingUpdateTrigger = false } = {}): Promise<SeedResult> {
  const started = performance.now();
  const lawyers = generateDemoLawyers(count);
  const slugs = assignFreeSlugs(
    lawyers.map((l) => l.nome),
    [],
  );
  const staged: StagedLawyer[] = lawyers.map((l, i) => ({
    id: randomUUID().replace(/-/g, ''),
    nome: l.nome,
    email: l.email,
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
  const generated = performance.now();

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
    if (!landingUpdateTrigger) await step('landing update trigger off', 'alter table lawyer_profiles disable trigger lawyer_profiles_landing_update');
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
    await step('user', `
      insert into "user" (id, name, email, email_verified, created_at, updated_at)
      select id, nome, email, true, created_at, created_at from bench_lawyers`);
    await step('lawyer_profiles', `
      insert into lawyer_profiles (id, nome, email, numero_oab, oab_uf, whatsapp, whatsapp_notificacoes, biografia,
        slug, status, rotation_key, reviewed_at, created_at, updated_at)
      select id, nome, email, numero_oab, oab_uf, whatsapp, whatsapp, biografia,
        slug, 'approved', floor(random() * 2147483647)::int, created_at, created_at, created_at
      from bench_lawyers`);
    await step('lawyer_practice_areas', `insert into lawyer_practice_areas (lawyer_id, area_id) select id, unnest(areas) from bench_lawyers`);
    await step('lawyer_cities', `insert into lawyer_cities (lawyer_id, city_id) select id, unnest(cities) from bench_lawyers`);
    await step(
      'lawyer_plans',
      `insert into lawyer_plans (lawyer_id, plan_type, start_date, end_date, status)
       select id, plan, $1::timestamptz, case when paid then $1::timestamptz + interval '30 days' end, 'active'
       from bench_lawyers`,
      [now.toISOString()],
    );
    if (!landingUpdateTrigger) {
      await step('landing update trigger on', 'alter table lawyer_profiles enable trigger lawyer_profiles_landing_update');
      await step('rebuild landing_scope_counts', 'select rebuild_landing_scope_counts()');
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
  const analyzed = performance.now();

  const counts: Record<string, number> = {};
  for (const table of ['user', 'lawyer_profiles', 'lawyer_practice_areas', 'lawyer_cities', 'lawyer_plans']) {
    const { rows } = await sql.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return {
    lawyers: count,
    generateMs: generated - started,
    insertMs: inserted - generated,
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
