import { z } from 'zod';

/** The login form (spec part 1 §5): the server re-validates what the browser checked. */
export const loginSchema = z.object({
  email: z.string({ message: 'Email inválido' }).trim().toLowerCase().pipe(z.email('Email inválido')),
  password: z.string({ message: 'A senha deve ter pelo menos 6 caracteres' }).min(6, 'A senha deve ter pelo menos 6 caracteres').max(128, 'Senha muito longa'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The first message of each field, for showing beside it. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] ??= issue.message;
  }
  return out;
}
