import path from 'node:path';
import { PRACTICE_AREA_IDS, CITY_IDS } from '../app/domain/catalog/catalog';
import type { SqlRunner } from './database';

/**
 * The back office at the size of a busy platform (issue 8's budget: every back-office page under
 * 300 ms on PostgreSQL with 10,000 lawyers and 200,000 leads; the bench's database has 100,000). The
 * seed adds, in bulk SQL: 50,000 client requests copied to 4 lawyers each (200,000 leads over 60 days,
 * e-mails in mixed letter case), their notifications in the outbox (one WhatsApp message per lead and
 * one e-mail per request, 2% failed, 1% still queued), 300,000 profile views and 60,000 WhatsApp
 * clicks over 30 days, and 2,000 audit entries. Then, against the running server, each back-office
 * page is requested as a superadmin, one request at a time: the median of 7 after one warm-up.
 */

export const BACK_OFFICE_REQUESTS = 50_000;
export const BACK_OFFICE_LEADS_PER_REQUEST = 4;
export const BACK_OFFICE_LEADS = BACK_OFFICE_REQUESTS * BACK_OFFICE_LEADS_PER_REQUEST;
const LOGIN = { email: 'painel@bench.jusconecta.com.br', password: 'bench-painel-senha-2025', nome: 'Painel Bench' };

/** The pages measured: every back-office page, with the searches, filters and last pages that cost the most. */
export const BACK_OFFICE_PATHS = [
  '/admin/dashboard',
  '/admin/lawyers',
  '/admin/lawyers?aba=financeiro',
  '/admin/lawyers?q=silva&status=approved',
  '/admin/lawyers?pagina=4000',
  '/admin/leads',
  '/admin/leads?q=cliente4711',
  '/admin/leads?pagina=1900',
  '/admin/reports',
  '/admin/mensagens',
  '/admin/mensagens?status=failed&canal=whatsapp',
  '/admin/auditoria',
] as const;

export interface BackOfficeSeed {
  seconds: number;
  /** Seconds per SQL step, in order. */
  steps: Record<string, number>;
  counts: Record<string, number>;
}

export interface BackOfficePage {
  path: string;
  status: number;
  medianMs: number;
  maxMs: number;
}

export interface BackOfficeFigures {
  pages: BackOfficePage[];
  /** The slowest page's median. */
  worstMedianMs: number;
  worstPath: string;
  samples: number;
}

