import { DeliveryError } from '~/integrations/outbox/delivery-error';

/** The kinds of WhatsApp message the platform sends; a Cloud API template is chosen by kind. */
export const WHATSAPP_KINDS = ['novo-lead', 'teste', 'movimentacao', 'resumo-diario'] as const;
export type WhatsAppKind = (typeof WHATSAPP_KINDS)[number];

/** One WhatsApp message as every adapter receives it. */
export interface WhatsAppMessage {
  /** The recipient, digits only (10 to 15; with or without Brazil's 55: see toE164Digits). */
  to: string;
  /** The whole text (gateways and the Cloud API without a template send it as is). */
  text: string;
  /** Chooses the Cloud API template. */
  kind: WhatsAppKind;
  /** The text's fields in order: the template's body parameters. */
  params: string[];
}

/**
 * Delivers one WhatsApp message. Resolves with the id the provider accepted it under (null when the
 * gateway answers without one); rejects with a WhatsAppDeliveryError that says whether trying again
 * could succeed, and after how long.
 */
export interface WhatsAppSender {
  send(message: WhatsAppMessage): Promise<{ providerMessageId: string | null }>;
}

/**
 * A WhatsApp delivery that did not happen. `permanent`: refused for good (a bad token, a number that is
 * not on WhatsApp, a malformed request). Otherwise (429, 5xx, network, timeout) a later attempt may
 * succeed, not before `retryAfterSeconds` when the provider said so.
 */
export class WhatsAppDeliveryError extends DeliveryError {
  override name = 'WhatsAppDeliveryError';
}

/** The name a lawyer's WiizoChat token is stored under (lawyer_api_tokens.token_name). */
export const WIIZOCHAT_TOKEN_NAME = 'wiizochat';

/**
 * A stored number as international digits: Brazilian numbers are kept with or without the country
 * code, so 10 or 11 digits (DDD + number) get 55 in front; 12 to 15 digits already carry a country
 * code. (A DDD can itself be 55, Santa Maria: length, not the leading digits, decides.)
 */
export function toE164Digits(number: string): string {
  const digits = number.replace(/\D/g, '');
  return digits.length === 10 || digits.length === 11 ? `55${digits}` : digits;
}
