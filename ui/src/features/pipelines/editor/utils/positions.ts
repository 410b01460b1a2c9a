import type { XYPosition } from '@xyflow/react';
import { INPUT_NODE_ID } from '../../components/graph/flow-types.ts';
import { INPUT_NODE_SIZE, layoutDefinition, STEP_NODE_SIZE } from '../../components/graph/layout.ts';
import type { PipelineDefinition } from '../../api/types.ts';

/** Where each node sits on the canvas (top-left corners), by node id; the run input's under INPUT_NODE_ID. */
export type Positions = Record<string, XYPosition>;

// The auto-layout's gap between the run input and the steps under it (layout.ts's ranksep).
const INPUT_GAP = 56;

/**
 * A saved definition split for the editor: the definition without positions (so moving a step
 * is not an edit to undo or to check) and the positions its steps were saved at.
 */
export function splitPositions(definition: PipelineDefinition): { definition: PipelineDefinition; saved: Positions } {
  const saved: Positions = {};
  const nodes = definition.nodes.map(({ position, ...node }) => {
    if (position) saved[node.id] = position;
    return node;
  });
  return { definition: { ...definition, nodes }, saved };
}

/**
 * Where the nodes start: each step at its saved position, a step without one where the
 * auto-layout puts it. When every step that starts the run has a saved position, the run input
 * is centred above them, as the auto-layout would.
 */
export function initialPositions(definition: PipelineDefinition, saved: Positions): Positions {
  const positions = { ...layoutDefinition(definition).positions, ...saved };
  const targets = new Set(definition.edges.map((edge) => edge.to));
  const roots = definition.nodes.filter((node) => !targets.has(node.id)).map((node) => saved[node.id]);
  if (roots.length === 0 || roots.some((position) => position === undefined)) return positions;
  const placed = roots as XYPosition[];
  const centre = placed.reduce((sum, position) => sum + position.x + STEP_NODE_SIZE.width / 2, 0) / placed.length;
  const top = Math.min(...placed.map((position) => position.y));
  positions[INPUT_NODE_ID] = { x: centre - INPUT_NODE_SIZE.width / 2, y: top - INPUT_GAP - INPUT_NODE_SIZE.height };
  return positions;
}

const rounded = ({ x, y }: XYPosition): XYPosition => ({ x: Math.round(x), y: Math.round(y) });

/** The definition to save: each step with its canvas position, in whole pixels (the run input's is not saved). */
export function withPositions(definition: PipelineDefinition, positions: Positions): PipelineDefinition {
  return {
    ...definition,
    nodes: definition.nodes.map((node) => {
      const position = positions[node.id];
      return position ? { ...node, position: rounded(position) } : node;
    }),
  };
}

/** True when a step of the definition sits somewhere else (to the pixel) than it did at the last save. */
export function stepsMoved(definition: PipelineDefinition, positions: Positions, saved: Positions): boolean {
  return definition.nodes.some((node) => {
    const now = positions[node.id];
    const before = saved[node.id];
    if (!now || !before) return now !== before;
    const [a, b] = [rounded(now), rounded(before)];
    return a.x !== b.x || a.y !== b.y;
  });
}

/**
 * The step a new one placed at `at` runs after: the nearest step drawn above it, so a step runs
 * where it is drawn (added with "+" below the last one, it follows that one); null when none is
 * above (it starts from the run input).
 */
export function stepAbove(stepIds: readonly string[], positions: Positions, at: { x: number; y: number }): string | null {
  let nearest: string | null = null;
  let distance = Number.POSITIVE_INFINITY;
  for (const id of stepIds) {
    const position = positions[id];
    if (!position || position.y >= at.y) continue;
    const away = Math.hypot(position.x - at.x, position.y - at.y);
    if (away < distance) [nearest, distance] = [id, away];
  }
  return nearest;
}
