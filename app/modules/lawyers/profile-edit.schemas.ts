import { z } from 'zod';
import { CITY_IDS, PRACTICE_AREA_IDS } from '~/domain/catalog/catalog';
import { optionalPhoneField, phoneField } from '~/domain/phone-field';
import { photoUploadSchema } from './profile-photo-rules';

/** Limits of the edit-profile form (spec section 5, "Edit profile"; docs/product-rules.md, "Editing a profile"). */
export const PROFILE_EDIT_LIMITS = {
  nome: { min: 3, max: 120 },
  biografia: { min: 20, max: 2000 },
} as const;

/**
 * The WhatsApp numbers as a person types them ('(11) 98765-4321', '+55 11 98765-4321'), mobiles only,
 * stored as '5511987654321'; the form's own words for what the spec named ('Número inválido').
 */
const PHONE_TEXTS = { characters: 'Número inválido', short: 'Número inválido', foreign: 'Número inválido', long: 'Número muito longo' };
const whatsappNumber = phoneField({ mobileOnly: true, messages: PHONE_TEXTS });
/** The same, or nothing (an empty field is null). */
const optionalWhatsappNumber = optionalPhoneField({ mobileOnly: true, messages: PHONE_TEXTS });

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
