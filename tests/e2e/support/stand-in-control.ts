import { createHmac } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import { startSmtpStandIn, type SmtpStandIn } from '../../support/smtp-stand-in';
import { startCloudApiStandIn, startWiizoChatStandIn, type RecordedRequest, type StandInBehaviour, type WhatsAppStandIn } from '../../support/whatsapp-stand-ins';

// The stand-ins of the shared end-to-end server (SMTP, WhatsApp Cloud API, WiizoChat), run inside the
// global setup's process, and the small JSON API through which tests (in other processes) read what a
// stand-in received and set how it answers. Everything is scoped to what a test owns: its recipient's
// e-mail address, its recipient's phone number, its WiizoChat token. The client is
// tests/e2e/support/fixtures.ts (its header describes the routes).

/** The platform's Cloud API number on the shared server, and its status webhook's secrets. */
export const SHARED_CLOUD = {
  accessToken: 'EAAG-token-da-plataforma-e2e',
  phoneNumberId: '106540352242922',
  textTemplate: 'aviso_texto',
  verifyToken: 'verifica-webhook-e2e',
  appSecret: 'segredo-do-app-meta-e2e',
} as const;

export interface StandIns {
  smtp: SmtpStandIn;
  cloud: WhatsAppStandIn;
  wiizo: WhatsAppStandIn;
  /** The control API's base URL, e.g. http://127.0.0.1:41235. */
  controlURL: string;
  /** Where the Cloud API's status reports go (the shared server, once started). */
  setWebhookTarget(url: string): void;
  close(): Promise<void>;
}

type Refusal = { code: number; message: string };

/** X-Hub-Signature-256 as Meta computes it: HMAC-SHA256 of the raw body with the app secret. */
const webhookSignature = (body: string, secret: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
const digits = (value: unknown) => String(value ?? '').replace(/\D/g, '');
const bearerOf = (request: RecordedRequest) => /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];

export async function startStandIns(): Promise<StandIns> {
  const refusals = new Map<string, Refusal>();
  const smtp = await startSmtpStandIn({ refuseRecipient: (address) => refusals.get(address.toLowerCase()) });

  const cloud = await startCloudApiStandIn({ accessToken: SHARED_CLOUD.accessToken, phoneNumberId: SHARED_CLOUD.phoneNumberId });
  const cloudBehaviours = new Map<string, StandInBehaviour[]>();
  cloud.decide = (request) => cloudBehaviours.get(digits((request.body as { to?: unknown } | undefined)?.to))?.shift();

  const tokens: string[] = [];
  const wiizo = await startWiizoChatStandIn({ tokens });
  const wiizoBehaviours = new Map<string, StandInBehaviour[]>();
  wiizo.decide = (request) => {
    const token = bearerOf(request);
    return token === undefined ? undefined : wiizoBehaviours.get(token)?.shift();
  };

  let webhookTarget: string | undefined;

  const routes: Record<string, (query: URLSearchParams, body: Record<string, unknown>) => unknown | Promise<unknown>> = {
    'GET /smtp/messages': (query) => smtp.received.filter((m) => m.envelopeTo.includes(required(query.get('to')).toLowerCase())),
    'PUT /smtp/refusal': (_q, body) => {
      const to = required(body.to).toLowerCase();
      if (body.code === undefined) refusals.delete(to);
      else refusals.set(to, { code: Number(body.code), message: String(body.message ?? '5.1.1 Caixa postal indisponível') });
      return { ok: true };
    },
    'GET /whatsapp/cloud/requests': (query) => cloud.requests.filter((r) => digits((r.body as { to?: unknown } | undefined)?.to) === digits(required(query.get('to')))),
    'PUT /whatsapp/cloud/behaviours': (_q, body) => {
      cloudBehaviours.set(digits(required(body.to)), [...((body.behaviours as StandInBehaviour[]) ?? [])]);
      return { ok: true };
    },
    // Meta's status report about the last message the Cloud API accepted for `to`, signed as Meta signs it.
    'POST /whatsapp/cloud/status': async (_q, body) => {
      const to = digits(required(body.to));
      const accepted = cloud.requests.filter((r) => digits((r.body as { to?: unknown } | undefined)?.to) === to && r.acceptedId).at(-1);
      if (!accepted || !webhookTarget) throw new Error(`no accepted message to ${to} (or no server)`);
      const payload = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: '102290129340398',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '15550783881', phone_number_id: SHARED_CLOUD.phoneNumberId },
                  statuses: [
                    {
                      id: accepted.acceptedId,
                      status: required(body.status),
                      timestamp: String(Math.floor(Date.now() / 1000)),
                      recipient_id: to,
                      ...(body.code === undefined ? {} : { errors: [{ code: Number(body.code), title: String(body.title ?? 'Erro') }] }),
                    },
                  ],
                },
              },
            ],
          },
        ],
      });
      const signature = body.signature === 'wrong' ? webhookSignature(payload, 'outro-segredo') : webhookSignature(payload, SHARED_CLOUD.appSecret);
      const answer = await fetch(webhookTarget, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature }, body: payload });
      return { status: answer.status, body: await answer.text() };
    },
    'POST /whatsapp/wiizochat/tokens': (_q, body) => {
      const token = required(body.token);
      if (!tokens.includes(token)) tokens.push(token);
      return { ok: true };
    },
    'GET /whatsapp/wiizochat/requests': (query) => wiizo.requests.filter((r) => bearerOf(r) === required(query.get('token'))),
    'PUT /whatsapp/wiizochat/behaviours': (_q, body) => {
      wiizoBehaviours.set(required(body.token), [...((body.behaviours as StandInBehaviour[]) ?? [])]);
      return { ok: true };
    },
  };

  const sockets = new Set<net.Socket>();
  const control = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://control');
      const route = routes[`${req.method} ${url.pathname}`];
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (!route) return send(404, { error: `no route ${req.method} ${url.pathname}` });
      const text = Buffer.concat(chunks).toString('utf8');
      Promise.resolve()
        .then(() => route(url.searchParams, text ? (JSON.parse(text) as Record<string, unknown>) : {}))
        .then(
          (payload) => send(200, payload),
          (error: unknown) => send(400, { error: (error as Error).message }),
        );
    });
  });
  control.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const { port } = control.address() as net.AddressInfo;

  return {
    smtp,
    cloud,
    wiizo,
    controlURL: `http://127.0.0.1:${port}`,
    setWebhookTarget: (url) => {
      webhookTarget = url;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => control.close(() => resolve()));
      await Promise.all([smtp.close(), cloud.close(), wiizo.close()]);
    },
  };
}

function required(value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new Error('a recipient, phone or token is required: inspection is scoped to what the test owns');
  return value;
}
