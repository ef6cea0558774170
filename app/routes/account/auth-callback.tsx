import { Link, redirect } from 'react-router';
import { getCurrentUser } from '~/auth/session.server';
import { AppError } from '~/lib/app-error';
import { flashToastCookie } from '~/lib/flash-toast.server';
import { pageMeta } from '~/lib/seo';
import { finaliseRegistration, NO_PENDING_REGISTRATION_CODE } from '~/modules/accounts/registration.server';
import type { Route } from './+types/auth-callback';

/**
 * Where the confirmation e-mail's link lands (/auth-callback and /auth/callback), after better-auth's
 * verify-email endpoint confirmed the address and signed the user in, or sent an error code. The
 * registration is finalised here (exactly once: finaliseRegistration), then the area takes over.
 */

const LINK_ERRORS: Record<string, string> = {
  TOKEN_EXPIRED: 'Este link de confirmação expirou.',
  INVALID_TOKEN: 'Este link de confirmação é inválido.',
  USER_NOT_FOUND: 'Não encontramos o cadastro deste link.',
  INVALID_USER: 'Este link pertence a outra conta. Saia da conta atual e abra o link novamente.',
};

export type CallbackState =
  | { state: 'link-error'; message: string }
  | { state: 'confirmed-signed-out' }
  | { state: 'missing-registration' }
  | { state: 'failed' };

export async function loader({ request }: Route.LoaderArgs): Promise<CallbackState> {
  const url = new URL(request.url);
  const error = url.searchParams.get('error');
  if (error) return { state: 'link-error', message: LINK_ERRORS[error] ?? 'Não foi possível confirmar este link.' };

  const user = await getCurrentUser(request);
  // Opened in another browser, or a second time after the address was confirmed: nothing to do here.
  if (!user) return { state: 'confirmed-signed-out' };
  if (user.lawyer || user.isSuperadmin) throw redirect('/area-advogado');
  try {
    await finaliseRegistration(user.id);
  } catch (cause) {
    if (cause instanceof AppError && cause.code === NO_PENDING_REGISTRATION_CODE) return { state: 'missing-registration' };
    console.error('Could not finalise a registration', cause);
    return { state: 'failed' };
  }
  throw redirect('/area-advogado', { headers: { 'Set-Cookie': flashToastCookie('Cadastro concluído!') } });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ site: matches[0]?.loaderData.site, title: 'Confirmação de cadastro', description: 'Confirmação do email do cadastro.', path: '/auth-callback', noindex: true });

export default function AuthCallbackPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm" role={loaderData.state === 'confirmed-signed-out' ? 'status' : 'alert'}>
        {loaderData.state === 'link-error' ? (
          <>
            <h1 className="text-2xl font-bold text-slate-900">Não foi possível confirmar</h1>
            <p className="mt-3 text-slate-700">{loaderData.message} Peça um novo link de confirmação abaixo.</p>
            <Link to="/verificar-email" className="mt-6 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
              Receber um novo link
            </Link>
          </>
        ) : loaderData.state === 'confirmed-signed-out' ? (
          <>
            <h1 className="text-2xl font-bold text-slate-900">Email confirmado</h1>
            <p className="mt-3 text-slate-700">Seu email já está confirmado. Entre com seu email e senha para continuar.</p>
            <Link to="/login" className="mt-6 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
              Entrar
            </Link>
          </>
        ) : loaderData.state === 'missing-registration' ? (
          <>
            <h1 className="text-2xl font-bold text-slate-900">Erro: Dados de cadastro não encontrados</h1>
            <p className="mt-3 text-slate-700">Não encontramos os dados do seu cadastro. Faça o cadastro novamente.</p>
            <Link to="/registro-advogado" className="mt-6 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
              Refazer Cadastro
            </Link>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold text-slate-900">Erro ao finalizar cadastro</h1>
            <p className="mt-3 text-slate-700">Tente abrir o link novamente em alguns instantes. Se o problema persistir, entre em contato com o suporte.</p>
            <Link to="/login" className="mt-6 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
              Entrar
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
