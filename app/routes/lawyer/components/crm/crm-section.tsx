import { Layers, LoaderCircle, Lock, Plus, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Form, Link, useLocation, useNavigation, useRevalidator } from 'react-router';
import type { CrmActionResult, MoveOutcomeFields } from '~/modules/leads/crm.shared';
import type { CrmSectionData } from '~/modules/leads/crm.server';
import type { LeadHistory } from '~/modules/leads/lead-history.server';
import { groupLeadsByStage } from '~/modules/leads/lead-format';
import { primaryButton, secondaryButton } from '~/routes/lawyer/components/area-styles';
import { CrmBoard } from './crm-board';
import { dragHandleId } from './lead-card';
import { EditLeadDialog, LeadDetailDialog, NewLeadDialog, type FormEcho } from './lead-dialogs';
import { StageManager } from './stage-manager';
import { MoveOutcomeDialog, type PendingOutcome } from './move-outcome';
import { CrmFilters } from './crm-filters';
import { useCrmPost } from './crm-post';
import { CrmToastProvider } from './crm-toast';
import { formatCount } from '~/lib/format-number';

type OpenDialog = { kind: 'detail' | 'edit'; leadId: string } | { kind: 'new' } | null;

interface PendingMove {
  key: number;
  leadId: string;
  stageId: string;
}

/** The dialog the page opens with: the one a refused post came from, or the one the URL names (no JavaScript). */
function initialDialog(params: URLSearchParams, echo: FormEcho | null): OpenDialog {
  const leadId = typeof echo?.values.leadId === 'string' ? echo.values.leadId : null;
  if (echo?.intent === 'novo-lead') return { kind: 'new' };
  if (echo?.intent === 'editar-lead' && leadId) return { kind: 'edit', leadId };
  if ((echo?.intent === 'mover-lead' || echo?.intent === 'adicionar-nota' || echo?.intent === 'editar-nota' || echo?.intent === 'excluir-nota' || echo?.intent === 'definir-retorno') && leadId) return { kind: 'detail', leadId };
  if (params.get('dialogo') === 'novo-lead') return { kind: 'new' };
  const editing = params.get('editar');
  if (editing) return { kind: 'edit', leadId: editing };
  const shown = params.get('lead');
  if (shown) return { kind: 'detail', leadId: shown };
  return null;
}

/**
 * The CRM section (docs/product-rules.md, CRM): 'CRM de Leads' with the lead count, 'Atualizar',
 * 'Novo Lead', the stage manager and the board, or 'Configure suas etapas de lead' without stages.
 */
interface CrmSectionProps {
  data: CrmSectionData;
  /** What a plain form post (no JavaScript) answered, when the page came back with it. */
  actionData: CrmActionResult | undefined;
  /** The history of the lead the URL opens (`lead=`), read by the page's loader. */
  history?: LeadHistory | null;
}

export function CrmSection({ data, actionData, history = null }: CrmSectionProps) {
  if (data.state === 'unavailable') return <CrmUnavailable />;
  return (
    <CrmToastProvider>
      <CrmWorkspace data={data} actionData={actionData} history={history} />
    </CrmToastProvider>
  );
}

