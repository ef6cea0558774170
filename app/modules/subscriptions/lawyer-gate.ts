import { AppError } from '~/lib/app-error';
import type { LawyerStatus } from '~/domain/catalog/catalog';

// The one gate of the lawyer's screens and writes (docs/product-rules.md, "Lawyer area"): an approved
// lawyer, or a superadmin with a profile (a superadmin's own profile counts as approved). Every door
// of the lawyer area (openCrm, monitoringGate, openMessaging) and every screen that tells the states
// apart (the area, /planos, subscribing) asks these two functions and nothing else.

/** Whether `user`, with a lawyer profile of `status` (none: null), counts as an approved lawyer. */
export function countsAsApproved(user: { isSuperadmin: boolean }, status: LawyerStatus | null | undefined): boolean {
  if (!status) return false;
  return status === 'approved' || user.isSuperadmin;
}

/**
 * The gate as a refusal: nothing for an approved lawyer (or a superadmin with a profile); a Portuguese
 * 404 without a profile, 403 for a pending or rejected one.
 */
export function requireApprovedLawyer(user: { isSuperadmin: boolean }, status: LawyerStatus | null | undefined): void {
  if (!status) throw new AppError('Perfil de advogado não encontrado', { status: 404, code: 'lawyer_not_found' });
  if (!countsAsApproved(user, status)) throw new AppError('Acesso não autorizado', { status: 403, code: 'lawyer_not_approved' });
}
