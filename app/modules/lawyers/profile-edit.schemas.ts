import { z } from 'zod';
import { CITY_IDS, PRACTICE_AREA_IDS } from '~/domain/catalog/catalog';
import { photoUploadSchema } from './profile-photo-rules';

/** Limits of the edit-profile form (spec section 5, "Edit profile"; docs/product-rules.md, "Editing a profile"). */
export const PROFILE_EDIT_LIMITS = {
  nome: { min: 3, max: 120 },
  whatsapp: { min: 10, max: 15 },
  biografia: { min: 20, max: 2000 },
} as const;

/**
 * A WhatsApp number as a person types it: spaces, parentheses, dots, hyphens and a leading '+' are
 * dropped ('(11) 98765-4321' is '11987654321'); what is left must be 10 to 15 digits.
 */
const phoneDigits = (value: string) => value.replace(/[\s().+-]/g, '');
const digitsOnly = z.string().regex(/^[0-9]*$/, 'Número inválido').max(PROFILE_EDIT_LIMITS.whatsapp.max, 'Número muito longo');
const whatsappNumber = z
  .string({ message: 'Número inválido' })
  .transform(phoneDigits)
  .pipe(digitsOnly.min(PROFILE_EDIT_LIMITS.whatsapp.min, 'Número inválido'));
/** The same, or nothing (an empty field is null). */
const optionalWhatsappNumber = z
  .string()
  .optional()
  .transform((value) => phoneDigits(value ?? ''))
  .pipe(digitsOnly.refine((digits) => digits.length === 0 || digits.length >= PROFILE_EDIT_LIMITS.whatsapp.min, 'Número inválido'))
  .transform((digits) => digits || null);

/** The edit-profile form: checkbox lists arrive as arrays, the photo as an optional file. */
export const profileEditSchema = z.object({
  nome: z
    .string({ message: 'Nome deve ter pelo menos 3 caracteres' })
    .trim()
    .min(PROFILE_EDIT_LIMITS.nome.min, 'Nome deve ter pelo menos 3 caracteres')
    .max(PROFILE_EDIT_LIMITS.nome.max, 'Nome muito longo'),
  whatsapp: whatsappNumber,
  /** Where lead notifications go; empty means none. */
  whatsappNotificacoes: optionalWhatsappNumber,
  biografia: z
    .string({ message: 'Biografia deve ter pelo menos 20 caracteres' })
    .trim()
    .min(PROFILE_EDIT_LIMITS.biografia.min, 'Biografia deve ter pelo menos 20 caracteres')
    .max(PROFILE_EDIT_LIMITS.biografia.max, `Biografia deve ter no máximo ${PROFILE_EDIT_LIMITS.biografia.max} caracteres`),
  areasAtuacao: z
    .array(z.enum(PRACTICE_AREA_IDS, { message: 'Selecione pelo menos uma área' }), { message: 'Selecione pelo menos uma área' })
    .min(1, 'Selecione pelo menos uma área')
    .max(PRACTICE_AREA_IDS.length)
    .transform((ids) => [...new Set(ids)]),
  cidadesAtendidas: z
    .array(z.enum(CITY_IDS, { message: 'Selecione pelo menos uma cidade' }), { message: 'Selecione pelo menos uma cidade' })
    .min(1, 'Selecione pelo menos uma cidade')
    .max(CITY_IDS.length)
    .transform((ids) => [...new Set(ids)]),
  foto: photoUploadSchema,
});
export type ProfileEditForm = z.output<typeof profileEditSchema>;
/** What updateOwnLawyerProfile takes: the form without the photo, which comes as bytes. */
export type ProfileEditInput = Omit<ProfileEditForm, 'foto'>;