function CrmWorkspace({ data, actionData, history }: { data: Exclude<CrmSectionData, { state: 'unavailable' }>; actionData: CrmActionResult | undefined; history: LeadHistory | null }) {
  const searchParams = new URLSearchParams(useLocation().search);
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const board = data.state === 'ready' ? data.board : null;
  const serverNow = data.state === 'ready' ? new Date(data.now).getTime() : 0;

  // A post refused without JavaScript comes back as the page: its form opens again with it, once.
  const [echo, setEcho] = useState<FormEcho | null>(actionData && !actionData.ok ? actionData : null);
  const [dialog, setDialog] = useState<OpenDialog>(() => initialDialog(searchParams, echo));
  const closeDialog = useCallback(() => {
    setDialog(null);
    setEcho(null);
  }, []);

  // Moves waiting for the server: the board changes once it has answered (and has been reloaded).
  const post = useCrmPost();
  const [moves, setMoves] = useState<PendingMove[]>([]);
  const nextMove = useRef(1);
  // A drop on a won or lost column asks its outcome first (decision 0047): nothing is sent until then.
  const [outcome, setOutcome] = useState<PendingOutcome | null>(null);
  const startMove = (leadId: string, stageId: string, fields?: MoveOutcomeFields) => {
    if (moves.some((m) => m.leadId === leadId)) return;
    // A keyboard user (the card's handle has focus) keeps their place: once the board shows the card in
    // its new column, focus goes to its handle there (the effect below).
    const handleFocused = document.activeElement === document.getElementById(dragHandleId(leadId));
    const stage = board?.stages.find((s) => s.id === stageId);
    if (stage && stage.kind !== 'aberto' && fields === undefined) {
      const lead = board?.leads.find((l) => l.id === leadId);
      setOutcome({ leadId, leadName: lead?.nome ?? 'O lead', stageId, stageName: stage.name, kind: stage.kind, refocus: handleFocused });
      return;
    }
    sendMove(leadId, stageId, fields ?? {}, handleFocused);
  };
  const sendMove = (leadId: string, stageId: string, fields: MoveOutcomeFields, refocusHandle: boolean) => {
    const move = { key: nextMove.current++, leadId, stageId };
    setMoves((current) => [...current, move]);
    const body = new FormData();
    body.set('intent', 'mover-lead');
    body.set('leadId', leadId);
    body.set('stageId', stageId);
    for (const [name, value] of Object.entries(fields)) if (typeof value === 'string' && value !== '') body.set(name, value);
    if (refocusHandle) refocus.current = { leadId, stageId };
    void post(body).then((result) => {
      setMoves((current) => current.filter((m) => m.key !== move.key));
      // Refused: the card never left its column, and its handle still has focus.
      if (!result.ok && refocus.current?.leadId === leadId) refocus.current = null;
      // The stage became a lost one meanwhile (another tab): ask its reason.
      const stage = board?.stages.find((s) => s.id === stageId);
      if (!result.ok && (result.errors.motivo || result.errors.motivoOutro) && stage) {
        const lead = board?.leads.find((l) => l.id === leadId);
        setOutcome({ leadId, leadName: lead?.nome ?? 'O lead', stageId, stageName: stage.name, kind: 'perdido', refocus: refocusHandle, errors: result.errors });
      }
    });
  };
  const moving = useMemo(() => new Map(moves.map((m) => [m.leadId, m.stageId])), [moves]);
  const refocus = useRef<{ leadId: string; stageId: string } | null>(null);
  useEffect(() => {
    const target = refocus.current;
    if (!target || board?.leads.find((l) => l.id === target.leadId)?.stageId !== target.stageId) return;
    refocus.current = null;
    // Unless the user has gone elsewhere meanwhile: the old card's removal left focus on the page itself.
    if (document.activeElement === null || document.activeElement === document.body) document.getElementById(dragHandleId(target.leadId))?.focus();
  }, [board]);
  const openLead = useCallback((leadId: string) => setDialog({ kind: 'detail', leadId }), []);

  const stages = useMemo(() => board?.stages ?? [], [board]);
  const leads = useMemo(() => board?.leads ?? [], [board]);
  const columns = useMemo(() => groupLeadsByStage(stages.map((s) => s.id), leads), [stages, leads]);
  const counts = useMemo(() => new Map(Object.entries(board?.counts ?? {})), [board]);
  const stageOfLead = useMemo(() => {
    const byLead = new Map<string, string>();
    for (const [stageId, list] of columns) for (const lead of list) byLead.set(lead.id, stageId);
    return byLead;
  }, [columns]);
  const dialogLead = dialog && dialog.kind !== 'new' ? (leads.find((l) => l.id === dialog.leadId) ?? null) : null;

  const loading = revalidator.state === 'loading' || (navigation.state === 'loading' && navigation.location.pathname === '/area-advogado');
  const stageEcho = echo && (echo.intent === 'salvar-etapas' || echo.intent === 'nova-etapa' || echo.intent === 'excluir-etapa') ? echo : null;
  const count = board?.total ?? 0;

  return (
    <section aria-labelledby="secao-crm" className="mt-8 space-y-6">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <div className="flex items-center gap-3">
            <h2 id="secao-crm" className="text-2xl font-bold text-slate-900">
              CRM de Leads
            </h2>
            {/* Beside the heading, not in it: the heading's name stays 'CRM de Leads'. */}
            {loading ? (
              <span role="status" className="inline-flex items-center gap-1.5 text-sm text-slate-600">
                <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-brand-700" />
                <span className="sr-only">Carregando leads…</span>
              </span>
            ) : null}
          </div>
          {board ? (
            <p className="mt-1 text-slate-700">
              {count === 1 ? 'Gerencie seu 1 lead de forma organizada' : `Gerencie seus ${formatCount(count)} leads de forma organizada`}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {/* A plain GET: reloads the board with or without JavaScript. */}
          <Form method="get" action="/area-advogado" preventScrollReset>
            <input type="hidden" name="section" value="crm" />
            {Object.entries(board?.filters ?? {}).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" disabled={loading} className={`${secondaryButton} disabled:opacity-80`}>
              <RefreshCw aria-hidden="true" className={`size-4 ${loading ? 'animate-spin' : ''}`} />
              Atualizar
            </button>
          </Form>
          {board ? (
            <a
              href="/area-advogado?section=crm&dialogo=novo-lead"
              aria-haspopup="dialog"
              onClick={(event) => {
                event.preventDefault();
                setDialog({ kind: 'new' });
              }}
              className={primaryButton}
            >
              <Plus aria-hidden="true" className="size-4" />
              Novo Lead
            </a>
          ) : null}
        </div>
      </div>

      {echo?.message && !dialog && !stageEcho ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {echo.message}
        </p>
      ) : null}

      {data.state === 'error' ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
          <p className="font-semibold">{data.message}</p>
          <p className="mt-1 text-sm">Tente novamente com o botão Atualizar.</p>
        </div>
      ) : null}

      {board ? (
        <>
          <StageManager stages={stages} counts={counts} initiallyEditing={stages.length === 0 || searchParams.get('etapas') === 'editar' || stageEcho !== null} echo={stageEcho} />

          {stages.length === 0 ? (
            <div className="rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
              <Layers aria-hidden="true" className="mx-auto size-10 text-brand-700" />
              <h3 className="mt-3 text-lg font-bold text-slate-900">Configure suas etapas de lead</h3>
              <p className="mx-auto mt-2 max-w-md text-slate-700">
                Para organizar seus leads no quadro, crie pelo menos uma etapa em Gerenciar Etapas do CRM.
                {count > 0 ? ` Seus ${count === 1 ? 'lead aparece' : `${count} leads aparecem`} na primeira etapa que você criar.` : ''}
              </p>
            </div>
          ) : (
            <>
              <CrmFilters filters={board.filters} options={board.filterOptions} matching={board.matching} />
              <CrmBoard stages={stages} leads={leads} counts={board.counts} perColumn={board.perColumn} filters={board.filters} moving={moving} serverNow={serverNow} onMove={startMove} onOpen={openLead} />
            </>
          )}

          <LeadDetailDialog
            lead={dialog?.kind === 'detail' ? dialogLead : null}
            stageId={dialogLead ? (stageOfLead.get(dialogLead.id) ?? null) : null}
            stages={stages}
            open={dialog?.kind === 'detail'}
            onClose={closeDialog}
            onEdit={(leadId) => setDialog({ kind: 'edit', leadId })}
            onMove={(leadId, stageId, fields) => {
              closeDialog();
              // A lead without a stage shows in the first column but can be put in it for real.
              if (stageId !== leads.find((l) => l.id === leadId)?.stageId) startMove(leadId, stageId, fields);
            }}
            echo={echo?.intent === 'mover-lead' ? echo : null}
            history={history}
            noteEcho={echo?.intent === 'adicionar-nota' || echo?.intent === 'editar-nota' || echo?.intent === 'excluir-nota' ? echo : null}
            followUpEcho={echo?.intent === 'definir-retorno' ? echo : null}
          />
          <EditLeadDialog lead={dialog?.kind === 'edit' ? dialogLead : null} open={dialog?.kind === 'edit'} onClose={closeDialog} echo={echo?.intent === 'editar-lead' ? echo : null} />
          <NewLeadDialog open={dialog?.kind === 'new'} onClose={closeDialog} echo={echo?.intent === 'novo-lead' ? echo : null} />
          <MoveOutcomeDialog
            pending={outcome}
            onCancel={() => setOutcome(null)}
            onConfirm={(pending, fields) => {
              setOutcome(null);
              sendMove(pending.leadId, pending.stageId, fields, pending.refocus);
            }}
          />
        </>
      ) : null}
    </section>
  );
}

/** The spec's placeholder for a plan without the CRM (no plan has it today: every plan includes the CRM). */
function CrmUnavailable() {
  return (
    <section aria-labelledby="secao-crm" className="mt-8">
      <div className="rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <Lock aria-hidden="true" className="mx-auto size-10 text-slate-500" />
        <h2 id="secao-crm" className="mt-3 text-xl font-bold text-slate-900">
          Recurso não disponível
        </h2>
        <p className="mx-auto mt-2 max-w-md text-slate-700">O sistema de CRM para leads não está disponível no seu plano atual. Atualize seu plano para acessar esta funcionalidade.</p>
        <Link to="/area-advogado?section=financeiro" className={`${primaryButton} mt-5`}>
          Ver Planos Disponíveis
        </Link>
      </div>
    </section>
  );
}
