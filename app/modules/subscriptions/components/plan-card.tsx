import { Check, X } from '~/components/ui/icons';
import type { ReactNode } from 'react';
import type { Plan } from '~/domain/catalog/catalog';
import { planFeatures } from '../plan-features';
import { formatBrl } from '~/lib/format-number';


/**
 * One plan of the catalogue on /planos: name, monthly price in reais, what it includes, the spec's
 * 'Mais Popular' and 'Plano Atual' badges, and the action the viewer has (`children`).
 */
export function PlanCard({ plan, current, note, children }: { plan: Plan; current: boolean; note?: ReactNode; children?: ReactNode }) {
  const titleId = `plano-${plan.id}`;
  const highlighted = current || plan.popular;
  return (
    <li
      aria-labelledby={titleId}
      className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${highlighted ? 'border-brand-600 ring-2 ring-brand-600/30' : 'border-slate-200'}`}
    >
      <div className="flex flex-wrap gap-1.5 md:min-h-6">
        {plan.popular ? <span className="rounded-full bg-brand-700 px-2.5 py-1 text-xs font-semibold text-white">Mais Popular</span> : null}
        {current ? <span className="rounded-full bg-green-700 px-2.5 py-1 text-xs font-semibold text-white">Plano Atual</span> : null}
      </div>
      <h2 id={titleId} className="mt-3 text-xl font-bold text-slate-900">
        {plan.name}
      </h2>
      <p className="mt-3 text-slate-900">
        <span className="text-3xl font-extrabold">{formatBrl(plan.priceBrl)}</span>
        <span className="text-slate-600">/mês</span>
      </p>
      <ul className="mt-5 flex-1 space-y-2 text-sm">
        {planFeatures(plan).map((feature) => (
          <li key={feature.text} className={`flex items-start gap-2 ${feature.included ? 'text-slate-800' : 'text-slate-500'}`}>
            {feature.included ? (
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
            ) : (
              <X aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
            )}
            <span>
              {feature.included ? null : <span className="sr-only">Não inclui: </span>}
              {feature.text}
            </span>
          </li>
        ))}
      </ul>
      {note ? <div className="mt-4 text-sm">{note}</div> : null}
      <div className="mt-6">{children}</div>
    </li>
  );
}
