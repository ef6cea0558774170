/**
 * `npx tsx bench/search-query-load.ts <database url> [scope] [seconds]`: the search's own query (what
 * lawyers.server.ts sends for one page: search_order_page joined to the profiles' card columns) under
 * 50 connections for `seconds` (10), half of them on page 1 and half on the scope's last full page, on
 * an already seeded database (a `npm run bench` database while it runs, or any copy). No HTTP, no
 * render: the database's share of an uncached search. Prints queries/s, p50 and p99. Not part of
 * `npm run bench`; decision 0055 quotes its figures.
 */
import pg from 'pg';
import { rotationStart } from '../app/modules/lawyers/search-order';

const [url, scope = 'a:familia c:sp_sao_paulo', secondsArg = '10'] = process.argv.slice(2);
if (!url) throw new Error('usage: search-query-load.ts <database url> [scope] [seconds]');
const CONNECTIONS = 50;
const PAGE_SIZE = 24;

const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
pool.on('error', (error) => console.error(`idle connection error: ${error.message}`));

const QUERY = `
  select p.n, p.total, lp.id, lp.nome, lp.slug, lp.foto_url, lp.whatsapp, lp.numero_oab, lp.oab_uf, lp.search_tags,
    (p.n = 0 and exists (select 1 from search_order o where o.level_until <= now())) as lapsed
  from search_order_page($1, $2, $3, $4) p
  left join lawyer_profiles lp on lp.id = p.lawyer_id
  order by p.n`;

const start = rotationStart(new Date());
const { rows } = await pool.query<{ total: number }>('select coalesce(sum(lawyers), 0)::int as total from search_order_counts where scope = $1', [scope]);
const total = Number(rows[0]?.total ?? 0);
const deepOffset = Math.max(0, Math.floor(total / PAGE_SIZE) - 1) * PAGE_SIZE;
console.log(`scope '${scope}': ${total} lawyers; page 1 and offset ${deepOffset}; ${CONNECTIONS} connections, ${secondsArg} s; load ${(await import('node:os')).loadavg().map((n) => n.toFixed(2)).join(' ')}`);

const times: number[] = [];
const until = performance.now() + Number(secondsArg) * 1000;
await Promise.all(
  Array.from({ length: CONNECTIONS }, async (_, i) => {
    const client = await pool.connect();
    client.on('error', (error) => console.error(`connection error: ${error.message}`));
    try {
      while (performance.now() < until) {
        const t = performance.now();
        const result = await client.query(QUERY, [scope, start, i % 2 === 0 ? 0 : deepOffset, PAGE_SIZE]);
        times.push(performance.now() - t);
        if (result.rows.length !== Math.min(PAGE_SIZE, total) + 1) throw new Error(`a page of ${result.rows.length - 1} rows`);
      }
    } finally {
      client.release();
    }
  }),
);
await pool.end();
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
console.log(`${times.length} queries: ${(times.length / Number(secondsArg)).toFixed(0)} queries/s, p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${times[times.length - 1]!.toFixed(1)} ms`);
