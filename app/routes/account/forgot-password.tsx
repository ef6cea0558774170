import { Form, Link, useNavigation } from 'react-router';
import { TextField } from '~/components/ui/text-field';
import { appErrorOrThrow, formError, keepRetryAfter } from '~/lib/app-error';
import { parseForm } from '~/lib/parse-form.server';
import { pageMeta } from '~/lib/seo';
import { EMAIL_MAX_LENGTH } from '~/modules/accounts/accounts.limits';
import { FORGOT_PASSWORD_DONE_MESSAGE, forgotPasswordSchema } from '~/modules/accounts/password-reset.schemas';
import { requestPasswordReset } from '~/modules/accounts/password-reset.server';
import type { Route } from './+types/forgot-password';
import { ErrorSummary } from '~/components/forms/error-summary';

// Open to everyone, a signed-in user included (docs/product-rules.md, "Password recovery").

export async function action({ request }: Route.ActionArgs) {
  const form = await parseForm(request, forgotPasswordSchema, { echo: { email: EMAIL_MAX_LENGTH } });
  if (!form.ok) return formError(form);
  try {
    await requestPasswordReset(form.data.email, request.headers);
  } catch (error) {
    return formError(form, appErrorOrThrow(error));
  }
  // The same answer whether or not the address has an account.
  return { errors: {}, message: FORGOT_PASSWORD_DONE_MESSAGE, values: form.values, sent: true };
}

// A blocked request (429) tells the browser when to try again; nothing here is kept by a cache.
export const headers: Route.HeadersFunction = (args) => {
  const headers = keepRetryAfter(args);
  headers.set('Cache-Control', 'no-store');
  return headers;
};

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: matches[0]?.loaderData.site,
    title: 'Esqueci minha senha',
    description: 'Receba por email um link para criar uma nova senha.',
    path: '/esqueci-senha',
    noindex: true,
  });

/** The form's fields in their order, as the error summary names them. */
const FORGOT_PASSWORD_FIELDS = [
  ['email', 'Email'],
] as const;

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formAction === '/esqueci-senha';
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const sent = Boolean(actionData && 'sent' in actionData && actionData.sent);
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Esqueci minha senha</h1>
        <p className="mt-2 text-slate-700">Informe o email da sua conta e enviaremos um link para você criar uma nova senha.</p>
        {sent ? (
          <p role="status" className="mt-5 rounded-md px-4 py-3 text-sm border border-green-200 bg-green-50 text-green-900">
            {actionData?.message}
          </p>
        ) : (
          <ErrorSummary errors={errors} message={actionData?.message} fields={FORGOT_PASSWORD_FIELDS} answer={actionData} className="mt-5" />
        )}
        <Form method="post" className="mt-6 space-y-5" noValidate>
          <TextField name="email" label="Email" type="email" autoComplete="email" required maxLength={EMAIL_MAX_LENGTH} defaultValue={actionData?.values.email} error={errors.email} />
          <button type="submit" disabled={sending} className="w-full rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-80">
            {sending ? 'Enviando...' : 'Enviar link de recuperação'}
          </button>
        </Form>
        <p className="mt-6 text-sm text-slate-700">
          O link vale por 1 hora. Lembrou a senha?{' '}
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            Voltar para o login
          </Link>
        </p>
      </div>
    </div>
  );
}
