import { Form, redirect, useNavigation } from 'react-router';
import { getCurrentUser } from '~/auth/session.server';
import { TextField } from '~/components/ui/text-field';
import { appErrorOrThrow, formError } from '~/lib/app-error';
import { flashToastCookie } from '~/lib/flash-toast.server';
import { parseForm } from '~/lib/parse-form.server';
import { pageMeta } from '~/lib/seo';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '~/modules/accounts/accounts.limits';
import { loginSchema } from '~/modules/accounts/accounts.schemas';
import { NOT_A_SUPERADMIN_CODE, signInAsSuperadmin } from '~/modules/accounts/superadmin-login.server';
import type { Route } from './+types/admin-login';
import { BACK_OFFICE_HANDLE, backOfficeHeaders } from './back-office-headers';
import { EntranceCard, entranceButton } from './components/entrance-card';
import { ErrorSummary } from '~/components/forms/error-summary';

/**
 * /admin, the superadmins' entrance (docs/product-rules.md, "Back office"): the login's machinery (throttle,
 * messages), then the superadmin check; anyone else is signed out at once with the spec's message.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if ((await getCurrentUser(request))?.isSuperadmin) throw redirect('/admin/dashboard');
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const form = await parseForm(request, loginSchema, { echo: { email: EMAIL_MAX_LENGTH } });
  if (!form.ok) return formError(form);
  let signedIn;
  try {
    signedIn = await signInAsSuperadmin(form.data, request.headers);
  } catch (error) {
    const refusal = appErrorOrThrow(error);
    if (refusal.code !== NOT_A_SUPERADMIN_CODE) return formError(form, refusal);
    // Not a superadmin: signed out (the refusal's cookies clear the session) and back to /admin with the message.
    throw redirect('/admin', { headers: cookieHeaders([...(refusal.setCookies ?? []), flashToastCookie(refusal.message)]) });
  }
  throw redirect('/admin/dashboard', { headers: cookieHeaders([...signedIn.setCookies, flashToastCookie('Login realizado com sucesso!')]) });
}

function cookieHeaders(cookies: readonly string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return headers;
}

export const headers: Route.HeadersFunction = backOfficeHeaders;

export const handle = BACK_OFFICE_HANDLE;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ site: matches[0]?.loaderData.site, title: 'Área Superadmin', description: 'Acesso restrito para superadministradores.', path: '/admin', noindex: true });

/** The form's fields in their order, as the error summary names them. */
const ADMIN_LOGIN_FIELDS = [
  ['email', 'Email'],
  ['password', 'Senha'],
] as const;

export default function AdminLoginPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== 'idle' && navigation.formAction === '/admin';
  const errors = actionData?.errors ?? {};
  return (
    <EntranceCard title="Área Superadmin" subtitle="Acesso restrito para superadministradores">
      <ErrorSummary errors={actionData?.errors} message={actionData?.message} fields={ADMIN_LOGIN_FIELDS} answer={actionData} className="mt-5" />
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <TextField name="email" label="Email" type="email" autoComplete="username" required maxLength={EMAIL_MAX_LENGTH} defaultValue={actionData?.values.email} error={errors.email} />
        <TextField name="password" label="Senha" type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX_LENGTH} error={errors.password} />
        <button type="submit" disabled={submitting} className={entranceButton}>
          {submitting ? 'Entrando...' : 'Entrar'}
        </button>
      </Form>
    </EntranceCard>
  );
}
