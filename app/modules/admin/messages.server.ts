import { and, desc, eq, lt, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '~/db/client.server';
import { auditLog } from '~/db/schema/admin';
import { outbox, type OutboxStatus, type ProviderStatus } from '~/db/schema/messaging';
import { RESENDABLE_STATUSES, requeueOutboxMessage, restoreUndeliveredOutboxMessage, type OutboxChannel } from '~/integrations/outbox/outbox-delivery.server';
import { EMAIL_DELIVERY_JOB } from '~/jobs/email-delivery.server';
import { backgroundLog } from '~/lib/log.server';
import { enqueueOutboxDelivery } from '~/jobs/outbox-delivery.server';
import { runningJobQueue } from '~/jobs/queue.server';
import { WHATSAPP_DELIVERY_JOB } from '~/jobs/whatsapp-delivery.server';
import { AppError } from '~/lib/app-error';
import {
  ADMIN_MESSAGE_TEXTS,
  MESSAGE_CHANNELS,
  MESSAGE_COUNT_CAP,
  MESSAGE_STATUSES,
  type MessageChannel,
  type MessageStatus,
  type ProviderStatusLabel,
  type RESENDABLE_MESSAGE_STATUSES,
} from './messages.schemas';

/**
 * /admin/mensagens (docs/product-rules.md, "Back office"; docs/decisions/0011): every e-mail and WhatsApp message of the
 * outbox, sent or not, newest first, a page at a time, and 'Reenviar' for a failed one.
 *
 * The table may hold hundreds of thousands of rows, so the list pages by keyset (`antes`: the last
 * row's exact created_at and id), which walks `outbox_created_at_idx` (or `outbox_status_idx` with a
 * status filter) from where the previous page stopped, however deep; and the count stops at
 * MESSAGE_COUNT_CAP (the page says 'mais de 10.000'), so it never counts the whole table.
 *
 * No message body reaches the page: an e-mail shows its subject (its text holds the confirmation,
 * password-reset and data-removal links, whose tokens are secrets), a WhatsApp message its text with
 * every link hidden.
 */

export const ADMIN_MESSAGES_PAGE_SIZE = 25;
export const MESSAGE_RESENT_AUDIT_ACTION = 'outbox.resent';

// The browser-safe lists of messages.schemas.ts are the database's (a compile error otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const LISTS_AGREE: [Same<OutboxStatus, MessageStatus>, Same<OutboxChannel, MessageChannel>, Same<(typeof RESENDABLE_STATUSES)[number], (typeof RESENDABLE_MESSAGE_STATUSES)[number]>, Same<ProviderStatus, ProviderStatusLabel>] = [
  true,
  true,
  true,
  true,
];

/** The exact created_at (microseconds, UTC) and id of a row: where the next page starts. */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The page's query string: anything unexpected is ignored (every status, every channel, the first page), never an error. */
export const adminMessagesQuerySchema = z.object({
  status: z.enum(MESSAGE_STATUSES).optional().catch(undefined),
  canal: z.enum(MESSAGE_CHANNELS).optional().catch(undefined),
  antes: z
    .string()
    .regex(CURSOR)
    .refine((cursor) => !Number.isNaN(Date.parse(cursor.split('_')[0]!)))
    .optional()
    .catch(undefined),
});
export type AdminMessagesQuery = z.output<typeof adminMessagesQuerySchema>;

export function adminMessagesQueryFrom(searchParams: URLSearchParams): AdminMessagesQuery {
  return adminMessagesQuerySchema.parse({
    status: searchParams.get('status') || undefined,
    canal: searchParams.get('canal') || undefined,
    antes: searchParams.get('antes') || undefined,
  });
}

export interface AdminMessageRow {
  id: string;
  createdAt: Date;
  channel: MessageChannel;
  recipient: string;
  /** An e-mail's subject, a WhatsApp message's text with its links hidden; never an e-mail's body. */
  summary: string;
  status: MessageStatus;
  attempts: number;
  lastError: string | null;
  providerMessageId: string | null;
  /** What the provider reported later (delivered, read, failed), if anything. */
  providerStatus: ProviderStatus | null;
}

export interface AdminMessagesPage {
  rows: AdminMessageRow[];
  /** Messages matching the filters, counted up to MESSAGE_COUNT_CAP. */
  total: number;
  /** More than MESSAGE_COUNT_CAP match: `total` is the cap. */
  totalCapped: boolean;
  /** Where the next (older) page starts, or null on the last page. */
  nextCursor: string | null;
  query: AdminMessagesQuery;
}

const HIDDEN_LINK = '[link oculto]';

/** A WhatsApp text as the page shows it: every link hidden (a link may carry a secret token). */
export function withLinksHidden(text: string): string {
  return text.replace(/\b(?:https?:\/\/|www\.)\S+/gi, HIDDEN_LINK);
}

