import { Mail, MessageCircle, Pencil } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { primaryButton, secondaryButton } from '~/routes/lawyer/components/area-styles';
import { CITIES_BY_LABEL, cityLabel, PRACTICE_AREAS_BY_LABEL, practiceAreaLabel } from '~/domain/catalog/catalog';
import { formatPhone } from '~/domain/phone';
import { onPhoneInput } from '~/components/ui/phone-field';
import { PHONE_INPUT_ATTRIBUTES } from '~/components/ui/phone-mask';
import { LEAD_LIMITS, moveOutcomeErrors, type CrmActionResult, type MoveOutcomeFields } from '~/modules/leads/crm.shared';
import type { CrmLead, CrmStage } from '~/modules/leads/crm.server';
import { formatReceivedAt, leadMailtoUrl, leadWhatsAppUrl } from '~/modules/leads/lead-format';
import { EMAIL_MAX_LENGTH } from '~/modules/accounts/accounts.limits';
import { CrmDialog, DialogDismissButton } from './crm-dialog';
import { CrmErrorSummary, CrmInput, CrmSelect, CrmTextarea } from './crm-fields';
import { CRM_ACTION, useCrmForm } from './crm-post';
import { FollowUpForm } from './follow-up-form';
import { LeadHistorySection } from './lead-history';
import { leadContactLink } from './lead-contact-link';
import { OUTCOME_FIELDS, OutcomeFields, outcomeFieldsOf } from './move-outcome';
import type { LeadHistory } from '~/modules/leads/lead-history.server';

/** A post refused while the page had no JavaScript: the form it came from shows it again. */
export type FormEcho = Extract<CrmActionResult, { ok: false }>;

/** The new-lead form's fields in their order, as its error summary names them. */
const NEW_LEAD_FIELDS = [
  ['nome', 'Nome'],
  ['email', 'Email'],
  ['telefone', 'Telefone'],
  ['cidade', 'Cidade'],
  ['area_interesse', 'Área de interesse'],
  ['mensagem', 'Mensagem (opcional)'],
] as const;

/** The lead edit form's fields (city and area cannot change). */
const EDIT_LEAD_FIELDS = [
  ['nome', 'Nome'],
  ['email', 'Email'],
  ['telefone', 'Telefone'],
  ['mensagem', 'Descrição do Caso'],
] as const;

