import { and, eq, lt, sql } from 'drizzle-orm';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { outbox, whatsappStatusEvents } from '~/db/schema/messaging';
import {
  parseStatusWebhook,
  retryableStatusFailure,
  validWebhookSignature,
  verificationChallenge,
  type WhatsAppStatusReport,
} from '~/integrations/whatsapp/cloud-api-webhook.server';
import { enqueueOutboxDelivery } from '~/jobs/outbox-delivery.server';
import { runningJobQueue, type JobQueue } from '~/jobs/queue.server';
import { WHATSAPP_DELIVERY_JOB, WHATSAPP_DELIVERY_QUEUE } from '~/jobs/whatsapp-delivery.server';
import { jsonError } from '~/lib/app-error';
import { readCappedBody } from '~/lib/capped-body.server';
import { backgroundLog } from '~/lib/log.server';
import { hitRateLimit, tooManyRequestsResponse } from '~/lib/rate-limit.server';

// /api/webhooks/whatsapp (docs/decisions/0039; docs/product-rules.md, "Messages the platform sends"):
// the WhatsApp Cloud API's status reports. GET is Meta's verification (WHATSAPP_CLOUD_VERIFY_TOKEN);
// a POST is accepted only with the X-Hub-Signature-256 of its raw body (WHATSAPP_CLOUD_APP_SECRET),
// read up to 512 KiB, parsed with zod, each status stored once (message id + status), answered 200 at
// once. The outbox row keeps the furthest status (sent < delivered/failed < read); a failure Meta
// reports with a code another attempt may get past sends the message again (it did not arrive, so
// this cannot double it), at most as many times as a send is tried.

export const WHATSAPP_WEBHOOK_MAX_BYTES = 512 * 1024;
/** Refused signatures per client IP in ten minutes before 429. */
export const SIGNATURE_FAILURES_PER_WINDOW = 10;
const SIGNATURE_FAILURE_WINDOW_MS = 10 * 60_000;
/** A message Meta reports failed is sent again only while it has had fewer attempts than a send gets (WHATSAPP_DELIVERY_QUEUE's retries + 1). */
const MAX_ATTEMPTS = WHATSAPP_DELIVERY_QUEUE.retryLimit + 1;

export const WHATSAPP_WEBHOOK_TEXTS = {
  notFound: 'Recurso não encontrado',
  forbidden: 'Verificação recusada.',
  badSignature: 'Assinatura ausente ou inválida.',
  tooLarge: 'O corpo passa do limite de 512 KB.',
  notWebhook: 'O corpo não é um webhook do WhatsApp Business.',
} as const;

export interface WhatsAppWebhookSettings {
  verifyToken: string;
  appSecret: string;
}

