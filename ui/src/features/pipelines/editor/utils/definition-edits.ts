import { reachable, splitReference } from '@meetflow/workflows/pipeline';
import type { PipelineDefinition, PipelineNode } from '../../api/types.ts';
import { renameReferences } from './template.ts';

// Pure edits of a draft definition: each answers a new definition and leaves the old one as it was
// (the undo history keeps it).

/** What a node id must look like (the platform's rule). */
export const NODE_ID_PATTERN = /^[a-zA-Z][\w-]*$/;

/** The steps that finish before `nodeId` runs (along the edges), in the definition's order. */
export function upstreamOf(definition: PipelineDefinition, nodeId: string): PipelineNode[] {
  const upstream = reachable(definition, nodeId, 'up');
  return definition.nodes.filter((node) => node.id !== nodeId && upstream.has(node.id));
}

/** True when an edge `from → to` would close a loop (or join a step to itself). */
export function wouldCreateCycle(definition: PipelineDefinition, from: string, to: string): boolean {
  return from === to || reachable(definition, from, 'up').has(to);
}

/** `base`, else the first free `base-2`, `base-3`… among the definition's node ids. */
export function freeNodeId(definition: PipelineDefinition, base: string): string {
  const taken = new Set(definition.nodes.map((node) => node.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The definition with a step added. */
export const addNode = (definition: PipelineDefinition, node: PipelineNode): PipelineDefinition => ({
  ...definition,
  nodes: [...definition.nodes, node],
});

/** The definition with one step replaced by what `change` makes of it. */
export const updateNode = (
  definition: PipelineDefinition,
  nodeId: string,
  change: (node: PipelineNode) => PipelineNode,
): PipelineDefinition => ({
  ...definition,
  nodes: definition.nodes.map((node) => (node.id === nodeId ? change(node) : node)),
});

/** The definition with an edge added; unchanged when it is there already. */
export function addEdge(definition: PipelineDefinition, from: string, to: string): PipelineDefinition {
  if (definition.edges.some((edge) => edge.from === from && edge.to === to)) return definition;
  return { ...definition, edges: [...definition.edges, { from, to }] };
}

/** The definition without the given steps and edges (edges touching a removed step go too). */
export function removeElements(
  definition: PipelineDefinition,
  nodeIds: readonly string[],
  edges: ReadonlyArray<{ from: string; to: string }>,
): PipelineDefinition {
  const gone = new Set(nodeIds);
  const edgeGone = (from: string, to: string) => edges.some((edge) => edge.from === from && edge.to === to);
  return {
    ...definition,
    nodes: definition.nodes.filter((node) => !gone.has(node.id)),
    edges: definition.edges.filter((edge) => !gone.has(edge.from) && !gone.has(edge.to) && !edgeGone(edge.from, edge.to)),
  };
}

/** The definition with step `from` renamed `to`: its edges, and every reference and condition that reads it, follow. */
export function renameNode(definition: PipelineDefinition, from: string, to: string): PipelineDefinition {
  const rename = (id: string) => (id === from ? to : id);
  return {
    ...definition,
    nodes: definition.nodes.map((node) => {
      const renamed: PipelineNode = { ...node, id: rename(node.id), input: renameReferences(node.input, from, to) };
      if (node.when) {
        const { source, path } = splitReference(node.when.path);
        if (source === from) renamed.when = { ...node.when, path: path ? `${to}.${path}` : to };
      }
      return renamed;
    }),
    edges: definition.edges.map((edge) => ({ from: rename(edge.from), to: rename(edge.to) })),
  };
}

/** Why `id` cannot be step `current`'s new id, or null when it can. */
export function nodeIdProblem(definition: PipelineDefinition, current: string, id: string): string | null {
  if (!NODE_ID_PATTERN.test(id)) return 'Start with a letter; use only letters, digits, - and _';
  // References name the run input `input`: a step of that name could not be read.
  if (id === 'input') return '"input" is the run input\'s name';
  if (id !== current && definition.nodes.some((node) => node.id === id)) return `Another step is called "${id}"`;
  return null;
}
