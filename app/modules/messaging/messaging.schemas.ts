import { z } from 'zod';
import { GATEWAY_TOKEN_MAX_LENGTH, MESSAGING_TEXTS, NOTIFICATION_NUMBER_MAX_LENGTH } from './messaging.texts';

// The messaging settings card (section monitoramento): its inputs and the texts of the spec's
// Settings catalogue (docs/product-rules.md, Messaging). Browser-safe; the card itself reads only messaging.texts.ts (no zod on the lawyer area's first load).

export * from './messaging.texts';

/**
 * The notification number as typed: at least 10 characters (the spec's rule), only digits and the
 * usual punctuation (+, spaces, parentheses, dashes, dots), and 10 to 15 digits once those are
 * dropped. Stored as the digits.
 */
export const notificationNumberSchema = z
  .string({ message: MESSAGING_TEXTS.invalidNumber })
  .trim()
  .min(10, MESSAGING_TEXTS.invalidNumber)
  .max(NOTIFICATION_NUMBER_MAX_LENGTH, MESSAGING_TEXTS.invalidNumber)
  .regex(/^[0-9+\s().-]+$/, MESSAGING_TEXTS.invalidNumber)
  .transform((value) => value.replace(/\D/g, ''))
  .refine((digits) => digits.length >= 10 && digits.length <= 15, MESSAGING_TEXTS.invalidNumber);

/**
 * The WiizoChat token: optional on save (empty keeps the saved one). One header value: printable
 * ASCII without spaces, so it can never add a header line.
 */
export const gatewayTokenSchema = z
  .string()
  .trim()
  .max(GATEWAY_TOKEN_MAX_LENGTH, `O token deve ter no máximo ${GATEWAY_TOKEN_MAX_LENGTH} caracteres`)
  .refine((token) => token === '' || token.length >= 8, 'O token deve ter pelo menos 8 caracteres')
  .regex(/^[\x21-\x7e]*$/, 'O token não pode ter espaços nem acentos')
  .transform((token) => (token === '' ? undefined : token));

export const saveMessagingSettingsSchema = z.object({
  numero: notificationNumberSchema,
  token: gatewayTokenSchema.optional(),
});
export type SaveMessagingSettingsInput = z.infer<typeof saveMessagingSettingsSchema>;

/** A test send carries a key made for the page it was sent from: the same click sent twice sends once. */
export const testMessageSchema = z.object({
  envio: z.uuid({ message: 'Envio de teste inválido. Recarregue a página e tente novamente.' }),
});
export type TestMessageInput = z.infer<typeof testMessageSchema>;
