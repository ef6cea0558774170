import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';

// Local HTTP servers that answer like the WhatsApp Cloud API and the WiizoChat gateway, as their public
// documentation describes them (envelopes, status codes, error codes). Tests start
// them on a free port, point an adapter (or a whole server) at them, script the next answers, and read
// back every request they received.

/** One request as the stand-in received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body parsed as JSON (undefined when it is not JSON). */
  body: unknown;
  /** Date.now() when the body had arrived. */
  receivedAt: number;
  /** The message id the stand-in accepted this request under, when it did. */
  acceptedId?: string;
}

/**
 * What the stand-in does with a request: accept it ('success'), or answer one of the failures a real
 * gateway gives: 401 (refused token), 429 with Retry-After, 500, 503 (Meta's 131016 'service
 * unavailable'), a 400 Meta marks `is_transient` ('transient'), a number not on WhatsApp, a
 * disconnected instance (WiizoChat), no answer at all ('hang', until the client gives up), or accept
 * the message and answer only after `lateAnswerMs` ('late': the provider has it, the client gave up).
 */
export type StandInBehaviour = 'success' | 'unauthorized' | 'rate-limited' | 'server-error' | 'unavailable' | 'transient' | 'not-on-whatsapp' | 'disconnected' | 'hang' | 'late';

export interface WhatsAppStandIn {
  /** The base URL an adapter is configured with. */
  url: string;
  /** Every request received, in order (hung ones included). */
  requests: RecordedRequest[];
  /** The message ids of the accepted requests, in order. */
  acceptedIds: string[];
  /** Scripts the answers to the next requests, one behaviour each; once they are used up, requests succeed. */
  next(...behaviours: StandInBehaviour[]): void;
  /** The Retry-After (seconds) of a 'rate-limited' answer; null sends none. Default 2. */
  retryAfterSeconds: number | null;
  /** How long a 'late' answer waits (the message is accepted at once). Default 15 s, past the 10 s deadline. */
  lateAnswerMs: number;
  /**
   * Decides a request's behaviour before the scripted queue (undefined: the queue decides). A stand-in
   * shared by many tests scopes behaviours to a recipient or a token with it (tests/e2e/global-setup.ts).
   */
  decide?: (request: RecordedRequest) => StandInBehaviour | undefined;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering. */
  delayMs?: number;
}

type Handler = (request: RecordedRequest, behaviour: StandInBehaviour) => Answer | 'hang';

async function startStandIn(basePath: string, handle: Handler): Promise<WhatsAppStandIn> {
  const scripted: StandInBehaviour[] = [];
  const sockets = new Set<net.Socket>();
  const standIn = {
    requests: [] as RecordedRequest[],
    acceptedIds: [] as string[],
    retryAfterSeconds: 2 as number | null,
    lateAnswerMs: 15_000,
    decide: undefined as WhatsAppStandIn['decide'],
    next: (...behaviours: StandInBehaviour[]) => void scripted.push(...behaviours),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]));
      const recorded: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers, body, receivedAt: Date.now() };
      standIn.requests.push(recorded);
      const answer = handle(recorded, standIn.decide?.(recorded) ?? scripted.shift() ?? 'success');
      if (answer === 'hang') return;
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
        res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
      else send();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}${basePath}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}

const field = (value: unknown, name: string): unknown => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined);

// ---------------------------------------------------------------------------------------------------
// WhatsApp Cloud API: POST /<version>/<phone number id>/messages, Authorization: Bearer <token>.

const graphError = (status: number, error: Record<string, unknown>, headers?: Record<string, string>): Answer => ({
  status,
  headers,
  body: { error: { ...error, fbtrace_id: `A${randomBytes(9).toString('base64url')}` } },
});

const INVALID_PARAMETER = (details: string) => graphError(400, { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100, error_data: { messaging_product: 'whatsapp', details } });

/** Checks a send request's body the way Meta's documentation describes text and template messages; returns what is wrong, or null. */
function cloudBodyProblem(body: unknown): string | null {
  if (field(body, 'messaging_product') !== 'whatsapp') return 'messaging_product must be whatsapp';
  const to = field(body, 'to');
  if (typeof to !== 'string' || !/^\+?[0-9]{8,15}$/.test(to)) return 'to must be a phone number';
  const type = field(body, 'type');
  if (type === 'text') {
    const text = field(field(body, 'text'), 'body');
    return typeof text === 'string' && text.length > 0 && text.length <= 4096 ? null : 'text.body must be 1 to 4096 characters';
  }
  if (type === 'template') {
    const template = field(body, 'template');
    if (typeof field(template, 'name') !== 'string') return 'template.name is required';
    if (typeof field(field(template, 'language'), 'code') !== 'string') return 'template.language.code is required';
    const components = field(template, 'components');
    if (components !== undefined && !Array.isArray(components)) return 'template.components must be a list';
    for (const parameter of (components as unknown[] | undefined)?.flatMap((c) => (field(c, 'parameters') as unknown[] | undefined) ?? []) ?? []) {
      const text = field(parameter, 'text');
      if (field(parameter, 'type') !== 'text' || typeof text !== 'string' || /[\n\t]| {4,}/.test(text)) return 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces';
    }
    return null;
  }
  return 'type must be text or template';
}

