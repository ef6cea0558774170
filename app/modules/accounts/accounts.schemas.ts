import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './accounts.limits';

export { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './accounts.limits';

/** The login form (docs/product-rules.md, Limits): the server re-validates what the browser checked. */
export const loginSchema = z.object({
  email: z
    .string({ message: 'Email inválido' })
    .trim()
    .max(EMAIL_MAX_LENGTH, 'Email inválido')
    .toLowerCase()
    .pipe(z.email('Email inválido')),
  password: z
    .string({ message: 'A senha deve ter pelo menos 6 caracteres' })
    .min(6, 'A senha deve ter pelo menos 6 caracteres')
    .max(PASSWORD_MAX_LENGTH, 'Senha muito longa'),
});
export type LoginInput = z.infer<typeof loginSchema>;
