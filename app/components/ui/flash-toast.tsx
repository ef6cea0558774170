import { X } from '~/components/ui/icons';
import { useEffect, useState } from 'react';

/** One toast at a time (spec), announced politely, dismissible, gone after a few seconds. */
export function FlashToast({ message }: { message: string | null }) {
  const [visible, setVisible] = useState<string | null>(message);
  useEffect(() => {
    setVisible(message);
    if (!message) return;
    const timer = setTimeout(() => setVisible(null), 6000);
    return () => clearTimeout(timer);
  }, [message]);

  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {visible ? (
        <div className="pointer-events-auto flex max-w-md items-start gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg">
          <p>{visible}</p>
          <button type="button" onClick={() => setVisible(null)} aria-label="Fechar aviso" className="-m-1 rounded p-1 hover:bg-slate-700">
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
