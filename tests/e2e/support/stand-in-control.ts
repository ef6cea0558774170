import http from 'node:http';
import type net from 'node:net';
import { startSmtpStandIn, type SmtpStandIn } from '../../support/smtp-stand-in';
import { startCloudApiStandIn, startWiizoChatStandIn, type RecordedRequest, type StandInBehaviour, type WhatsAppStandIn } from '../../support/whatsapp-stand-ins';

// The stand-ins of the shared end-to-end server (SMTP, WhatsApp Cloud API, WiizoChat), run inside the
// global setup's process, and the small JSON API through which tests (in other processes) read what a
// stand-in received and set how it answers. Everything is scoped to what a test owns: its recipient's
// e-mail address, its recipient's phone number, its WiizoChat token. The client is
// tests/e2e/support/fixtures.ts (its header describes the routes).

/** The platform's Cloud API number on the shared server. */
export const SHARED_CLOUD = { accessToken: 'EAAG-token-da-plataforma-e2e', phoneNumberId: '106540352242922', textTemplate: 'aviso_texto' } as const;

export interface StandIns {
  smtp: SmtpStandIn;
  cloud: WhatsAppStandIn;
  wiizo: WhatsAppStandIn;
  /** The control API's base URL, e.g. http://127.0.0.1:41235. */
  controlURL: string;
  close(): Promise<void>;
}

type Refusal = { code: number; message: string };

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

  const routes: Record<string, (query: URLSearchParams, body: Record<string, unknown>) => unknown> = {
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
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        send(200, route(url.searchParams, text ? (JSON.parse(text) as Record<string, unknown>) : {}));
      } catch (error) {
        send(400, { error: (error as Error).message });
      }
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
