import { Form, Link, useNavigation } from 'react-router';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { TextField } from '~/components/ui/text-field';
import { appErrorOrThrow, formError } from '~/lib/app-error';
import { parseForm } from '~/lib/parse-form.server';
import { pageMeta } from '~/lib/seo';
import { EMAIL_MAX_LENGTH } from '~/modules/accounts/accounts.limits';
import { readRegistrationEmail } from '~/modules/accounts/registration-cookie.server';
import { resendConfirmation } from '~/modules/accounts/registration.server';
import { z } from 'zod';
import type { Route } from './+types/verify-email';
import { ErrorSummary } from '~/components/forms/error-summary';

export const RESEND_DONE_MESSAGE = 'Se houver um cadastro aguardando confirmação com este email, enviamos um novo link.';

export function loader({ request }: Route.LoaderArgs) {
  return { email: readRegistrationEmail(request) };
}

const resendSchema = z.object({
  email: z.string({ message: 'Email inválido' }).trim().max(EMAIL_MAX_LENGTH, 'Email inválido').toLowerCase().pipe(z.email('Email inválido')),
});

export async function action({ request }: Route.ActionArgs) {
  const form = await parseForm(request, resendSchema, { echo: { email: EMAIL_MAX_LENGTH } });
  if (!form.ok) return formError(form);
  try {
    await resendConfirmation(form.data.email, request.headers.get(CLIENT_IP_HEADER) ?? 'unknown');
  } catch (error) {
    return formError(form, appErrorOrThrow(error));
  }
  // The same answer whether or not the address has a registration waiting.
  return { errors: {}, message: RESEND_DONE_MESSAGE, values: form.values, sent: true };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ site: matches[0]?.loaderData.site, title: 'Verifique seu email', description: 'Confirme seu email para ativar seu cadastro.', path: '/verificar-email', noindex: true });

/** The form's fields in their order, as the error summary names them. */
const RESEND_FIELDS = [
  ['email', 'Email do cadastro'],
] as const;

export default function VerifyEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formAction === '/verificar-email';
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const sent = Boolean(actionData && 'sent' in actionData && actionData.sent);
  return (
    <div className="mx-auto max-w-xl px-4 py-14">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <span className="inline-flex rounded-full bg-brand-50 p-3 text-brand-700">
          {/* Lucide's mail-check (ISC licence), here rather than in the shared icons every public page loads. */}
          <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className="size-7">
            <path d="M22 13V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v12c0 1.1.9 2 2 2h8" />
            <path d="m22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7" />
            <path d="m16 19 2 2 4-4" />
          </svg>
        </span>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Verifique seu email</h1>
        <p className="mt-3 text-slate-700">
          Enviamos um link de confirmação para{' '}
          {loaderData.email ? <strong className="break-all text-slate-900">{loaderData.email}</strong> : 'o email informado no cadastro'}.
        </p>
        <ul className="mt-5 list-disc space-y-2 pl-5 text-slate-700">
          <li>Clique no link do email para confirmar sua conta.</li>
          <li>Não encontrou? Verifique a caixa de spam ou lixo eletrônico.</li>
          <li>O link vale por 24 horas.</li>
        </ul>
        <p className="mt-5 rounded-md bg-brand-50 px-4 py-3 text-sm text-brand-900">
          Seu plano gratuito é ativado após a confirmação do email. Depois, nossa equipe verifica sua inscrição na OAB (24 a 48 horas úteis).
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/login" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
            Login
          </Link>
          <Link to="/registro-advogado" className="rounded-md border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">
            Voltar ao cadastro
          </Link>
        </div>

        <section aria-labelledby="reenviar" className="mt-8 border-t border-slate-200 pt-6">
          <h2 id="reenviar" className="font-semibold text-slate-900">
            Não recebeu o email?
          </h2>
          {sent ? (
            <p role="status" className="mt-3 rounded-md px-4 py-3 text-sm bg-green-50 text-green-900">
              {actionData?.message}
            </p>
          ) : (
            <ErrorSummary errors={errors} message={actionData?.message} fields={RESEND_FIELDS} answer={actionData} className="mt-3" />
          )}
          <Form method="post" className="mt-4 space-y-4" noValidate>
            <TextField name="email" label="Email do cadastro" type="email" autoComplete="email" required maxLength={EMAIL_MAX_LENGTH} defaultValue={actionData?.values.email ?? loaderData.email ?? ''} error={errors.email} />
            <button type="submit" disabled={sending} className="rounded-md border border-brand-700 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-80">
              {sending ? 'Enviando...' : 'Reenviar link de confirmação'}
            </button>
          </Form>
        </section>
      </div>
    </div>
  );
}
