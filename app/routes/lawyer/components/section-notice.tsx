import { Wallet } from 'lucide-react';
import type { AreaSection } from '~/modules/lawyers/lawyer-area.server';

type NoticeSection = Exclude<AreaSection, 'dashboard' | 'perfil' | 'crm' | 'monitoramento'>;

const NOTICES: Record<NoticeSection, { title: string; text: string; icon: typeof Wallet }> = {
  // What the financial section is for now: there is nothing to pay.
  financeiro: {
    title: 'Financeiro',
    text: 'A área financeira está temporariamente indisponível. Por enquanto, todos os recursos da plataforma estão liberados gratuitamente.',
    icon: Wallet,
  },
};

/** A section of the area that is only a notice: the financial notice. */
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
      </div>
    </section>
  );
}

export function isNoticeSection(section: AreaSection): section is NoticeSection {
  return section in NOTICES;
}
