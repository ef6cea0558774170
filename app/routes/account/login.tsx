import { Form, Link, redirect, useNavigation } from 'react-router';
import { z } from 'zod';
import { rejectedLawyerSupport } from '~/modules/content/site-details.server';
import { getCurrentUser } from '~/auth/session.server';
import { TextField } from '~/components/ui/text-field';
import { appErrorOrThrow, formError, keepRetryAfter } from '~/lib/app-error';
import { flashToastCookie } from '~/lib/flash-toast.server';
import { parseForm } from '~/lib/parse-form.server';
import { pageMeta } from '~/lib/seo';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '~/modules/accounts/accounts.limits';
import { loginSchema } from '~/modules/accounts/accounts.schemas';
import { signInWithPassword } from '~/modules/accounts/login.server';
import type { Route } from './+types/login';
import { ErrorSummary } from '~/components/forms/error-summary';

/** `?conta=rejeitada`: the lawyer area sent a rejected lawyer here (rejected-lawyer.server.ts); anything else is nothing. */
const loginQuerySchema = z.object({ conta: z.enum(['rejeitada']).optional().catch(undefined) });

export async function loader({ request }: Route.LoaderArgs) {
  if (await getCurrentUser(request)) throw redirect('/area-advogado');
  const { conta } = loginQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  // After a rejection, the support contact (SUPPORT_EMAIL, SUPPORT_WHATSAPP), which the toast only mentions.
  return { rejectedSupport: conta === 'rejeitada' ? rejectedLawyerSupport() : null };
}

export async function action({ request }: Route.ActionArgs) {
  // The e-mail is shown again capped at the longest the schema accepts; the password never is.
  const form = await parseForm(request, loginSchema, { echo: { email: EMAIL_MAX_LENGTH } });
  if (!form.ok) return formError(form);
  let signedIn;
  try {
    signedIn = await signInWithPassword(form.data, request.headers);
  } catch (error) {
    return formError(form, appErrorOrThrow(error));
  }
  const headers = new Headers();
  for (const cookie of signedIn.setCookies) headers.append('Set-Cookie', cookie);
  headers.append('Set-Cookie', flashToastCookie('Login realizado com sucesso!'));
  throw redirect('/area-advogado', { headers });
}

// A blocked sign-in (429) tells the browser when to try again.
export const headers: Route.HeadersFunction = keepRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ site: matches[0]?.loaderData.site, title: 'Área do Advogado — Entrar', description: 'Entre na sua área exclusiva de advogado.', path: '/login', noindex: true });

/** The form's fields in their order, as the error summary names them. */
const LOGIN_FIELDS = [
  ['email', 'Email'],
  ['password', 'Senha'],
] as const;

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && navigation.formAction === '/login';
  const errors = actionData?.errors ?? {};
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Área do Advogado</h1>
        <p className="mt-2 text-slate-700">Faça login para acessar sua área exclusiva</p>
        {loaderData?.rejectedSupport ? <RejectedSupport support={loaderData.rejectedSupport} /> : null}
        <ErrorSummary errors={errors} message={actionData?.message} fields={LOGIN_FIELDS} answer={actionData} className="mt-5" />
        <Form method="post" className="mt-6 space-y-5" noValidate>
          <TextField name="email" label="Email" type="email" autoComplete="email" required maxLength={EMAIL_MAX_LENGTH} defaultValue={actionData?.values.email} error={errors.email} />
          <TextField name="password" label="Senha" type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX_LENGTH} error={errors.password} />
          <button type="submit" disabled={submitting} className="w-full rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-80">
            {submitting ? 'Entrando...' : 'Entrar'}
          </button>
        </Form>
        <div className="mt-6 flex flex-col gap-2 text-sm">
          <Link to="/esqueci-senha" className="font-medium text-brand-700 hover:underline">
            Esqueci minha senha?
          </Link>
          <p className="text-slate-700">
            Ainda não tem conta?{' '}
            <Link to="/registro-advogado" className="font-medium text-brand-700 hover:underline">
              Cadastre-se aqui
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}

/** What a lawyer whose registration was rejected reads on /login: the support contact to ask why. */
function RejectedSupport({ support }: { support: { email: string; whatsapp: { text: string; href: string } | null } }) {
  return (
    <section aria-labelledby="conta-rejeitada" className="mt-5 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-800">
      <h2 id="conta-rejeitada" className="font-semibold text-slate-900">
        Sua conta foi rejeitada
      </h2>
      <p className="mt-1 text-sm">Entre em contato com o suporte para mais informações:</p>
      <ul className="mt-2 space-y-1 text-sm">
        <li>
          E-mail:{' '}
          <a href={`mailto:${support.email}`} className="font-medium break-all text-brand-700 underline hover:text-brand-800">
            {support.email}
          </a>
        </li>
        {support.whatsapp ? (
          <li>
            WhatsApp:{' '}
            <a href={support.whatsapp.href} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline hover:text-brand-800">
              {support.whatsapp.text}
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
