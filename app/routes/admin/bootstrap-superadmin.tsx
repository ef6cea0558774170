import { Form, redirect, useNavigation } from 'react-router';
import { clientIp } from '~/auth/auth.server';
import { TextField } from '~/components/ui/text-field';
import { appErrorOrThrow, formError } from '~/lib/app-error';
import { flashToastCookie } from '~/lib/flash-toast.server';
import { parseForm } from '~/lib/parse-form.server';
import { pageMeta } from '~/lib/seo';
import { EMAIL_MAX_LENGTH } from '~/modules/accounts/accounts.limits';
import { REGISTRATION_LIMITS } from '~/modules/accounts/accounts.limits';
import {
  BOOTSTRAP_SECRET_MAX_LENGTH,
  SUPERADMIN_CREATED_MESSAGE,
  SUPERADMIN_NAME_MAX_LENGTH,
  bootstrapSuperadminSchema,
} from '~/modules/accounts/superadmins.schemas';
import { bootstrapSuperadmin } from '~/modules/accounts/superadmins.server';
import type { Route } from './+types/bootstrap-superadmin';
import { BACK_OFFICE_HANDLE, backOfficeHeaders } from './back-office-headers';
import { EntranceCard, entranceButton } from './components/entrance-card';
import { ErrorSummary } from '~/components/forms/error-summary';

/**
 * /bootstrap-superadmin (docs/product-rules.md, "Back office"; docs/decisions/0018): the first superadmin
 * needs no secret, every later one the server's BOOTSTRAP_SECRET. The form is never prefilled; after an
 * error only the e-mail and the name come back, never the password or the secret.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await parseForm(request, bootstrapSuperadminSchema, { echo: { email: EMAIL_MAX_LENGTH, nome: SUPERADMIN_NAME_MAX_LENGTH } });
  if (!form.ok) return formError(form);
  try {
    await bootstrapSuperadmin(form.data, { ip: clientIp(request.headers) });
  } catch (error) {
    return formError(form, appErrorOrThrow(error));
  }
  throw redirect('/admin', { headers: { 'Set-Cookie': flashToastCookie(SUPERADMIN_CREATED_MESSAGE) } });
}

export const headers: Route.HeadersFunction = backOfficeHeaders;

export const handle = BACK_OFFICE_HANDLE;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: matches[0]?.loaderData.site,
    title: 'Criar superadmin',
    description: 'Criação de contas de superadministrador.',
    path: '/bootstrap-superadmin',
    noindex: true,
  });

/** The form's fields in their order, as the error summary names them. */
const BOOTSTRAP_FIELDS = [
  ['email', 'Email'],
  ['password', 'Senha'],
  ['nome', 'Nome'],
  ['bootstrap_secret', 'Segredo de bootstrap'],
] as const;

export default function BootstrapSuperadminPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== 'idle' && navigation.formAction === '/bootstrap-superadmin';
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  // The refusal of a field (the secret, the e-mail) is said beside it, the summary linking to it; anything
  // else is the summary's message.
  const message = actionData?.message && !Object.values(errors).includes(actionData.message) ? actionData.message : null;
  return (
    <EntranceCard title="Criar superadmin" subtitle="Contas de superadministrador da plataforma">
      <p className="mt-5 rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800">
        O segredo de bootstrap é desnecessário quando ainda não existe nenhum superadmin, e obrigatório quando já existe um.
      </p>
      <ErrorSummary errors={errors} message={message} fields={BOOTSTRAP_FIELDS} answer={actionData} className="mt-5" />
      <Form method="post" className="mt-6 space-y-5" noValidate autoComplete="off">
        <TextField name="email" label="Email" type="email" autoComplete="off" required maxLength={EMAIL_MAX_LENGTH} defaultValue={actionData?.values.email} error={errors.email} />
        <TextField
          name="password"
          label="Senha"
          type="password"
          autoComplete="new-password"
          required
          minLength={REGISTRATION_LIMITS.password.min}
          maxLength={REGISTRATION_LIMITS.password.max}
          hint="Pelo menos 8 caracteres; evite senhas comuns."
          error={errors.password}
        />
        <TextField name="nome" label="Nome (opcional)" autoComplete="off" maxLength={SUPERADMIN_NAME_MAX_LENGTH} defaultValue={actionData?.values.nome} error={errors.nome} />
        <TextField
          name="bootstrap_secret"
          label="Segredo de bootstrap"
          type="password"
          autoComplete="off"
          maxLength={BOOTSTRAP_SECRET_MAX_LENGTH}
          hint="Deixe em branco ao criar o primeiro superadmin."
          error={errors.bootstrap_secret}
        />
        <button type="submit" disabled={submitting} className={entranceButton}>
          {submitting ? 'Criando...' : 'Criar superadmin'}
        </button>
      </Form>
    </EntranceCard>
  );
}
