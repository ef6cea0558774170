import { sql } from 'drizzle-orm';
import { selectRows } from '~/db/client.server';
import { saoPauloDay } from './follow-ups';

// The work on the lawyer's dashboard (issue 23, part 6): the five leads that arrived last, with their
// stage and how long they waited (or still wait) for a first contact, and the follow-ups due today or
// overdue. Scoped to `lawyerId`, which the caller takes from the session.

export interface RecentLead {
  id: string;
  nome: string;
  areaInteresse: string;
  cidade: string;
  /** The lead's stage, null when it has none (it shows in the first column). */
  stage: { name: string; color: string } | null;
  createdAt: string;
  firstContactAt: string | null;
}

export interface DueFollowUp {
  id: string;
  nome: string;
  on: string;
  time: string | null;
  stageName: string | null;
}

export interface DashboardWork {
  recentLeads: RecentLead[];
  /** Follow-ups due today or overdue, in open stages, oldest day first (at most DUE_SHOWN). */
  due: DueFollowUp[];
  /** All of them. */
  dueCount: number;
  /** São Paulo's today ('YYYY-MM-DD') and the server's clock, so that the page reads the same after hydration. */
  today: string;
  now: string;
}

const RECENT = 5;
export const DUE_SHOWN = 8;

interface Row {
  list: 'recente' | 'retorno';
  id: string;
  nome: string;
  area_interesse: string;
  cidade: string;
  stage_name: string | null;
  stage_color: string | null;
  created_at: Date | string;
  first_contact_at: Date | string | null;
  follow_up_on: string | null;
  follow_up_time: string | null;
  total: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export async function getDashboardWork(lawyerId: string, now: Date = new Date()): Promise<DashboardWork> {
  const today = saoPauloDay(now);
  const rows = await selectRows<Row>(sql`
    (select 'recente' as list, l.id, l.nome, l.area_interesse, l.cidade, s.name as stage_name, s.color as stage_color, l.created_at,
        l.first_contact_at, null as follow_up_on, null as follow_up_time, 0 as total
      from leads l left join lead_statuses s on s.id = l.status_id and s.lawyer_id = l.assigned_to
      where l.assigned_to = ${lawyerId}
      order by l.created_at desc, l.id desc
      limit ${RECENT})
    union all
    (select 'retorno', l.id, l.nome, l.area_interesse, l.cidade, s.name, s.color, l.created_at, l.first_contact_at,
        l.follow_up_on::text, to_char(l.follow_up_time, 'HH24:MI'), (count(*) over ())::int
      from leads l left join lead_statuses s on s.id = l.status_id and s.lawyer_id = l.assigned_to
      where l.assigned_to = ${lawyerId} and l.follow_up_on <= ${today}::date and coalesce(s.kind, 'aberto') = 'aberto'
      order by l.follow_up_on, l.follow_up_time nulls last, l.id
      limit ${DUE_SHOWN})`);
  const recentLeads: RecentLead[] = [];
  const due: DueFollowUp[] = [];
  let dueCount = 0;
  for (const row of rows) {
    if (row.list === 'recente') {
      recentLeads.push({
        id: row.id,
        nome: row.nome,
        areaInteresse: row.area_interesse,
        cidade: row.cidade,
        stage: row.stage_name && row.stage_color ? { name: row.stage_name, color: row.stage_color } : null,
        createdAt: iso(row.created_at),
        firstContactAt: row.first_contact_at === null ? null : iso(row.first_contact_at),
      });
    } else {
      due.push({ id: row.id, nome: row.nome, on: row.follow_up_on!, time: row.follow_up_time, stageName: row.stage_name });
      dueCount = Number(row.total);
    }
  }
  return { recentLeads, due, dueCount, today, now: now.toISOString() };
}
