import { Accessibility, KeyboardSensor, PointerSensor, StyleInjector, type DragDropManager } from '@dnd-kit/dom';
import { Fragment, createElement } from 'react';
import { DragDropProvider, useDraggable, useDroppable, type UseDraggableInput, type UseDroppableInput } from '@dnd-kit/react';

// How the board's drag and drop is set up (@dnd-kit/react 0.5 on @dnd-kit/dom): every text a screen
// reader hears in Portuguese, a card picked up by mouse or touch anywhere on it (or by its handle), by
// keyboard from its handle, and with the keyboard the arrows jump from column to column.

/** What a card carries while dragged. */
export interface LeadDragData {
  nome: string;
  stageId: string;
  stageName: string;
}

/** What a column carries as a drop target. */
export interface StageDropData {
  name: string;
}

/** The instructions of every drag handle (also rendered by the board, so they exist without JavaScript). */
export const DRAG_INSTRUCTIONS =
  'Para mover este lead para outra etapa, pressione espaço ou Enter. Use as setas para a esquerda e para a direita para escolher a etapa e pressione espaço ou Enter de novo para soltar. Esc cancela.';

export type Entity = { id?: unknown; data?: unknown } | null | undefined;
const leadOf = (source: Entity) => source?.data as LeadDragData | undefined;
const stageOf = (target: Entity) => target?.data as StageDropData | undefined;

/** The announcements of the live region, in Portuguese (the library's defaults are in English). */
const announcements = {
  dragstart({ operation: { source } }: { operation: { source: Entity } }) {
    const lead = leadOf(source);
    if (!lead) return undefined;
    return `Lead ${lead.nome} selecionado, na etapa ${lead.stageName}. Use as setas para a esquerda e para a direita para escolher a etapa; espaço ou Enter para soltar, Esc para cancelar.`;
  },
  dragover({ operation: { source, target } }: { operation: { source: Entity; target: Entity } }, manager: DragDropManager) {
    const lead = leadOf(source);
    if (!lead) return undefined;
    // Not moved yet: over its own column, which the pick-up message has just said.
    const moved = manager.dragOperation.position.delta;
    if (target?.id === lead.stageId && Math.abs(moved.x) + Math.abs(moved.y) < 1) return undefined;
    const stage = stageOf(target);
    return stage ? `Lead ${lead.nome} sobre a etapa ${stage.name}.` : `Lead ${lead.nome} fora das etapas.`;
  },
  dragend({ operation: { source, target }, canceled }: { operation: { source: Entity; target: Entity }; canceled: boolean }) {
    const lead = leadOf(source);
    if (!lead) return undefined;
    const stage = stageOf(target);
    if (canceled || !stage) return `Movimento cancelado. O lead ${lead.nome} continua na etapa ${lead.stageName}.`;
    if (stage.name === lead.stageName) return `Lead ${lead.nome} solto na mesma etapa, ${stage.name}.`;
    return `Lead ${lead.nome} solto na etapa ${stage.name}. Salvando…`;
  },
};

/**
 * The nonce of the page's Content-Security-Policy, read from React Router's own inline scripts: the
 * feedback of a moving card is styled by a <style> element the library adds, which needs it.
 */
export function pageStyleNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}

/** The board's plugins: the library's defaults with Portuguese accessibility and the page's nonce. */
export function boardPlugins(nonce: string | undefined) {
  return <T>(defaults: T[]) => [
    ...defaults.filter((plugin) => plugin !== (Accessibility as unknown)),
    Accessibility.configure({ announcements, screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS } }),
    StyleInjector.configure({ nonce }),
  ];
}

/**
 * The sensors: the pointer (mouse, pen, and touch after a short press) anywhere on a card, and the
 * keyboard on its handle, whose arrow keys are handled by `moveToNeighbourColumn` instead of nudging
 * the card ten pixels at a time.
 */
export const BOARD_SENSORS = [
  /* @__PURE__ */ PointerSensor.configure({ activatorElements: (source) => [source.element] }),
  /* @__PURE__ */ KeyboardSensor.configure({
    keyboardCodes: { start: ['Space', 'Enter'], cancel: ['Escape'], end: ['Space', 'Enter', 'Tab'], up: [], down: [], left: [], right: [] },
  }),
];

/**
 * During a keyboard drag, ArrowLeft/ArrowRight take the card to the previous or next column: the column is scrolled into view and the card is set
 * over its middle, where the collision detection finds it. Returns the cleanup.
 */
export function moveWithArrowKeys(manager: DragDropManager, stageIds: readonly string[]): () => void {
  // The column the card is headed for, kept here: the library's own target follows a frame later.
  let index = Math.max(0, stageIds.indexOf(leadOf(manager.dragOperation.source)?.stageId ?? ''));
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    event.stopPropagation();
    const { dragOperation } = manager;
    if (!dragOperation.status.dragging) return;
    index = Math.min(stageIds.length - 1, Math.max(0, index + step));
    const column = manager.registry.droppables.get(stageIds[index]!)?.element;
    if (!column) return;
    // Only the board scrolls, sideways, to show the column; once the scroll has happened the columns
    // are measured again and the card is set over the middle of this one.
    const scroller = column.closest<HTMLElement>('[data-board-scroller]');
    if (scroller) {
      const view = scroller.getBoundingClientRect();
      const box = column.getBoundingClientRect();
      if (box.left < view.left) scroller.scrollLeft -= view.left - box.left + 16;
      else if (box.right > view.right) scroller.scrollLeft += box.right - view.right + 16;
    }
    requestAnimationFrame(() => {
      if (!dragOperation.status.dragging) return;
      for (const droppable of manager.registry.droppables) droppable.refreshShape();
      const rect = column.getBoundingClientRect();
      const top = Math.max(rect.top, 0) + 48;
      const bottom = Math.min(rect.bottom, window.innerHeight) - 48;
      const y = Math.min(Math.max(dragOperation.position.current.y, top), Math.max(top, bottom));
      manager.actions.move({ to: { x: rect.left + rect.width / 2, y } });
      // The library recomputes collisions when shapes change, not on every position: once the new
      // position is set (a microtask later), the column under the card is asked for again.
      requestAnimationFrame(() => {
        if (dragOperation.status.dragging) manager.collisionObserver.forceUpdate();
      });
    });
  };
  document.addEventListener('keydown', onKeyDown, { capture: true });
  return () => document.removeEventListener('keydown', onKeyDown, { capture: true });
}

// On the server the board is markup only: no drag-and-drop manager and no draggable per card (each
// builds signals and registrations that only a browser uses; on a board of 50 cards they were about a
// tenth of the page's server time). The browser's hooks run from hydration on, on the same markup.
const onServer = typeof document === 'undefined';
const noRef = () => undefined;

type CardDrag = (input: UseDraggableInput<LeadDragData>) => { ref: (element: Element | null) => void; handleRef: (element: Element | null) => void };
type ColumnDrop = (input: UseDroppableInput<StageDropData>) => { ref: (element: Element | null) => void; isDropTarget: boolean };

/** A card's drag and drop: `ref` for the card, `handleRef` for its keyboard handle. */
export const useCardDrag: CardDrag = onServer ? () => ({ ref: noRef, handleRef: noRef }) : useDraggable;
/** A column as a drop target. */
export const useColumnDrop: ColumnDrop = onServer ? () => ({ ref: noRef, isDropTarget: false }) : useDroppable;
/** The board's drag-and-drop context (on the server, its children alone). */
export const BoardDragDrop: typeof DragDropProvider = onServer ? ({ children }) => createElement(Fragment, null, children) : DragDropProvider;

