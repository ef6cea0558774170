import { z } from 'zod';
import { phoneField } from '~/domain/phone-field';
import { GATEWAY_TOKEN_MAX_LENGTH, MESSAGING_TEXTS } from './messaging.texts';

// The messaging settings card (section monitoramento): its inputs and the texts of the spec's
// Settings catalogue (docs/product-rules.md, Messaging). Browser-safe; the card itself reads only messaging.texts.ts (no zod on the lawyer area's first load).

export * from './messaging.texts';

/**
 * The notification number as typed ('(11) 98765-4321', '+55 11 98765-4321'): a mobile with a real DDD,
 * stored as '5511987654321' (docs/product-rules.md, Phones). The card's own message for what the spec
 * named; 'DDD inválido' and the mobile's message for the rest.
 */
export const notificationNumberSchema = phoneField({
  mobileOnly: true,
  messages: { characters: MESSAGING_TEXTS.invalidNumber, short: MESSAGING_TEXTS.invalidNumber, long: MESSAGING_TEXTS.invalidNumber, foreign: MESSAGING_TEXTS.invalidNumber },
});

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
