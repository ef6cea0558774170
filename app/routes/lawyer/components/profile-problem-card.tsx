import { CircleAlert } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { primaryButton, secondaryButton } from './area-styles';

/**
 * The area's error card 'Problema no Perfil': the message, 'Tentar Novamente' (loads the page again)
 * and, when the profile does not exist, 'Completar Perfil' (/completar-perfil creates it for the
 * signed-in user) and 'Refazer Cadastro'.
 */
export function ProfileProblemCard({ message, notFound }: { message: string; notFound: boolean }) {
  const location = useLocation();
  return (
    <div className="rounded-xl border border-red-200 bg-white p-6 shadow-sm">
      <h2 className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <CircleAlert aria-hidden="true" className="size-6 text-red-700" />
        Problema no Perfil
      </h2>
      <p className="mt-3 text-slate-800">{message}</p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        {/* A plain link: it works without JavaScript and runs the loader again. */}
        {notFound ? (
          <Link to="/completar-perfil" className={primaryButton}>
            Completar Perfil
          </Link>
        ) : null}
        <a href={`${location.pathname}${location.search}`} className={notFound ? secondaryButton : primaryButton}>
          Tentar Novamente
        </a>
        {notFound ? (
          <Link to="/registro-advogado" className={secondaryButton}>
            Refazer Cadastro
          </Link>
        ) : null}
      </div>
      <p className="mt-5 text-sm text-slate-600">Se o problema persistir, entre em contato com o suporte.</p>
    </div>
  );
}
