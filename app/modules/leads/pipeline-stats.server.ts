import { sql } from 'drizzle-orm';
import { selectRows } from '~/db/client.server';
import { LOST_REASONS, type LostReasonId } from '~/domain/catalog/catalog';

// The lawyer dashboard's pipeline figures (issue 23, parts 3 and 4; docs/decisions/0047): the conversion
// of the last 90 days (won ÷ closed, by closed_at) with the lost reasons, the median response time of the
// leads that arrived in the last 30 days and were contacted, and the leads still waiting for a first
// contact. Read-only, for the signed-in lawyer's own leads (the caller passes the session's id).

export const CONVERSION_DAYS = 90;
export const RESPONSE_TIME_DAYS = 30;
const DAY_MS = 86_400_000;

export interface PipelineStats {
  /** Leads closed in the last CONVERSION_DAYS days by the kind of the stage they are in. */
  conversion: { won: number; lost: number; /** won ÷ (won + lost) × 100, rounded; null when nothing closed. */ percent: number | null };
  /** The lost leads of the same window by reason, most frequent first; `id` null for a lead lost before reasons were asked. */
  lostReasons: Array<{ id: LostReasonId | null; label: string; count: number }>;
  /** Leads that arrived in the last RESPONSE_TIME_DAYS days and were contacted: the median of first contact − arrival. */
  responseTime: { medianSeconds: number | null; contacted: number };
  /** The lawyer's leads without a first contact in an open stage (a lead without one of the lawyer's stages is in the first column: open). */
  waiting: number;
}

interface ClosedRow {
  kind: string;
  lost_reason: LostReasonId | null;
  n: number | string;
}

/**
 * The dashboard's pipeline card for `lawyerId` (from the session). Three statements at once, each on an
 * index of `leads`: (assigned_to, closed_at) for the closed leads, (assigned_to, created_at) for the
 * response time; the waiting count reads the lawyer's leads (the board's own range).
 */
export async function getPipelineStats(lawyerId: string, now = new Date()): Promise<PipelineStats> {
  const closedSince = new Date(now.getTime() - CONVERSION_DAYS * DAY_MS).toISOString();
  const arrivedSince = new Date(now.getTime() - RESPONSE_TIME_DAYS * DAY_MS).toISOString();
  const [closed, [response], [waiting]] = await Promise.all([
    selectRows<ClosedRow>(sql`
      select s.kind, l.lost_reason, count(*)::int as n
      from leads l join lead_statuses s on s.id = l.status_id and s.lawyer_id = l.assigned_to
      where l.assigned_to = ${lawyerId} and l.closed_at is not null and l.closed_at >= ${closedSince}::timestamptz and s.kind <> 'aberto'
      group by s.kind, l.lost_reason`),
    selectRows<{ median: number | string | null; n: number | string }>(sql`
      select percentile_cont(0.5) within group (order by extract(epoch from l.first_contact_at - l.created_at)) as median, count(*)::int as n
      from leads l
      where l.assigned_to = ${lawyerId} and l.created_at >= ${arrivedSince}::timestamptz and l.first_contact_at is not null`),
    selectRows<{ n: number | string }>(sql`
      select count(*)::int as n from leads l
      where l.assigned_to = ${lawyerId} and l.first_contact_at is null
        and not exists (select 1 from lead_statuses s where s.id = l.status_id and s.lawyer_id = ${lawyerId} and s.kind <> 'aberto')`),
  ]);

  let won = 0;
  let lost = 0;
  const reasons = new Map<LostReasonId | null, number>();
  for (const row of closed) {
    const n = Number(row.n);
    if (row.kind === 'ganho') won += n;
    else {
      lost += n;
      reasons.set(row.lost_reason, (reasons.get(row.lost_reason) ?? 0) + n);
    }
  }
  const order = (id: LostReasonId | null) => (id === null ? LOST_REASONS.length : LOST_REASONS.findIndex((r) => r.id === id));
  const lostReasons = [...reasons]
    .map(([id, count]) => ({ id, label: LOST_REASONS.find((r) => r.id === id)?.label ?? 'Não informado', count }))
    .sort((a, b) => b.count - a.count || order(a.id) - order(b.id));
  const median = response?.median === null || response?.median === undefined ? null : Number(response.median);
  return {
    conversion: { won, lost, percent: won + lost === 0 ? null : Math.round((won * 100) / (won + lost)) },
    lostReasons,
    responseTime: { medianSeconds: median, contacted: Number(response?.n ?? 0) },
    waiting: Number(waiting?.n ?? 0),
  };
}
