import { sql } from 'drizzle-orm';
import { db, selectRows } from '~/db/client.server';
import { sha256 } from './lead-routing.server';

/**
 * The client's removal of their request (LGPD art. 18): the e-mailed link holds a random token whose
 * SHA-256 is stored with the request, so it works without an account and the database never holds a
 * usable link. Opening the link only shows what would be removed; removing takes a POST.
 */

/** The removal token as the link carries it: 32 random bytes, base64url. Anything else is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What replaces the text of messages already sent about a removed request. */
const REDACTED_BODY = 'Mensagem removida a pedido do cliente (LGPD).';

export interface RequestToRemove {
  createdAt: Date;
  areaAtuacao: string;
  cidade: string;
  /** How many lawyers received it. */
  lawyers: number;
}

function tokenHash(token: string | null | undefined): string | null {
  return token && TOKEN_PATTERN.test(token) ? sha256(token) : null;
}

/** The request a removal link points to, or null for a link that is malformed, unknown or already used. */
export async function findRequestToRemove(token: string | null | undefined): Promise<RequestToRemove | null> {
  const hash = tokenHash(token);
  if (!hash) return null;
  const [row] = await selectRows<{ created_at: string | Date; area_atuacao: string; cidade: string; lawyers: number }>(sql`
    select r.created_at, r.area_atuacao, r.cidade,
      (select count(*) from leads l where l.request_id = r.id and l.assigned_to is not null)::int as lawyers
    from lead_requests r where r.removal_token_hash = ${hash}`);
  if (!row) return null;
  return { createdAt: new Date(row.created_at), areaAtuacao: row.area_atuacao, cidade: row.cidade, lawyers: Number(row.lawyers) };
}

/**
 * Removes the request of this link and every lead copied from it, in one transaction. The messages
 * about it (the lawyers' WhatsApp notifications, the client's confirmation) are dropped while still
 * waiting in the outbox; the platform's copies of those already sent or failed lose their text.
 * Returns false for a link that is malformed, unknown or already used.
 */
export async function removeLeadRequest(token: string | null | undefined): Promise<{ removed: false } | { removed: true; leads: number }> {
  const hash = tokenHash(token);
  if (!hash) return { removed: false };
  return db.transaction(async (tx) => {
    const run = async <T>(query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
    const [request] = await run<{ id: string }>(sql`select id from lead_requests where removal_token_hash = ${hash} for update`);
    if (!request) return { removed: false as const };
    const leads = await run<{ id: string }>(sql`delete from leads where request_id = ${request.id} returning id`);
    // Keys are 'novo-lead:<uuid>': an array literal needs no quoting (both drivers take it as text).
    const keys = `{${leads.map((l) => `novo-lead:${l.id}`).join(',')}}`;
    const aboutIt = sql`((channel = 'whatsapp' and idempotency_key = any(${keys}::text[])) or (channel = 'email' and metadata ->> 'requestId' = ${request.id}))`;
    // Messages still waiting go; sent or failed ones keep their row, not the text. The two sets are
    // disjoint (queued vs sent/failed), so the one statement touches each row once.
    await tx.execute(sql`
      with dropped as (delete from outbox where status = 'queued' and ${aboutIt} returning id)
      update outbox set
        body = ${REDACTED_BODY},
        html_body = null,
        recipient = case when channel = 'email' then 'removido' else recipient end,
        metadata = (metadata - 'params') || '{"removido": true}'::jsonb,
        updated_at = now()
      where status in ('sent', 'failed') and ${aboutIt}`);
    await tx.execute(sql`delete from lead_requests where id = ${request.id}`);
    return { removed: true as const, leads: leads.length };
  });
}
