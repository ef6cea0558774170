import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';

/**
 * A confirmation asked for by the page's URL (`?excluir=<id>`): a native <dialog> the server renders
 * open, so it works without JavaScript (its 'Cancelar' is a link back to `closeTo`). With JavaScript it
 * becomes modal (focus inside, the page behind inert, Escape closes), and closing it goes to `closeTo`.
 */
export function ConfirmDialog({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const navigate = useNavigate();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.matches(':modal')) {
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    // The close event of the server's open dialog, closed just above, arrives while it is open again as
    // a modal: only a close that leaves it closed (Escape) is the user's.
    const onClose = () => {
      if (!dialog.open) void navigate(closeTo, { replace: true, preventScrollReset: true });
    };
    dialog.addEventListener('close', onClose);
    return () => dialog.removeEventListener('close', onClose);
  }, [closeTo, navigate]);

  return (
    <dialog
      ref={ref}
      open
      role="alertdialog"
      aria-labelledby={titleId}
      className="fixed inset-0 z-50 m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60"
    >
      <div className="space-y-4 px-5 py-5">
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}

/** The dialog's way out: a link, so it works without JavaScript. */
export function CancelLink({ to }: { to: string }) {
  return (
    <Link to={to} replace preventScrollReset className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
      Cancelar
    </Link>
  );
}
