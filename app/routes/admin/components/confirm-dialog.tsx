import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { UrlDialog } from '~/components/ui/url-dialog';

/**
 * A confirmation asked for by the page's URL (`?excluir=<id>`): the URL dialog as an alertdialog
 * (app/components/ui/url-dialog.tsx): open without JavaScript, modal with it, 'Cancelar' goes to `closeTo`.
 */
export function ConfirmDialog({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  return (
    <UrlDialog title={title} closeTo={closeTo} role="alertdialog">
      {children}
    </UrlDialog>
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
