import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { boardFilterQuery, CARDS_PER_COLUMN_STEP, type BoardFilters } from '~/modules/leads/crm.shared';
import type { CrmLead, CrmStage } from '~/modules/leads/crm.server';
import { groupLeadsByStage } from '~/modules/leads/lead-format';
import { BOARD_SENSORS, BoardDragDrop, boardPlugins, DRAG_INSTRUCTIONS, moveWithArrowKeys, pageStyleNonce, type LeadDragData, type StageDropData, useColumnDrop } from './crm-dnd';
import { preloadCrmSchemas } from './crm-post';
import { DRAG_INSTRUCTIONS_ID, LeadCard } from './lead-card';
import { formatCount } from '~/lib/format-number';

interface CrmBoardProps {
  stages: CrmStage[];
  /** The leads the columns show (the most recent of each) and how many each column holds. */
  leads: CrmLead[];
  counts: Readonly<Record<string, number>>;
  /** Cards shown per column: 'Mostrar mais' asks the server for the next CARDS_PER_COLUMN_STEP. */
  perColumn: number;
  /** The board's search and filters: 'Mostrar mais' keeps them. */
  filters: BoardFilters;
  /** Leads whose move the server has not confirmed yet: lead id -> target stage id. */
  moving: ReadonlyMap<string, string>;
  serverNow: number;
  onMove: (leadId: string, stageId: string) => void;
  onOpen: (leadId: string) => void;
}

/**
 * The Kanban board (docs/product-rules.md, CRM: board): one 20rem column per stage, scrolling sideways. A drop
 * on another column asks the server to move the lead; the board changes only when it has answered
 * (the caller passes the confirmed leads back in).
 */
export function CrmBoard({ stages, leads, counts, perColumn, filters, moving, serverNow, onMove, onOpen }: CrmBoardProps) {
  const filterQuery = boardFilterQuery(filters);
  const stageIds = useMemo(() => stages.map((s) => s.id), [stages]);
  const columns = useMemo(() => groupLeadsByStage(stageIds, leads), [stageIds, leads]);
  const stageNames = useMemo(() => new Map(stages.map((s) => [s.id, s.name])), [stages]);
  const [nonce] = useState(pageStyleNonce);
  const plugins = useMemo(() => boardPlugins(nonce), [nonce]);
  const stopArrowKeys = useRef<(() => void) | null>(null);
  // Marks the board as usable once it has hydrated (the benchmark and the end-to-end tests wait for it).
  const boardRef = useRef<HTMLDivElement>(null);
  useEffect(() => boardRef.current?.setAttribute('data-board-ready', ''), []);
  // The forms' schemas (zod) are not part of the board's first load: fetched once the page is idle.
  useEffect(() => preloadCrmSchemas(), []);

  return (
    <BoardDragDrop
      sensors={BOARD_SENSORS}
      plugins={plugins}
      onDragStart={(event, manager) => {
        if (manager.dragOperation.activatorEvent instanceof KeyboardEvent) stopArrowKeys.current = moveWithArrowKeys(manager, stageIds);
      }}
      onDragEnd={(event) => {
        stopArrowKeys.current?.();
        stopArrowKeys.current = null;
        const { source, target } = event.operation;
        // Ignored: a cancelled drag, a drop outside the columns, a drop on the column it came from.
        if (event.canceled || !source || !target) return;
        const lead = source.data as LeadDragData;
        if (String(target.id) === lead.stageId) return;
        onMove(String(source.id), String(target.id));
      }}
    >
      <p id={DRAG_INSTRUCTIONS_ID} hidden>
        {DRAG_INSTRUCTIONS}
      </p>
      <StageJumps stages={stages} counts={counts} />
      {/* Focusable so that keyboard users can scroll it sideways. */}
      <div role="region" aria-label="Quadro de leads" tabIndex={0} ref={boardRef} data-board-scroller className="-mx-4 overflow-x-auto px-4 pb-4 focus-visible:outline-2 focus-visible:outline-brand-600 sm:mx-0 sm:px-0">
        <div className="relative flex min-h-96 w-max items-stretch gap-4">
          {stages.map((stage) => (
            <StageColumn
              key={stage.id}
              stage={stage}
              leads={columns.get(stage.id) ?? []}
              count={counts[stage.id] ?? 0}
              perColumn={perColumn}
              filterQuery={filterQuery}
              moving={moving}
              stageNames={stageNames}
              serverNow={serverNow}
              onOpen={onOpen}
            />
          ))}
        </div>
      </div>
    </BoardDragDrop>
  );
}

