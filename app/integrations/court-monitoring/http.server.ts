import { field, parseRetryAfter, requestJson, type JsonAnswer, type JsonCall } from '~/integrations/http-json.server';
import { CourtProviderError } from './provider';

// The court adapters' HTTP call (Escavador, DataJud): the shared JSON call (app/integrations/http-json.server.ts)
// with its failures as CourtProviderError, and the errors every court API shares.

/** How long one call may take: a court API that hangs fails the check (retryable) in this time. */
export const DEFAULT_COURT_TIMEOUT_MS = 15_000;

export type HttpAnswer = JsonAnswer;
export type HttpCall = JsonCall;
export { field, parseRetryAfter };

/** A court API call: a timeout or a network failure is a retryable CourtProviderError of kind 'network'. */
export function callJson(url: string, call: HttpCall): Promise<HttpAnswer> {
  return requestJson(url, call, (message, cause) => new CourtProviderError('network', message, { cause }));
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
