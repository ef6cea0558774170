import { WhatsAppDeliveryError } from './whatsapp';

/** How long one send may take, connection to last byte: a gateway that hangs fails the attempt (retryable) in this time. */
export const DEFAULT_WHATSAPP_TIMEOUT_MS = 10_000;

/** The longest Retry-After obeyed: a provider asking for more is retried after an hour (the backoff goes on from there). */
const MAX_RETRY_AFTER_SECONDS = 3600;

export interface GatewayAnswer {
  status: number;
  headers: Headers;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  /** The body as text, cut to 500 characters (for error messages). */
  text: string;
}

/**
 * POSTs a JSON body and reads the whole answer within `timeoutMs`. A timeout or a network failure
 * rejects with a retryable WhatsAppDeliveryError naming `service`; any HTTP status resolves (the
 * adapter decides what it means). Redirects are refused: a token is never replayed to another host.
 */
export async function postJson(url: string, { headers, body, timeoutMs, service }: { headers: Record<string, string>; body: unknown; timeoutMs: number; service: string }): Promise<GatewayAnswer> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json, text: text.slice(0, 500) };
  } catch (error) {
    const name = (error as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
      throw new WhatsAppDeliveryError(`Tempo esgotado: ${service} não respondeu em ${limit}`, { permanent: false, cause: error });
    }
    const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
    throw new WhatsAppDeliveryError(`Falha ao conectar com ${service}: ${reason}`, { permanent: false, cause: error });
  }
}

/**
 * Seconds to wait from a Retry-After header: delta-seconds or an HTTP date. Undefined when absent or
 * unreadable; at least 1 and at most an hour.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  let seconds: number;
  if (/^\d+$/.test(trimmed)) seconds = Number(trimmed);
  else {
    const date = Date.parse(trimmed);
    if (Number.isNaN(date)) return undefined;
    seconds = Math.ceil((date - now) / 1000);
  }
  return Math.min(Math.max(seconds, 1), MAX_RETRY_AFTER_SECONDS);
}

/** A JSON object's property, if the value is an object. */
export function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
}
