import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

/**
 * A dialog opened by the page's URL (`?excluir=<id>`, `?processo=<id>`): a native <dialog> the server
 * renders open, so it works without JavaScript (its way out is a link back to `closeTo`). With
 * JavaScript it becomes modal (focus inside, the page behind inert, Escape closes), and closing it goes
 * to `closeTo`. `role`: 'alertdialog' for a confirmation, 'dialog' otherwise.
 */
export function UrlDialog({
  title,
  closeTo,
  role = 'dialog',
  className = 'max-w-md',
  children,
}: {
  title: ReactNode;
  closeTo: string;
  role?: 'dialog' | 'alertdialog';
  /** The width (Tailwind classes): max-w-md by default. */
  className?: string;
  children: ReactNode;
}) {
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
      role={role}
      aria-labelledby={titleId}
      className={`fixed inset-0 z-50 m-auto max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60 ${className}`}
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
