import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './accounts.schemas';
import { newPasswordSchema } from './registration.schemas';

/** The texts of /bootstrap-superadmin (the spec's, section 8 "Superadmin", and ours where it is silent). */
/** What a signed-in user who is not a superadmin is told at the back office's door (section 8 "Superadmin"). */
export const NOT_A_SUPERADMIN_MESSAGE = 'Acesso não autorizado. Apenas superadmins podem acessar esta área.';

export const SUPERADMIN_CREATED_MESSAGE = 'Superadmin criado com sucesso! Agora você pode fazer login em /admin.';
export const SUPERADMIN_NOT_CREATED_MESSAGE = 'Erro ao criar superadmin';
export const BOOTSTRAP_SECRET_REQUIRED_MESSAGE = 'Já existe um superadmin: informe o segredo de bootstrap.';
export const BOOTSTRAP_SECRET_WRONG_MESSAGE = 'Segredo de bootstrap inválido.';
export const BOOTSTRAP_CLOSED_MESSAGE =
  'Já existe um superadmin e o segredo de bootstrap não está configurado no servidor: novos superadmins só podem ser criados pela linha de comando (npm run admin:create).';
export const SUPERADMIN_EMAIL_TAKEN_MESSAGE = 'Este email já está cadastrado. Use outro email.';

export const SUPERADMIN_NAME_MAX_LENGTH = 120;
export const BOOTSTRAP_SECRET_MAX_LENGTH = 256;

const email = z.string({ message: 'Email inválido' }).trim().max(EMAIL_MAX_LENGTH, 'Email inválido').toLowerCase().pipe(z.email('Email inválido'));

/** An optional name: empty is none (the e-mail's local part is used then). */
const nome = z
  .string()
  .trim()
  .max(SUPERADMIN_NAME_MAX_LENGTH, `Nome deve ter no máximo ${SUPERADMIN_NAME_MAX_LENGTH} caracteres`)
  .optional()
  .transform((value) => value || undefined);

/** A new superadmin's account, from the form or the command line: a new password follows the registration rules. */
export const newSuperadminSchema = z.object({ email, password: newPasswordSchema, nome });
export type NewSuperadminInput = z.output<typeof newSuperadminSchema>;

/** The /bootstrap-superadmin form: the account and the secret (empty when no superadmin exists yet). */
export const bootstrapSuperadminSchema = newSuperadminSchema.extend({
  bootstrap_secret: z
    .string()
    .max(BOOTSTRAP_SECRET_MAX_LENGTH, BOOTSTRAP_SECRET_WRONG_MESSAGE)
    .optional()
    .transform((value) => value || undefined),
});
export type BootstrapSuperadminInput = z.output<typeof bootstrapSuperadminSchema>;
