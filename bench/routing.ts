/**
 * Lead routing under a crowd: the time `routeLeadRequest` (app/modules/leads/lead-routing.server.ts)
 * takes to store a client request that matches 500 approved lawyers and goes to the first 50 of the
 * directory's order (50 is the ceiling of LEAD_MAX_LAWYERS, docs/decisions/0043: the heaviest request
 * the configuration allows) — the request, 50 leads in each lawyer's first stage, their e-mails and
 * WhatsApp outbox rows and the client's e-mail, in one transaction.
 *
 * - In `npm run bench` (run.ts), on the run's database right after the 100,000-lawyer seed, before the
 *   server starts: `benchRouting()` runs in the bench process on the app's own database module.
 * - On its own: `npx tsx bench/routing.ts` measures on a fresh PGlite database and, when
 *   BENCH_DATABASE_URL is set, on a fresh PostgreSQL database `jusconecta_bench_routing` beside it
 *   (its own name: a full bench run elsewhere on the same server is not disturbed).
 *
 * The area and city are the pair with the fewest approved lawyers; approved lawyers (with their CRM
 * stages) are added in that pair until exactly 500 match, and lawyers already there get the default
 * stages if they had none (the 100k seed skips stages). Everything the measurement added is deleted
 * afterwards (and the touched tables vacuumed), so the page measurements that follow see the seed only.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openStandaloneAppDatabase } from './database';
import type { PracticeAreaId } from '../app/domain/catalog/catalog';

export interface RoutingFigures {
  /** Approved lawyers each request matched. */
  matching: number;
  /** Lawyers each request went to (leads it stored): the cap used. */
  routed: number;
  area: string;
  city: string;
  /** Lawyers added for the measurement (removed afterwards). */
  added: number;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

const MATCHING = 500;
/** The highest LEAD_MAX_LAWYERS the configuration accepts. */
const ROUTED = 50;
const WARMUP = 5;
const SAMPLES = 50;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Measures routing on the database the app's client module has open (openDatabase was called).
 * The environment must already hold what getConfig() needs (run.ts and main() below set it).
 */
export async function benchRouting({ log = console.log, samples = SAMPLES, matching = MATCHING }: { log?: (message: string) => void; samples?: number; matching?: number } = {}): Promise<RoutingFigures> {
  const { db, selectRows } = await import('../app/db/client.server');
  const { createLawyerAccounts } = await import('../app/modules/lawyers/lawyer-writes.server');
  const { routeLeadRequest } = await import('../app/modules/leads/lead-routing.server');
  const { DEFAULT_LEAD_STAGES } = await import('../app/domain/catalog/catalog');

  // The pair of area and city with the fewest approved lawyers (any pair when there are none).
  const [rare] = await selectRows<{ area_id: string; city_id: string; n: number }>(sql`
    select a.area_id, c.city_id, count(*)::int as n
    from lawyer_practice_areas a
    join lawyer_cities c on c.lawyer_id = a.lawyer_id
    join lawyer_profiles p on p.id = a.lawyer_id and p.status = 'approved'
    group by a.area_id, c.city_id order by n, a.area_id, c.city_id limit 1`);
  const area = rare?.area_id ?? 'arbitragem';
  const city = rare?.city_id ?? 'rr_boa_vista';
  const already = Number(rare?.n ?? 0);
  if (already > matching) throw new Error(`every area and city pair has more than ${matching} lawyers (fewest: ${already})`);

  const added = matching - already;
  const stamp = Date.now().toString(36);
  const created = await createLawyerAccounts(
    Array.from({ length: added }, (_, i) => ({
      nome: `Advogada Roteamento ${stamp} ${i}`,
      email: `roteamento.${stamp}.${i}@bench.jusconecta.test`,
      numeroOab: String(100000 + i),
      oabUf: 'SP' as const,
      whatsapp: `5511${String(900000000 + i)}`,
      biografia: 'Advogada criada pelo benchmark de roteamento de solicitações; removida ao final da medição.',
      areas: [area as PracticeAreaId],
      cities: [city],
      status: 'approved' as const,
      plan: 'gratuito' as const,
    })),
  );
  // Lawyers of the pair without stages (the 100k seed skips them) get the default ones, as registration gives.
  const stageValues = sql.join(
    DEFAULT_LEAD_STAGES.map((stage, i) => sql`(${stage.name}, ${stage.color}, ${i}::int)`),
    sql`, `,
  );
  const stagesAdded = await selectRows<{ id: string }>(sql`
    insert into lead_statuses (lawyer_id, name, color, order_index)
    select p.id, s.name, s.color, s.order_index
    from lawyer_profiles p cross join (values ${stageValues}) as s(name, color, order_index)
    where p.status = 'approved' and p.search_tags @> array[${`a:${area}`}, ${`c:${city}`}]::text[]
      and not exists (select 1 from lead_statuses x where x.lawyer_id = p.id)
    returning id`);
  await db.execute(sql`analyze lawyer_profiles, lead_statuses`);
  log(`routing: ${area} in ${city}, ${already} approved lawyers there, ${added} added, ${stagesAdded.length / DEFAULT_LEAD_STAGES.length} given stages`);

  const requestIds: string[] = [];
  const timings: number[] = [];
  try {
    for (let i = 0; i < WARMUP + samples; i++) {
      const input = {
        nome: 'Cliente do Benchmark',
        email: `cliente.${stamp}.${i}@bench.jusconecta.test`,
        whatsapp: '11912345678',
        cidade: city,
        areaAtuacao: area as PracticeAreaId,
        descricao: `Solicitação ${i} do benchmark de roteamento (${stamp}), com texto suficiente.`,
      };
      const started = performance.now();
      const routed = await routeLeadRequest(input, { cap: ROUTED });
      const ms = performance.now() - started;
      const expected = Math.min(ROUTED, matching);
      if (routed.duplicate || routed.lawyers.length !== expected) throw new Error(`request ${i} went to ${routed.duplicate ? 'nobody (duplicate)' : routed.lawyers.length} lawyers, not ${expected}`);
      requestIds.push(routed.requestId);
      if (i >= WARMUP) timings.push(ms);
    }
  } finally {
    // Leave the database as the seed left it.
    const ids = `{${requestIds.join(',')}}`;
    await db.execute(sql`
      delete from outbox where (channel = 'whatsapp' and idempotency_key in (select 'novo-lead:' || id from leads where request_id = any(${ids}::uuid[])))
        or (channel = 'email' and metadata ->> 'requestId' = any(${ids}::text[]))`);
    await db.execute(sql`delete from leads where request_id = any(${ids}::uuid[])`);
    await db.execute(sql`delete from lead_requests where id = any(${ids}::uuid[])`);
    await db.execute(sql`delete from lead_statuses where id = any(${`{${stagesAdded.map((s) => s.id).join(',')}}`}::uuid[])`);
    await db.execute(sql`delete from "user" where id = any(${`{${created.map((c) => c.id).join(',')}}`}::text[])`);
    await db.execute(sql`vacuum analyze "user", lawyer_profiles, lawyer_practice_areas, lawyer_cities, lawyer_plans, lead_statuses, leads, lead_requests, outbox`);
  }
  const sorted = [...timings].sort((a, b) => a - b);
  return { matching, routed: Math.min(ROUTED, matching), area, city, added, samples, p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95), maxMs: sorted[sorted.length - 1]! };
}

