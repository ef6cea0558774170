import { z } from 'zod';

/** The word a lawyer types to confirm deleting their account (any letter case, spaces around ignored). */
export const DELETE_CONFIRMATION_WORD = 'EXCLUIR';
export const DELETE_CONFIRMATION_MESSAGE = `Digite ${DELETE_CONFIRMATION_WORD} para confirmar a exclusão da conta.`;

/** The confirmation form of /area-advogado/excluir-conta: nothing is deleted unless the word matches. */
export const deleteAccountSchema = z.object({
  confirmacao: z
    .string({ message: DELETE_CONFIRMATION_MESSAGE })
    .max(100, DELETE_CONFIRMATION_MESSAGE)
    .trim()
    .refine((typed) => typed.toUpperCase() === DELETE_CONFIRMATION_WORD, DELETE_CONFIRMATION_MESSAGE),
});

export const ACCOUNT_DELETED_TOAST = 'Sua conta foi excluída. Enviamos uma confirmação para o seu e-mail.';
