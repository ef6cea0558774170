/**
 * `npx tsx bench/landing-plans.ts`: the query plans and timings of the landing pages' and sitemaps'
 * queries on 100,000 seeded lawyers (embedded PGlite, or BENCH_DATABASE_URL). Not part of `npm run
 * bench`; docs/decisions/0026-landing-pages.md quotes its figures.
 */
import { createBenchDatabase } from './database';
import { seedLawyers } from './seed-100k';

const database = await createBenchDatabase(process.env.BENCH_DATABASE_URL);
try {
  console.log(`seeding 100,000 lawyers in ${database.description}…`);
  const seeded = await seedLawyers(database.sql, 100_000);
  console.log(`seeded in ${(seeded.totalMs / 1000).toFixed(1)} s`);
  const { rows: summaryRows } = await database.sql.query<{ n: number }>('select count(*)::int as n from landing_scope_counts');
  console.log(`landing_scope_counts after the seed (its trigger): ${summaryRows[0]!.n} rows`);

  const { getLandingPage, landingScopeHasLawyers, listLandingCombinations, listLandingPages } = await import('../app/modules/landing/landing.server');
  const { sitemapFileXml, sitemapIndexXml } = await import('../app/modules/seo/sitemap.server');

  const plan = async (label: string, text: string) => {
    const { rows } = await database.sql.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${text}`);
    console.log(`\n== ${label}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  };
  const time = async (label: string, work: () => Promise<unknown>, { runs = 5 } = {}) => {
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await work();
      samples.push(performance.now() - t);
    }
    samples.sort((a, b) => a - b);
    console.log(`${label}: median ${samples[Math.floor(runs / 2)]!.toFixed(1)} ms (min ${samples[0]!.toFixed(1)}, max ${samples.at(-1)!.toFixed(1)})`);
  };

  const search = (tags: string) => `select lp.id from lawyer_profiles lp where lp.status = 'approved' and lp.search_tags @> '${tags}'::text[]
    order by (case when lp.plan_level_until is null or lp.plan_level_until > now() then lp.plan_level else 0 end) desc, (lp.rotation_key >= 12345) desc, lp.rotation_key, lp.id limit 24`;
  await plan('area + city (familia, Curitiba)', search('{a:familia,c:pr_curitiba}'));
  await plan('area only (familia)', search('{a:familia}'));
  const aggregate = `select substr(a.tag, 3), substr(c.tag, 3), count(*), max(lp.updated_at) from lawyer_profiles lp
    cross join lateral unnest(lp.search_tags) a(tag) cross join lateral unnest(lp.search_tags) c(tag)
    where lp.status = 'approved' and a.tag like 'a:%' and c.tag like 'c:%' group by 1, 2`;
  await plan('combinations, the old aggregate (before migration 0014)', aggregate);
  await plan('combinations from landing_scope_counts (links, sitemap)', `select area, cidade, lawyers, last_modified from landing_scope_counts where lawyers > 0`);
  await plan('the 404 rule: one area + city', `select 1 from landing_scope_counts where lawyers > 0 and area = 'familia' and cidade = 'pr_curitiba' limit 1`);
  await plan('profile sitemap file 10 (offset 90,000)', `select slug, updated_at from lawyer_profiles where status = 'approved' order by created_at, id limit 10000 offset 90000`);

  console.log('');
  await time('combinations, the old aggregate', () => database.sql.query(aggregate), { runs: 3 });
  await time('combinations from landing_scope_counts', () => listLandingCombinations());
  await time('the 404 rule (familia + Curitiba, São Paulo alone, penal alone)', () =>
    Promise.all([landingScopeHasLawyers({ area: 'familia', cidade: 'pr_curitiba' }), landingScopeHasLawyers({ cidade: 'sp_sao_paulo' }), landingScopeHasLawyers({ area: 'penal' })]));
  await time('a rebuild of landing_scope_counts (the backfill)', () => database.sql.query('select rebuild_landing_scope_counts()'), { runs: 3 });
  await time('landing familia + Curitiba, page 1', () => getLandingPage({ area: 'familia', cidade: 'pr_curitiba' }, 1, 'JusConecta'));
  await time('landing familia + São Paulo, page 1', () => getLandingPage({ area: 'familia', cidade: 'sp_sao_paulo' }, 1, 'JusConecta'));
  await time('landing familia (area only), page 1', () => getLandingPage({ area: 'familia' }, 1, 'JusConecta'));
  await time('landing São Paulo (city only), page 1', () => getLandingPage({ cidade: 'sp_sao_paulo' }, 1, 'JusConecta'));
  await time('sitemap index', () => sitemapIndexXml('https://jusconecta.example'));
  await time('sitemap perfis-1.xml', () => sitemapFileXml('https://jusconecta.example', { kind: 'profiles', number: 1 }), { runs: 3 });
  await time('sitemap perfis-10.xml', () => sitemapFileXml('https://jusconecta.example', { kind: 'profiles', number: 10 }), { runs: 3 });
  await time('sitemap landing file', () => sitemapFileXml('https://jusconecta.example', { kind: 'landing' }));
  console.log(`landing pages: ${(await listLandingPages()).length}`);
} finally {
  await database.destroy();
}
