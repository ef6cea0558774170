import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { TextField } from '~/components/ui/text-field';
import { appErrorOrThrow, formError, keepRetryAfter } from '~/lib/app-error';
import { flashToastCookie } from '~/lib/flash-toast.server';
import { parseForm } from '~/lib/parse-form.server';
import { pageMeta } from '~/lib/seo';
import { clearSessionCookies } from '~/modules/accounts/login.server';
import { PASSWORD_RESET_DONE_MESSAGE, RESET_LINK_DEAD_MESSAGE, resetPasswordSchema } from '~/modules/accounts/password-reset.schemas';
import { isResetLinkUsable, RESET_LINK_DEAD_CODE, resetPassword } from '~/modules/accounts/password-reset.server';
import { REGISTRATION_LIMITS } from '~/modules/accounts/accounts.limits';
import type { Route } from './+types/reset-password';
import { ErrorSummary } from '~/components/forms/error-summary';

/**
 * Where the reset e-mail's link lands: /recuperar-senha?token=…. The link is checked when the page
 * opens (without spending it), so a dead one gets the way to ask for a new one instead of a form.
 * The token stays out of other sites' referrers (meta below), caches (no-store; never a public page) and the
 * request log (server/request-log.ts redacts it).
 */

function tokenOf(request: Request): string | null {
  return new URL(request.url).searchParams.get('token');
}

export async function loader({ request }: Route.LoaderArgs) {
  return { linkUsable: await isResetLinkUsable(tokenOf(request)) };
}

const deadLink = () => data({ errors: {}, message: RESET_LINK_DEAD_MESSAGE, values: {}, deadLink: true as const }, { status: 400 });

export async function action({ request }: Route.ActionArgs) {
  const token = tokenOf(request);
  const form = await parseForm(request, resetPasswordSchema);
  if (!form.ok) return (await isResetLinkUsable(token)) ? formError(form) : deadLink();
  try {
    await resetPassword(token ?? '', form.data.password, request.headers);
  } catch (error) {
    const refusal = appErrorOrThrow(error);
    return refusal.code === RESET_LINK_DEAD_CODE ? deadLink() : formError(form, refusal);
  }
  // Every session of the user is gone: this browser's cookie too, if it had one.
  const headers = new Headers();
  for (const cookie of await clearSessionCookies()) headers.append('Set-Cookie', cookie);
  headers.append('Set-Cookie', flashToastCookie(PASSWORD_RESET_DONE_MESSAGE));
  throw redirect('/login', { headers });
}

// A blocked submission (429) tells the browser when to try again; a page with a token is never cached.
export const headers: Route.HeadersFunction = (args) => {
  const headers = keepRetryAfter(args);
  headers.set('Cache-Control', 'no-store');
  return headers;
};

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    site: matches[0]?.loaderData.site,
    title: 'Redefinir senha',
    description: 'Escolha uma nova senha para a sua conta.',
    path: '/recuperar-senha',
    noindex: true,
  }),
  // The URL holds the token: only this site's own requests carry it as a referrer (the request log
  // redacts it). Not 'no-referrer': that makes a browser send `Origin: null` on the page's own form
  // post, which server/request-body.ts refuses as cross-site.
  { name: 'referrer', content: 'same-origin' },
];

/** The form's fields in their order, as the error summary names them. */
const RESET_PASSWORD_FIELDS = [
  ['password', 'Nova senha'],
  ['confirmarSenha', 'Confirmar nova senha'],
] as const;

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && (navigation.formAction ?? '').startsWith('/recuperar-senha');
  if (!loaderData.linkUsable || (actionData && 'deadLink' in actionData)) return <DeadLink />;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Redefinir senha</h1>
        <p className="mt-2 text-slate-700">Escolha uma nova senha para a sua conta. Ao salvar, todas as sessões abertas com a senha antiga são encerradas.</p>
        <ErrorSummary errors={errors} message={actionData?.message} fields={RESET_PASSWORD_FIELDS} answer={actionData} className="mt-5" />
        <Form method="post" className="mt-6 space-y-5" noValidate>
          <TextField
            name="password"
            label="Nova senha"
            type="password"
            autoComplete="new-password"
            required
            maxLength={REGISTRATION_LIMITS.password.max}
            error={errors.password}
          />
          <TextField
            name="confirmarSenha"
            label="Confirmar nova senha"
            type="password"
            autoComplete="new-password"
            required
            maxLength={REGISTRATION_LIMITS.password.max}
            error={errors.confirmarSenha}
          />
          <p className="text-sm text-slate-600">Use pelo menos 8 caracteres e evite senhas comuns.</p>
          <button type="submit" disabled={submitting} className="w-full rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-80">
            {submitting ? 'Redefinindo...' : 'Redefinir senha'}
          </button>
        </Form>
        <p className="mt-6 text-sm">
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            Voltar para o login
          </Link>
        </p>
      </div>
    </div>
  );
}

function DeadLink() {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Link inválido ou expirado</h1>
        <p role="alert" className="mt-4 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {RESET_LINK_DEAD_MESSAGE}
        </p>
        <p className="mt-4 text-slate-700">Peça um novo link: ele chega no seu email, vale por 1 hora e só pode ser usado uma vez.</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/esqueci-senha" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
            Solicitar novo link
          </Link>
          <Link to="/login" className="rounded-md border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">
            Voltar para o login
          </Link>
        </div>
      </div>
    </div>
  );
}
