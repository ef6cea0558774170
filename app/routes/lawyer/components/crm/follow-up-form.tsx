import { CalendarClock } from 'lucide-react';
import type { CrmLead } from '~/modules/leads/crm.server';
import { followUpLabel, followUpState, saoPauloDay } from '~/modules/leads/follow-ups';
import { primaryButton, secondaryButton } from '~/routes/lawyer/components/area-styles';
import { CrmErrorSummary, CrmInput } from './crm-fields';
import { useCrmForm, type CrmFailure } from './crm-post';

// 'Próximo contato' in a lead's details (issue 23, docs/decisions/0049): a day and an optional time, saved
// or removed by a plain form post that comes back to the dialog, or by the page's JavaScript.

const FIELDS = [
  ['retornoData', 'Data do próximo contato'],
  ['retornoHora', 'Horário (opcional)'],
] as const;

const STATE_STYLE = {
  atrasado: 'border-red-300 bg-red-50 text-red-800',
  hoje: 'border-amber-300 bg-amber-50 text-amber-900',
  futuro: 'border-slate-200 bg-slate-50 text-slate-800',
} as const;

export function FollowUpForm({ lead, echo }: { lead: CrmLead; echo: CrmFailure | null }) {
  const { formProps, failure, answer, busy } = useCrmForm();
  const today = saoPauloDay(new Date());
  const errors = failure?.errors ?? echo?.errors ?? {};
  const echoed = (name: string) => (typeof echo?.values[name] === 'string' ? (echo.values[name] as string) : undefined);
  const formId = `retorno-${lead.id}`;
  return (
    <section aria-labelledby={`${formId}-titulo`} className="space-y-3 border-t border-slate-200 pt-5">
      <h3 id={`${formId}-titulo`} className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        Próximo contato
      </h3>
      {lead.followUpOn ? (
        <p className={`inline-flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium ${STATE_STYLE[followUpState(lead.followUpOn, today)]}`}>
          <CalendarClock aria-hidden="true" className="size-4" />
          {followUpLabel(lead.followUpOn, lead.followUpTime, today)}
        </p>
      ) : (
        <p className="text-sm text-slate-600">Nenhum próximo contato marcado.</p>
      )}
      {/* Keyed by the saved value: the fields show what was saved once the board is read again. */}
      <form key={`${lead.followUpOn}-${lead.followUpTime}`} {...formProps} noValidate className="space-y-3">
        <CrmErrorSummary idPrefix={formId} fields={FIELDS} refusal={failure ?? echo} answer={failure ? answer : echo} />
        <input type="hidden" name="intent" value="definir-retorno" />
        <input type="hidden" name="leadId" value={lead.id} />
        <div className="grid gap-3 sm:grid-cols-2">
          <CrmInput idPrefix={formId} type="date" name="retornoData" label="Data do próximo contato" min={today} defaultValue={echoed('retornoData') ?? lead.followUpOn ?? ''} error={errors.retornoData} />
          <CrmInput idPrefix={formId} type="time" name="retornoHora" label="Horário (opcional)" defaultValue={echoed('retornoHora') ?? lead.followUpTime ?? ''} error={errors.retornoHora} />
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <button type="submit" name="acao" value="salvar" disabled={busy} className={`${primaryButton} disabled:opacity-80`}>
            Salvar próximo contato
          </button>
          {lead.followUpOn ? (
            <button type="submit" name="acao" value="remover" disabled={busy} className={`${secondaryButton} disabled:opacity-80`}>
              Desmarcar próximo contato
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
