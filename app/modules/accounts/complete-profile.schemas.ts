import { z } from 'zod';
import { photoUploadSchema } from '~/modules/lawyers/profile-photo-rules';
import { lawyerProfileFields } from './registration.schemas';

/**
 * /completar-perfil: the profile fields of registration, with its messages (spec section 5: "same as
 * registration"), and an optional photo. The e-mail is the signed-in user's; the plan is gratuito.
 */
export const completeProfileSchema = z.object({
  nome: lawyerProfileFields.nome,
  numeroOAB: lawyerProfileFields.numeroOAB,
  oabUf: lawyerProfileFields.oabUf,
  whatsapp: lawyerProfileFields.whatsapp,
  biografia: lawyerProfileFields.biografia,
  areasAtuacao: lawyerProfileFields.areasAtuacao,
  cidadesAtendidas: lawyerProfileFields.cidadesAtendidas,
  foto: photoUploadSchema,
});
export type CompleteProfileForm = z.output<typeof completeProfileSchema>;
/** What completeLawyerProfile takes: the form without the photo, which comes as bytes. */
export type CompleteProfileInput = Omit<CompleteProfileForm, 'foto'>;
