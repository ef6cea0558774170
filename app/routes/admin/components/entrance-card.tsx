import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';

/** The frame of the back office's entrance pages (/admin, /bootstrap-superadmin): a centred card. */
export function EntranceCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <main id="conteudo" className="flex min-h-screen items-start justify-center bg-slate-100 px-4 py-12 sm:items-center">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex items-center gap-3">
          <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-800">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </span>
          <div>
            <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
            <p className="text-sm text-slate-700">{subtitle}</p>
          </div>
        </div>
        {children}
      </div>
    </main>
  );
}

export const entranceButton = 'w-full rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-80';
