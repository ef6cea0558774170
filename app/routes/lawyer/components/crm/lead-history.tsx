import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { formatBrlCents } from '~/domain/brl';
import { LOST_REASONS, type FirstContactChannel } from '~/domain/catalog/catalog';
import { formatDateTimeSaoPaulo } from '~/lib/format-date';
import { formatDurationPtBr } from '~/lib/format-duration';
import { NOTE_LIMITS } from '~/modules/leads/crm.shared';
import { formatDay } from '~/modules/leads/follow-ups';
import type { LeadHistory, LeadHistoryItem } from '~/modules/leads/lead-history.server';
import { primaryButton, secondaryButton } from '~/routes/lawyer/components/area-styles';
import { CrmErrorSummary, CrmTextarea } from './crm-fields';
import { CRM_API, useCrmForm, type CrmFailure } from './crm-post';

// A lead's 'Histórico' in its details dialog (issue 23, docs/decisions/0046): the client's request first
// (read-only), then notes, stage moves and the platform's messages, oldest first, in São Paulo time; the
// lawyer adds, edits and deletes their notes. Every action is a plain form post that comes back to the
// dialog (`&lead=`), and a link (`&nota=…&acao=editar|excluir`) opens a note's edit or confirmation, so it
// all works without JavaScript; with it, the history is read again as JSON after each saved note.

const NOTE_FIELDS = [['nota', 'Nova nota']] as const;
const EDIT_FIELDS = [['nota', 'Editar nota']] as const;

/** The lead's first contact (decision 0047), by how it was made. */
const FIRST_CONTACT_TEXT: Record<FirstContactChannel, string> = {
  whatsapp: 'Primeiro contato por WhatsApp',
  email: 'Primeiro contato por e-mail',
  nota: 'Primeiro contato registrado em uma nota',
  etapa: 'Primeiro contato: o lead saiu da primeira etapa',
};

const MESSAGE_STATUS: Record<string, string> = { queued: 'na fila', sending: 'enviando', sent: 'enviada', failed: 'falhou', incerto: 'envio incerto' };

type NoteAction = { noteId: string; action: 'editar' | 'excluir' } | null;

function noteActionFromUrl(search: string): NoteAction {
  const params = new URLSearchParams(search);
  const noteId = params.get('nota');
  const action = params.get('acao');
  return noteId && (action === 'editar' || action === 'excluir') ? { noteId, action } : null;
}

const leadUrl = (leadId: string, extra = '') => `/area-advogado?section=crm&lead=${leadId}${extra}`;

async function fetchHistory(leadId: string): Promise<LeadHistory> {
  const response = await fetch(`${CRM_API}?lead=${encodeURIComponent(leadId)}`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`history: ${response.status}`);
  return (await response.json()) as LeadHistory;
}

