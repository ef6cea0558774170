import { and, eq, isNull } from 'drizzle-orm';
import { getConfig } from '~/config.server';
import { db } from '~/db/client.server';
import { pendingRegistrations } from '~/db/schema/accounts';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { AppError } from '~/lib/app-error';
import { publicContentChanged } from '~/lib/public-content.server';
import type { LawyerStatus } from '~/domain/catalog/catalog';
import { insertLawyerProfiles, isSlugConflict, uniqueViolation } from '~/modules/lawyers/lawyer-writes.server';
import { discardUnusedPhoto, storeProfilePhoto } from '~/modules/lawyers/profile-photos.server';
import type { CompleteProfileInput } from './complete-profile.schemas';

// /completar-perfil: a signed-in user without a lawyer profile creates one (docs/product-rules.md,
// "Completing a profile"), through the write path of registration's finalisation.

export const PROFILE_SUBMITTED_MESSAGE = 'Perfil enviado para aprovação! Aguarde a validação do administrador.';
export const COMPLETE_PROFILE_FAILED_MESSAGE = 'Erro ao completar perfil';
/** The code of the refusal when the user has a profile already (another tab finished first). */
export const PROFILE_EXISTS_CODE = 'lawyer_profile_exists';

/**
 * Creates the signed-in user's lawyer profile as a finished registration does (insertLawyerProfiles):
 * pending unless AUTO_APPROVE_LAWYERS, gratuito plan, default CRM stages, a free slug (retried when a
 * concurrent registration takes it). The e-mail is the user's own. A registration of this user that was
 * never finalised is marked finalised, so its e-mail link cannot create a second profile. An optional
 * photo is checked and stored first and removed again if the profile is not created. `user` must be
 * the session's.
 */
export async function completeLawyerProfile(
  user: { id: string; email: string },
  input: CompleteProfileInput,
  photo?: Uint8Array,
  now = new Date(),
): Promise<{ status: LawyerStatus }> {
  const fotoUrl = photo ? await storeProfilePhoto(user.id, photo) : null;
  const status: LawyerStatus = getConfig().autoApproveLawyers ? 'approved' : 'pending';
  const profile = {
    id: user.id,
    nome: input.nome,
    email: user.email,
    numeroOab: input.numeroOAB,
    oabUf: input.oabUf,
    whatsapp: input.whatsapp,
    biografia: input.biografia,
    fotoUrl,
    areas: input.areasAtuacao,
    cities: input.cidadesAtendidas,
    status,
    plan: 'gratuito' as const,
  };
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await db.transaction(async (tx) => {
          const [existing] = await tx.select({ id: lawyerProfiles.id }).from(lawyerProfiles).where(eq(lawyerProfiles.id, user.id));
          if (existing) throw profileExists();
          await insertLawyerProfiles(tx, [profile], { now });
          await tx
            .update(pendingRegistrations)
            .set({ finalizedAt: now })
            .where(and(eq(pendingRegistrations.userId, user.id), isNull(pendingRegistrations.finalizedAt)));
        });
        break;
      } catch (error) {
        if (attempt < 5 && isSlugConflict(error)) continue;
        throw error;
      }
    }
  } catch (error) {
    await discardUnusedPhoto(user.id, fotoUrl);
    if (error instanceof AppError) throw error;
    // The same user finishing in two tabs at once: the profile's id is taken by the other one.
    if (uniqueViolation(error)) throw profileExists(error);
    console.error('Could not complete a lawyer profile', error);
    throw new AppError(COMPLETE_PROFILE_FAILED_MESSAGE, { status: 500, code: 'complete_profile_failed', cause: error });
  }
  if (status === 'approved') publicContentChanged();
  return { status };
}

function profileExists(cause?: unknown): AppError {
  return new AppError('Seu perfil já foi criado.', { status: 409, code: PROFILE_EXISTS_CODE, cause });
}
