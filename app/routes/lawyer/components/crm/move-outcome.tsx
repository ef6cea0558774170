import { useId, useState, type FormEvent } from 'react';
import { LOST_REASONS, type StageKind } from '~/domain/catalog/catalog';
import { moveOutcomeErrors, OUTCOME_LIMITS, type MoveOutcomeFields } from '~/modules/leads/crm.shared';
import { primaryButton, secondaryButton } from '~/routes/lawyer/components/area-styles';
import { CrmDialog, DialogDismissButton } from './crm-dialog';
import { CrmErrorSummary, CrmInput } from './crm-fields';
import { CRM_ACTION } from './crm-post';

// What a move to a won or lost stage asks (issue 23, docs/decisions/0047): a lost stage, why ('Outro' with
// a text); a won stage, optionally the agreed fees. The lead dialog's move form shows these fields while
// such a stage is chosen (app.css, without JavaScript too); a card dropped on such a column opens
// MoveOutcomeDialog before anything is sent. The server checks the same (moveLeadToStage).

/** The outcome's fields in their order, as an error summary names them. */
export const OUTCOME_FIELDS = [
  ['motivo', 'Motivo da perda'],
  ['motivoOutro', 'Descreva o motivo'],
  ['honorarios', 'Honorários acordados (R$, opcional)'],
] as const;

type Errors = Partial<Record<string, string>>;

/** The form's outcome fields, as strings (what moveOutcomeErrors and the server read). */
export function outcomeFieldsOf(form: FormData): MoveOutcomeFields {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : null;
  };
  return { motivo: text('motivo'), motivoOutro: text('motivoOutro'), honorarios: text('honorarios') };
}

interface OutcomeFieldsProps {
  idPrefix: string;
  /** Which fields: a lost stage's, a won stage's, or both (the dialog's move form, whose stage the lawyer picks). */
  kinds: ReadonlyArray<Exclude<StageKind, 'aberto'>>;
  errors: Errors;
  values?: MoveOutcomeFields;
}

/** The lost reason (a radio per reason, 'Outro' with its text) and the agreed fees. */
export function OutcomeFields({ idPrefix, kinds, errors, values = {} }: OutcomeFieldsProps) {
  return (
    <>
      {kinds.includes('perdido') ? (
        <fieldset className="crm-outcome-perdido" aria-describedby={errors.motivo ? `${idPrefix}-motivo-erro` : undefined}>
          <legend className="text-sm font-medium text-slate-800">
            Motivo da perda
            <span aria-hidden="true" className="text-red-700">
              {' '}
              *
            </span>
          </legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {LOST_REASONS.map((reason, index) => (
              <label key={reason.id} className="flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                <input
                  type="radio"
                  name="motivo"
                  value={reason.id}
                  id={index === 0 ? `${idPrefix}-motivo` : undefined}
                  defaultChecked={values.motivo === reason.id}
                  aria-invalid={errors.motivo ? true : undefined}
                  className="size-4 accent-brand-700"
                />
                {reason.label}
              </label>
            ))}
          </div>
          {errors.motivo ? (
            <p id={`${idPrefix}-motivo-erro`} className="mt-1 text-sm text-red-700">
              {errors.motivo}
            </p>
          ) : null}
          <CrmInput
            idPrefix={idPrefix}
            name="motivoOutro"
            label="Descreva o motivo"
            maxLength={OUTCOME_LIMITS.reasonText.max}
            autoComplete="off"
            defaultValue={values.motivoOutro ?? undefined}
            error={errors.motivoOutro}
            hint={`Até ${OUTCOME_LIMITS.reasonText.max} caracteres.`}
            className="crm-outcome-outro mt-3"
          />
        </fieldset>
      ) : null}
      {kinds.includes('ganho') ? (
        <CrmInput
          idPrefix={idPrefix}
          name="honorarios"
          label="Honorários acordados (R$, opcional)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="3.500,00"
          maxLength={20}
          defaultValue={values.honorarios ?? undefined}
          error={errors.honorarios}
          hint="Fica no histórico do lead. Deixe em branco se preferir não informar."
          className="crm-outcome-ganho"
        />
      ) : null}
    </>
  );
}

/** A card dropped on a won or lost column: where it goes, and what the move asks before it is sent. */
export interface PendingOutcome {
  leadId: string;
  leadName: string;
  stageId: string;
  stageName: string;
  kind: Exclude<StageKind, 'aberto'>;
  /** The card's handle had the focus (a keyboard move): it gets it back once the board shows the card. */
  refocus: boolean;
  /** What the server refused, when it asks again (the stage became a lost one in another tab). */
  errors?: Errors;
}

interface MoveOutcomeDialogProps {
  pending: PendingOutcome | null;
  onConfirm: (pending: PendingOutcome, fields: MoveOutcomeFields) => void;
  onCancel: () => void;
}

/** 'Mover para <etapa>': the reason of a lost lead, or the fees of a won one, then the move. 'Cancelar' leaves the card where it was. */
export function MoveOutcomeDialog({ pending, onConfirm, onCancel }: MoveOutcomeDialogProps) {
  const idPrefix = useId();
  const [failure, setFailure] = useState<{ errors: Errors; message: null } | null>(null);
  const formId = `${idPrefix}-resultado`;
  const close = () => {
    setFailure(null);
    onCancel();
  };
  const errors = failure?.errors ?? pending?.errors ?? {};
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) return;
    const fields = outcomeFieldsOf(new FormData(event.currentTarget));
    const refused = moveOutcomeErrors(pending.kind, fields);
    if (Object.keys(refused).length > 0) {
      setFailure({ errors: refused, message: null });
      return;
    }
    setFailure(null);
    onConfirm(pending, fields);
  };
  const description = pending
    ? pending.kind === 'perdido'
      ? `Por que ${pending.leadName} não contratou? O motivo fica no histórico do lead e nos números do seu painel.`
      : `${pending.leadName} contratou. Se quiser, informe os honorários acordados.`
    : undefined;
  return (
    <CrmDialog open={pending !== null} onClose={close} title={pending ? `Mover para ${pending.stageName}` : 'Mover lead'} description={description}>
      {pending ? (
        <>
          <form key={`${pending.leadId}-${pending.stageId}`} id={formId} method="post" action={CRM_ACTION} noValidate onSubmit={onSubmit} className="space-y-4">
            <CrmErrorSummary idPrefix={idPrefix} fields={OUTCOME_FIELDS} refusal={failure ?? (pending.errors ? { errors: pending.errors } : null)} answer={failure ?? pending.errors} />
            <input type="hidden" name="intent" value="mover-lead" />
            <input type="hidden" name="leadId" value={pending.leadId} />
            <input type="hidden" name="stageId" value={pending.stageId} />
            <OutcomeFields idPrefix={idPrefix} kinds={[pending.kind]} errors={errors} />
          </form>
          <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
            <DialogDismissButton onDismiss={close} className={`${secondaryButton} w-full sm:w-auto`}>
              Cancelar
            </DialogDismissButton>
            <button type="submit" form={formId} className={primaryButton}>
              Confirmar
            </button>
          </div>
        </>
      ) : null}
    </CrmDialog>
  );
}
