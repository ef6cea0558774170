import { ShieldCheck } from 'lucide-react';
import { Form } from 'react-router';
import { primaryButton } from './area-styles';

/**
 * A superadmin without a lawyer profile who reached the lawyer area (the login leads every user here).
 * The back office (/admin) is not built yet, so the page says so instead of showing a profile error.
 */
export function SuperadminNotice() {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <ShieldCheck aria-hidden="true" className="size-6 text-brand-700" />
        Conta de superadmin
      </h2>
      <p className="mt-3 text-slate-800">Você entrou com uma conta de superadmin, que não tem perfil de advogado.</p>
      <p className="mt-2 text-slate-800">O painel administrativo ainda não está disponível nesta versão da plataforma.</p>
      <Form method="post" action="/logout" className="mt-5">
        <button type="submit" className={primaryButton}>
          Sair da conta
        </button>
      </Form>
    </div>
  );
}