// ---------------------------------------------------------------------------------------------
// On its own: PGlite, and PostgreSQL beside it when BENCH_DATABASE_URL is set.

const OTHER_LAWYERS = 2_000;
const STANDALONE_DATABASE = 'jusconecta_bench_routing';

async function standalone(kind: 'pglite' | 'postgres'): Promise<RoutingFigures> {
  const { createLawyerAccounts } = await import('../app/modules/lawyers/lawyer-writes.server');
  const { generateDemoLawyers } = await import('../app/modules/demo/demo-lawyers');
  const cleanUp = await openStandaloneAppDatabase(kind, STANDALONE_DATABASE, 4);
  try {
    // Other approved lawyers around the 500, with their stages, as the demo generator spreads them.
    const others = generateDemoLawyers(OTHER_LAWYERS).map(({ yearsOfPractice: _y, createdDaysAgo: _c, ...l }) => ({ ...l, status: 'approved' as const }));
    await createLawyerAccounts(others);
    return await benchRouting({ log: (m) => console.log(`[${kind}] ${m}`) });
  } finally {
    await cleanUp();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
  // Only for this process: getConfig() needs a secret, and the e-mail outbox logs at info otherwise.
  Object.assign(process.env, { APP_SECRET: 'jusconecta-bench-secret-0123456789abcdef', LOG_LEVEL: 'warn', NODE_ENV: 'production' });
  delete process.env.DATABASE_URL;
  const kinds = process.env.BENCH_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
  const budget = (JSON.parse(await fs.readFile('bench/budgets.json', 'utf8')) as { routingP95Ms: number }).routingP95Ms;
  for (const kind of kinds) {
    const figures = await standalone(kind);
    console.log(
      `${kind}: routing a request to ${figures.matching} lawyers (${figures.area}, ${figures.city}), ${figures.samples} samples: ` +
        `p50 ${figures.p50Ms.toFixed(1)} ms, p95 ${figures.p95Ms.toFixed(1)} ms (budget <= ${budget}: ${figures.p95Ms <= budget ? 'met' : 'NOT MET'}), max ${figures.maxMs.toFixed(1)} ms`,
    );
  }
}
