import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * One figure of the lawyer's dashboard (a list item): its title and period, its icon, the figure in large
 * type and what is said under it. The three counters are h3; the cards under 'Funil e atendimento', h4.
 */
export function FigureCard({
  icon: Icon,
  title,
  period,
  heading: Heading = 'h3',
  value,
  className = '',
  children,
}: {
  icon: LucideIcon;
  title: string;
  period: string;
  heading?: 'h3' | 'h4';
  value?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li className={`rounded-xl border border-slate-200 bg-white p-6 shadow-sm ${className}`}>
      <div className="flex items-start justify-between gap-3">
        <div>
          <Heading className="font-semibold text-slate-900">{title}</Heading>
          <p className="text-sm text-slate-600">{period}</p>
        </div>
        <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </div>
      {value !== undefined ? <p className="mt-4 text-4xl font-bold text-slate-900">{value}</p> : null}
      {children}
    </li>
  );
}
