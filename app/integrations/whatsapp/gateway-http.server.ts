import http from 'node:http';
import https from 'node:https';
import { field, parseRetryAfter, type JsonAnswer } from '~/integrations/http-json.server';
import { WhatsAppDeliveryError } from './whatsapp';

/** How long one send may take, connection to last byte. */
export const DEFAULT_WHATSAPP_TIMEOUT_MS = 10_000;

export type GatewayAnswer = JsonAnswer;
export { field, parseRetryAfter };

/** The longest answer read from a gateway (a send's answer is a few hundred bytes). */
const MAX_ANSWER_BYTES = 256 * 1024;

/**
 * POSTs one message as JSON and reads the whole answer within `timeoutMs`. Any HTTP status resolves
 * (the adapter decides what it means). A failure without an answer rejects with a WhatsAppDeliveryError
 * that says which side of the send it happened on (docs/decisions/0039):
 * - before the request was written out (the connection refused, the address unknown, the time ran
 *   out while connecting): nothing reached the gateway, so it is retryable;
 * - after (the time ran out, or the connection dropped, while waiting for the answer): the gateway
 *   may have accepted the message, so it is `uncertain` and never sent again automatically.
 * Node's http client is used rather than fetch because fetch does not tell these two apart.
 * Redirects are not followed (a token is never replayed to another host).
 */
export function postJson(url: string, { headers, body, timeoutMs, service }: { headers: Record<string, string>; body: unknown; timeoutMs: number; service: string }): Promise<GatewayAnswer> {
  const target = new URL(url);
  const payload = Buffer.from(JSON.stringify(body));
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<GatewayAnswer>((resolve, reject) => {
    let written = false;
    let settled = false;
    const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
    const fail = (error: WhatsAppDeliveryError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(error);
    };
    const failWithoutAnswer = (cause: unknown, timedOut: boolean) => {
      const code = (cause as { code?: string })?.code;
      const reason = code ?? (cause as Error)?.message ?? String(cause);
      if (!written) {
        fail(new WhatsAppDeliveryError(timedOut ? `Tempo esgotado: ${service} não aceitou a conexão em ${limit}` : `Falha ao conectar com ${service}: ${reason}`, { permanent: false, cause }));
        return;
      }
      fail(
        new WhatsAppDeliveryError(
          timedOut
            ? `Tempo esgotado: ${service} não respondeu em ${limit}; a mensagem pode ter sido entregue`
            : `A conexão com ${service} caiu antes da resposta (${reason}); a mensagem pode ter sido entregue`,
          { permanent: false, uncertain: true, cause },
        ),
      );
    };
    const request = client.request(target, {
      method: 'POST',
      // A fresh connection per send: a kept-alive socket the gateway closed meanwhile would fail after the
      // write and pass for an uncertain send.
      agent: false,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Content-Length': String(payload.length), ...headers },
    });
    const timer = setTimeout(() => failWithoutAnswer(new Error('timeout'), true), timeoutMs);
    // The whole body has been handed to the connection: from here on the gateway may act on it.
    request.on('finish', () => {
      written = true;
    });
    request.on('error', (error) => failWithoutAnswer(error, false));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
      });
      response.on('error', (error) => failWithoutAnswer(error, false));
      response.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text === '' ? undefined : JSON.parse(text);
        } catch {
          json = undefined;
        }
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (typeof value === 'string') responseHeaders.set(name, value);
          else if (Array.isArray(value)) responseHeaders.set(name, value.join(', '));
        }
        resolve({ status: response.statusCode ?? 0, headers: responseHeaders, json, text: text.slice(0, 500) });
      });
    });
    request.end(payload);
  });
}
