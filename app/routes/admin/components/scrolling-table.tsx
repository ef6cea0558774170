import type { ReactNode } from 'react';

/** A table that scrolls sideways inside itself on a phone (a focusable region, so the keyboard can scroll it). */
export function ScrollingTable({ label, caption, minWidth, footer, children }: { label: string; caption: string; minWidth: string; footer?: ReactNode; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className={`w-full ${minWidth} divide-y divide-slate-200`}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
      {footer}
    </div>
  );
}