const text = (echo: FormEcho | null, name: string): string | undefined => {
  const value = echo?.values[name];
  return typeof value === 'string' ? value : undefined;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{title}</h3>
      {children}
    </section>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

interface LeadDetailDialogProps {
  lead: CrmLead | null;
  stageId: string | null;
  stages: CrmStage[];
  open: boolean;
  onClose: () => void;
  onEdit: (leadId: string) => void;
  /** A move, with its outcome's fields when the stage chosen is won or lost (decision 0047). */
  onMove: (leadId: string, stageId: string, fields: MoveOutcomeFields) => void;
  /** A move refused by the server, shown when the page came back without JavaScript. */
  echo: FormEcho | null;
  /** The history the page's loader read for the lead its URL opens (else the dialog reads it). */
  history: LeadHistory | null;
  /** A note form refused without JavaScript. */
  noteEcho: FormEcho | null;
  /** The 'Próximo contato' form refused without JavaScript. */
  followUpEcho?: FormEcho | null;
}

/**
 * The lead's details (docs/product-rules.md, CRM): contact, case, description, then 'Contatar no
 * WhatsApp', 'Enviar Email', 'Editar Lead', and a stage select with 'Mover' (how a lead moves without
 * dragging, or without JavaScript).
 */
export function LeadDetailDialog({ lead, stageId, stages, open, onClose, onEdit, onMove, echo, history, noteEcho, followUpEcho = null }: LeadDetailDialogProps) {
  const idPrefix = useId();
  // The move form's own check (a lost stage without its reason), before anything is sent.
  const [moveRefusal, setMoveRefusal] = useState<{ errors: Record<string, string>; message: null } | null>(null);
  // Read the history again once a contact opened here is recorded (its 'Primeiro contato').
  const [contacts, setContacts] = useState(0);
  const moveErrors = moveRefusal?.errors ?? (echo?.errors as Record<string, string> | undefined) ?? {};
  const echoed = (name: string) => (typeof echo?.values[name] === 'string' ? (echo.values[name] as string) : undefined);
  const chosenStage = echoed('stageId') ?? stageId ?? undefined;
  return (
    <CrmDialog open={open && lead !== null} onClose={onClose} title={lead?.nome ?? 'Lead'} description="Detalhes do lead" size="lg">
      {lead ? (
        <div className="space-y-6">
          {/* A move refused while the page had no JavaScript (with it, the toast says it). */}
          <CrmErrorSummary idPrefix={idPrefix} fields={OUTCOME_FIELDS} refusal={moveRefusal ?? echo} answer={moveRefusal ?? echo} />
          <Section title="Contato">
            <dl className="space-y-2">
              <Detail term="Email">
                <a
                  {...leadContactLink(lead.id, 'email', leadMailtoUrl(lead.email), () => setContacts((n) => n + 1))}
                  className="text-brand-700 hover:underline"
                >
                  {lead.email}
                </a>
              </Detail>
              <Detail term="Telefone">{formatPhone(lead.telefone)}</Detail>
              <Detail term="Localização">{cityLabel(lead.cidade)}</Detail>
            </dl>
          </Section>
          <Section title="Detalhes do caso">
            <dl className="space-y-2">
              <Detail term="Área de interesse">{practiceAreaLabel(lead.areaInteresse)}</Detail>
              <Detail term="Recebido em">{formatReceivedAt(new Date(lead.createdAt))}</Detail>
            </dl>
          </Section>
          {lead.mensagem ? (
            <Section title="Descrição do caso">
              <p className="text-sm whitespace-pre-line text-slate-800">{lead.mensagem}</p>
            </Section>
          ) : null}

          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {/* Each records the lead's first contact (decision 0047), with or without JavaScript. */}
            <a
              {...leadContactLink(lead.id, 'whatsapp', leadWhatsAppUrl(lead.telefone), () => setContacts((n) => n + 1))}
              target="_blank"
              rel="noopener noreferrer"
              className={`${primaryButton} bg-green-700 hover:bg-green-800`}
            >
              <MessageCircle aria-hidden="true" className="size-4" />
              Contatar no WhatsApp
            </a>
            <a {...leadContactLink(lead.id, 'email', leadMailtoUrl(lead.email), () => setContacts((n) => n + 1))} className={secondaryButton}>
              <Mail aria-hidden="true" className="size-4" />
              Enviar Email
            </a>
            <a
              href={`/area-advogado?section=crm&editar=${lead.id}`}
              onClick={(event) => {
                event.preventDefault();
                onEdit(lead.id);
              }}
              className={secondaryButton}
            >
              <Pencil aria-hidden="true" className="size-4" />
              Editar Lead
            </a>
          </div>

          <FollowUpForm lead={lead} echo={followUpEcho} />

          {stages.length > 0 ? (
            <form
              method="post"
              action={CRM_ACTION}
              noValidate
              className="crm-move-form space-y-4 border-t border-slate-200 pt-5"
              onSubmit={(event) => {
                event.preventDefault();
                const form = new FormData(event.currentTarget);
                const chosen = form.get('stageId');
                if (typeof chosen !== 'string') return;
                const fields = outcomeFieldsOf(form);
                const kind = chosen === stageId ? 'aberto' : (stages.find((s) => s.id === chosen)?.kind ?? 'aberto');
                const refused = moveOutcomeErrors(kind, fields);
                if (Object.keys(refused).length > 0) {
                  setMoveRefusal({ errors: refused, message: null });
                  return;
                }
                setMoveRefusal(null);
                // Only the fields of the chosen stage's kind go (the hidden ones may hold an earlier choice).
                onMove(lead.id, chosen, kind === 'perdido' ? { motivo: fields.motivo, motivoOutro: fields.motivoOutro } : kind === 'ganho' ? { honorarios: fields.honorarios } : {});
              }}
            >
              <input type="hidden" name="intent" value="mover-lead" />
              <input type="hidden" name="leadId" value={lead.id} />
              <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
                {/* Uncontrolled: a choice made before hydration stays. A won or lost stage shows its fields (app.css). */}
                <CrmSelect idPrefix={idPrefix} name="stageId" label="Etapa do lead" defaultValue={chosenStage} className="flex-1">
                  {stages.map((stage) => (
                    <option key={stage.id} value={stage.id} data-kind={stage.kind} data-current={stage.id === stageId ? '' : undefined}>
                      {stage.name}
                    </option>
                  ))}
                </CrmSelect>
                <button type="submit" className={primaryButton}>
                  Mover
                </button>
              </div>
              <OutcomeFields
                idPrefix={idPrefix}
                kinds={['perdido', 'ganho']}
                errors={moveErrors}
                values={{ motivo: echoed('motivo') ?? null, motivoOutro: echoed('motivoOutro') ?? null, honorarios: echoed('honorarios') ?? null }}
              />
            </form>
          ) : null}

          {/* Read again when the follow-up changes: its change is in the history. */}
          <LeadHistorySection key={`${lead.id}-${lead.followUpOn}-${lead.followUpTime}`} leadId={lead.id} initial={history} echo={noteEcho} currentDescription={lead.mensagem} arrivedAt={new Date(lead.createdAt).toISOString()} refresh={contacts} />
        </div>
      ) : null}
    </CrmDialog>
  );
}

interface LeadFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** What the page came back with after a post refused without JavaScript, if it was this form's. */
  echo: FormEcho | null;
}

