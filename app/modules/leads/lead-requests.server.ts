import { AppError } from '~/lib/app-error';
import { hitRateLimits, releaseRateLimitHits, retryAfterSeconds, tooManyAttemptsMessage } from '~/lib/rate-limit.server';
import { HONEYPOT_FIELD, type LeadRequestOutcome } from './lead-requests';
import type { LeadRequestForm } from './lead-requests.schemas';
import { routeLeadRequest, sha256, type RouteOptions } from './lead-routing.server';

/**
 * A client's request from the form (docs/product-rules.md, "Client requests"): the honeypot, the
 * limits per client IP and per address, then routing (lead-routing.server.ts).
 */

/** Requests per client IP and per e-mail address, per hour. */
export const LEAD_REQUEST_LIMITS_PER_HOUR = { ip: 10, email: 5 } as const;
const HOUR_MS = 60 * 60_000;

/** A request taken; past the limits it is refused with a thrown AppError (429 with the seconds to wait). */
export interface SubmitLeadRequestResult {
  outcome: LeadRequestOutcome;
  /** False when nothing was stored: a bot (the honeypot) or the same request again within a minute. */
  stored: boolean;
}

/** The rate-limit keys of a request; the address is kept as a hash (the counters are not personal data). */
export function leadRequestLimitKeys(clientIp: string, email: string): string[] {
  return [`lead-request:ip:${clientIp}`, `lead-request:email:${sha256(email.trim().toLowerCase())}`];
}

export async function submitLeadRequest(
  form: LeadRequestForm,
  {
    clientIp,
    chosenSlug = null,
    choice,
    now = new Date(),
  }: { clientIp: string; chosenSlug?: string | null; choice?: RouteOptions['choice']; now?: Date },
): Promise<SubmitLeadRequestResult> {
  const { [HONEYPOT_FIELD]: honeypot, advogados: _advogados, escolha: _escolha, intent: _intent, ...input } = form;
  // A bot is answered like a person whose request found no lawyer, so it learns nothing; nothing is
  // stored and no limit is spent.
  if (honeypot) return { outcome: 'unmatched', stored: false };

  const keys = leadRequestLimitKeys(clientIp, input.email);
  const counts = await hitRateLimits(keys, HOUR_MS, now);
  // The hit just counted may be the one over the limit: compare with max + 1 reached.
  const blocked = retryAfterSeconds(
    [
      { key: keys[0]!, max: LEAD_REQUEST_LIMITS_PER_HOUR.ip + 1 },
      { key: keys[1]!, max: LEAD_REQUEST_LIMITS_PER_HOUR.email + 1 },
    ],
    new Map(counts.map((c) => [c.key, c])),
    now,
  );
  if (blocked !== null) throw new AppError(tooManyAttemptsMessage(blocked), { status: 429, code: 'too_many_lead_requests', retryAfter: blocked });

  const routed = await routeLeadRequest(input, { chosenSlug, choice, now });
  if (routed.duplicate) {
    // A double click or a reload is not a second request: it spends no limit either.
    await releaseRateLimitHits(keys, now);
    return { outcome: routed.matched > 0 ? 'matched' : 'unmatched', stored: false };
  }
  return { outcome: routed.lawyers.length > 0 ? 'matched' : 'unmatched', stored: true };
}