export async function findAdminMessages(query: AdminMessagesQuery): Promise<AdminMessagesPage> {
  const filters = and(query.status ? eq(outbox.status, query.status) : undefined, query.canal ? eq(outbox.channel, query.canal) : undefined);
  let after = undefined;
  if (query.antes) {
    const [at, id] = query.antes.split('_') as [string, string];
    const createdAt = sql`${at}::timestamptz`;
    // Written so the index on created_at bounds the scan (a row comparison would not use it).
    after = and(lte(outbox.createdAt, createdAt), or(lt(outbox.createdAt, createdAt), lt(outbox.id, id)));
  }
  const capped = db
    .select({ one: sql`1` })
    .from(outbox)
    .where(filters)
    .limit(MESSAGE_COUNT_CAP + 1)
    .as('capped');
  const [[counted], rows] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(capped),
    db
      .select({
        id: outbox.id,
        createdAt: outbox.createdAt,
        cursorAt: sql<string>`to_char(${outbox.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        channel: outbox.channel,
        recipient: outbox.recipient,
        subject: outbox.subject,
        // Only a WhatsApp message's text is read: an e-mail's body never leaves the database here.
        whatsAppText: sql<string | null>`case when ${outbox.channel} = 'whatsapp' then ${outbox.body} end`,
        status: outbox.status,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        providerMessageId: outbox.providerMessageId,
        providerStatus: outbox.providerStatus,
      })
      .from(outbox)
      .where(and(filters, after))
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(ADMIN_MESSAGES_PAGE_SIZE + 1),
  ]);
  const n = Number(counted?.n ?? 0);
  const page = rows.slice(0, ADMIN_MESSAGES_PAGE_SIZE);
  const last = page.at(-1);
  return {
    rows: page.map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      channel: row.channel,
      recipient: row.recipient,
      summary: row.channel === 'email' ? (row.subject ?? '(sem assunto)') : withLinksHidden(row.whatsAppText ?? ''),
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      providerMessageId: row.providerMessageId,
      providerStatus: row.providerStatus,
    })),
    total: Math.min(n, MESSAGE_COUNT_CAP),
    totalCapped: n > MESSAGE_COUNT_CAP,
    nextCursor: rows.length > ADMIN_MESSAGES_PAGE_SIZE && last ? `${last.cursorAt}_${last.id}` : null,
    query,
  };
}

const DELIVERY_JOBS: Record<MessageChannel, string> = { email: EMAIL_DELIVERY_JOB, whatsapp: WHATSAPP_DELIVERY_JOB };

/**
 * 'Reenviar': a failed or uncertain ('incerto') message goes back to the queue and to its channel's
 * delivery job at once. For an uncertain one the superadmin decides: it may have arrived once already.
 *
 * In one transaction, the row moves 'failed' or 'incerto' → 'queued' only if it is still so (one UPDATE: two
 * clicks or two superadmins requeue it once) and the audit entry is written; after the commit, a new
 * job is handed to the running queue (the dispatcher would skip a message older than a day). The job
 * sends only after claiming the row ('queued' → 'sending'), so no race sends a message twice; a
 * message queued, being sent or sent is never resent. Refused, changing nothing, when this process runs
 * no delivery for the channel (no SMTP, no WhatsApp sender): the message would only wait in the queue.
 * A refusal is thrown as an AppError: 404 unknown, 409 not failed or no delivery, 503 not handed to the queue.
 */
export async function resendOutboxMessage(id: string, { superadminId }: { superadminId: string }): Promise<void> {
  const notResendable = (status: 404 | 409) => new AppError(ADMIN_MESSAGE_TEXTS.notResendable, { status, code: status === 404 ? 'message_not_found' : 'message_not_failed' });
  if (!z.uuid().safeParse(id).success) throw notResendable(404);
  const queue = runningJobQueue();
  const deliverable = MESSAGE_CHANNELS.filter((channel) => queue?.hasWorker(DELIVERY_JOBS[channel]));

  // The one guard: the UPDATE matches only a failed row of a channel that can be delivered.
  const requeued = await db.transaction(async (tx) => {
    const row = await requeueOutboxMessage(id, deliverable, tx);
    if (!row) return undefined;
    await tx.insert(auditLog).values({
      actorId: superadminId,
      action: MESSAGE_RESENT_AUDIT_ACTION,
      targetType: 'outbox',
      targetId: id,
      // No recipient: the audit log keeps nothing that identifies a person (docs/product-rules.md).
      details: { channel: row.channel, attempts: row.attempts, previousStatus: row.previous },
    });
    return row;
  });
  if (!requeued || !queue) {
    // Why not: unknown, not failed (any more: another click or superadmin requeued it first), or no delivery for its channel.
    const [current] = await db.select({ channel: outbox.channel, status: outbox.status }).from(outbox).where(eq(outbox.id, id));
    if (!current) throw notResendable(404);
    if (!(RESENDABLE_STATUSES as readonly OutboxStatus[]).includes(current.status)) throw notResendable(409);
    throw new AppError(ADMIN_MESSAGE_TEXTS.channelNotConfigured(current.channel), { status: 409, code: 'channel_not_configured' });
  }

  try {
    await enqueueOutboxDelivery(queue, DELIVERY_JOBS[requeued.channel], id);
  } catch (error) {
    backgroundLog().error({ err: error, outboxId: id }, 'Falha ao reenfileirar mensagem da caixa de saída');
    await restoreUndeliveredOutboxMessage(id, requeued.previous);
    throw new AppError(ADMIN_MESSAGE_TEXTS.enqueueFailed, { status: 503, code: 'resend_not_queued', cause: error });
  }
}
