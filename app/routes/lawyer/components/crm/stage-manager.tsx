import { Plus, Settings2, Trash2 } from 'lucide-react';
import { lazy, Suspense, useContext, useEffect, useRef, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { STAGE_COLORS, STAGE_KIND_LABELS, STAGE_KINDS, type StageKind } from '~/domain/catalog/catalog';
import { STAGE_LIMITS } from '~/modules/leads/crm.shared';
import type { CrmStage } from '~/modules/leads/crm.server';
import { primaryButton, secondaryButton } from '~/routes/lawyer/components/area-styles';
import { DialogDismissButton } from './crm-dialog';
import { ErrorSummary, refusalForSummary } from '~/components/forms/error-summary';
import { CrmErrorSummary, CrmInput, CrmSelect } from './crm-fields';
import type { FormEcho } from './lead-dialogs';
import { CRM_ACTION, CrmToastContext, postCrmForm, toastResult, useCrmForm } from './crm-post';
import type { StageDragRefs } from './stage-sort';

/** Dragging the stages: its code loads when the stage manager is opened (docs/decisions/0048). */
const SortableStages = lazy(() => import('./stage-sort'));

interface StageManagerProps {
  stages: CrmStage[];
  /** Leads shown in each stage's column. */
  counts: ReadonlyMap<string, number>;
  /** Open in edit mode at first (the URL asked for it, or a stage post came back refused without JavaScript). */
  initiallyEditing: boolean;
  echo: FormEcho | null;
}

interface Draft {
  id: string;
  name: string;
  color: string;
  kind: StageKind;
}

/** The new stage's fields, as its error summary names them. */
const ADD_STAGE_FIELDS = [
  ['name', 'Nome da nova etapa'],
  ['color', 'Cor'],
] as const;

const colorName = (value: string) => STAGE_COLORS.find((c) => c.value === value)?.label ?? value;

/**
 * 'Gerenciar Etapas do CRM' (docs/product-rules.md, CRM: stages): a collapsible panel. The view lists the stages;
 * 'Editar Etapas' makes a working copy to rename and recolour, saved with 'Salvar' or dropped with
 * 'Cancelar'. Deleting a stage and adding one take effect at once.
 */
export function StageManager({ stages, counts, initiallyEditing, echo }: StageManagerProps) {
  const [editing, setEditing] = useState(initiallyEditing);
  // Whether the panel is open: the stages become draggable only then.
  const [opened, setOpened] = useState(initiallyEditing);
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  // The stages form's summary says the refusal of the last of 'Salvar' and the rows' 'Excluir' buttons.
  const [lastStagesPost, setLastStagesPost] = useState<'save' | 'remove'>('save');
  const save = useCrmForm((result) => {
    setLastStagesPost('save');
    if (!result.ok) return;
    setEditing(false);
    setDrafts(null);
  });
  // Here rather than in each stage's row: a deleted stage's row is gone before its answer is read. A
  // stage the board shows with leads is refused at once (the server refuses it too).
  // The first column also shows the leads without a stage, which do not hold the stage back: there the
  // server decides.
  const remove = useCrmForm(() => setLastStagesPost('remove'), {
    leadCount: (form) => {
      const stageId = String(new FormData(form).get('stageId'));
      return stageId === stages[0]?.id ? 0 : (counts.get(stageId) ?? 0);
    },
  });
  // Remounted after each stage added, so the form starts empty again.
  const [addGeneration, setAddGeneration] = useState(0);
  const add = useCrmForm((result) => {
    if (result.ok) setAddGeneration((g) => g + 1);
  });

  // The working copy follows the stages the server has (one added or deleted meanwhile) and keeps the
  // names and colours being edited.
  const working: Draft[] = stages.map((stage) => drafts?.find((d) => d.id === stage.id) ?? { id: stage.id, name: stage.name, color: stage.color, kind: stage.kind });
  const update = (id: string, change: Partial<Draft>) => setDrafts(working.map((d) => (d.id === id ? { ...d, ...change } : d)));
  const stopEditing = () => {
    setEditing(false);
    setDrafts(null);
    save.clear();
    remove.clear();
  };

  const echoFor = (intent: string) => (echo?.intent === intent ? echo : null);
  const stagesPost = lastStagesPost === 'save' ? save : remove;
  const saveErrors = (lastStagesPost === 'save' ? save.failure?.errors : undefined) ?? echoFor('salvar-etapas')?.errors ?? {};
  const stagesRefusal = stagesPost.failure ?? echoFor('salvar-etapas') ?? echoFor('excluir-etapa');
  const stagesAnswer = stagesPost.failure ? stagesPost.answer : stagesRefusal;
  // A refused name links to the first row whose name is empty (each such row says it), else the first row.
  const refusedRow = working.find((d) => d.name.trim() === '') ?? working[0];
  const stagesFields = [
    ['stageName', 'Nome da etapa', `etapa-${refusedRow?.id}-stageName`],
    ['stageColor', 'Cor', `etapa-${refusedRow?.id}-stageColor`],
  ] as const;
  const stagesSummary = refusalForSummary(stagesRefusal, stagesFields);
  const addErrors = add.failure?.errors ?? echoFor('nova-etapa')?.errors ?? {};
  const addEcho = echoFor('nova-etapa');
  const textOf = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

  return (
    <details open={initiallyEditing} onToggle={(event) => setOpened(event.currentTarget.open)} className="group rounded-xl border border-slate-200 bg-white shadow-sm">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-xl px-5 py-4 font-semibold text-slate-900 hover:bg-slate-50">
        <Settings2 aria-hidden="true" className="size-5 text-brand-700" />
        Gerenciar Etapas do CRM
        <span aria-hidden="true" className="ml-auto text-sm font-normal text-slate-600 group-open:hidden">
          Mostrar
        </span>
        <span aria-hidden="true" className="ml-auto hidden text-sm font-normal text-slate-600 group-open:inline">
          Ocultar
        </span>
      </summary>
      <div className="space-y-5 border-t border-slate-200 px-5 py-5">
        {!editing ? (
          <>
            {stages.length === 0 ? (
              <p className="text-sm text-slate-700">Você ainda não tem etapas. Adicione a primeira para organizar seus leads.</p>
            ) : (
              <StageOrder stages={stages} counts={counts} draggable={opened} />
            )}
            <a
              href="/area-advogado?section=crm&etapas=editar"
              onClick={(event) => {
                event.preventDefault();
                setEditing(true);
              }}
              className={secondaryButton}
            >
              Editar Etapas
            </a>
          </>
        ) : (
          <>
            {stages.length > 0 ? (
              <form {...save.formProps} id="salvar-etapas" noValidate className="space-y-3" aria-label="Etapas do quadro">
                <ErrorSummary errors={stagesSummary.errors} message={stagesSummary.message} fields={stagesFields} answer={stagesAnswer} />
                <input type="hidden" name="intent" value="salvar-etapas" />
                {working.map((draft, index) => (
                  <fieldset key={draft.id} className="grid items-end gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_12rem_9rem_auto]">
                    <legend className="px-1 text-xs font-semibold text-slate-600">
                      Etapa {index + 1} · {counts.get(draft.id) ?? 0} {(counts.get(draft.id) ?? 0) === 1 ? 'lead' : 'leads'}
                    </legend>
                    <input type="hidden" name="stageId" value={draft.id} />
                    <CrmInput
                      idPrefix={`etapa-${draft.id}`}
                      name="stageName"
                      label="Nome da etapa"
                      required
                      maxLength={STAGE_LIMITS.name.max}
                      value={draft.name}
                      onChange={(event) => update(draft.id, { name: event.target.value })}
                      error={draft.name.trim() === '' ? saveErrors.stageName : undefined}
                    />
                    <ColorSelect idPrefix={`etapa-${draft.id}`} name="stageColor" value={draft.color} onChange={(color) => update(draft.id, { color })} />
                    <KindSelect idPrefix={`etapa-${draft.id}`} name="stageKind" defaultValue={draft.kind} onChange={(kind) => update(draft.id, { kind })} />
                    <button type="submit" form={`excluir-etapa-${draft.id}`} className="inline-flex items-center justify-center gap-1.5 rounded-md border border-red-700 px-3 py-2.5 text-sm font-semibold text-red-800 hover:bg-red-50">
                      <Trash2 aria-hidden="true" className="size-4" />
                      Excluir<span className="sr-only"> a etapa {draft.name || index + 1}</span>
                    </button>
                  </fieldset>
                ))}
              </form>
            ) : null}
            {/* Outside the form above (forms cannot nest); its 'Excluir' buttons submit these. */}
            {stages.map((stage) => (
              <form key={stage.id} {...remove.formProps} id={`excluir-etapa-${stage.id}`} hidden>
                <input type="hidden" name="intent" value="excluir-etapa" />
                <input type="hidden" name="stageId" value={stage.id} />
              </form>
            ))}

            <form key={addGeneration} {...add.formProps} noValidate className="rounded-lg border border-dashed border-slate-300 p-3" aria-labelledby="nova-etapa-titulo">
              <h3 id="nova-etapa-titulo" className="mb-2 text-sm font-semibold text-slate-900">
                Nova etapa
              </h3>
              <CrmErrorSummary idPrefix="nova-etapa" fields={ADD_STAGE_FIELDS} refusal={add.failure ?? addEcho} answer={add.failure ? add.answer : addEcho} className="mb-3" />
              <input type="hidden" name="intent" value="nova-etapa" />
              <div className="grid items-end gap-3 sm:grid-cols-[1fr_12rem_9rem_auto]">
                <CrmInput idPrefix="nova-etapa" name="name" label="Nome da nova etapa" maxLength={STAGE_LIMITS.name.max} defaultValue={textOf(addEcho?.values.name)} error={addErrors.name} />
                <ColorSelect idPrefix="nova-etapa" name="color" defaultValue={textOf(addEcho?.values.color) ?? STAGE_COLORS[0].value} />
                <KindSelect idPrefix="nova-etapa" name="kind" defaultValue={kindOf(textOf(addEcho?.values.kind))} />
                <button type="submit" disabled={add.busy} className={`${secondaryButton} disabled:opacity-80`}>
                  <Plus aria-hidden="true" className="size-4" />
                  Adicionar
                </button>
              </div>
            </form>

            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogDismissButton onDismiss={stopEditing} className={`${secondaryButton} w-full sm:w-auto`}>
                Cancelar
              </DialogDismissButton>
              {stages.length > 0 ? (
                <button type="submit" form="salvar-etapas" disabled={save.busy} className={`${primaryButton} disabled:opacity-80`}>
                  {save.busy ? 'Salvando...' : 'Salvar'}
                </button>
              ) : null}
            </div>
          </>
        )}
      </div>
    </details>
  );
}

/** One of the eight named colours (`STAGE_COLORS`; docs/product-rules.md, CRM: stages), with a swatch of the chosen one. */
function ColorSelect({ idPrefix, name, value, defaultValue, onChange }: { idPrefix: string; name: string; value?: string; defaultValue?: string; onChange?: (color: string) => void }) {
  const [chosen, setChosen] = useState(value ?? defaultValue ?? STAGE_COLORS[0].value);
  const shown = value ?? chosen;
  return (
    <div className="flex items-end gap-2">
      <span aria-hidden="true" className="mb-3 size-5 shrink-0 rounded-full border border-slate-300" style={{ backgroundColor: shown }} />
      <CrmSelect
        idPrefix={idPrefix}
        name={name}
        label="Cor"
        className="flex-1"
        {...(value !== undefined ? { value } : { defaultValue })}
        onChange={(event) => {
          setChosen(event.target.value);
          onChange?.(event.target.value);
        }}
      >
        {STAGE_COLORS.map((color) => (
          <option key={color.value} value={color.value}>
            {colorName(color.value)}
          </option>
        ))}
      </CrmSelect>
    </div>
  );
}

const kindOf = (value: string | undefined): StageKind => STAGE_KINDS.find((k) => k === value) ?? 'aberto';

/** 'Tipo': open, won or lost (`STAGE_KIND_LABELS`). Uncontrolled, so that a choice made before hydration stays. */
function KindSelect({ idPrefix, name, defaultValue, onChange }: { idPrefix: string; name: string; defaultValue: StageKind; onChange?: (kind: StageKind) => void }) {
  return (
    <CrmSelect idPrefix={idPrefix} name={name} label="Tipo" defaultValue={defaultValue} onChange={(event) => onChange?.(kindOf(event.target.value))}>
      {STAGE_KINDS.map((kind) => (
        <option key={kind} value={kind}>
          {STAGE_KIND_LABELS[kind]}
        </option>
      ))}
    </CrmSelect>
  );
}

const moveButtonId = (stageId: string, side: 'esquerda' | 'direita') => `etapa-${stageId}-mover-${side}`;

/**
 * The stages in board order, each with 'Mover etapa … para a esquerda/direita' (plain forms that work
 * without JavaScript) and a grip to drag it among the others (once the panel is open). A move is saved by
 * the server before the list changes (a drop shows the new order while it is saved and goes back if
 * refused); the moved button keeps the focus and the status line under the list says the stage's new place.
 */
function StageOrder({ stages, counts, draggable }: { stages: CrmStage[]; counts: ReadonlyMap<string, number>; draggable: boolean }) {
  const showToast = useContext(CrmToastContext);
  const revalidator = useRevalidator();
  // The order a drop left on screen while the server saves it: until the stages are read again.
  const [dropped, setDropped] = useState<{ ids: string[]; over: CrmStage[] } | null>(null);
  const [status, setStatus] = useState('');
  const busy = useRef(false);
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    const id = refocus.current;
    refocus.current = null;
    if (id) document.getElementById(id)?.focus();
  }, [stages]);

  const shown = dropped?.over === stages ? dropped.ids.map((id) => stages.find((s) => s.id === id)).filter((s): s is CrmStage => s !== undefined) : stages;

  const move = async (stageId: string, position: number, focusId: string | null) => {
    if (busy.current) return;
    busy.current = true;
    const body = new FormData();
    body.set('intent', 'ordenar-etapas');
    body.set('stageId', stageId);
    body.set('posicao', String(position));
    const result = await postCrmForm(body);
    if (result.ok) {
      refocus.current = focusId;
      setStatus(result.message);
      await revalidator.revalidate();
    } else {
      setDropped(null);
      toastResult(result, showToast);
    }
    busy.current = false;
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!submitter || submitter.getAttribute('aria-disabled') === 'true') return;
    const stageId = String(new FormData(event.currentTarget).get('stageId'));
    void move(stageId, Number(submitter.value), submitter.id);
  };
  const onDrop = (stageId: string, from: number, to: number) => {
    const ids = shown.map((s) => s.id);
    ids.splice(from, 1);
    ids.splice(to, 0, stageId);
    setDropped({ ids, over: stages });
    void move(stageId, to + 1, null);
  };
  const row = (stage: CrmStage, index: number, drag: StageDragRefs = {}) => (
    <StageOrderRow key={stage.id} stage={stage} index={index} last={index === shown.length - 1} count={counts.get(stage.id) ?? 0} onSubmit={onSubmit} attachRow={drag.attachRow} attachGrip={drag.attachGrip} lifted={drag.lifted} />
  );
  const listClass = 'flex flex-wrap gap-2';
  const plain = (
    <ol aria-label="Ordem das etapas no quadro" className={listClass}>
      {shown.map((stage, index) => row(stage, index))}
    </ol>
  );

  return (
    <div>
      {draggable ? (
        <Suspense fallback={plain}>
          <SortableStages stages={shown} onDrop={onDrop} renderRow={row} className={listClass} />
        </Suspense>
      ) : (
        plain
      )}
      <p role="status" className="mt-2 min-h-5 text-sm text-slate-700">
        {status}
      </p>
    </div>
  );
}