/** The column of a stage, as the jumps above the board name it. */
export const columnId = (stageId: string) => `coluna-${stageId}`;

/**
 * 'Ir para a etapa': a link per column above the board (the board scrolls sideways: at 1280 px it shows
 * three columns and a half). Without JavaScript the link's anchor scrolls the column into view; with
 * it, the board scrolls to the column and the column takes the focus.
 */
function StageJumps({ stages, counts }: { stages: CrmStage[]; counts: Readonly<Record<string, number>> }) {
  return (
    <nav aria-label="Ir para a etapa" className="relative -mx-4 mb-3 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ol className="flex w-max gap-2">
        {stages.map((stage) => (
          <li key={stage.id}>
            <a
              href={`#${columnId(stage.id)}`}
              onClick={(event) => {
                const column = document.getElementById(columnId(stage.id));
                const scroller = column?.closest<HTMLElement>('[data-board-scroller]');
                if (!column || !scroller) return;
                event.preventDefault();
                const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
                scroller.scrollTo({ left: column.offsetLeft - scroller.offsetLeft - 8, behavior: smooth ? 'smooth' : 'auto' });
                if (scroller.getBoundingClientRect().top < 0) scroller.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
                column.focus({ preventScroll: true });
              }}
              className="inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: stage.color }} />
              {stage.name}
              <span className="rounded-full bg-slate-100 px-1.5 text-xs font-semibold text-slate-700">
                {formatCount(counts[stage.id] ?? 0)}
                <span className="sr-only"> {(counts[stage.id] ?? 0) === 1 ? 'lead' : 'leads'}</span>
              </span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

interface StageColumnProps {
  stage: CrmStage;
  leads: CrmLead[];
  count: number;
  perColumn: number;
  filterQuery: string;
  moving: ReadonlyMap<string, string>;
  stageNames: ReadonlyMap<string, string>;
  serverNow: number;
  onOpen: (leadId: string) => void;
}

const StageColumn = /* @__PURE__ */ memo(function StageColumn({ stage, leads, count, perColumn, filterQuery, moving, stageNames, serverNow, onOpen }: StageColumnProps) {
  const data: StageDropData = { name: stage.name };
  const hidden = count - leads.length;
  const { ref, isDropTarget } = useColumnDrop({ id: stage.id, data });
  const headingId = `etapa-${stage.id}`;
  return (
    <div
      ref={ref}
      id={columnId(stage.id)}
      role="group"
      aria-labelledby={headingId}
      tabIndex={-1}
      className={`flex w-80 shrink-0 scroll-ml-2 flex-col rounded-xl border-2 bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 ${isDropTarget ? 'border-brand-500 bg-brand-50' : 'border-transparent'}`}
    >
      <header className="flex items-center gap-2 rounded-t-xl border-t-4 bg-white px-3 py-2.5" style={{ borderTopColor: stage.color }}>
        <span aria-hidden="true" className="size-3 shrink-0 rounded-full" style={{ backgroundColor: stage.color }} />
        <h3 id={headingId} className="min-w-0 flex-1 truncate font-semibold text-slate-900">
          {stage.name}
        </h3>
        <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
          {formatCount(count)}
          <span className="sr-only"> {count === 1 ? 'lead' : 'leads'}</span>
        </span>
      </header>
      {leads.length === 0 ? (
        <p className="m-3 rounded-lg border border-dashed border-slate-300 px-3 py-6 text-center text-sm text-slate-600">Nenhum lead nesta etapa</p>
      ) : (
        <ul className="flex flex-col gap-2 p-2">
          {leads.map((lead) => {
            const target = moving.get(lead.id);
            return (
              <LeadCard
                key={lead.id}
                lead={lead}
                stageId={stage.id}
                stageName={stage.name}
                movingTo={target === undefined ? null : (stageNames.get(target) ?? '')}
                serverNow={serverNow}
                onOpen={onOpen}
              />
            );
          })}
        </ul>
      )}
      {hidden > 0 ? (
        <Link
          to={`/area-advogado?section=crm${filterQuery ? `&${filterQuery}` : ''}&ver=${perColumn + CARDS_PER_COLUMN_STEP}`}
          preventScrollReset
          className="mx-2 mb-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-center text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          Mostrar mais {Math.min(hidden, CARDS_PER_COLUMN_STEP)}
          <span className="sr-only"> leads de {stage.name}</span> ({formatCount(hidden)} {hidden === 1 ? 'oculto' : 'ocultos'})
        </Link>
      ) : null}
    </div>
  );
});
