import { DeliveryError } from '~/integrations/outbox/delivery-error';

/** One e-mail as every adapter receives it: one recipient, a subject, an HTML part and a plain-text part. */
export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * Delivers one e-mail. Resolves with the id the provider accepted it under; rejects with an
 * EmailDeliveryError that says whether trying again could succeed.
 */
export interface EmailSender {
  send(message: EmailMessage): Promise<{ providerMessageId: string }>;
  /** Releases connections, timers and sockets. */
  close?(): void;
}

/**
 * A delivery that did not happen. `permanent`: the provider refused this message for good (an SMTP
 * 5xx reply such as 550 "no such user"); sending it again would be refused again. `uncertain`: the
 * connection was open when the time ran out or it dropped (the server may have taken the message).
 * Otherwise (4xx replies, a refused or timed-out connection, authentication problems) a later attempt
 * may succeed.
 */
export class EmailDeliveryError extends DeliveryError {
  override name = 'EmailDeliveryError';

  constructor(message: string, { permanent, uncertain, cause }: { permanent: boolean; uncertain?: boolean; cause?: unknown }) {
    super(message, { permanent, uncertain, cause });
  }
}
