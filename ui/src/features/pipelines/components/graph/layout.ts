import { graphlib, layout } from '@dagrejs/dagre';
import type { XYPosition } from '@xyflow/react';
import type { PipelineDefinition } from '../../api/types.ts';
import { INPUT_NODE_ID } from './flow-types.ts';

/** Sizes the nodes are laid out with; the node components render at these sizes. */
export const STEP_NODE_SIZE = { width: 248, height: 112 } as const;
export const INPUT_NODE_SIZE = { width: 200, height: 64 } as const;

/** Steps nothing points to: they start the run, so the input node points to them. */
export function rootSteps(definition: PipelineDefinition): string[] {
  const targets = new Set(definition.edges.map((edge) => edge.to));
  return definition.nodes.filter((node) => !targets.has(node.id)).map((node) => node.id);
}

/** Where every node goes (top-left corners, input node included) and how big the whole graph is. */
export interface GraphLayout {
  positions: Record<string, XYPosition>;
  height: number;
}

/**
 * Lays the definition out top-to-bottom with dagre. Depends on the definition only, so callers
 * compute it once per definition.
 */
export function layoutDefinition(definition: PipelineDefinition): GraphLayout {
  const graph = new graphlib.Graph();
  graph.setGraph({ rankdir: 'TB', nodesep: 40, ranksep: 56 });
  graph.setDefaultEdgeLabel(() => ({}));
  graph.setNode(INPUT_NODE_ID, { ...INPUT_NODE_SIZE });
  for (const node of definition.nodes) graph.setNode(node.id, { ...STEP_NODE_SIZE });
  for (const root of rootSteps(definition)) graph.setEdge(INPUT_NODE_ID, root);
  for (const edge of definition.edges) graph.setEdge(edge.from, edge.to);
  layout(graph);

  // dagre gives centres; React Flow positions are top-left corners.
  const positions = Object.fromEntries(
    graph.nodes().map((id) => {
      const { x, y, width, height } = graph.node(id);
      return [id, { x: x - width / 2, y: y - height / 2 }];
    }),
  );
  return { positions, height: graph.graph().height ?? 0 };
}
