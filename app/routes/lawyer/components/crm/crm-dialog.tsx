import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface CrmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** A line under the title, tied to the dialog as its description. */
  description?: string;
  children: ReactNode;
  /** Wider dialogs for forms with two columns. */
  size?: 'md' | 'lg';
}

/**
 * A native <dialog>: opened with showModal() (focus moves in and stays in, the page behind is inert,
 * Escape closes), labelled by its title, and focus goes back to what opened it when it closes.
 *
 * Without JavaScript the server renders it with the `open` attribute (the page's URL or a failed post
 * asked for it), as a plain panel over the board whose 'Fechar' is a link back to the board.
 */
export function CrmDialog({ open, onClose, title, description, children, size = 'md' }: CrmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // The attribute as the server rendered it; after that the dialog is opened and closed by hand.
  const [openOnServer] = useState(open);
  const opener = useRef<Element | null>(null);
  // Closed because the page said so (another dialog took over): not reported back as the user's close.
  const closedByProp = useRef(false);
  const latestOnClose = useRef(onClose);
  useEffect(() => {
    latestOnClose.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.matches(':modal')) {
      opener.current = document.activeElement === document.body ? null : document.activeElement;
      // Rendered open by the server (no JavaScript then): reopened as a modal now that there is.
      if (dialog.open) dialog.close();
      dialog.showModal();
    } else if (!open && dialog.open) {
      closedByProp.current = true;
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handleClose = () => {
      const back = opener.current;
      opener.current = null;
      if (closedByProp.current) closedByProp.current = false;
      else latestOnClose.current();
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
    dialog.addEventListener('close', handleClose);
    return () => dialog.removeEventListener('close', handleClose);
  }, []);

  const width = size === 'lg' ? 'max-w-2xl' : 'max-w-lg';
  return (
    <dialog
      ref={ref}
      open={openOnServer}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={`fixed inset-0 z-50 m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${width} overflow-y-auto rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60`}
    >
      <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-slate-200 bg-white px-5 py-4">
        <div>
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className="mt-1 text-sm text-slate-600">
              {description}
            </p>
          ) : null}
        </div>
        <CloseButton onClose={() => ref.current?.close()} />
      </div>
      <div className="px-5 py-5">{children}</div>
    </dialog>
  );
}

/**
 * A button that closes the dialog with JavaScript and, without it, goes back to the board (a GET form
 * to /area-advogado?section=crm): 'Fechar' and 'Cancelar' work either way.
 */
export function DialogDismissButton({ onDismiss, className, label, children }: { onDismiss: () => void; className: string; label?: string; children: ReactNode }) {
  return (
    <form
      method="get"
      action="/area-advogado"
      onSubmit={(event) => {
        event.preventDefault();
        onDismiss();
      }}
    >
      <input type="hidden" name="section" value="crm" />
      <button type="submit" aria-label={label} className={className}>
        {children}
      </button>
    </form>
  );
}

function CloseButton({ onClose }: { onClose: () => void }) {
  return (
    <DialogDismissButton onDismiss={onClose} label="Fechar" className="-m-1 shrink-0 rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900">
      <X aria-hidden="true" className="size-5" />
    </DialogDismissButton>
  );
}
