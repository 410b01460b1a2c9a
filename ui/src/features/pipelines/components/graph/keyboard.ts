import type { KeyboardEvent } from 'react';

// The arrow keys go through the graph's nodes in the order the pipeline runs them.
const NEXT = new Set(['ArrowDown', 'ArrowRight']);
const PREVIOUS = new Set(['ArrowUp', 'ArrowLeft']);

/** The drawn node `id` inside `container` (React Flow's wrapper, which takes focus), or null. */
export function graphNodeElement(container: ParentNode | null | undefined, id: string): HTMLElement | null {
  return container?.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(id)}"]`) ?? null;
}

/** Moves focus to the drawn node `id`; false when it is not drawn (any more). */
export function focusGraphNode(container: ParentNode | null | undefined, id: string): boolean {
  const element = graphNodeElement(container, id);
  element?.focus();
  return element !== null;
}

/** The node `step` places after (1) or before (-1) `id` in `order`, or undefined at either end. */
export function neighbour(order: readonly string[], id: string, step: 1 | -1): string | undefined {
  const at = order.indexOf(id);
  return at === -1 ? undefined : order[at + step];
}

interface GraphKeys {
  /** The node ids in the order the keys go through them (the run input first, then the steps as the pipeline runs them). */
  order: readonly string[];
  /** Enter or Space on a node: open its panel. */
  onOpen: (nodeId: string) => void;
  /** Whether Enter opens this node (the editor's run input has nothing to open). */
  canOpen?: (nodeId: string) => boolean;
  /** Escape on a node: close its panel (focus stays on the node). */
  onEscape: (nodeId: string) => void;
}

/**
 * The keys of a graph's focused node, caught on the graph's wrapper before React Flow's own:
 * arrows go to the previous or next node, Enter or Space opens the node's panel, Escape closes it
 * and keeps focus on the node (React Flow's own Escape would drop focus). Shift with an arrow is
 * left to the graph (the editor moves the node with it).
 */
export function graphKeyHandler({ order, onOpen, canOpen, onEscape }: GraphKeys) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || !target.classList.contains('react-flow__node')) return;
    const id = target.dataset.id;
    if (!id || event.altKey || event.ctrlKey || event.metaKey) return;
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    if (event.key === 'Enter' || event.key === ' ') {
      if (canOpen && !canOpen(id)) return;
      handled();
      onOpen(id);
    } else if (event.key === 'Escape') {
      handled();
      onEscape(id);
    } else if (!event.shiftKey && (NEXT.has(event.key) || PREVIOUS.has(event.key))) {
      handled();
      const to = neighbour(order, id, NEXT.has(event.key) ? 1 : -1);
      if (to !== undefined) focusGraphNode(event.currentTarget, to);
    }
  };
}