const moveButtonClass =
  'crm-icon inline-flex size-8 items-center justify-center rounded-md text-slate-700 [--mask-icon-size:1rem] hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent';

interface StageOrderRowProps {
  stage: CrmStage;
  index: number;
  last: boolean;
  count: number;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  attachRow?: StageDragRefs['attachRow'];
  attachGrip?: StageDragRefs['attachGrip'];
  lifted?: boolean;
}

function StageOrderRow({ stage, index, last, count, onSubmit, attachRow, attachGrip, lifted }: StageOrderRowProps) {
  return (
    <li ref={attachRow} className={`inline-flex items-center gap-1 rounded-full border border-slate-200 bg-slate-50 py-0.5 pr-1 pl-1 text-sm text-slate-900 ${lifted ? 'shadow-lg ring-2 ring-brand-500' : ''}`}>
      <span ref={attachGrip} title={`Arrastar a etapa ${stage.name}`} className="crm-icon crm-icon-grip inline-flex size-8 cursor-grab items-center justify-center rounded-full text-slate-500 [--mask-icon-size:1rem] hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600">
        <span className="sr-only">Arrastar a etapa {stage.name}</span>
      </span>
      <span aria-hidden="true" className="size-3 shrink-0 rounded-full" style={{ backgroundColor: stage.color }} />
      <span className="px-1">
        {stage.name}{' '}
        <span className="text-slate-600">
          ({count}
          <span className="sr-only"> {count === 1 ? 'lead' : 'leads'}</span>)
        </span>
        {stage.kind !== 'aberto' ? <span className="ml-1 rounded bg-slate-200 px-1.5 text-xs font-semibold text-slate-700">{STAGE_KIND_LABELS[stage.kind]}</span> : null}
      </span>
      <form method="post" action={CRM_ACTION} onSubmit={onSubmit} className="inline-flex">
        <input type="hidden" name="intent" value="ordenar-etapas" />
        <input type="hidden" name="stageId" value={stage.id} />
        <button type="submit" id={moveButtonId(stage.id, 'esquerda')} name="posicao" value={index} aria-disabled={index === 0 ? true : undefined} aria-label={`Mover etapa ${stage.name} para a esquerda`} title="Mover para a esquerda" className={`${moveButtonClass} crm-icon-left`} />
        <button type="submit" id={moveButtonId(stage.id, 'direita')} name="posicao" value={index + 2} aria-disabled={last ? true : undefined} aria-label={`Mover etapa ${stage.name} para a direita`} title="Mover para a direita" className={`${moveButtonClass} crm-icon-right`} />
      </form>
    </li>
  );
}
