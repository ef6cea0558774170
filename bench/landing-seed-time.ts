/**
 * `npx tsx bench/landing-seed-time.ts [count]`: seeds `count` (100,000) approved lawyers with the bench's
 * bulk seed and prints the time of each step, then checks landing_scope_counts against the aggregate
 * of the search tags it summarises, with every trigger on during the bulk steps (`npm run bench` turns the
 * summary's row-level update trigger off and rebuilds it). `BENCH_WITHOUT_LANDING_TRIGGERS=1` drops migration 0014's triggers
 * first: the seed's time as it was before them. Not part of `npm run bench`;
 * docs/decisions/0026-landing-pages.md quotes its figures.
 */
import { createBenchDatabase } from './database';
import { seedLawyers } from './seed-100k';

const count = Number(process.argv[2] ?? 100_000);
const database = await createBenchDatabase(process.env.BENCH_DATABASE_URL);
try {
  const withoutTriggers = process.env.BENCH_WITHOUT_LANDING_TRIGGERS === '1';
  if (withoutTriggers) {
    for (const op of ['insert', 'update', 'delete', 'truncate']) await database.sql.query(`drop trigger lawyer_profiles_landing_${op} on lawyer_profiles`);
  }
  console.log(`landing_scope_counts triggers: ${withoutTriggers ? 'dropped' : 'on'}`);
  const seeded = await seedLawyers(database.sql, count, new Date(), { landingUpdateTrigger: true });
  console.log(`seeded ${count} lawyers in ${database.description}: ${(seeded.totalMs / 1000).toFixed(1)} s (insert ${(seeded.insertMs / 1000).toFixed(1)} s, vacuum analyze ${(seeded.analyzeMs / 1000).toFixed(1)} s)`);
  for (const [name, ms] of Object.entries(seeded.steps)) console.log(`  ${name}: ${(ms / 1000).toFixed(2)} s`);
  const { rows } = await database.sql.query<{ summary: number; aggregate: number; differing: number }>(`
    with aggregate as (
      select substr(a.tag, 3) as area, substr(c.tag, 3) as cidade, count(*)::int as lawyers, max(lp.updated_at) as last_modified
      from lawyer_profiles lp, unnest(lp.search_tags) a(tag), unnest(lp.search_tags) c(tag)
      where lp.status = 'approved' and a.tag like 'a:%' and c.tag like 'c:%' group by 1, 2)
    select (select count(*)::int from landing_scope_counts) as summary, (select count(*)::int from aggregate) as aggregate,
      (select count(*)::int from aggregate g full join landing_scope_counts s using (area, cidade)
        where g.lawyers is distinct from s.lawyers or g.last_modified is distinct from s.last_modified) as differing`);
  console.log(`landing_scope_counts: ${rows[0]!.summary} rows; the aggregate: ${rows[0]!.aggregate}; differing: ${rows[0]!.differing}`);
} finally {
  await database.destroy();
}
