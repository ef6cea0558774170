import { createHash, randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { getConfig } from '~/config.server';
import { AppError } from '~/lib/app-error';
import { rotationStart } from '~/modules/lawyers/search-order';
import { tooManyLawyersMessage } from './lead-requests.schemas';
import { db as appDb, type Db } from '~/db/client.server';
import { isForeignKeyViolation } from '~/db/postgres-errors';
import { enqueueEmail } from '~/integrations/email/outbox.server';
import { leadRequestReceivedMessage, newLeadForLawyerMessage } from '~/integrations/email/templates.server';
import type { WhatsAppKind } from '~/integrations/whatsapp/outbox.server';
import { newLeadWhatsAppText } from '~/integrations/whatsapp/templates';
import { cityLabel, practiceAreaLabel, WHATSAPP_NOTIFICATION_PLAN_LEVELS } from '~/domain/catalog/catalog';
import { formatOab } from '~/modules/lawyers/contact';
import type { LeadRequestInput } from './lead-requests.schemas';

/**
 * Routing a client request to lawyers (docs/product-rules.md, "Client requests"; docs/decisions/0015).
 *
 * One transaction with the same statements whatever the number of lawyers:
 *   1. an advisory lock on the request's fingerprint (two copies of one request wait for each other);
 *   2. the request row, unless the same request was stored in the last minute (then nothing else runs),
 *      with the lawyers the client chose that are still approved and match area and city (at most the
 *      cap, docs/decisions/0043) and the sentence they agreed to; a chosen lawyer who no longer qualifies
 *      rolls it all back (ChosenLawyerUnavailable);
 *   3. one statement of INSERT … SELECTs: a lead per chosen lawyer in that lawyer's first stage, or one
 *      unassigned lead when there is none (the back office assigns it);
 *      an e-mail per assigned lead, and a WhatsApp outbox row per assigned lead whose lawyer's plan has
 *      WhatsApp notifications (key 'novo-lead:<lead id>');
 *   4. the client's confirmation e-mail (one INSERT).
 * Delivery happens later, in the job queue: a notification that fails never touches the request.
 */

/** A lawyer a request went to, as the client's e-mail lists them. */
export interface RoutedLawyer {
  id: string;
  nome: string;
  slug: string;
  oab: string;
  chosen: boolean;
}

export type RoutedRequest =
  | {
      duplicate: false;
      requestId: string;
      /** Leads stored: one per lawyer, or the one unassigned lead. */
      leadIds: string[];
      lawyers: RoutedLawyer[];
      /** The removal link's token, e-mailed to the client and stored only as a hash. */
      removalToken: string;
    }
  | {
      /** The same request was stored less than a minute ago: nothing new was written. */
      duplicate: true;
      requestId: string;
      /** How many lawyers the stored request went to. */
      matched: number;
    };

export interface RouteOptions {
  /** The lawyer whose page the request came from (/solicitar-atendimento/{slug}); recorded when approved. */
  chosenSlug?: string | null;
  /**
   * The lawyers the client ticked (by slug) and the sentence they agreed to. Undefined: the first `cap`
   * matching lawyers in the directory's order, what the plain form preselects (tests, the bench).
   */
  choice?: { slugs: readonly string[]; agreement: string };
  /** Most lawyers a request goes to (LEAD_MAX_LAWYERS). */
  cap?: number;
  now?: Date;
  /** The database to run on: the app's, or an instrumented one (the statement-count test, the bench). */
  database?: Db;
}

/**
 * A lawyer the client ticked is no longer approved or no longer serves the area and city (a review, an
 * edit or a deletion between the list and the submit): nothing is stored and the client sees the list
 * again.
 */
export const CHOSEN_LAWYER_UNAVAILABLE_MESSAGE = 'Um dos advogados escolhidos não está mais disponível para essa área e cidade. Confira a lista e envie de novo.';
export class ChosenLawyerUnavailable extends AppError {
  constructor() {
    super(CHOSEN_LAWYER_UNAVAILABLE_MESSAGE, { status: 409, code: 'chosen_lawyer_unavailable' });
  }
}

/** Tries of the routing transaction when a row it names was deleted meanwhile (see routeLeadRequest). */
const ROUTING_ATTEMPTS = 3;
/** Two submissions of the same request within this window are one request. */
export const DUPLICATE_WINDOW_MS = 60_000;
/** Most lawyers the client's e-mail names one by one (the rest are counted). */
export const EMAIL_LAWYER_LIST_MAX = 20;
/** The kind of the lawyers' notification, and the prefix of its key ('novo-lead:<lead id>'). */
const NEW_LEAD_KIND: WhatsAppKind = 'novo-lead';
/** The plan levels told of a new lead by WhatsApp, as an array literal for SQL ('{2,3}'). */
const whatsappLevels = `{${WHATSAPP_NOTIFICATION_PLAN_LEVELS.join(',')}}`;
/** The first key of the fingerprint lock: keeps these advisory locks apart from any other kind. */
const FINGERPRINT_LOCK_CLASS = 7283415;

/** The order of the lawyers in the client's e-mail (after the chosen one). One collator: 500 names sort in a millisecond. */
const byName = new Intl.Collator('pt-BR');

/** SHA-256 (hex) of a secret or a fingerprint. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * What makes two submissions the same request: the address, area, city, chosen lawyer and the
 * description with case, accents' encoding and spacing normalised (a reload or a double click).
 */
export function requestFingerprint(
  input: Pick<LeadRequestInput, 'email' | 'areaAtuacao' | 'cidade' | 'descricao'>,
  chosenSlug: string | null | undefined,
  choice?: readonly string[],
): string {
  const description = input.descricao.normalize('NFC').toLocaleLowerCase('pt-BR').replace(/\s+/g, ' ').trim();
  const chosen = choice ? [...choice].sort().join(',') : '*';
  return sha256(JSON.stringify([input.email.trim().toLowerCase(), input.areaAtuacao, input.cidade, chosenSlug ?? '', chosen, description]));
}

/** The link of the client's e-mail that removes the request and its leads. */
export function removalUrl(token: string): string {
  return `${getConfig().appUrl}/solicitacao/remover?token=${encodeURIComponent(token)}`;
}

/** A PostgreSQL array literal of texts, each quoted (both drivers pass it as one text parameter). */
function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Stores a client request and routes it to lawyers, in one transaction (see the top of this file). */
export async function routeLeadRequest(
  input: LeadRequestInput,
  { chosenSlug = null, choice, cap = getConfig().leadMaxLawyers, now = new Date(), database = appDb }: RouteOptions = {},
): Promise<RoutedRequest> {
  // The server never routes to more than the cap, whatever the form sent (the page refuses it first).
  if (choice && choice.slugs.length > cap) throw new AppError(tooManyLawyersMessage(cap), { status: 400, code: 'too_many_lawyers' });
  const slugs = choice ? [...new Set(choice.slugs)] : null;
  const fingerprint = requestFingerprint(input, chosenSlug, slugs ?? undefined);
  const removalToken = randomBytes(32).toString('base64url');
  // Timestamps go as ISO text with a cast: both drivers pass them the same way.
  const at = sql`${now.toISOString()}::timestamptz`;
  const windowStart = sql`${new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString()}::timestamptz`;
  const areaTag = `a:${input.areaAtuacao}`;
  const cityTag = `c:${input.cidade}`;
  const matches = sql`lp.status = 'approved' and lp.search_tags @> array[${areaTag}, ${cityTag}]::text[]`;
  // The lawyers the request goes to: those the client ticked that still qualify, or by default the
  // first `cap` in the directory's order (lawyers.server.ts, findApprovedLawyers).
  const chosenLawyers = slugs
    ? sql`select lp.id from lawyer_profiles lp where ${matches} and lp.slug = any(${textArray(slugs)}::text[]) limit ${cap}`
    : sql`select lp.id from lawyer_profiles lp where ${matches}
        order by (case when lp.plan_level_until is null or lp.plan_level_until > ${at} then lp.plan_level else 0 end) desc,
          (lp.rotation_key >= ${rotationStart(now)}) desc, lp.rotation_key asc, lp.id
        limit ${cap}`;

  // A lawyer's first stage, or a lawyer's account, deleted between the lookup and the inserts of the
  // same statement (a foreign key then names a row that is gone): the request is routed again, from the
  // start, rather than lost.
  const routeOnce = () =>
    database.transaction(async (tx) => {
      // Serialises two copies of the same request (a double click): the second waits for the first to
      // commit, and its next statement, with a new snapshot under READ COMMITTED, then sees the row.
      await tx.execute(sql`select pg_advisory_xact_lock(${FINGERPRINT_LOCK_CLASS}, hashtext(${fingerprint}))`);

      const [stored] = await rows<{ id: string; chosen_lawyer_id: string | null; chosen_lawyer_ids: string[] }>(
        tx,
        sql`
          insert into lead_requests (nome, email, whatsapp, cidade, area_atuacao, descricao, chosen_lawyer_id, chosen_lawyer_ids, agreement, dedupe_key, removal_token_hash, created_at)
          select ${input.nome}, ${input.email}, ${input.whatsapp}, ${input.cidade}, ${input.areaAtuacao}, ${input.descricao},
            ${chosenSlug ? sql`(select id from lawyer_profiles where slug = ${chosenSlug} and status = 'approved')` : sql`null`},
            (select coalesce(array_agg(c.id), '{}') from (${chosenLawyers}) c),
            ${choice ? choice.agreement : null},
            ${fingerprint}, ${sha256(removalToken)}, ${at}
          where not exists (select 1 from lead_requests where dedupe_key = ${fingerprint} and created_at > ${windowStart})
          returning id, chosen_lawyer_id, chosen_lawyer_ids`,
      );

      if (!stored) {
        const [earlier] = await rows<{ id: string; matched: number }>(
          tx,
          sql`
            select r.id, (select count(*) from leads l where l.request_id = r.id and l.assigned_to is not null)::int as matched
            from lead_requests r where r.dedupe_key = ${fingerprint} and r.created_at > ${windowStart}
            order by r.created_at desc limit 1`,
        );
        return { duplicate: true as const, requestId: earlier!.id, matched: Number(earlier!.matched) };
      }
      // Someone the client ticked no longer qualifies: throwing rolls the request back.
      if (slugs && stored.chosen_lawyer_ids.length < slugs.length) throw new ChosenLawyerUnavailable();

      // search_tags holds 'a:<area>' and 'c:<city>' for every profile (kept by triggers, migration 0002):
      // one lookup in the GIN index of approved profiles finds the lawyers who match both. The same
      // statement stores the leads, an e-mail to every lawyer and a WhatsApp to those whose plan has
      // WhatsApp notifications: set-based, so that 500 lawyers cost what 2 do (docs/decisions/0015 and
      // 0041; the WhatsApp rows are those enqueueWhatsAppMessages writes, and a test holds the two to
      // the same shape; the e-mails, those enqueueEmail writes, with the request's id as the client's
      // confirmation has it, so that a removal finds them).
      const chosenId = stored.chosen_lawyer_id;
      const message = newLeadWhatsAppText({ nome: input.nome, areaId: input.areaAtuacao, cityId: input.cidade });
      const email = newLeadForLawyerMessage({ nome: input.nome, area: practiceAreaLabel(input.areaAtuacao), city: cityLabel(input.cidade) });
      const routed = await rows<{ lead_id: string; lawyer_id: string | null; nome: string | null; slug: string | null; oab_uf: string | null; numero_oab: string | null }>(
        tx,
        sql`
          with matched as (
            select lp.id, lp.nome, lp.slug, lp.oab_uf, lp.numero_oab,
              case when lp.whatsapp_notificacoes ~ '^[0-9]{10,15}$' then lp.whatsapp_notificacoes else lp.whatsapp end as notify_to,
              (select s.id from lead_statuses s where s.lawyer_id = lp.id order by s.order_index, s.created_at, s.id limit 1) as stage_id,
              -- The effective plan's level (an ended plan is 0, as in search) decides the WhatsApp.
              (case when lp.plan_level_until is null or lp.plan_level_until > ${at} then lp.plan_level else 0 end) = any(${whatsappLevels}::int[]) as by_whatsapp
            from lawyer_profiles lp
            -- Checked again here: the request row's list is read in this statement's snapshot.
            where ${matches} and lp.id = any(${textArray(stored.chosen_lawyer_ids)}::text[])
          ),
          inserted as (
            insert into leads (request_id, nome, email, telefone, cidade, area_interesse, mensagem, status, status_id, assigned_to, created_at, updated_at)
            select ${stored.id}::uuid, ${input.nome}, ${input.email}, ${input.whatsapp}, ${input.cidade}, ${input.areaAtuacao}, ${input.descricao}, 'novo', m.stage_id, m.id, ${at}, ${at}
            from matched m
            union all
            select ${stored.id}::uuid, ${input.nome}, ${input.email}, ${input.whatsapp}, ${input.cidade}, ${input.areaAtuacao}, ${input.descricao}, 'novo', null, null, ${at}, ${at}
            where not exists (select 1 from matched)
            returning id, assigned_to
          ),
          notified as (
            insert into outbox (channel, recipient, body, idempotency_key, metadata)
            select 'whatsapp', m.notify_to, ${message.text}, ${`${NEW_LEAD_KIND}:`}::text || i.id::text,
              jsonb_build_object('kind', ${NEW_LEAD_KIND}::text, 'params', ${JSON.stringify(message.params)}::jsonb, 'lawyerId', m.id)
            -- Keys of leads inserted just now cannot exist yet: no ON CONFLICT (its speculative
            -- insertion costs a third of this insert).
            from inserted i join matched m on m.id = i.assigned_to
            where m.by_whatsapp
          ),
          emailed as (
            insert into outbox (channel, recipient, subject, body, html_body, metadata)
            select 'email', u.email, ${email.subject}, ${email.text}, ${email.html},
              jsonb_build_object('template', ${email.template}::text, 'requestId', ${stored.id}::text, 'lawyerId', m.id)
            from inserted i join matched m on m.id = i.assigned_to join "user" u on u.id = m.id
          )
          select i.id as lead_id, m.id as lawyer_id, m.nome, m.slug, m.oab_uf, m.numero_oab
          from inserted i left join matched m on m.id = i.assigned_to`,
      );

      const assigned = routed.filter((r) => r.lawyer_id !== null);
      const lawyers = assigned
        .map((r): RoutedLawyer => ({ id: r.lawyer_id!, nome: r.nome!, slug: r.slug!, oab: formatOab(r.oab_uf!, r.numero_oab!), chosen: r.lawyer_id === chosenId }))
        .sort((a, b) => Number(b.chosen) - Number(a.chosen) || byName.compare(a.nome, b.nome));
      const appUrl = getConfig().appUrl;
      await enqueueEmail(tx, {
        to: input.email,
        ...leadRequestReceivedMessage({
          name: input.nome,
          area: practiceAreaLabel(input.areaAtuacao),
          city: cityLabel(input.cidade),
          lawyers: lawyers.slice(0, EMAIL_LAWYER_LIST_MAX).map((l) => ({ nome: l.nome, oab: l.oab, url: `${appUrl}/advogado/${l.slug}` })),
          totalLawyers: lawyers.length,
          removalUrl: removalUrl(removalToken),
        }),
        // The removal finds this message's copy by it (and redacts it).
        metadata: { requestId: stored.id },
      });

      return { duplicate: false as const, requestId: stored.id, leadIds: routed.map((r) => r.lead_id), lawyers, removalToken };
    });
  for (let attempt = 1; ; attempt++) {
    try {
      return await routeOnce();
    } catch (error) {
      if (attempt >= ROUTING_ATTEMPTS || !isForeignKeyViolation(error)) throw error;
    }
  }
}
