/**
 * A delivery that did not happen, from any channel's adapter (e-mail, WhatsApp). `permanent`: the
 * provider refused this message for good; sending it again would be refused again. Otherwise a later
 * attempt may succeed, not before `retryAfterSeconds` when the provider said how long to wait (an HTTP
 * 429's Retry-After).
 */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
  readonly permanent: boolean;
  readonly retryAfterSeconds?: number;

  constructor(message: string, { permanent, retryAfterSeconds, cause }: { permanent: boolean; retryAfterSeconds?: number; cause?: unknown }) {
    super(message, { cause });
    this.permanent = permanent;
    if (retryAfterSeconds !== undefined && !permanent) this.retryAfterSeconds = retryAfterSeconds;
  }
}
