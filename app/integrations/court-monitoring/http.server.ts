import { CourtProviderError } from './provider';

// The one HTTP call of the court adapters (Escavador, DataJud): JSON in and out, a deadline from
// connection to last byte, redirects refused (a token is never replayed to another host). A timeout
// or a network failure rejects with a CourtProviderError of kind 'network'; any HTTP status resolves
// and the adapter says what it means.

/** How long one call may take: a court API that hangs fails the check (retryable) in this time. */
export const DEFAULT_COURT_TIMEOUT_MS = 15_000;

/** The longest Retry-After obeyed: a provider asking for more is retried after an hour. */
const MAX_RETRY_AFTER_SECONDS = 3600;

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** The body parsed as JSON, or undefined when it is not JSON (or empty). */
  json: unknown;
  /** The body as text, cut to 500 characters (for error details). */
  text: string;
}

export interface HttpCall {
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  /** Who is called, as a sentence's subject: 'o Escavador', 'o DataJud (CNJ)'. */
  service: string;
}

export async function callJson(url: string, { method, headers, body, timeoutMs, service }: HttpCall): Promise<HttpAnswer> {
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
      throw new CourtProviderError('network', `Tempo esgotado: ${service} não respondeu em ${limit}`, { cause: error });
    }
    const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
    throw new CourtProviderError('network', `Falha ao conectar com ${service}: ${reason}`, { cause: error });
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

/** The errors every court API shares: a redirect (refused), 429 and 5xx (with Retry-After when sent). Null for the others. */
export function commonHttpError(answer: HttpAnswer, detail: string): CourtProviderError | null {
  const { status } = answer;
  if (status >= 300 && status < 400) {
    return new CourtProviderError('unavailable', `Redirecionamento recusado (HTTP ${status}${answer.headers.get('location') ? ` para ${answer.headers.get('location')}` : ''})`, { status });
  }
  if (status === 429) return new CourtProviderError('rate_limited', detail, { status, retryAfterSeconds: parseRetryAfter(answer.headers.get('retry-after')) });
  if (status >= 500) return new CourtProviderError('unavailable', detail, { status, retryAfterSeconds: parseRetryAfter(answer.headers.get('retry-after')) });
  return null;
}