/** GET: 404 when the webhook is not configured; the challenge as plain text for our token; 403 otherwise. */
export function answerWhatsAppVerification(url: URL, settings: WhatsAppWebhookSettings | null): Response {
  if (!settings) return jsonError({ status: 404, message: WHATSAPP_WEBHOOK_TEXTS.notFound });
  const challenge = verificationChallenge(url.searchParams, settings.verifyToken);
  if (challenge === null) return jsonError({ status: 403, message: WHATSAPP_WEBHOOK_TEXTS.forbidden });
  return new Response(challenge, { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}

/**
 * POST: 404 when not configured; 413 over the cap; 401 for a missing or wrong signature (429 with
 * Retry-After after 10 from one address in 10 minutes; a right signature is never throttled); 400 for
 * a body that is not a WhatsApp Business webhook; else 200 with how many statuses were new.
 */
export async function receiveWhatsAppStatusWebhook(
  request: Request,
  settings: WhatsAppWebhookSettings | null,
  { now = new Date(), queue = runningJobQueue() }: { now?: Date; queue?: JobQueue | undefined } = {},
): Promise<Response> {
  if (!settings) return jsonError({ status: 404, message: WHATSAPP_WEBHOOK_TEXTS.notFound });
  const body = await readCappedBody(request, WHATSAPP_WEBHOOK_MAX_BYTES);
  if (body === null) return jsonError({ status: 413, message: WHATSAPP_WEBHOOK_TEXTS.tooLarge });
  if (!validWebhookSignature(body, request.headers.get('x-hub-signature-256'), settings.appSecret)) {
    const ip = request.headers.get(CLIENT_IP_HEADER)?.trim().slice(0, 64) || 'desconhecido';
    const hit = await hitRateLimit(`whatsapp-webhook-failure:ip:${ip}`, SIGNATURE_FAILURE_WINDOW_MS, now);
    if (hit.count > SIGNATURE_FAILURES_PER_WINDOW) return tooManyRequestsResponse(Math.max(1, Math.ceil((hit.windowEndsAt.getTime() - now.getTime()) / 1000)));
    return jsonError({ status: 401, message: WHATSAPP_WEBHOOK_TEXTS.badSignature });
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return jsonError({ status: 400, message: WHATSAPP_WEBHOOK_TEXTS.notWebhook });
  }
  const reports = parseStatusWebhook(json);
  if (reports === null) return jsonError({ status: 400, message: WHATSAPP_WEBHOOK_TEXTS.notWebhook });

  const { stored, resent } = await recordWhatsAppStatuses(reports);
  await handResentToQueue(resent, queue);
  return Response.json({ recebidos: reports.length, novos: stored }, { status: 200, headers: { 'Cache-Control': 'no-store' } });
}

/** How far a status goes: a report never moves a message back (read before delivered keeps read). */
const RANK = sql`array_position(array['sent', 'delivered', 'read']::text[], ${outbox.providerStatus})`;

function rankOf(status: WhatsAppStatusReport['status']): number {
  return status === 'sent' ? 1 : status === 'read' ? 3 : 2;
}

/**
 * Stores each report once (message id + status; a repeat stores and changes nothing) and moves the
 * message's provider status forward, in one transaction. A failure with a retryable code puts a sent
 * message back in the queue, with Meta's words as its last error; the ids of those are returned, to be
 * handed to the job queue after the commit.
 */
export async function recordWhatsAppStatuses(reports: readonly WhatsAppStatusReport[]): Promise<{ stored: number; resent: string[] }> {
  if (reports.length === 0) return { stored: 0, resent: [] };
  return db.transaction(async (tx) => {
    let stored = 0;
    const resent: string[] = [];
    for (const report of reports) {
      const [event] = await tx
        .insert(whatsappStatusEvents)
        .values({ providerMessageId: report.providerMessageId, status: report.status, occurredAt: report.occurredAt, errorCode: report.errorCode, errorTitle: report.errorTitle })
        .onConflictDoNothing()
        .returning({ id: whatsappStatusEvents.providerMessageId });
      if (!event) continue;
      stored++;
      await tx
        .update(outbox)
        .set({ providerStatus: report.status, providerStatusAt: report.occurredAt, updatedAt: sql`now()` })
        .where(
          and(
            eq(outbox.channel, 'whatsapp'),
            eq(outbox.providerMessageId, report.providerMessageId),
            sql`coalesce(${RANK}, case when ${outbox.providerStatus} = 'failed' then 2 else 0 end) < ${rankOf(report.status)}`,
          ),
        );
      if (report.status === 'failed' && retryableStatusFailure(report.errorCode)) {
        const [row] = await tx
          .update(outbox)
          .set({
            status: 'queued',
            lastError: `O WhatsApp informou falha na entrega (código ${report.errorCode}${report.errorTitle ? `: ${report.errorTitle}` : ''}); nova tentativa`,
            dispatchedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(outbox.channel, 'whatsapp'), eq(outbox.providerMessageId, report.providerMessageId), eq(outbox.status, 'sent'), lt(outbox.attempts, MAX_ATTEMPTS)))
          .returning({ id: outbox.id });
        if (row) resent.push(row.id);
      } else if (report.status === 'failed') {
        await tx
          .update(outbox)
          .set({ lastError: `O WhatsApp informou falha na entrega${report.errorCode === null ? '' : ` (código ${report.errorCode}${report.errorTitle ? `: ${report.errorTitle}` : ''})`}`, updatedAt: sql`now()` })
          .where(and(eq(outbox.channel, 'whatsapp'), eq(outbox.providerMessageId, report.providerMessageId)));
      }
    }
    return { stored, resent };
  });
}

/**
 * Hands each message put back in the queue to the delivery job, as a new job (the row's first job may
 * still be stored under its id). Without a running WhatsApp worker, or when the queue refuses, the
 * message is marked failed with the reason, so that /admin/mensagens offers 'Reenviar': never lost
 * silently.
 */
async function handResentToQueue(ids: readonly string[], queue: JobQueue | undefined): Promise<void> {
  for (const id of ids) {
    try {
      if (!queue?.hasWorker(WHATSAPP_DELIVERY_JOB)) throw new Error('sem envio de WhatsApp neste processo');
      await enqueueOutboxDelivery(queue, WHATSAPP_DELIVERY_JOB, id);
    } catch (error) {
      backgroundLog().warn({ err: error, outboxId: id }, 'Mensagem com falha informada pelo WhatsApp não reenfileirada');
      await db
        .update(outbox)
        .set({ status: 'failed', lastError: sql`${outbox.lastError} || ' (não reenfileirada: use Reenviar)'`, updatedAt: sql`now()` })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'queued')));
    }
  }
}
