import type { ReactNode } from 'react';

/** The narrow page of the area's single cards (profile problem, superadmin notice), under the area's heading. */
export function AreaPageShell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="mb-6 text-3xl font-bold text-slate-900">Área do Advogado</h1>
      {children}
    </div>
  );
}
