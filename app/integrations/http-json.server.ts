// The one HTTP JSON call of the outside-service adapters (WhatsApp gateways, court APIs): JSON in and
// out, a deadline from connection to last byte, redirects refused (a token is never replayed to another
// host). A timeout or a network failure becomes the adapter's own error through `failed` (with a
// Portuguese message naming `service`); any HTTP status resolves, and the adapter says what it means.

/** The longest Retry-After obeyed: a provider asking for more is retried after an hour (the backoff goes on from there). */
const MAX_RETRY_AFTER_SECONDS = 3600;

export interface JsonAnswer {
  status: number;
  headers: Headers;
  /** The body parsed as JSON, or undefined when it is not JSON (or empty). */
  json: unknown;
  /** The body as text, cut to 500 characters (for error messages). */
  text: string;
}

export interface JsonCall {
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  /** Who is called, as a sentence's subject or object: 'o Escavador', 'WiizoChat'. */
  service: string;
}

export async function requestJson(url: string, { method, headers, body, timeoutMs, service }: JsonCall, failed: (message: string, cause: unknown) => Error): Promise<JsonAnswer> {
  try {
    const response = await fetch(url, {
      method,
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json, text: text.slice(0, 500) };
  } catch (error) {
    const name = (error as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
      throw failed(`Tempo esgotado: ${service} não respondeu em ${limit}`, error);
    }
    const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
    throw failed(`Falha ao conectar com ${service}: ${reason}`, error);
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
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[name] : undefined;
}
