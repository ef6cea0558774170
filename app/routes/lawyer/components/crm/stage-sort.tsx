import { Accessibility, StyleInjector } from '@dnd-kit/dom';
import { DragDropProvider } from '@dnd-kit/react';
import { isSortable, useSortable } from '@dnd-kit/react/sortable';
import { useMemo, useState, type ReactNode } from 'react';
import type { CrmStage } from '~/modules/leads/crm.server';
import { pageStyleNonce, type Entity } from './crm-dnd';

// The stage manager's stages sorted by drag (the buttons 'Mover etapa … para a esquerda/direita' do the
// same): loaded only in the browser, when the lawyer opens the stage manager, so that the board's first
// load carries neither this code nor a second drag-and-drop manager (docs/decisions/0048).

/** What a stage carries while dragged. */
interface StageSortData {
  name: string;
}

const INSTRUCTIONS =
  'Para mudar a ordem das etapas, pressione espaço ou Enter, use as setas para escolher o lugar e pressione espaço ou Enter de novo para soltar. Esc cancela. Os botões Mover para a esquerda e Mover para a direita fazem o mesmo.';

const nameOf = (entity: Entity) => (entity?.data as StageSortData | undefined)?.name;
const announcements = {
  dragstart({ operation: { source } }: { operation: { source: Entity } }) {
    const name = nameOf(source);
    return name ? `Etapa ${name} selecionada. Use as setas para escolher o lugar; espaço ou Enter para soltar, Esc para cancelar.` : undefined;
  },
  dragover({ operation: { source } }: { operation: { source: Entity } }) {
    const name = nameOf(source);
    const index = (source as { index?: number } | null | undefined)?.index;
    return name && index !== undefined ? `Etapa ${name} na posição ${index + 1}.` : undefined;
  },
  dragend({ operation: { source }, canceled }: { operation: { source: Entity }; canceled: boolean }) {
    const name = nameOf(source);
    if (!name) return undefined;
    return canceled ? `Movimento cancelado. A etapa ${name} continua no mesmo lugar.` : `Etapa ${name} solta. Salvando…`;
  },
};

/** What a stage's row needs to be dragged: the row's and its grip's callback refs, and whether it is lifted. */
export interface StageDragRefs {
  attachRow?: (element: Element | null) => void;
  attachGrip?: (element: Element | null) => void;
  lifted?: boolean;
}

interface SortableStagesProps {
  stages: CrmStage[];
  /** A stage dropped elsewhere: its id, and its place before and after (0 = first). */
  onDrop: (stageId: string, from: number, to: number) => void;
  renderRow: (stage: CrmStage, index: number, drag: StageDragRefs) => ReactNode;
  className: string;
}

export default function SortableStages({ stages, onDrop, renderRow, className }: SortableStagesProps) {
  const [nonce] = useState(pageStyleNonce);
  const plugins = useMemo(
    () =>
      <T,>(defaults: T[]) => [
        ...defaults.filter((plugin) => plugin !== (Accessibility as unknown)),
        Accessibility.configure({ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }),
        StyleInjector.configure({ nonce }),
      ],
    [nonce],
  );
  return (
    <DragDropProvider
      plugins={plugins}
      onDragEnd={(event) => {
        const { source } = event.operation;
        if (event.canceled || !source || !isSortable(source)) return;
        if (source.initialIndex !== source.index) onDrop(String(source.id), source.initialIndex, source.index);
      }}
    >
      <ol aria-label="Ordem das etapas no quadro" className={className}>
        {stages.map((stage, index) => (
          <SortableRow key={stage.id} stage={stage} index={index} renderRow={renderRow} />
        ))}
      </ol>
    </DragDropProvider>
  );
}

function SortableRow({ stage, index, renderRow }: { stage: CrmStage; index: number; renderRow: SortableStagesProps['renderRow'] }) {
  const { ref, handleRef, isDragging } = useSortable<StageSortData>({ id: stage.id, index, data: { name: stage.name } });
  return renderRow(stage, index, { attachRow: ref, attachGrip: handleRef, lifted: isDragging });
}
