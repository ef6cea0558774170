import { X } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { CrmToastContext, type ShowToast } from './crm-post';

interface Shown {
  message: string;
  error: boolean;
  /** A new toast with the same text still shows (and restarts its timer). */
  id: number;
}

/**
 * The board's toasts (the spec's CRM messages): one at a time, where the layout's own toast appears and
 * looking like it, announced politely, dismissible, gone after a few seconds. The board's own rather than
 * the layout's: sharing the layout's would put its code in the chunk of every public page.
 */
export function CrmToastProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const show: ShowToast = useCallback((message, tone = 'success') => setShown((previous) => ({ message, error: tone === 'error', id: (previous?.id ?? 0) + 1 })), []);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), 6000);
    return () => clearTimeout(timer);
  }, [shown]);

  return (
    <CrmToastContext.Provider value={show}>
      {children}
      <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
        {shown ? (
          <div
            key={shown.id}
            className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-lg border bg-white px-4 py-3 text-sm font-medium text-slate-900 shadow-xl ${shown.error ? 'border-l-4 border-red-700' : 'border-l-4 border-green-700'}`}
          >
            <p>{shown.message}</p>
            <button type="button" onClick={() => setShown(null)} aria-label="Fechar aviso" className="-m-1 rounded p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900">
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        ) : null}
      </div>
    </CrmToastContext.Provider>
  );
}
