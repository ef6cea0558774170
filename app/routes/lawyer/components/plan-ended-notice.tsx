import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { AreaPlan } from '~/modules/lawyers/lawyer-area.server';
import { primaryButton } from './area-styles';
import { formatLongDateSaoPaulo } from '~/lib/format-date';

/**
 * On every section of the area once the active paid plan has ended: which plan ended and when, and that
 * the account now has what gratuito gives (search order, notifications) until the lawyer renews.
 */
export function PlanEndedNotice({ plan }: { plan: AreaPlan }) {
  if (!plan.ended || !plan.active || !plan.endsAt) return null;
  return (
    <div className="mt-6 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-5 text-slate-900 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <span>
          <strong>
            Seu {plan.active.name} venceu em {formatLongDateSaoPaulo(plan.endsAt)}.
          </strong>{' '}
          Até a renovação, sua conta tem os recursos do {plan.effective.name} e deixa de aparecer em destaque na busca.
        </span>
      </p>
      <Link to="/planos" className={`${primaryButton} shrink-0`}>
        Renovar plano
      </Link>
    </div>
  );
}
