import { z } from 'zod';
import { parsePhone, PHONE_INPUT_MAX_LENGTH, type PhoneProblem } from '~/domain/phone';

// The phone field of every form's zod schema (docs/product-rules.md, "Phones"): the typed text in, the
// stored digits ('5511912345678') out. Browser-safe (the CRM's page checks its forms with its schemas).

/** The texts a phone field answers with; each form keeps its own words for the spec's problems. */
export const PHONE_MESSAGES = {
  characters: 'Apenas números são permitidos',
  short: 'Número deve ter pelo menos 10 dígitos',
  long: 'Número muito longo',
  areaCode: 'DDD inválido',
  notMobile: 'Informe um celular com DDD: (11) 91234-5678',
  foreign: 'Informe um número do Brasil, com DDD: (11) 91234-5678',
  subscriber: 'Número inválido: confira os dígitos depois do DDD',
} as const;

type PhoneMessages = Record<keyof typeof PHONE_MESSAGES, string>;

const MESSAGE_OF: Record<PhoneProblem, keyof PhoneMessages> = {
  characters: 'characters',
  foreign: 'foreign',
  short: 'short',
  long: 'long',
  'area-code': 'areaCode',
  'not-mobile': 'notMobile',
  subscriber: 'subscriber',
};

interface PhoneFieldOptions {
  /** WhatsApp fields: only a mobile (11 digits, the subscriber starting with 9). */
  mobileOnly?: boolean;
  /** A form's own words for some problems (the spec's, where it had some). */
  messages?: Partial<PhoneMessages>;
}

/** A required phone: the typed text parsed to the stored digits, or the first problem's message. */
export function phoneField(options: PhoneFieldOptions = {}) {
  const text = messagesOf(options);
  return z.string({ message: text.short }).max(PHONE_INPUT_MAX_LENGTH, text.long).transform(storedDigits(options, text));
}

/** The same, or nothing: an empty (or absent) field is null. */
export function optionalPhoneField(options: PhoneFieldOptions = {}) {
  const text = messagesOf(options);
  const parse = storedDigits(options, text);
  return z
    .string()
    .max(PHONE_INPUT_MAX_LENGTH, text.long)
    .optional()
    .transform((typed, ctx) => (typed === undefined || typed.trim() === '' ? null : parse(typed, ctx)));
}

function messagesOf({ messages = {} }: PhoneFieldOptions): PhoneMessages {
  return { ...PHONE_MESSAGES, ...messages };
}

function storedDigits({ mobileOnly = false }: PhoneFieldOptions, text: PhoneMessages) {
  return (typed: string, ctx: z.RefinementCtx): string => {
    const parsed = parsePhone(typed, { mobileOnly });
    if (parsed.ok) return parsed.digits;
    ctx.addIssue({ code: 'custom', message: text[MESSAGE_OF[parsed.problem]] });
    return z.NEVER;
  };
}
