import { Wallet } from 'lucide-react';
import { Link } from 'react-router';
import type { AreaSection } from '~/modules/lawyers/lawyer-area.server';
import { NO_CHARGE_YET } from '~/modules/subscriptions/plan-texts';
import { primaryButton } from './area-styles';

type NoticeSection = Exclude<AreaSection, 'dashboard' | 'perfil' | 'crm' | 'monitoramento'>;

const NOTICES: Record<NoticeSection, { title: string; text: string; icon: typeof Wallet }> = {
  // What the financial section is for now: there is nothing to pay (the money sentence /planos says too).
  financeiro: {
    title: 'Financeiro',
    text: `A área financeira está temporariamente indisponível. ${NO_CHARGE_YET}`,
    icon: Wallet,
  },
};

/**
 * A section of the area that is only a notice: the financial notice (docs/product-rules.md, "Lawyer area":
 * no purchase form here). The area's 'upgrade' actions lead here, so the notice links to the plans page, where a plan is
 * chosen.
 */
export function SectionNotice({ section }: { section: NoticeSection }) {
  const { title, text, icon: Icon } = NOTICES[section];
  return (
    <section aria-labelledby="secao-aviso" className="mt-8">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="secao-aviso" className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <Icon aria-hidden="true" className="size-6 text-brand-700" />
          {title}
        </h2>
        <p className="mt-3 text-slate-800">{text}</p>
        <Link to="/planos" className={`${primaryButton} mt-5`}>
          Gerenciar Plano
        </Link>
      </div>
    </section>
  );
}

export function isNoticeSection(section: AreaSection): section is NoticeSection {
  return section in NOTICES;
}
