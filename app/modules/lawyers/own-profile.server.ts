import { eq } from 'drizzle-orm';
import type { DeclaredPractice } from '~/domain/catalog/profile-details';
import { db } from '~/db/client.server';
import { declaredPracticeColumns, lawyerCities, lawyerPracticeAreas, lawyerProfiles } from '~/db/schema/lawyers';
import { AppError } from '~/lib/app-error';
import { publicContentChanged } from '~/lib/public-content.server';
import { cityLabel, practiceAreaLabel, sortByLabel, type LawyerStatus } from '~/domain/catalog/catalog';
import { countsAsApproved } from '~/modules/subscriptions/lawyer-gate';
import { replaceLawyerLinks } from './lawyer-writes.server';
import { OFFICE_CITY_MISSING_MESSAGE, type ProfileEditInput } from './profile-edit.schemas';
import { discardUnusedPhoto, removeReplacedPhotos, storeProfilePhoto } from './profile-photos.server';

// A lawyer editing their own profile (/editar-perfil): docs/product-rules.md, "Editing a profile".

export const PROFILE_UPDATED_MESSAGE = 'Perfil atualizado com sucesso!';
export const PROFILE_UPDATE_FAILED_MESSAGE = 'Erro ao atualizar perfil';

const profileEditing: unique symbol = Symbol('profile editing');

/** A lawyer /editar-perfil let in; only openProfileEditing() makes one. */
export interface ProfileEditor {
  readonly id: string;
  readonly isSuperadmin: boolean;
  readonly [profileEditing]: true;
}

/**
 * The door of /editar-perfil for the signed-in `user` (the session's, with the profile status it read):
 * any lawyer with a profile edits it, pending ones too, except a rejected or suspended one (a superadmin's own profile
 * counts as approved, lawyer-gate.ts). Refuses with 404 `no_lawyer_profile` or 403 `lawyer_rejected`;
 * the route sends each where it belongs.
 */
export async function openProfileEditing(user: { id: string; isSuperadmin: boolean; lawyer: { status: LawyerStatus } | null }): Promise<ProfileEditor> {
  if (!user.lawyer) throw new AppError(PROFILE_UPDATE_FAILED_MESSAGE, { status: 404, code: 'no_lawyer_profile' });
  if ((user.lawyer.status === 'rejected' || user.lawyer.status === 'suspended') && !countsAsApproved(user, user.lawyer.status)) throw new AppError(PROFILE_UPDATE_FAILED_MESSAGE, { status: 403, code: 'lawyer_rejected' });
  return { id: user.id, isSuperadmin: user.isSuperadmin, [profileEditing]: true };
}

/** Where a saved edit goes: a lawyer still under review to the under-review page, anyone else to the area's profile. */
export function afterProfileSaved(editor: ProfileEditor, saved: { status: LawyerStatus }): string {
  return saved.status === 'pending' && !countsAsApproved(editor, saved.status) ? '/perfil-em-analise' : '/area-advogado?section=perfil';
}

/** What the edit form starts from. */
/** With what the lawyer declared about their practice (docs/decisions/0063). */
export interface EditableProfile extends DeclaredPractice {
  nome: string;
  whatsapp: string;
  whatsappNotificacoes: string | null;
  biografia: string;
  fotoUrl: string | null;
  status: LawyerStatus;
  /** Practice-area ids, by label. */
  areas: string[];
  /** City ids, by label. */
  cidades: string[];
}

