import { sql, type SQL } from 'drizzle-orm';
import { getConfig } from '~/config.server';
import { db, selectRows } from '~/db/client.server';
import { cityLabel, practiceAreaLabel, WHATSAPP_NOTIFICATION_PLAN_LEVELS } from '~/domain/catalog/catalog';
import { enqueueEmail } from '~/integrations/email/outbox.server';
import { followUpDigestMessage } from '~/integrations/email/templates.server';
import { enqueueWhatsAppMessages, type OutboxWhatsApp } from '~/integrations/whatsapp/outbox.server';
import { followUpDigestWhatsAppText } from '~/integrations/whatsapp/templates';
import { followUpLabel, saoPauloDay } from './follow-ups';
import { isWorkingDay } from './working-days';

// The morning digest of the CRM (issue 23, docs/decisions/0049). On each working day (São Paulo), from
// 8:00 until noon, the first process whose clock passes 8:00 takes the day (a row of
// follow_up_digest_days) and, in the same statement, writes one follow_up_digests row per approved lawyer
// with something due: follow-ups due today or overdue, or leads of the last 30 days still waiting for a
// first contact, in open stages. Any process then sends the rows not yet sent, a batch at a time, each
// batch locked (SKIP LOCKED) and written to the outbox in one transaction: one digest per lawyer and
// day, however many processes run it, and a process that stops midway leaves the rest to the next tick.

/** The digest goes out from this hour (São Paulo) on a working day… */
export const DIGEST_HOUR = 8;
/** …until this one: a server down all morning does not send the morning's digest in the evening. */
export const DIGEST_LAST_HOUR = 12;
/** Leads that arrived this many days ago at most, and were never contacted, count as waiting. */
export const WAITING_DAYS = 30;
/** Lawyers written to the outbox per transaction. */
const BATCH = 250;
/** Leads listed per list in one e-mail; the rest is a count. */
export const DIGEST_ITEMS_MAX = 10;
/** The number the digest goes to: the notification number when it is one, else the profile's WhatsApp. */
const NOTIFY_NUMBER = /^[0-9]{10,15}$/;

let saoPauloHour: Intl.DateTimeFormat | undefined;

/** The São Paulo day whose digest may go out at `now`: a working day between 8:00 and noon; else null. */
export function digestDayAt(now: Date): string | null {
  saoPauloHour ??= new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', hourCycle: 'h23' });
  const hour = Number(saoPauloHour.format(now));
  const day = saoPauloDay(now);
  if (hour < DIGEST_HOUR || hour >= DIGEST_LAST_HOUR || !isWorkingDay(day)) return null;
  return day;
}

/** What one run did: the lawyers it found something for (when it took the day) and the digests it queued. */
export interface DigestRun {
  day: string | null;
  /** Lawyers with a digest row written by this run (0 when another process had taken the day). */
  found: number;
  /** Digests this run put in the outbox. */
  sent: number;
}

export interface DigestOptions {
  /** Only these lawyers, without taking the day (the end-to-end fixture: other lawyers get nothing). */
  lawyers?: readonly string[];
}

