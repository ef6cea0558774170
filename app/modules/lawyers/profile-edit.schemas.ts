import { z } from 'zod';
import { CITY_IDS, PRACTICE_AREA_IDS } from '~/domain/catalog/catalog';
import { FIRST_INSCRIPTION_MIN_YEAR, LAWYER_TITLE_IDS, PROFILE_DETAIL_LIMITS, saoPauloYear, SERVICE_LANGUAGE_IDS } from '~/domain/catalog/profile-details';
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

/** An optional one-line text: trimmed, inner runs of spaces and control characters made one space; empty is null. */
const optionalLine = (max: number, tooLong: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? '').replace(/[\s\p{Cc}]+/gu, ' ').trim())
    .pipe(z.string().max(max, tooLong))
    .transform((v) => v || null);

export const FIRST_YEAR_MESSAGES = {
  format: 'Informe o ano com 4 dígitos, como 2012',
  tooEarly: `O ano deve ser ${FIRST_INSCRIPTION_MIN_YEAR} ou posterior`,
  future: 'O ano não pode estar no futuro',
} as const;

/**
 * What a lawyer declares about their practice (docs/decisions/0063), all optional: 'Advogada' or
 * 'Advogado', the year of the first OAB inscription (from 1930 to this year in São Paulo), education,
 * languages, online service, and the office's neighbourhood and city.
 */
export const profileDetailsFields = {
  titulo: z
    .string()
    .optional()
    .transform((v) => v || null)
    .pipe(z.enum(LAWYER_TITLE_IDS, { message: 'Escolha Advogada ou Advogado' }).nullable()),
  primeiraInscricaoAno: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim())
    .superRefine((v, ctx) => {
      if (v === '') return;
      if (!/^[0-9]{4}$/.test(v)) ctx.addIssue({ code: 'custom', message: FIRST_YEAR_MESSAGES.format });
      else if (Number(v) < FIRST_INSCRIPTION_MIN_YEAR) ctx.addIssue({ code: 'custom', message: FIRST_YEAR_MESSAGES.tooEarly });
      else if (Number(v) > saoPauloYear()) ctx.addIssue({ code: 'custom', message: FIRST_YEAR_MESSAGES.future });
    })
    .transform((v) => (v === '' ? null : Number(v))),
  formacao: optionalLine(PROFILE_DETAIL_LIMITS.formacao, `Formação deve ter no máximo ${PROFILE_DETAIL_LIMITS.formacao} caracteres`),
  idiomas: z
    .array(z.enum(SERVICE_LANGUAGE_IDS, { message: 'Escolha idiomas da lista' }))
    .max(SERVICE_LANGUAGE_IDS.length)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  atendeOnline: z
    .string()
    .optional()
    .transform((v) => v === 'on' || v === 'sim'),
  escritorioBairro: optionalLine(PROFILE_DETAIL_LIMITS.escritorioBairro, `Bairro deve ter no máximo ${PROFILE_DETAIL_LIMITS.escritorioBairro} caracteres`),
  escritorioCidade: z
    .string()
    .optional()
    .transform((v) => v || null)
    .pipe(z.enum(CITY_IDS, { message: 'Escolha uma cidade da lista' }).nullable()),
};

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
  ...profileDetailsFields,
});

/** A neighbourhood names no office without its city (updateOwnLawyerProfile's rule: the schema stays a plain object). */
export const OFFICE_CITY_MISSING_MESSAGE = 'Escolha a cidade do escritório';
export type ProfileEditForm = z.output<typeof profileEditSchema>;
type DetailName = keyof typeof profileDetailsFields;
/** What the lawyer declares about their practice, as the form gives it. */
export type ProfileDetails = Pick<ProfileEditForm, DetailName>;
/**
 * What updateOwnLawyerProfile takes: the form without the photo, which comes as bytes. The details may
 * be left out (each one left out stays as it is); the form always sends them all.
 */
export type ProfileEditInput = Omit<ProfileEditForm, 'foto' | DetailName> & Partial<ProfileDetails>;