/** The signed-in lawyer's editable profile, or null without one. `userId` comes from the session. */
export async function getEditableProfile(userId: string): Promise<EditableProfile | null> {
  const [[row], areas, cities] = await Promise.all([
    db
      .select({
        nome: lawyerProfiles.nome,
        whatsapp: lawyerProfiles.whatsapp,
        whatsappNotificacoes: lawyerProfiles.whatsappNotificacoes,
        biografia: lawyerProfiles.biografia,
        fotoUrl: lawyerProfiles.fotoUrl,
        status: lawyerProfiles.status,
        ...declaredPracticeColumns,
      })
      .from(lawyerProfiles)
      .where(eq(lawyerProfiles.id, userId)),
    db.select({ id: lawyerPracticeAreas.areaId }).from(lawyerPracticeAreas).where(eq(lawyerPracticeAreas.lawyerId, userId)),
    db.select({ id: lawyerCities.cityId }).from(lawyerCities).where(eq(lawyerCities.lawyerId, userId)),
  ]);
  if (!row) return null;
  return {
    ...row,
    areas: sortByLabel(areas.map(({ id }) => ({ id, label: practiceAreaLabel(id) }))).map((a) => a.id),
    cidades: sortByLabel(cities.map(({ id }) => ({ id, label: cityLabel(id) }))).map((c) => c.id),
  };
}

/**
 * Saves the signed-in lawyer's own profile: name, WhatsApp numbers, biography, the practice details
 * given (title, year of inscription, education, languages, online service, office), areas, cities and,
 * when one was sent, a new photo, in one transaction; the slug and the status do not change. The photo is
 * checked and written first (an invalid one refuses the whole edit, with its message on the 'foto'
 * field); the new file is removed again if the transaction fails, and the photo it replaced only once
 * it has committed. Public pages show the change at once (publicContentChanged). The editor comes from
 * the session (openProfileEditing): nobody edits another lawyer's profile.
 */
export async function updateOwnLawyerProfile({ id: userId }: ProfileEditor, input: ProfileEditInput, photo?: Uint8Array, now = new Date()): Promise<{ status: LawyerStatus; slug: string }> {
  if (input.escritorioBairro && !input.escritorioCidade) throw new AppError(OFFICE_CITY_MISSING_MESSAGE, { status: 400, code: 'office_city_missing', field: 'escritorioCidade' });
  const newFotoUrl = photo ? await storeProfilePhoto(userId, photo) : null;
  let before: { fotoUrl: string | null; status: LawyerStatus; slug: string };
  try {
    before = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ fotoUrl: lawyerProfiles.fotoUrl, status: lawyerProfiles.status, slug: lawyerProfiles.slug })
        .from(lawyerProfiles)
        .where(eq(lawyerProfiles.id, userId))
        .for('update');
      if (!current) throw new AppError(PROFILE_UPDATE_FAILED_MESSAGE, { status: 404, code: 'lawyer_profile_not_found' });
      await tx
        .update(lawyerProfiles)
        .set({
          nome: input.nome,
          whatsapp: input.whatsapp,
          whatsappNotificacoes: input.whatsappNotificacoes,
          biografia: input.biografia,
          titulo: input.titulo,
          primeiraInscricaoAno: input.primeiraInscricaoAno,
          formacao: input.formacao,
          idiomas: input.idiomas,
          atendeOnline: input.atendeOnline,
          escritorioBairro: input.escritorioBairro,
          escritorioCidade: input.escritorioCidade,
          ...(newFotoUrl ? { fotoUrl: newFotoUrl } : {}),
          updatedAt: now,
        })
        .where(eq(lawyerProfiles.id, userId));
      await replaceLawyerLinks(tx, userId, input.areasAtuacao, input.cidadesAtendidas);
      return current;
    });
  } catch (error) {
    await discardUnusedPhoto(userId, newFotoUrl);
    if (error instanceof AppError) throw error;
    console.error('Could not update a lawyer profile', error);
    throw new AppError(PROFILE_UPDATE_FAILED_MESSAGE, { status: 500, code: 'profile_update_failed', cause: error });
  }
  if (newFotoUrl && before.fotoUrl !== newFotoUrl) await removeReplacedPhotos([before.fotoUrl]);
  if (before.status === 'approved') publicContentChanged();
  return { status: before.status, slug: before.slug };
}
