import { z } from 'zod';
import { phoneField } from '~/domain/phone-field';
import { CONTACT_LIMITS, CONTACT_MESSAGES, CONTRACT_MAX_BYTES, CONTRACT_MESSAGES } from './contract-rules';

/**
 * The contract summariser's form (docs/product-rules.md, "Free tools"): the contract file and the
 * visitor's contact data; e-mail and phone are required, the company is optional (an individual has
 * none). The page checks the same rules (contract-rules.ts, without zod, so that the page's JavaScript
 * stays small) before posting; the server checks them here.
 */

/** The fields the page shows again after a refusal (never the file). */
export const CONTRACT_FORM_ECHO = { email: CONTACT_LIMITS.email, empresa: CONTACT_LIMITS.empresa, telefone: CONTACT_LIMITS.telefone } as const;

/** The contact fields, as text; the file is checked apart (its size here, its content on the server). */
export const contactSchema = z.object({
  email: z
    .string({ message: CONTACT_MESSAGES.email })
    .trim()
    .min(1, CONTACT_MESSAGES.email)
    .max(CONTACT_LIMITS.email, CONTACT_MESSAGES.emailInvalid)
    .pipe(z.email(CONTACT_MESSAGES.emailInvalid)),
  /** Optional (issue 24): an individual has no company; empty or missing is stored as null. */
  empresa: z
    .string({ message: CONTACT_MESSAGES.empresa })
    .trim()
    .max(CONTACT_LIMITS.empresa, `O nome da empresa deve ter no máximo ${CONTACT_LIMITS.empresa} caracteres.`)
    .optional()
    .transform((value) => (value ? value : null)),
  /** A mobile or a landline as typed ('(11) 3123-4567'), stored as '551131234567' (docs/product-rules.md, Phones). */
  telefone: z
    .string({ message: CONTACT_MESSAGES.telefone })
    .trim()
    .min(1, CONTACT_MESSAGES.telefone)
    .max(CONTACT_LIMITS.telefone, 'Telefone inválido')
    .pipe(phoneField({ messages: { long: 'Telefone inválido' } })),
});

/** The whole form as the server reads it: the file must be a non-empty file of at most 10 MB. */
export const contractFormSchema = contactSchema.extend({
  arquivo: z
    .custom<File>((value) => value instanceof File && value.size > 0, CONTRACT_MESSAGES.noFile)
    .refine((file) => file.size <= CONTRACT_MAX_BYTES, CONTRACT_MESSAGES.tooLarge),
});

export type ContractContact = z.output<typeof contactSchema>;