/** The bulk rows, in the bench process, on the bench's own connection (before the server starts). */
export async function seedBackOffice(sql: SqlRunner): Promise<BackOfficeSeed> {
  const started = performance.now();
  const { REVIEW_AUDIT_ACTIONS } = await import('../app/modules/accounts/lawyer-review.server');
  const areas = [...PRACTICE_AREA_IDS];
  const cities = [...CITY_IDS];
  const steps: Record<string, number> = {};
  const step = async (name: string, text: string, params?: unknown[]) => {
    const t = performance.now();
    await sql.query(text, params);
    steps[name] = (performance.now() - t) / 1000;
  };
  await sql.query('begin');
  try {
    await step(
      'lead_requests',
      `insert into lead_requests (nome, email, whatsapp, cidade, area_atuacao, descricao, dedupe_key, removal_token_hash, created_at)
       select 'Cliente ' || g,
              case when g % 5 = 0 then 'Cliente' || g || '@Exemplo.com.br' else 'cliente' || g || '@exemplo.com.br' end,
              '55119' || lpad((g % 100000000)::text, 8, '0'),
              ($1::text[])[1 + g % array_length($1::text[], 1)],
              ($2::text[])[1 + (g / 7) % array_length($2::text[], 1)],
              'Preciso de orientação sobre o meu caso número ' || g || ': a outra parte não cumpriu o combinado e quero saber meus direitos.',
              md5('pedido-' || g), md5('remocao-' || g),
              now() - ((g::bigint * 7919) % (60 * 86400)) * interval '1 second'
         from generate_series(1, $3::int) g`,
      [cities, areas, BACK_OFFICE_REQUESTS],
    );
    // Each request to 4 lawyers, spread over every lawyer; the lead keeps the request's data and time.
    await step(
      'leads',
      `with numbered as (select id, row_number() over (order by id) - 1 as n from lawyer_profiles),
            requests as (select r.*, row_number() over (order by r.created_at, r.id) as g, (select count(*) from lawyer_profiles) as total from lead_requests r)
       insert into leads (request_id, nome, email, telefone, cidade, area_interesse, mensagem, assigned_to, created_at, updated_at)
       select r.id, r.nome, r.email, r.whatsapp, r.cidade, r.area_atuacao, r.descricao, l.id, r.created_at, r.created_at
         from requests r
         cross join generate_series(0, $1::int - 1) k
         join numbered l on l.n = (r.g * 31 + k * 7919) % r.total`,
      [BACK_OFFICE_LEADS_PER_REQUEST],
    );
    await step(
      'outbox whatsapp',
      `insert into outbox (channel, recipient, subject, body, status, attempts, last_error, idempotency_key, provider_message_id, sent_at, created_at, updated_at)
       select 'whatsapp', '5511999990000', null,
              'Olá! Você recebeu um novo lead no sistema: ' || l.nome,
              s.status, case when s.status = 'queued' then 0 else 1 end,
              case when s.status = 'failed' then 'Recusado pelo provedor (HTTP 400): número inválido' end,
              'novo-lead:' || l.id,
              case when s.status = 'sent' then 'wamid.' || md5(l.id::text) end,
              case when s.status = 'sent' then l.created_at + interval '3 seconds' end,
              l.created_at, l.created_at
         from (select l.*, row_number() over (order by l.id) as g from leads l) l
         cross join lateral (select case when l.g % 50 = 0 then 'failed' when l.g % 100 = 1 then 'queued' else 'sent' end as status) s`,
    );
    await step(
      'outbox email',
      `insert into outbox (channel, recipient, subject, body, html_body, status, attempts, idempotency_key, provider_message_id, sent_at, created_at, updated_at)
       select 'email', lower(r.email), 'Recebemos sua solicitação', 'Olá, ' || r.nome || '. Recebemos sua solicitação.', '<p>Recebemos sua solicitação.</p>',
              'sent', 1, 'confirmacao-pedido:' || r.id, '<' || md5(r.id::text) || '@smtp>', r.created_at + interval '2 seconds', r.created_at, r.created_at
         from lead_requests r`,
    );
    // Views and clicks over 30 days; only the last two days' keep their visitor hash, as the app's hourly
    // purge leaves them (visitor-hash.server.ts). Hashes on every row would be a state the app is never in,
    // and the server's first purge would erase 300,000 of them while the bench loads it.
    await step(
      'profile_views',
      `with numbered as (select id, row_number() over (order by id) - 1 as n from lawyer_profiles),
            views as (select g, (select count(*) from lawyer_profiles) as total from generate_series(1, 300000) g)
       insert into profile_views (lawyer_id, viewed_at, visitor_hash)
       select l.id, t.at, case when t.at > now() - interval '2 days' then md5('visitante-' || (v.g % 40000)) end
         from views v join numbered l on l.n = (v.g * 13) % v.total
         cross join lateral (select now() - ((v.g::bigint * 104729) % (30 * 86400)) * interval '1 second' as at) t`,
    );
    await step(
      'whatsapp_clicks',
      `with numbered as (select id, row_number() over (order by id) - 1 as n from lawyer_profiles),
            clicks as (select g, (select count(*) from lawyer_profiles) as total from generate_series(1, 60000) g)
       insert into whatsapp_clicks (lawyer_id, clicked_at, source_page, visitor_hash)
       select l.id, t.at, case when c.g % 3 = 0 then 'busca' else 'perfil_advogado' end, case when t.at > now() - interval '2 days' then md5('clique-' || c.g) end
         from clicks c join numbered l on l.n = (c.g * 17) % c.total
         cross join lateral (select now() - ((c.g::bigint * 104723) % (30 * 86400)) * interval '1 second' as at) t`,
    );
    await step(
      'audit_log',
      `insert into audit_log (action, target_type, target_id, details, created_at)
       select case when g % 4 = 0 then $1 else $2 end, 'lawyer', l.id, '{}'::jsonb, now() - g * interval '1 hour'
         from generate_series(1, 2000) g
         join (select id, row_number() over (order by id) as n from lawyer_profiles limit 2000) l on l.n = g`,
      [REVIEW_AUDIT_ACTIONS.rejected, REVIEW_AUDIT_ACTIONS.approved],
    );
    await sql.query('commit');
  } catch (error) {
    await sql.query('rollback');
    throw error;
  }
  // lawyer_profiles too: the views, clicks and leads moved every lawyer's last_activity_at (migration
  // 0010), which autovacuum would clean up in production, not within the run.
  for (const table of ['lead_requests', 'lead_contacts', 'leads', 'outbox', 'profile_views', 'whatsapp_clicks', 'audit_log', 'lawyer_profiles']) await sql.query(`vacuum analyze ${table}`);
  const counts: Record<string, number> = {};
  for (const table of ['lawyer_profiles', 'lead_requests', 'leads', 'outbox', 'profile_views', 'whatsapp_clicks', 'audit_log']) {
    const { rows } = await sql.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return { seconds: (performance.now() - started) / 1000, steps, counts };
}

/** The superadmin who signs in, through the app's own write path (the server has not started yet). */
export async function seedBackOfficeSuperadmin(serverEnv: Record<string, string>): Promise<void> {
  const client = await import('../app/db/client.server');
  const { createSuperadmin } = await import('../app/modules/accounts/superadmins.server');
  const target = serverEnv.DATABASE_URL
    ? ({ kind: 'postgres', url: serverEnv.DATABASE_URL, poolSize: 2 } as const)
    : ({ kind: 'pglite', directory: path.join(serverEnv.DATA_DIR!, 'pglite') } as const);
  await client.openDatabase(target);
  try {
    await createSuperadmin(LOGIN);
  } finally {
    await client.closeDatabase();
  }
}

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/admin`, {
    method: 'POST',
    body: new URLSearchParams({ email: LOGIN.email, password: LOGIN.password }),
    headers: { origin },
    redirect: 'manual',
  });
  const cookie = response.headers.getSetCookie().find((c) => /session_token=/.test(c));
  if (response.status !== 302 || !cookie) throw new Error(`the bench's superadmin could not sign in (${response.status})`);
  return cookie.split(';')[0]!;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export async function measureBackOffice(origin: string, { samples = 7 } = {}): Promise<BackOfficeFigures> {
  const cookie = await signIn(origin);
  const headers = { cookie, 'accept-encoding': 'identity', accept: 'text/html' };
  const pages: BackOfficePage[] = [];
  for (const pagePath of BACK_OFFICE_PATHS) {
    const times: number[] = [];
    let status = 0;
    for (let i = 0; i <= samples; i++) {
      const started = performance.now();
      const response = await fetch(`${origin}${pagePath}`, { headers, redirect: 'manual' });
      await response.arrayBuffer();
      status = response.status;
      if (i > 0) times.push(performance.now() - started);
    }
    if (status !== 200) throw new Error(`GET ${pagePath} answered ${status} to the superadmin`);
    pages.push({ path: pagePath, status, medianMs: median(times), maxMs: Math.max(...times) });
  }
  const worst = pages.reduce((a, b) => (b.medianMs > a.medianMs ? b : a));
  return { pages, worstMedianMs: worst.medianMs, worstPath: worst.path, samples };
}
