import { ChevronLeft, ChevronRight, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';

// The links every back-office list shares: 'Atualizar' (the same URL again) and the pager.

const outlineLink = 'inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50';
const pagerLink = 'inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50';

/** 'Atualizar': loads `to` (the page as it is) again. */
export function RefreshLink({ to, label = 'Atualizar', reloadDocument }: { to: string; label?: string; reloadDocument?: boolean }) {
  return (
    <Link to={to} reloadDocument={reloadDocument} className={outlineLink}>
      <RefreshCw aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}

export interface PageLink {
  to: string;
  label: string;
}

/** The 'Paginação' landmark: a link back and a link on, either left out; nothing when both are. */
export function Pager({ previous, next }: { previous?: PageLink | null; next?: PageLink | null }) {
  if (!previous && !next) return null;
  return (
    <nav aria-label="Paginação" className="flex flex-wrap items-center justify-between gap-3">
      {previous ? (
        <Link to={previous.to} className={pagerLink}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {previous.label}
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={next.to} className={pagerLink}>
          {next.label}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
