/**
 * A delivery that did not happen, or may not have, from any channel's adapter (e-mail, WhatsApp)
 * (docs/decisions/0039):
 * - `permanent`: the provider refused this message for good; sending it again would be refused again.
 * - `uncertain`: the request went out and no answer came (a timeout or a dropped connection after the
 *   message was written): the provider may have accepted it. Never repeated automatically.
 * - neither: refused before delivery (connection refused, 429, 5xx, a transient error): a later
 *   attempt may succeed, not before `retryAfterSeconds` when the provider said how long to wait.
 */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
  readonly permanent: boolean;
  readonly uncertain: boolean;
  readonly retryAfterSeconds?: number;

  constructor(
    message: string,
    { permanent, uncertain = false, retryAfterSeconds, cause }: { permanent: boolean; uncertain?: boolean; retryAfterSeconds?: number; cause?: unknown },
  ) {
    super(message, { cause });
    this.permanent = permanent;
    this.uncertain = uncertain && !permanent;
    if (retryAfterSeconds !== undefined && !permanent && !this.uncertain) this.retryAfterSeconds = retryAfterSeconds;
  }
}
