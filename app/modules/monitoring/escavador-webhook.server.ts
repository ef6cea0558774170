import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { escavadorCallbackAuthorized, parseEscavadorCallback } from '~/integrations/court-monitoring/escavador.server';
import { ESCAVADOR_CALLBACK_JOB, enqueueEscavadorCallback } from '~/jobs/monitoring.server';
import { backgroundLog } from '~/lib/log.server';
import { runningJobQueue, type JobQueue } from '~/jobs/queue.server';
import { jsonError } from '~/lib/app-error';
import { readCappedBody } from '~/lib/capped-body.server';
import { hitRateLimit, tooManyRequestsResponse } from '~/lib/rate-limit.server';
import { storeEscavadorCallback } from './monitoring-background.server';

// POST /api/webhooks/escavador (docs/decisions/0030): Escavador's callbacks (docs/product-rules.md,
// "Process monitoring providers"). Authenticated by the panel's token in Authorization (raw or Bearer,
// constant time), the body read up to 256 KiB, parsed with zod, stored once by its uuid and answered
// 200 at once; the escavador-callback job applies it. Every answer is JSON in Portuguese, never a 500
// for a bad body.

/** The largest callback body accepted (a movement's text is at most a few pages; server/request-body.ts caps it first). */
export const ESCAVADOR_CALLBACK_MAX_BYTES = 256 * 1024;
/** Failed authentications per client IP in ten minutes before 429. */
export const CALLBACK_AUTH_FAILURES_PER_WINDOW = 10;
const AUTH_FAILURE_WINDOW_MS = 10 * 60_000;

export const WEBHOOK_TEXTS = {
  notFound: 'Recurso não encontrado',
  unauthorized: 'Não autorizado: token de callback ausente ou inválido.',
  tooLarge: 'O callback passa do limite de 256 KB.',
  notJson: 'O corpo do callback não é um JSON válido.',
  received: 'Callback recebido.',
  duplicate: 'Callback já recebido antes; nada a fazer.',
} as const;

export interface WebhookOptions {
  /** ESCAVADOR_CALLBACK_TOKEN; undefined when Escavador is not the configured provider. */
  token: string | undefined;
  now?: Date;
  /** The queue the callback's job goes to (default: the running one; none in tests without a queue). */
  queue?: JobQueue | undefined;
}

/**
 * One delivery: 404 when no callback token is configured (the route does not exist for this server),
 * 401 for a missing or wrong token (429 with Retry-After after 10 failures from one IP in 10 minutes; a
 * right token is never throttled), 413 over 256 KiB, 400 for a body that is not JSON or not a callback,
 * 200 once stored (a repeated uuid is 200 too, stored and processed once).
 */
export async function receiveEscavadorCallback(request: Request, { token, now = new Date(), queue = runningJobQueue() }: WebhookOptions): Promise<Response> {
  if (!token) return jsonError({ status: 404, message: WEBHOOK_TEXTS.notFound });
  if (!escavadorCallbackAuthorized(request.headers.get('authorization'), token)) {
    const ip = request.headers.get(CLIENT_IP_HEADER)?.trim().slice(0, 64) || 'desconhecido';
    const hit = await hitRateLimit(`escavador-callback-failure:ip:${ip}`, AUTH_FAILURE_WINDOW_MS, now);
    if (hit.count > CALLBACK_AUTH_FAILURES_PER_WINDOW) return tooManyRequestsResponse(Math.max(1, Math.ceil((hit.windowEndsAt.getTime() - now.getTime()) / 1000)));
    return jsonError({ status: 401, message: WEBHOOK_TEXTS.unauthorized });
  }

  const body = await readCappedBody(request, ESCAVADOR_CALLBACK_MAX_BYTES);
  if (body === null) return jsonError({ status: 413, message: WEBHOOK_TEXTS.tooLarge });
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return jsonError({ status: 400, message: WEBHOOK_TEXTS.notJson });
  }
  const parsed = parseEscavadorCallback(json);
  if (!parsed.ok) return jsonError({ status: 400, message: parsed.reason });

  const { stored } = await storeEscavadorCallback(parsed.callback, json, now);
  if (stored && parsed.callback.known && queue?.hasWorker(ESCAVADOR_CALLBACK_JOB)) {
    try {
      await enqueueEscavadorCallback(queue, parsed.callback.uuid);
    } catch (error) {
      // Stored: the dispatcher enqueues callbacks left unprocessed after a minute.
      backgroundLog().warn({ err: error, uuid: parsed.callback.uuid }, 'Callback do Escavador guardado, mas não enfileirado agora');
    }
  }
  return Response.json({ mensagem: stored ? WEBHOOK_TEXTS.received : WEBHOOK_TEXTS.duplicate, uuid: parsed.callback.uuid }, { status: 200, headers: { 'Cache-Control': 'no-store' } });
}
