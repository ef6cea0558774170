import { useEffect, useState } from 'react';
import { X } from './icons';

/**
 * One toast at a time, announced politely, dismissible, gone after a few seconds (on a page rendered on
 * the server only, by its script from the data attributes: app/browser/public-pages.ts).
 */
export function FlashToast({ message }: { message: string | null }) {
  const [dismissed, setDismissed] = useState<string | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setDismissed(message), 6000);
    return () => clearTimeout(timer);
  }, [message]);
  const visible = message && message !== dismissed ? message : null;

  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {visible ? (
        <div data-toast="" className="pointer-events-auto flex max-w-md items-start gap-3 rounded-lg border border-slate-300 bg-white px-4 py-3 text-sm font-medium text-slate-900 shadow-xl">
          <p>{visible}</p>
          <button type="button" onClick={() => setDismissed(visible)} data-toast-close="" aria-label="Fechar aviso" className="-m-1 rounded p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900">
            <X className="size-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
