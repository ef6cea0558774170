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
/** The deepest nesting a callback may have (Escavador's documented payloads are 4 levels deep). */
export const ESCAVADOR_CALLBACK_MAX_DEPTH = 32;
/** Failed authentications per client IP in ten minutes before 429. */
export const CALLBACK_AUTH_FAILURES_PER_WINDOW = 10;
const AUTH_FAILURE_WINDOW_MS = 10 * 60_000;

export const WEBHOOK_TEXTS = {
  notFound: 'Recurso não encontrado',
  unauthorized: 'Não autorizado: token de callback ausente ou inválido.',
  tooLarge: 'O callback passa do limite de 256 KB.',
  notJson: 'O corpo do callback não é um JSON válido.',
  tooDeep: (max: number) => `O callback não pode ser usado: JSON aninhado além de ${max} níveis.`,
  nulCharacter: 'O callback não pode ser usado: um texto contém o caractere nulo (\\u0000).',
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
 * 422 for valid JSON that cannot be used (nested deeper than 32, a NUL character in a string: jsonb
 * cannot hold it), each logged as one warning without a stack trace; 200 once stored (a repeated uuid is 200 too, stored and processed once).
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
  if (body === null) return refused(413, WEBHOOK_TEXTS.tooLarge, 'over the cap');
  let text: string;
  let json: unknown;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    // Measured on the text, before parsing: a body nested 100,000 deep never reaches the parser or the database.
    if (jsonDepth(text) > ESCAVADOR_CALLBACK_MAX_DEPTH) return refused(422, WEBHOOK_TEXTS.tooDeep(ESCAVADOR_CALLBACK_MAX_DEPTH), 'nested too deep', body.byteLength);
    json = JSON.parse(text);
  } catch {
    return refused(400, WEBHOOK_TEXTS.notJson, 'not JSON', body.byteLength);
  }
  // PostgreSQL's jsonb cannot hold U+0000 in a string (or a key): such a callback could never be stored.
  if (hasNulCharacter(json)) return refused(422, WEBHOOK_TEXTS.nulCharacter, 'NUL character in a string', body.byteLength);
  const parsed = parseEscavadorCallback(json);
  if (!parsed.ok) return refused(400, parsed.reason, 'not a callback', body.byteLength);

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

/**
 * A refused delivery: its 4xx JSON answer, and one warning line with the reason (no stack trace: the
 * sender's bad body is not the server's fault).
 */
function refused(status: number, message: string, reason: string, bytes?: number): Response {
  backgroundLog().warn({ status, reason, ...(bytes === undefined ? {} : { bytes }) }, 'Callback do Escavador recusado');
  return jsonError({ status, message });
}

/** The deepest nesting of arrays and objects in a JSON text (strings skipped), counted without parsing. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) deepest = Math.max(deepest, ++depth);
    else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return deepest;
}

/** Whether any string or key of a parsed JSON value holds U+0000 (walked without recursion). */
export function hasNulCharacter(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) stack.push(...item);
    else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}
