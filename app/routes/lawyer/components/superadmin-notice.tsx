import { ShieldCheck } from 'lucide-react';
import { Form, Link } from 'react-router';
import { primaryButton, secondaryButton } from './area-styles';

/**
 * A superadmin without a lawyer profile who reached the lawyer area (the login leads every user here):
 * the page points to the back office instead of showing a profile error.
 */
export function SuperadminNotice() {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <ShieldCheck aria-hidden="true" className="size-6 text-brand-700" />
        Conta de superadmin
      </h2>
      <p className="mt-3 text-slate-800">Você entrou com uma conta de superadmin, que não tem perfil de advogado.</p>
      <p className="mt-2 text-slate-800">O painel administrativo fica na Área Superadmin.</p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Link to="/admin/dashboard" className={primaryButton}>
          Ir para a Área Superadmin
        </Link>
        <Form method="post" action="/logout">
          <button type="submit" className={secondaryButton}>
            Sair da conta
          </button>
        </Form>
      </div>
    </div>
  );
}