/**
 * 'Novo Lead' (docs/product-rules.md, CRM: new lead): the lead is the lawyer's, in their first stage. The
 * server checks every field; the dialog closes once it has saved.
 */
export function NewLeadDialog({ open, onClose, echo }: LeadFormDialogProps) {
  // A fresh, empty form each time the dialog opens after a lead was saved.
  const [generation, setGeneration] = useState(0);
  const { formProps, failure: failed, answer, busy, clear } = useCrmForm((result) => {
    if (!result.ok) return;
    setGeneration((g) => g + 1);
    onClose();
  });
  const errors = failed?.errors ?? echo?.errors ?? {};
  const formId = `novo-lead-${generation}`;
  const close = () => {
    clear();
    onClose();
  };
  return (
    <CrmDialog open={open} onClose={close} title="Novo Lead" description="Cadastre um lead que chegou por outro canal. Ele entra na primeira etapa do seu quadro." size="lg">
      <form key={formId} id={formId} {...formProps} noValidate className="space-y-4">
        <CrmErrorSummary idPrefix={formId} fields={NEW_LEAD_FIELDS} refusal={failed ?? echo} answer={failed ? answer : echo} />
        <input type="hidden" name="intent" value="novo-lead" />
        <div className="grid gap-4 sm:grid-cols-2">
          <LeadContactFields formId={formId} value={(name) => text(echo, name)} errors={errors} withExample />
          <CrmSelect idPrefix={formId} name="cidade" label="Cidade" required defaultValue={text(echo, 'cidade') ?? ''} error={errors.cidade}>
            <option value="">Selecione uma cidade</option>
            {CITIES_BY_LABEL.map((city) => (
              <option key={city.id} value={city.id}>
                {city.label}
              </option>
            ))}
          </CrmSelect>
          <CrmSelect idPrefix={formId} name="area_interesse" label="Área de interesse" required defaultValue={text(echo, 'area_interesse') ?? ''} error={errors.area_interesse}>
            <option value="">Selecione uma área</option>
            {PRACTICE_AREAS_BY_LABEL.map((area) => (
              <option key={area.id} value={area.id}>
                {area.label}
              </option>
            ))}
          </CrmSelect>
          <CrmTextarea idPrefix={formId} name="mensagem" label="Mensagem (opcional)" maxLength={LEAD_LIMITS.mensagem.max} defaultValue={text(echo, 'mensagem')} error={errors.mensagem} className="sm:col-span-2" />
        </div>
      </form>
      <DialogFooter formId={formId} busy={busy} submitLabel="Cadastrar Lead" busyLabel="Cadastrando..." onCancel={close} />
    </CrmDialog>
  );
}

interface EditLeadDialogProps extends LeadFormDialogProps {
  lead: CrmLead | null;
}

/**
 * 'Editar Lead' (docs/product-rules.md, CRM: edit): name, e-mail, phone and 'Descrição do Caso'; city and area
 * are shown but cannot change, for the integrity of the client's request.
 */