/** The history of `leadId`: the loader's when it is this lead's, else read from /area-advogado/crm. */
function useLeadHistory(leadId: string, initial: LeadHistory | null) {
  const [history, setHistory] = useState<LeadHistory | null>(initial?.leadId === leadId ? initial : null);
  const [failed, setFailed] = useState(false);
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const shown = history?.leadId === leadId ? history : null;
  useEffect(() => {
    if (generation === 0 && shown) return;
    let live = true;
    fetchHistory(leadId).then(
      (read) => {
        if (!live) return;
        setHistory(read);
        setFailed(false);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
    // `shown` only decides the first read: the loader's history spares it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leadId, generation]);
  return { history: shown, failed, reload };
}

interface LeadHistorySectionProps {
  leadId: string;
  initial: LeadHistory | null;
  /** A note form refused while the page had no JavaScript. */
  echo: CrmFailure | null;
  /** The lead's description now (the dialog shows it above): the client's text is repeated only when it differs. */
  currentDescription: string | null;
  /** When the lead arrived (ISO): the first contact says how long after. */
  arrivedAt?: string;
  /** Changes when something the history shows was recorded elsewhere (a contact opened in the dialog): read it again. */
  refresh?: number;
}

export function LeadHistorySection({ leadId, initial, echo, currentDescription, arrivedAt, refresh = 0 }: LeadHistorySectionProps) {
  const { history, failed, reload } = useLeadHistory(leadId, initial);
  useEffect(() => {
    if (refresh > 0) reload();
  }, [refresh, reload]);
  const search = useLocation().search;
  const [noteAction, setNoteAction] = useState<NoteAction>(() => noteActionFromUrl(search) ?? (echo?.intent === 'editar-nota' && typeof echo.values.noteId === 'string' ? { noteId: echo.values.noteId, action: 'editar' } : null));
  const onSaved = () => {
    setNoteAction(null);
    reload();
  };
  return (
    <section aria-labelledby={`historico-${leadId}`} className="space-y-4 border-t border-slate-200 pt-5">
      <h3 id={`historico-${leadId}`} className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        Histórico
      </h3>
      {history?.request ? (
        <div className="rounded-md border border-slate-200 bg-slate-50 p-3">
          <p className="text-sm font-semibold text-slate-800">Pedido do cliente</p>
          <p className="text-xs text-slate-600">
            Enviado em <time dateTime={history.request.createdAt}>{formatDateTimeSaoPaulo(history.request.createdAt)}</time> · o texto do cliente fica guardado como ele enviou
          </p>
          {history.request.text.trim() === (currentDescription ?? '').trim() ? (
            <p className="mt-2 text-sm text-slate-700">É o texto da descrição do caso, acima, ainda sem alterações.</p>
          ) : (
            <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-900">{history.request.text}</p>
          )}
        </div>
      ) : null}
      {history ? (
        history.items.length > 0 ? (
          <ol className="space-y-3" aria-label="Linha do tempo, do mais antigo ao mais recente">
            {history.items.map((item) => (
              <li key={`${item.kind}-${item.id}`} className="rounded-md border border-slate-200 p-3">
                <HistoryItem item={item} leadId={leadId} noteAction={noteAction} setNoteAction={setNoteAction} onSaved={onSaved} echo={echo} arrivedAt={arrivedAt} />
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-600">Nenhuma nota, mudança de etapa ou mensagem ainda.</p>
        )
      ) : failed ? (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível carregar o histórico.{' '}
          <button type="button" className="underline" onClick={reload}>
            Tentar novamente
          </button>
        </p>
      ) : (
        <p className="text-sm text-slate-600">Carregando o histórico…</p>
      )}
      <NewNoteForm leadId={leadId} onSaved={onSaved} echo={echo?.intent === 'adicionar-nota' ? echo : null} />
    </section>
  );
}

function When({ at }: { at: string }) {
  return (
    <time dateTime={at} className="text-xs text-slate-600">
      {formatDateTimeSaoPaulo(at)}
    </time>
  );
}

interface HistoryItemProps {
  item: LeadHistoryItem;
  leadId: string;
  noteAction: NoteAction;
  setNoteAction: (action: NoteAction) => void;
  onSaved: () => void;
  echo: CrmFailure | null;
  arrivedAt?: string | undefined;
}

function HistoryItem({ item, leadId, noteAction, setNoteAction, onSaved, echo, arrivedAt }: HistoryItemProps) {
  if (item.kind === 'etapa') {
    const reason = LOST_REASONS.find((r) => r.id === item.lostReason)?.label;
    return (
      <>
        <When at={item.createdAt} />
        <p className="text-sm text-slate-800">
          Etapa alterada: {item.from ?? 'sem etapa'} → {item.to ?? 'etapa removida'}
        </p>
        {reason ? (
          <p className="text-sm text-slate-800">
            Motivo: {reason}
            {item.lostReasonText ? ` — ${item.lostReasonText}` : ''}
          </p>
        ) : null}
        {item.agreedFeeCents !== undefined ? <p className="text-sm text-slate-800">Honorários acordados: {formatBrlCents(item.agreedFeeCents)}</p> : null}
      </>
    );
  }
  if (item.kind === 'contato') {
    const after = arrivedAt ? (new Date(item.createdAt).getTime() - new Date(arrivedAt).getTime()) / 1000 : null;
    return (
      <>
        <When at={item.createdAt} />
        <p className="text-sm text-slate-800">
          {FIRST_CONTACT_TEXT[item.channel]}
          {after !== null ? ` · ${formatDurationPtBr(after)} após a chegada do lead` : ''}
        </p>
      </>
    );
  }
  if (item.kind === 'retorno') {
    return (
      <>
        <When at={item.createdAt} />
        <p className="text-sm text-slate-800">{item.on ? `Próximo contato marcado para ${formatDay(item.on)}${item.time ? ` às ${item.time}` : ''}` : 'Próximo contato removido'}</p>
      </>
    );
  }
  if (item.kind === 'mensagem') {
    return (
      <>
        <When at={item.createdAt} />
        <p className="text-sm text-slate-800">
          {item.channel === 'whatsapp' ? 'WhatsApp' : 'E-mail'} da plataforma sobre o novo lead: {MESSAGE_STATUS[item.status] ?? item.status}
        </p>
      </>
    );
  }
  const mine = noteAction?.noteId === item.id ? noteAction.action : null;
  return (
    <>
      <p className="text-xs text-slate-600">
        Nota · <When at={item.createdAt} />
        {item.edited ? (
          <>
            {' '}
            · editada em <When at={item.updatedAt} />
          </>
        ) : null}
      </p>
      {mine === 'editar' ? (
        <EditNoteForm leadId={leadId} noteId={item.id} text={item.text} onSaved={onSaved} onCancel={() => setNoteAction(null)} echo={echo?.intent === 'editar-nota' && echo.values.noteId === item.id ? echo : null} />
      ) : (
        <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-900">{item.text}</p>
      )}
      {mine === 'excluir' ? (
        <DeleteNoteForm leadId={leadId} noteId={item.id} onSaved={onSaved} onCancel={() => setNoteAction(null)} />
      ) : null}
      {mine === null ? (
        <div className="mt-2 flex gap-2">
          <a
            href={leadUrl(leadId, `&nota=${item.id}&acao=editar`)}
            onClick={(event) => {
              event.preventDefault();
              setNoteAction({ noteId: item.id, action: 'editar' });
            }}
            className="text-sm font-medium text-brand-700 underline"
          >
            Editar
          </a>
          <a
            href={leadUrl(leadId, `&nota=${item.id}&acao=excluir`)}
            onClick={(event) => {
              event.preventDefault();
              setNoteAction({ noteId: item.id, action: 'excluir' });
            }}
            className="text-sm font-medium text-red-700 underline"
          >
            Excluir
          </a>
        </div>
      ) : null}
    </>
  );
}

function NewNoteForm({ leadId, onSaved, echo }: { leadId: string; onSaved: () => void; echo: CrmFailure | null }) {
  const [generation, setGeneration] = useState(0);
  const [length, setLength] = useState(typeof echo?.values.nota === 'string' ? echo.values.nota.length : 0);
  const { formProps, failure, answer, busy } = useCrmForm((result) => {
    if (!result.ok) return;
    setGeneration((g) => g + 1);
    setLength(0);
    onSaved();
  });
  const formId = `nota-${leadId}-${generation}`;
  const errors = failure?.errors ?? echo?.errors ?? {};
  return (
    <form key={formId} {...formProps} noValidate className="space-y-2">
      <CrmErrorSummary idPrefix={formId} fields={NOTE_FIELDS} refusal={failure ?? echo} answer={failure ? answer : echo} />
      <input type="hidden" name="intent" value="adicionar-nota" />
      <input type="hidden" name="leadId" value={leadId} />
      <CrmTextarea
        idPrefix={formId}
        name="nota"
        label="Nova nota"
        maxLength={NOTE_LIMITS.max}
        defaultValue={typeof echo?.values.nota === 'string' ? echo.values.nota : undefined}
        onInput={(event) => setLength(event.currentTarget.value.length)}
        error={errors.nota}
        hint={`${length}/${NOTE_LIMITS.max}`}
      />
      <button type="submit" disabled={busy} className={`${primaryButton} disabled:opacity-80`}>
        {busy ? 'Adicionando...' : 'Adicionar nota'}
      </button>
    </form>
  );
}

function EditNoteForm({ leadId, noteId, text, onSaved, onCancel, echo }: { leadId: string; noteId: string; text: string; onSaved: () => void; onCancel: () => void; echo: CrmFailure | null }) {
  const initial = typeof echo?.values.nota === 'string' ? echo.values.nota : text;
  const [length, setLength] = useState(initial.length);
  const { formProps, failure, answer, busy } = useCrmForm((result) => {
    if (result.ok) onSaved();
  });
  const formId = `editar-nota-${noteId}`;
  const errors = failure?.errors ?? echo?.errors ?? {};
  return (
    <form {...formProps} noValidate className="mt-2 space-y-2">
      <CrmErrorSummary idPrefix={formId} fields={EDIT_FIELDS} refusal={failure ?? echo} answer={failure ? answer : echo} />
      <input type="hidden" name="intent" value="editar-nota" />
      <input type="hidden" name="leadId" value={leadId} />
      <input type="hidden" name="noteId" value={noteId} />
      <CrmTextarea
        idPrefix={formId}
        name="nota"
        label="Editar nota"
        maxLength={NOTE_LIMITS.max}
        defaultValue={initial}
        onInput={(event) => setLength(event.currentTarget.value.length)}
        error={errors.nota}
        hint={`${length}/${NOTE_LIMITS.max}`}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" disabled={busy} className={`${primaryButton} disabled:opacity-80`}>
          {busy ? 'Salvando...' : 'Salvar nota'}
        </button>
        <CancelNoteAction leadId={leadId} onCancel={onCancel} />
      </div>
    </form>
  );
}

/** 'Cancelar' of a note's edit or deletion: back to the lead (a link, so it works without JavaScript). */
function CancelNoteAction({ leadId, onCancel }: { leadId: string; onCancel: () => void }) {
  return (
    <a
      href={leadUrl(leadId)}
      onClick={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className={secondaryButton}
    >
      Cancelar
    </a>
  );
}

function DeleteNoteForm({ leadId, noteId, onSaved, onCancel }: { leadId: string; noteId: string; onSaved: () => void; onCancel: () => void }) {
  const { formProps, failure, answer, busy } = useCrmForm((result) => {
    if (result.ok) onSaved();
  });
  return (
    <form {...formProps} className="mt-2 space-y-2 rounded-md border border-red-200 bg-red-50 p-3">
      <CrmErrorSummary idPrefix={`excluir-nota-${noteId}`} fields={[]} refusal={failure} answer={answer} />
      <p className="text-sm text-red-900">Excluir esta nota? Esta ação não pode ser desfeita.</p>
      <input type="hidden" name="intent" value="excluir-nota" />
      <input type="hidden" name="leadId" value={leadId} />
      <input type="hidden" name="noteId" value={noteId} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" disabled={busy} className={`${primaryButton} bg-red-700 hover:bg-red-800 disabled:opacity-80`}>
          {busy ? 'Excluindo...' : 'Confirmar exclusão'}
        </button>
        <CancelNoteAction leadId={leadId} onCancel={onCancel} />
      </div>
    </form>
  );
}
