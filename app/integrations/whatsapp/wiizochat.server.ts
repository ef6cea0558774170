import { DEFAULT_WHATSAPP_TIMEOUT_MS, field, parseRetryAfter, postJson, type GatewayAnswer } from './gateway-http.server';
import { toE164Digits, WhatsAppDeliveryError, type WhatsAppSender } from './whatsapp';

// WiizoChat with the lawyer's own token, as its one public description (the wiizochat-v2
// project's docs/API.md) gives it. The base URL is configuration
// (WIIZOCHAT_API_URL) because the production one is unconfirmed:
//   POST {base}/whatsapp-api/send-message   Authorization: Bearer <token>, apikey: <token>
//   {"to": "+5511999999999", "type": "text", "text": {"body": "…"}}
//   → {"success": true, "data": {…}, "message": "…", "timestamp": "…"}
//   | {"success": false, "error": {"code": "…", "message": "…"}}

export interface WiizoChatSenderOptions {
  /** The gateway's base URL (the path /whatsapp-api/send-message is added). */
  apiUrl: string;
  /** The lawyer's token, decrypted for this send only. */
  token: string;
  timeoutMs?: number;
}

export function createWiizoChatSender({ apiUrl, token, timeoutMs = DEFAULT_WHATSAPP_TIMEOUT_MS }: WiizoChatSenderOptions): WhatsAppSender {
  const url = `${apiUrl.replace(/\/+$/, '')}/whatsapp-api/send-message`;
  return {
    async send(message) {
      const answer = await postJson(url, {
        // The documented API asks for the key in both headers.
        headers: { Authorization: `Bearer ${token}`, apikey: token },
        body: { to: `+${toE164Digits(message.to)}`, type: 'text', text: { body: message.text } },
        timeoutMs,
        service: 'o WiizoChat',
      });
      if (answer.status >= 200 && answer.status < 300 && field(answer.json, 'success') !== false) {
        return { providerMessageId: messageIdOf(field(answer.json, 'data')) };
      }
      throw wiizoChatError(answer);
    },
  };
}

/**
 * The message id inside `data`, whose fields the documentation does not list: this WiizoChat sits on
 * the Cloud API, so its `messages[0].id` is looked for first, then the names gateways commonly use.
 */
function messageIdOf(data: unknown): string | null {
  const messages = field(data, 'messages');
  const candidates = [Array.isArray(messages) ? field(messages[0], 'id') : undefined, field(data, 'messageId'), field(data, 'message_id'), field(data, 'id')];
  const id = candidates.find((c) => (typeof c === 'string' && c !== '') || typeof c === 'number');
  return id === undefined ? null : String(id);
}

/**
 * A refused token (401, 403) is permanent: the lawyer must save a new one. A rate limit (429) waits
 * for Retry-After; a 5xx (a disconnected instance, a gateway outage) is retried; any other refusal
 * (a number that is not on WhatsApp, a malformed request, `success: false`) is permanent.
 */
function wiizoChatError(answer: GatewayAnswer): WhatsAppDeliveryError {
  const error = field(answer.json, 'error');
  const code = field(error, 'code');
  const message = field(error, 'message');
  const providerMessage = (typeof message === 'string' && message) || answer.text || 'sem detalhes';
  const where = `HTTP ${answer.status}${typeof code === 'string' && code ? `, ${code}` : ''}`;

  if (answer.status === 401 || answer.status === 403) {
    return new WhatsAppDeliveryError(`O WiizoChat recusou o token do advogado (${where}): ${providerMessage}`, { permanent: true });
  }
  if (answer.status === 429) {
    return new WhatsAppDeliveryError(`Limite de envios do WiizoChat atingido (${where}): ${providerMessage}`, {
      permanent: false,
      retryAfterSeconds: parseRetryAfter(answer.headers.get('retry-after')),
    });
  }
  if (answer.status >= 500) {
    return new WhatsAppDeliveryError(`Falha temporária no WiizoChat (${where}): ${providerMessage}`, { permanent: false });
  }
  return new WhatsAppDeliveryError(`O WiizoChat recusou a mensagem (${where}): ${providerMessage}`, { permanent: true });
}