export function EditLeadDialog({ lead, open, onClose, echo }: EditLeadDialogProps) {
  const { formProps, failure: failed, answer, busy, clear } = useCrmForm((result) => {
    if (result.ok) onClose();
  });
  const errors = failed?.errors ?? echo?.errors ?? {};
  const close = () => {
    clear();
    onClose();
  };
  const formId = `editar-lead-${lead?.id ?? 'nenhum'}`;
  const value = (name: 'nome' | 'email' | 'telefone' | 'mensagem') => text(echo, name) ?? (name === 'telefone' && lead ? formatPhone(lead.telefone) : (lead?.[name] ?? ''));
  return (
    <CrmDialog open={open && lead !== null} onClose={close} title="Editar Lead" description={lead ? `Lead recebido em ${formatReceivedAt(new Date(lead.createdAt))}` : undefined} size="lg">
      {lead ? (
        <>
          {/* Keyed by the lead: opening another lead's edit starts from that lead's data. */}
          <form key={formId} id={formId} {...formProps} noValidate className="space-y-4">
            <CrmErrorSummary idPrefix={formId} fields={EDIT_LEAD_FIELDS} refusal={failed ?? echo} answer={failed ? answer : echo} />
            <input type="hidden" name="intent" value="editar-lead" />
            <input type="hidden" name="leadId" value={lead.id} />
            <div className="grid gap-4 sm:grid-cols-2">
              <LeadContactFields formId={formId} value={value} errors={errors} />
              <CrmInput idPrefix={formId} name="cidade" label="Cidade" disabled value={cityLabel(lead.cidade)} readOnly aria-describedby={`${formId}-nao-editavel`} />
              <CrmInput idPrefix={formId} name="area" label="Área de interesse" disabled value={practiceAreaLabel(lead.areaInteresse)} readOnly aria-describedby={`${formId}-nao-editavel`} />
              <p id={`${formId}-nao-editavel`} className="-mt-2 text-xs text-slate-600 sm:col-span-2">
                A cidade e a área de interesse não podem ser editadas, para manter a integridade dos dados da solicitação.
              </p>
              {/* Editable, as the spec says; the client's original words stay in the history ('Pedido do cliente', docs/decisions/0046). */}
              <CrmTextarea idPrefix={formId} name="mensagem" label="Descrição do Caso" maxLength={LEAD_LIMITS.mensagem.max} defaultValue={value('mensagem')} error={errors.mensagem} className="sm:col-span-2" />
            </div>
          </form>
          <DialogFooter formId={formId} busy={busy} submitLabel="Salvar Alterações" busyLabel="Salvando..." onCancel={close} />
        </>
      ) : null}
    </CrmDialog>
  );
}

/** 'Cancelar' (closes, or back to the board without JavaScript) and the form's submit button. */
function DialogFooter({ formId, busy, submitLabel, busyLabel, onCancel }: { formId: string; busy: boolean; submitLabel: string; busyLabel: string; onCancel: () => void }) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
      <DialogDismissButton onDismiss={onCancel} className={`${secondaryButton} w-full sm:w-auto`}>
        Cancelar
      </DialogDismissButton>
      <button type="submit" form={formId} disabled={busy} className={`${primaryButton} disabled:opacity-80`}>
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}

/**
 * A lead's name, e-mail and phone, as both the new-lead and the edit dialog ask for them; `withExample`
 * adds the phone's placeholder and hint (the new lead starts empty).
 */
function LeadContactFields({ formId, value, errors, withExample = false }: { formId: string; value: (name: 'nome' | 'email' | 'telefone') => string | undefined; errors: Partial<Record<string, string>>; withExample?: boolean }) {
  return (
    <>
      <CrmInput idPrefix={formId} name="nome" label="Nome" required autoComplete="off" maxLength={LEAD_LIMITS.nome.max} defaultValue={value('nome')} error={errors.nome} className="sm:col-span-2" />
      <CrmInput idPrefix={formId} name="email" label="Email" type="email" required autoComplete="off" maxLength={EMAIL_MAX_LENGTH} defaultValue={value('email')} error={errors.email} />
      <CrmInput
        idPrefix={formId}
        name="telefone"
        label="Telefone"
        {...PHONE_INPUT_ATTRIBUTES}
        onInput={onPhoneInput}
        required
        autoComplete="off"
        placeholder={withExample ? PHONE_INPUT_ATTRIBUTES.placeholder : undefined}
        defaultValue={value('telefone')}
        error={errors.telefone}
        hint={withExample ? 'Com DDD; o código do país (+55) é opcional.' : undefined}
      />
    </>
  );
}