export async function startCloudApiStandIn({ accessToken, phoneNumberId, version = 'v21.0' }: { accessToken: string; phoneNumberId: string; version?: string }): Promise<WhatsAppStandIn> {
  const standIn: WhatsAppStandIn = await startStandIn(`/${version}`, (request, behaviour) => {
    if (behaviour === 'hang') return 'hang';
    if (request.headers.authorization !== `Bearer ${accessToken}` || behaviour === 'unauthorized') {
      return graphError(401, { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190 });
    }
    if (request.method !== 'POST' || request.path !== `/${version}/${phoneNumberId}/messages`) {
      return graphError(400, {
        message: `Unsupported post request. Object with ID '${request.path.split('/')[2] ?? ''}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        type: 'GraphMethodException',
        code: 100,
        error_subcode: 33,
      });
    }
    const problem = cloudBodyProblem(request.body);
    if (problem) return INVALID_PARAMETER(problem);
    if (behaviour === 'rate-limited') {
      return graphError(
        429,
        { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429, error_data: { messaging_product: 'whatsapp', details: 'Cloud API message throughput has been reached.' }, error_subcode: 2494055 },
        standIn.retryAfterSeconds === null ? undefined : { 'Retry-After': String(standIn.retryAfterSeconds) },
      );
    }
    if (behaviour === 'server-error') return graphError(500, { message: 'An unknown error has occurred.', type: 'OAuthException', code: 1 });
    if (behaviour === 'unavailable') return graphError(503, { message: 'Service unavailable', type: 'OAuthException', code: 131016 });
    if (behaviour === 'transient') return graphError(400, { message: 'An unexpected error has occurred. Please retry your request later.', type: 'OAuthException', is_transient: true, code: 2 });
    if (behaviour === 'not-on-whatsapp' || behaviour === 'disconnected') {
      return graphError(400, { message: '(#131026) Message undeliverable', type: 'OAuthException', code: 131026, error_data: { messaging_product: 'whatsapp', details: 'Message Undeliverable.' } });
    }
    const to = field(request.body, 'to') as string;
    const id = `wamid.${randomBytes(24).toString('base64url')}`;
    standIn.acceptedIds.push(id);
    request.acceptedId = id;
    return {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to.replace(/^\+/, '') }],
        messages: [field(request.body, 'type') === 'template' ? { id, message_status: 'accepted' } : { id }],
      },
      delayMs: behaviour === 'late' ? standIn.lateAnswerMs : undefined,
    };
  });
  return standIn;
}

// ---------------------------------------------------------------------------------------------------
// WiizoChat: POST /whatsapp-api/send-message with `Authorization: Bearer <key>` and
// `apikey: <key>`; {"success": true, "data": …} or {"success": false, "error": {"code", "message"}}.

const wiizoError = (status: number, code: string, message: string, headers?: Record<string, string>): Answer => ({ status, headers, body: { success: false, error: { code, message } } });

export interface WiizoChatStandInOptions {
  /** The tokens it accepts (one per lawyer's instance); read at each request, so a token pushed later is accepted too. */
  tokens: string[];
  /** Where the accepted message's id is in `data`: `{ messageId }` (default) or Cloud API style `{ messages: [{ id }] }`. */
  idIn?: 'messageId' | 'messages';
}

export async function startWiizoChatStandIn({ tokens, idIn = 'messageId' }: WiizoChatStandInOptions): Promise<WhatsAppStandIn> {
  const standIn: WhatsAppStandIn = await startStandIn('', (request, behaviour) => {
    if (behaviour === 'hang') return 'hang';
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.includes(bearer) || request.headers.apikey !== bearer || behaviour === 'unauthorized') {
      return wiizoError(401, 'UNAUTHORIZED', 'Token inválido ou ausente');
    }
    if (request.method !== 'POST' || request.path !== '/whatsapp-api/send-message') return wiizoError(404, 'NOT_FOUND', 'Rota não encontrada');
    const to = field(request.body, 'to');
    const text = field(field(request.body, 'text'), 'body');
    if (typeof to !== 'string' || !/^\+?[0-9]{10,15}$/.test(to) || field(request.body, 'type') !== 'text' || typeof text !== 'string' || text === '') {
      return wiizoError(400, 'VALIDATION_ERROR', 'Campos obrigatórios: to, type, text.body');
    }
    if (behaviour === 'rate-limited') {
      return wiizoError(429, 'RATE_LIMITED', 'Muitas requisições', standIn.retryAfterSeconds === null ? undefined : { 'Retry-After': String(standIn.retryAfterSeconds) });
    }
    if (behaviour === 'server-error') return wiizoError(500, 'INTERNAL_ERROR', 'Erro interno do servidor');
    if (behaviour === 'disconnected' || behaviour === 'unavailable') return wiizoError(503, 'INSTANCE_DISCONNECTED', 'Instância do WhatsApp desconectada');
    if (behaviour === 'transient') return wiizoError(500, 'INTERNAL_ERROR', 'Erro interno do servidor');
    if (behaviour === 'not-on-whatsapp') return wiizoError(400, 'INVALID_NUMBER', 'O número não possui WhatsApp');
    const id = `wiizo_${randomBytes(12).toString('hex')}`;
    standIn.acceptedIds.push(id);
    return {
      status: 200,
      body: {
        success: true,
        data: idIn === 'messages' ? { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to.replace(/^\+/, '') }], messages: [{ id }] } : { messageId: id, to, status: 'sent' },
        message: 'Mensagem enviada com sucesso',
        timestamp: new Date().toISOString(),
      },
      delayMs: behaviour === 'late' ? standIn.lateAnswerMs : undefined,
    };
  });
  return standIn;
}
