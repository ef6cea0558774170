import { z } from 'zod';

/**
 * The forms of /admin/lawyers (docs/product-rules.md, "Back office"): each row's approve,
 * reject and delete post an `intent` and the lawyer's id; the reviewer is the session's superadmin,
 * never a field. Browser-safe.
 */

/** The longest search text of the list (`?q=`). */
export const ADMIN_LAWYERS_QUERY_MAX_LENGTH = 100;
/** A plan ending within this many days is highlighted (docs/product-rules.md, "Back office": 'Vence em N dias' within 7 days). */
export const EXPIRY_WARNING_DAYS = 7;

/** The spec's derived payment status (section 4): only an active plan counts. */
export type PaymentStatus = 'em_dia' | 'atraso' | 'sem_plano';
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = { em_dia: 'Em Dia', atraso: 'Em Atraso', sem_plano: 'Sem Plano' };

/** The longest rejection reason: lawyer-review.server.ts's REJECTION_REASON_MAX_LENGTH (a test checks they agree). */
export const REJECTION_REASON_MAX_LENGTH = 500;

export const ADMIN_LAWYER_TEXTS = {
  statusUpdated: (status: 'approved' | 'rejected' | 'suspended') =>
    `Status do advogado atualizado para ${status === 'approved' ? 'aprovado' : status === 'rejected' ? 'rejeitado' : 'suspenso'}`,
  rechecked: 'Inscrição conferida de novo.',
  cnaRequired: 'Confirme que conferiu a inscrição no Cadastro Nacional dos Advogados.',
  statusError: 'Erro ao atualizar status do advogado',
  deleted: 'Advogado excluído com sucesso.',
  deleteError: 'Erro ao excluir advogado',
  invalidIntent: 'Ação inválida.',
  invalidLawyer: 'Advogado inválido.',
  deleteConfirmation: 'Confirme a exclusão do advogado.',
  reasonTooLong: `O motivo deve ter no máximo ${REJECTION_REASON_MAX_LENGTH} caracteres.`,
} as const;

export const ADMIN_LAWYER_INTENTS = ['aprovar', 'rejeitar', 'excluir', 'suspender', 'conferir'] as const;
export type AdminLawyerIntent = (typeof ADMIN_LAWYER_INTENTS)[number];

const lawyerId = z.string({ message: ADMIN_LAWYER_TEXTS.invalidLawyer }).regex(/^[A-Za-z0-9_-]{1,64}$/, ADMIN_LAWYER_TEXTS.invalidLawyer);

/**
 * The CNA confirmation of the approval and 'Conferir de novo' dialogs ('Conferi no Cadastro Nacional dos
 * Advogados: inscrição regular', decision 0061): the box must be ticked; the module checks it again.
 */
const cna = z.literal('sim', { message: ADMIN_LAWYER_TEXTS.cnaRequired });

/** The reason a rejection or a suspension may give, sent to the lawyer; empty is none. */
const optionalReason = z
  .string()
  .trim()
  .max(REJECTION_REASON_MAX_LENGTH, ADMIN_LAWYER_TEXTS.reasonTooLong)
  .optional()
  .transform((reason) => reason || undefined);

/** 'Aprovar' (also 'Reativar' of a suspended lawyer) and 'Rejeitar' of a row (the rejection's dialog may give a reason). */
export const approveLawyerSchema = z.object({ intent: z.literal('aprovar'), lawyerId, cna });
/** 'Conferir de novo' of an approved lawyer. */
export const recheckLawyerSchema = z.object({ intent: z.literal('conferir'), lawyerId, cna });
/** 'Suspender' of an approved lawyer, with an optional reason sent to them. */
export const suspendLawyerSchema = z.object({
  intent: z.literal('suspender'),
  lawyerId,
  motivo: optionalReason,
});
export const rejectLawyerSchema = z.object({
  intent: z.literal('rejeitar'),
  lawyerId,
  motivo: optionalReason,
});
// The dialog 'Excluir advogado?' sends `confirmacao=excluir`: a stray post deletes nothing.
export const deleteLawyerSchema = z.object({ intent: z.literal('excluir'), lawyerId, confirmacao: z.literal('excluir', { message: ADMIN_LAWYER_TEXTS.deleteConfirmation }) });

export const adminLawyerActionSchema = z.discriminatedUnion('intent', [approveLawyerSchema, rejectLawyerSchema, deleteLawyerSchema, suspendLawyerSchema, recheckLawyerSchema], {
  message: ADMIN_LAWYER_TEXTS.invalidIntent,
});
export type AdminLawyerAction = z.output<typeof adminLawyerActionSchema>;