const idList = (ids: readonly string[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/** The leads a digest counts for the lawyer, as SQL conditions on `l` (leads) and `s` (its stage). */
function dueConditions(day: string, since: Date): { followUp: SQL; waiting: SQL } {
  return {
    followUp: sql`l.follow_up_on <= ${day}::date`,
    waiting: sql`(l.first_contact_at is null and l.created_at >= ${since})`,
  };
}

/**
 * The digest at `now`: takes the day if no process has, then sends every digest of the day not yet sent.
 * Outside the digest's hours, or on a day off, does nothing.
 */
export async function runFollowUpDigest(now: Date = new Date(), options: DigestOptions = {}): Promise<DigestRun> {
  const day = digestDayAt(now);
  if (day === null) return { day: null, found: 0, sent: 0 };
  const found = await openDigestDay(day, now, options);
  const sent = await sendDigests(day, now, options);
  return { day, found, sent };
}

/**
 * Takes `day` (one statement: the day's row, and the lawyers' rows only if the day's row was written
 * now). With `lawyers`, writes those lawyers' rows only, without taking the day. Returns the rows written.
 */
export async function openDigestDay(day: string, now: Date, { lawyers }: DigestOptions = {}): Promise<number> {
  const since = new Date(now.getTime() - WAITING_DAYS * 86_400_000);
  const { followUp, waiting } = dueConditions(day, since);
  const due = sql`
    select l.assigned_to as lawyer_id,
      count(*) filter (where ${followUp})::int as follow_ups,
      count(*) filter (where ${waiting})::int as waiting
    from leads l
    join lawyer_profiles p on p.id = l.assigned_to and p.status = 'approved'
    left join lead_statuses s on s.id = l.status_id
    where l.assigned_to is not null and coalesce(s.kind, 'aberto') = 'aberto' and (${followUp} or ${waiting})
      ${lawyers ? sql`and l.assigned_to in (${lawyers.length > 0 ? idList(lawyers) : sql`null`})` : sql``}
    group by l.assigned_to`;
  if (lawyers) {
    const rows = await selectRows<{ lawyer_id: string }>(sql`
      insert into follow_up_digests (lawyer_id, day, follow_ups, waiting_leads)
      select lawyer_id, ${day}::date, follow_ups, waiting from (${due}) due
      on conflict do nothing
      returning lawyer_id`);
    return rows.length;
  }
  const [row] = await selectRows<{ written: number }>(sql`
    with taken as (
      insert into follow_up_digest_days (day) values (${day}::date) on conflict do nothing returning day
    ), written as (
      insert into follow_up_digests (lawyer_id, day, follow_ups, waiting_leads)
      select lawyer_id, ${day}::date, follow_ups, waiting from (${due}) due where exists (select 1 from taken)
      on conflict do nothing
      returning lawyer_id
    )
    select count(*)::int as written from written`);
  const written = row?.written ?? 0;
  if (written > 0) await db.execute(sql`update follow_up_digest_days set lawyers = ${written} where day = ${day}::date`);
  return written;
}

interface DigestLawyer {
  lawyer_id: string;
  nome: string;
  email: string;
  whatsapp: string;
  whatsapp_notificacoes: string | null;
  plan_level: number;
  plan_level_until: Date | string | null;
}

interface DigestLead {
  id: string;
  lawyer_id: string;
  list: 'retorno' | 'aguardando';
  nome: string;
  area_interesse: string;
  cidade: string;
  follow_up_on: string | null;
  follow_up_time: string | null;
  created_at: Date | string;
  total: number;
}

/** Sends the day's unsent digests (of `lawyers` only, when given), a batch per transaction. Returns how many. */
export async function sendDigests(day: string, now: Date, { lawyers }: DigestOptions = {}): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const chosen = (await tx.execute(sql`
        select d.lawyer_id, p.nome, u.email, p.whatsapp, p.whatsapp_notificacoes, p.plan_level, p.plan_level_until
        from follow_up_digests d
        join lawyer_profiles p on p.id = d.lawyer_id
        join "user" u on u.id = d.lawyer_id
        where d.day = ${day}::date and d.sent_at is null
          ${lawyers ? sql`and d.lawyer_id in (${lawyers.length > 0 ? idList(lawyers) : sql`null`})` : sql``}
        order by d.lawyer_id
        limit ${BATCH}
        for update of d skip locked`)) as unknown as { rows: DigestLawyer[] };
      const rows = chosen.rows;
      if (rows.length === 0) return 0;
      const ids = rows.map((r) => r.lawyer_id);
      const leads = (await tx.execute(digestLeadsQuery(day, now, ids))) as unknown as { rows: DigestLead[] };
      const byLawyer = new Map<string, DigestLead[]>();
      for (const lead of leads.rows) byLawyer.set(lead.lawyer_id, [...(byLawyer.get(lead.lawyer_id) ?? []), lead]);
      const whatsApps: OutboxWhatsApp[] = [];
      const { appUrl, brandName } = getConfig();
      const dayLabel = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
      for (const lawyer of rows) {
        const own = byLawyer.get(lawyer.lawyer_id) ?? [];
        const followUps = own.filter((l) => l.list === 'retorno');
        const waiting = own.filter((l) => l.list === 'aguardando');
        const followUpCount = followUps[0]?.total ?? 0;
        const waitingCount = waiting[0]?.total ?? 0;
        // Everything due was dealt with since the day was taken (a follow-up moved, a lead contacted): no digest.
        if (followUpCount === 0 && waitingCount === 0) continue;
        const leadUrl = (id: string) => `${appUrl}/area-advogado?section=crm&lead=${id}`;
        await enqueueEmail(tx, {
          to: lawyer.email,
          ...followUpDigestMessage({
            name: lawyer.nome,
            dayLabel,
            followUpCount,
            waitingCount,
            followUps: followUps.map((l) => ({ nome: l.nome, detail: `${followUpLabel(l.follow_up_on!, l.follow_up_time, day)} · ${practiceAreaLabel(l.area_interesse)}, ${cityLabel(l.cidade)}`, url: leadUrl(l.id) })),
            waiting: waiting.map((l) => ({ nome: l.nome, detail: `recebido em ${formatDayMonth(l.created_at)} · ${practiceAreaLabel(l.area_interesse)}, ${cityLabel(l.cidade)}`, url: leadUrl(l.id) })),
          }),
          metadata: { lawyerId: lawyer.lawyer_id, digestDay: day },
        });
        const level = lawyer.plan_level_until === null || new Date(lawyer.plan_level_until) > now ? lawyer.plan_level : 0;
        if ((WHATSAPP_NOTIFICATION_PLAN_LEVELS as readonly number[]).includes(level)) {
          const to = lawyer.whatsapp_notificacoes && NOTIFY_NUMBER.test(lawyer.whatsapp_notificacoes) ? lawyer.whatsapp_notificacoes : lawyer.whatsapp;
          if (NOTIFY_NUMBER.test(to)) {
            const message = followUpDigestWhatsAppText({ brandName, followUps: followUpCount, waiting: waitingCount, url: `${appUrl}/area-advogado?section=crm` });
            whatsApps.push({ to, text: message.text, params: message.params, kind: 'resumo-diario', lawyerId: lawyer.lawyer_id, idempotencyKey: `resumo-diario:${lawyer.lawyer_id}:${day}` });
          }
        }
      }
      await enqueueWhatsAppMessages(tx, whatsApps);
      await tx.execute(sql`update follow_up_digests set sent_at = ${now} where day = ${day}::date and lawyer_id in (${idList(ids)})`);
      return rows.length;
    });
    if (batch === 0) return sent;
    sent += batch;
  }
}

