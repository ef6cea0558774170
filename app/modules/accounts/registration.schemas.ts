import { z } from 'zod';
import { CITY_IDS, PLAN_IDS, PRACTICE_AREA_IDS, STATE_CODES } from '~/domain/catalog/catalog';
import { phoneField } from '~/domain/phone-field';
import { EMAIL_MAX_LENGTH, REGISTRATION_LIMITS } from './accounts.limits';

export { REGISTRATION_LIMITS } from './accounts.limits';
import { isCommonPassword } from './common-passwords';

export const NEW_PASSWORD_MESSAGES = {
  tooShort: 'A senha deve ter pelo menos 8 caracteres.',
  tooLong: 'A senha deve ter no máximo 128 caracteres.',
  common: 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.',
  mismatch: 'As senhas não coincidem.',
} as const;

const digits = (min: number, max: number, minMessage: string, maxMessage: string) =>
  z
    .string({ message: minMessage })
    .trim()
    .max(max, maxMessage)
    .regex(/^[0-9]*$/, 'Apenas números são permitidos')
    .min(min, minMessage);

/** A new password (registration, reset): 8+ characters and not a common one. */
export const newPasswordSchema = z
  .string({ message: NEW_PASSWORD_MESSAGES.tooShort })
  .min(REGISTRATION_LIMITS.password.min, NEW_PASSWORD_MESSAGES.tooShort)
  .max(REGISTRATION_LIMITS.password.max, NEW_PASSWORD_MESSAGES.tooLong)
  .refine((password) => !isCommonPassword(password), NEW_PASSWORD_MESSAGES.common);

/**
 * The refinement of a form with `password` and `confirmarSenha` (registration, reset): the mismatch is on
 * the confirmation, and it is checked in the same round as every other field (zod would skip it while any
 * field is wrong), so the form reports all its problems at once.
 */
export const passwordsMatch = (form: { password: string; confirmarSenha: string }) => form.password === form.confirmarSenha;
export const PASSWORD_PAIR_CHECK = {
  path: ['confirmarSenha'],
  message: NEW_PASSWORD_MESSAGES.mismatch,
  when: ({ value }: { value: unknown }) => {
    const pair = value as { password?: unknown; confirmarSenha?: unknown } | undefined;
    return typeof pair?.password === 'string' && typeof pair.confirmarSenha === 'string';
  },
};

/**
 * The profile fields a lawyer fills in on registration and on /completar-perfil, with the spec's
 * messages (section 5: the complete-profile form validates "same as registration").
 */
export const lawyerProfileFields = {
  nome: z
    .string({ message: 'Nome deve ter pelo menos 3 caracteres' })
    .trim()
    .min(REGISTRATION_LIMITS.nome.min, 'Nome deve ter pelo menos 3 caracteres')
    .max(REGISTRATION_LIMITS.nome.max, 'Nome muito longo'),
  numeroOAB: digits(REGISTRATION_LIMITS.numeroOab.min, REGISTRATION_LIMITS.numeroOab.max, 'Número da OAB inválido', 'Número da OAB inválido'),
  oabUf: z.enum(STATE_CODES, { message: 'Selecione a seccional (UF) da OAB' }),
  /** A mobile as typed ('(11) 98888-7777', '+55 11 98888-7777'), stored as '5511988887777'. */
  whatsapp: phoneField({ mobileOnly: true }),
  biografia: z
    .string({ message: 'Biografia deve ter pelo menos 50 caracteres' })
    .trim()
    .min(REGISTRATION_LIMITS.biografia.min, 'Biografia deve ter pelo menos 50 caracteres')
    .max(REGISTRATION_LIMITS.biografia.max, `Biografia deve ter no máximo ${REGISTRATION_LIMITS.biografia.max} caracteres`),
  areasAtuacao: z
    .array(z.enum(PRACTICE_AREA_IDS, { message: 'Selecione pelo menos uma área de atuação' }), { message: 'Selecione pelo menos uma área de atuação' })
    .min(1, 'Selecione pelo menos uma área de atuação')
    .max(PRACTICE_AREA_IDS.length)
    .transform((ids) => [...new Set(ids)]),
  cidadesAtendidas: z
    .array(z.enum(CITY_IDS, { message: 'Selecione pelo menos uma cidade' }), { message: 'Selecione pelo menos uma cidade' })
    .min(1, 'Selecione pelo menos uma cidade')
    .max(CITY_IDS.length)
    .transform((ids) => [...new Set(ids)]),
};

/**
 * The lawyer registration form (its four sections, the password pair and the plan). Server-side, the
 * single source of its messages; checkbox lists arrive as arrays.
 */
export const registrationSchema = z
  .object({
    nome: lawyerProfileFields.nome,
    email: z.string({ message: 'Email inválido' }).trim().max(EMAIL_MAX_LENGTH, 'Email inválido').toLowerCase().pipe(z.email('Email inválido')),
    numeroOAB: lawyerProfileFields.numeroOAB,
    oabUf: lawyerProfileFields.oabUf,
    whatsapp: lawyerProfileFields.whatsapp,
    password: newPasswordSchema,
    confirmarSenha: z.string({ message: NEW_PASSWORD_MESSAGES.mismatch }).max(REGISTRATION_LIMITS.password.max, NEW_PASSWORD_MESSAGES.mismatch),
    biografia: lawyerProfileFields.biografia,
    areasAtuacao: lawyerProfileFields.areasAtuacao,
    cidadesAtendidas: lawyerProfileFields.cidadesAtendidas,
    selectedPlan: z.enum(PLAN_IDS).catch('gratuito'),
  })
  .refine(passwordsMatch, PASSWORD_PAIR_CHECK);
export type RegistrationInput = z.output<typeof registrationSchema>;

export { planFromQuery } from '~/domain/catalog/plans';
