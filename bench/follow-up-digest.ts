/**
 * The CRM's morning digest at scale (docs/decisions/0049): 10,000 approved lawyers (half on a plan with
 * WhatsApp notifications), each with a follow-up due today, an overdue one, a lead waiting for a first
 * contact and a contacted lead with a follow-up next week. One `runFollowUpDigest` at 8:00 of a working
 * day, through the app's own module: it takes the day, writes a digest row per lawyer with something due
 * and puts every e-mail (and WhatsApp) in the outbox. Budget `followUpDigestMinutes`: from the run's
 * start until the last digest is in the outbox. Reported beside it: digests, e-mails, WhatsApp messages.
 *
 * - On its own: `npx tsx bench/follow-up-digest.ts` on a fresh PGlite; with BENCH_DATABASE_URL also on a
 *   fresh PostgreSQL database `jusconecta_bench_digest` beside it (BENCH_DIGEST_KINDS=pglite or postgres
 *   picks one). BENCH_DIGEST_JSON=<file> writes the figures as JSON.
 * - In `npm run bench` (run.ts): run as a child process of this file, on the run's database kind.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openStandaloneAppDatabase } from './database';
import { runBenchInChild } from './child-run';

export interface DigestFigures {
  kind: 'pglite' | 'postgres';
  lawyers: number;
  leads: number;
  seedSeconds: number;
  digestSeconds: number;
  digests: number;
  emails: number;
  whatsApps: number;
}

export const DIGEST_LAWYERS = 10_000;
const STANDALONE_DATABASE = 'jusconecta_bench_digest';
/** Thursday 26 November 2026, 8:00 in São Paulo. */
const MORNING = new Date('2026-11-26T11:00:00Z');

export async function benchDigest({ kind, log = console.log }: { kind: 'pglite' | 'postgres'; log?: (message: string) => void }): Promise<DigestFigures> {
  const { db, selectRows } = await import('../app/db/client.server');
  const { createLawyerAccounts } = await import('../app/modules/lawyers/lawyer-writes.server');
  const { runFollowUpDigest } = await import('../app/modules/leads/follow-up-digest.server');

  const seedStarted = performance.now();
  const batch = 1000;
  for (let start = 0; start < DIGEST_LAWYERS; start += batch) {
    await createLawyerAccounts(
      Array.from({ length: Math.min(batch, DIGEST_LAWYERS - start) }, (_, j) => {
        const i = start + j;
        return {
          nome: `Advogada Agenda ${i}`,
          email: `agenda.${i}@bench.jusconecta.test`,
          numeroOab: String(400000 + i),
          oabUf: 'SP' as const,
          whatsapp: `5511${String(940000000 + i)}`,
          biografia: 'Advogada criada pelo benchmark do resumo diário; o banco é descartado ao final.',
          areas: ['civil' as const],
          cities: ['sp_sao_paulo'],
          status: 'approved' as const,
          plan: i % 2 === 0 ? ('premium' as const) : ('gratuito' as const),
        };
      }),
    );
  }
  // Four leads per lawyer, in one statement: today's follow-up, an overdue one, a waiting lead, a contacted one.
  await db.execute(sql`
    insert into leads (nome, email, telefone, cidade, area_interesse, status, status_id, assigned_to, follow_up_on, follow_up_time, first_contact_at, created_at)
    select 'Cliente ' || n || ' de ' || p.nome, 'cliente.' || n || '.' || p.id || '@bench.jusconecta.test', '5511912345678', 'sp_sao_paulo', 'civil', 'novo',
      (select s.id from lead_statuses s where s.lawyer_id = p.id order by s.order_index limit 1), p.id,
      case n when 1 then date '2026-11-26' when 2 then date '2026-11-24' when 4 then date '2026-12-03' end,
      case n when 1 then time '09:30' end,
      case when n in (1, 2, 4) then ${MORNING}::timestamptz - interval '1 day' end,
      ${MORNING}::timestamptz - interval '2 days'
    from lawyer_profiles p cross join generate_series(1, 4) n`);
  if (kind === 'pglite') await db.execute(sql`vacuum analyze`);
  else await db.execute(sql`analyze`);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  log(`${kind}: seeded ${DIGEST_LAWYERS} lawyers and ${DIGEST_LAWYERS * 4} leads in ${seedSeconds.toFixed(1)} s; running the digest`);

  const started = performance.now();
  const run = await runFollowUpDigest(MORNING);
  const digestSeconds = (performance.now() - started) / 1000;
  const [counts] = await selectRows<{ emails: number; whatsapps: number }>(
    sql`select count(*) filter (where channel = 'email' and metadata ->> 'digestDay' is not null)::int as emails,
               count(*) filter (where channel = 'whatsapp' and idempotency_key like 'resumo-diario:%')::int as whatsapps from outbox`,
  );
  return {
    kind,
    lawyers: DIGEST_LAWYERS,
    leads: DIGEST_LAWYERS * 4,
    seedSeconds,
    digestSeconds,
    digests: run.sent,
    emails: Number(counts?.emails ?? 0),
    whatsApps: Number(counts?.whatsapps ?? 0),
  };
}

async function standalone(kind: 'pglite' | 'postgres'): Promise<DigestFigures> {
  const cleanUp = await openStandaloneAppDatabase(kind, STANDALONE_DATABASE);
  try {
    return await benchDigest({ kind, log: (m) => console.log(`[digest] ${m}`) });
  } finally {
    await cleanUp();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
  Object.assign(process.env, { APP_SECRET: 'jusconecta-bench-secret-0123456789abcdef', LOG_LEVEL: 'warn', NODE_ENV: 'production', APP_URL: 'https://jusconecta.example' });
  delete process.env.DATABASE_URL;
  const requested = process.env.BENCH_DIGEST_KINDS?.split(',').filter((k): k is 'pglite' | 'postgres' => k === 'pglite' || k === 'postgres');
  const kinds = requested?.length ? requested : process.env.BENCH_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
  const budget = (JSON.parse(await fs.readFile('bench/budgets.json', 'utf8')) as { followUpDigestMinutes: number }).followUpDigestMinutes;
  const results: DigestFigures[] = [];
  for (const kind of kinds) {
    const figures = await standalone(kind);
    results.push(figures);
    console.log(
      `${kind}: digest of ${figures.lawyers} lawyers (${figures.leads} leads) in ${figures.digestSeconds.toFixed(1)} s (budget <= ${budget} min: ${figures.digestSeconds / 60 <= budget ? 'met' : 'NOT MET'}); ` +
        `${figures.digests} digests, ${figures.emails} e-mails, ${figures.whatsApps} WhatsApp messages in the outbox; seed ${figures.seedSeconds.toFixed(1)} s`,
    );
  }
  if (process.env.BENCH_DIGEST_JSON) await fs.writeFile(process.env.BENCH_DIGEST_JSON, JSON.stringify(results, null, 2));
  process.exit(0);
}

/** For run.ts: this file in a child process with its own database of the run's kind; answers its figures. */
export async function runDigestInChild(kind: 'pglite' | 'postgres', workDir: string): Promise<DigestFigures> {
  const [figures] = await runBenchInChild<DigestFigures[]>(import.meta.url, { jsonFile: path.join(workDir, 'digest.json'), jsonVariable: 'BENCH_DIGEST_JSON', env: { BENCH_DIGEST_KINDS: kind }, timeoutMinutes: 20 });
  if (!figures) throw new Error('bench/follow-up-digest.ts wrote no figures');
  return figures;
}