/**
 * The leads each digest lists, for the lawyers `ids`: the first DIGEST_ITEMS_MAX follow-ups due (oldest
 * day first) and waiting leads (newest first), each with its list's total.
 */
function digestLeadsQuery(day: string, now: Date, ids: string[]): SQL {
  const since = new Date(now.getTime() - WAITING_DAYS * 86_400_000);
  const { followUp, waiting } = dueConditions(day, since);
  const open = sql`coalesce(s.kind, 'aberto') = 'aberto'`;
  return sql`
    select * from (
      select l.id, l.assigned_to as lawyer_id, 'retorno' as list, l.nome, l.area_interesse, l.cidade,
        l.follow_up_on::text as follow_up_on, to_char(l.follow_up_time, 'HH24:MI') as follow_up_time, l.created_at,
        row_number() over (partition by l.assigned_to order by l.follow_up_on, l.follow_up_time nulls last, l.id) as rank,
        (count(*) over (partition by l.assigned_to))::int as total
      from leads l left join lead_statuses s on s.id = l.status_id
      where l.assigned_to in (${idList(ids)}) and ${followUp} and ${open}
    ) f where rank <= ${DIGEST_ITEMS_MAX}
    union all
    select * from (
      select l.id, l.assigned_to as lawyer_id, 'aguardando' as list, l.nome, l.area_interesse, l.cidade, null as follow_up_on, null as follow_up_time, l.created_at,
        row_number() over (partition by l.assigned_to order by l.created_at desc, l.id) as rank,
        (count(*) over (partition by l.assigned_to))::int as total
      from leads l left join lead_statuses s on s.id = l.status_id
      where l.assigned_to in (${idList(ids)}) and ${waiting} and l.created_at < ${now} and ${open}
    ) w where rank <= ${DIGEST_ITEMS_MAX}`;
}

function formatDayMonth(value: Date | string): string {
  return saoPauloDay(new Date(value)).split('-').reverse().slice(0, 2).join('/');
}
