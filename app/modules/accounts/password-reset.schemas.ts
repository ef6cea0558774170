import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './accounts.schemas';
import { NEW_PASSWORD_MESSAGES, REGISTRATION_LIMITS, newPasswordSchema, PASSWORD_PAIR_CHECK, passwordsMatch } from './registration.schemas';

/** Password recovery (docs/product-rules.md, "Password recovery"): how long a link works. */
export const PASSWORD_RESET_LINK_SECONDS = 60 * 60;

/** better-auth's prefix of the verification rows of password-reset links (app/auth/auth.server.ts re-exports it). */
export const RESET_IDENTIFIER_PREFIX = 'reset-password:';

/** What the recovery pages say (the spec's texts, and the dead-link message). */
export const FORGOT_PASSWORD_DONE_MESSAGE = 'Se o e-mail estiver cadastrado, você receberá instruções para redefinir sua senha.';
export const FORGOT_PASSWORD_FAILED_MESSAGE = 'Erro ao solicitar recuperação de senha';
export const PASSWORD_RESET_DONE_MESSAGE = 'Senha redefinida com sucesso! Faça login com sua nova senha.';
export const PASSWORD_RESET_FAILED_MESSAGE = 'Erro ao redefinir senha';
export const RESET_LINK_DEAD_MESSAGE = 'Este link de redefinição de senha é inválido, já foi usado ou expirou.';

/** Requests per client IP and per address, and new-password submissions per client IP, per hour. */
export const PASSWORD_RESET_LIMITS_PER_HOUR = { requestsPerIp: 10, requestsPerAddress: 3, resetsPerIp: 20 } as const;

/** /esqueci-senha: the address of the account. */
export const forgotPasswordSchema = z.object({
  email: z.string({ message: 'Email inválido' }).trim().max(EMAIL_MAX_LENGTH, 'Email inválido').toLowerCase().pipe(z.email('Email inválido')),
});
export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;

/** /recuperar-senha: the new password twice (the token comes from the link's URL, not from the form). */
export const resetPasswordSchema = z
  .object({
    password: newPasswordSchema,
    confirmarSenha: z.string({ message: NEW_PASSWORD_MESSAGES.mismatch }).max(REGISTRATION_LIMITS.password.max, NEW_PASSWORD_MESSAGES.mismatch),
  })
  .refine(passwordsMatch, PASSWORD_PAIR_CHECK);
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;

/** The shape of better-auth's reset tokens (24 letters and digits), with room to spare; anything else is no link at all. */
const RESET_TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** The token of a `?token=` value, or null when it cannot be one (missing, too long, odd characters). */
export function resetTokenFrom(value: string | null | undefined): string | null {
  return value && RESET_TOKEN.test(value) ? value : null;
}
