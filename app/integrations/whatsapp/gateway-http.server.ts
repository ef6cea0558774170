import { field, parseRetryAfter, requestJson, type JsonAnswer } from '~/integrations/http-json.server';
import { WhatsAppDeliveryError } from './whatsapp';

/** How long one send may take, connection to last byte: a gateway that hangs fails the attempt (retryable) in this time. */
export const DEFAULT_WHATSAPP_TIMEOUT_MS = 10_000;

export type GatewayAnswer = JsonAnswer;
export { field, parseRetryAfter };

/**
 * POSTs a JSON body and reads the whole answer within `timeoutMs` (the shared JSON call,
 * app/integrations/http-json.server.ts). A timeout or a network failure rejects with a retryable
 * WhatsAppDeliveryError naming `service`; any HTTP status resolves (the adapter decides what it means).
 */
export function postJson(url: string, { headers, body, timeoutMs, service }: { headers: Record<string, string>; body: unknown; timeoutMs: number; service: string }): Promise<GatewayAnswer> {
  return requestJson(url, { method: 'POST', headers, body, timeoutMs, service }, (message, cause) => new WhatsAppDeliveryError(message, { permanent: false, cause }));
}
