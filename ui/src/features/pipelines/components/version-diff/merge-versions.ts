import type { PipelineEdge } from '@meetflow/workflows/pipeline';
import type { VersionDiff } from '../../api/get-version-diff.ts';
import type { PipelineDefinition, PipelineNode } from '../../api/types.ts';
import { INPUT_NODE_ID } from '../graph/flow-types.ts';
import { rootSteps } from '../graph/layout.ts';

/** How a step or an edge of the newer version stands against the older one. */
export type DiffState = 'added' | 'changed' | 'removed' | 'same';

/** One step to draw: the newer version's (the older's when it was removed), with what changed in it. */
// A type, not an interface: React Flow node data must be assignable to a record.
export type DiffStep = {
  node: PipelineNode;
  state: DiffState;
  /** What changed in it (`retry`, `input.limit`, …); empty unless it changed. */
  changes: string[];
};

/** One line to draw: an edge, or the run input's into a step that starts a version. */
export interface DiffLink extends PipelineEdge {
  state: Exclude<DiffState, 'changed'>;
}

/** Two versions drawn as one graph. */
export interface DiffGraph {
  /** What is laid out: the newer version with the older one's removed steps and edges added to it. */
  definition: PipelineDefinition;
  steps: DiffStep[];
  links: DiffLink[];
}

const linkKey = (link: PipelineEdge) => `${link.from}\u0000${link.to}`;

/** The run input's lines into the steps that start either version: kept, new, or gone (the step now follows another). */
function inputLinks(before: PipelineDefinition, after: PipelineDefinition): DiffLink[] {
  const [was, is] = [new Set(rootSteps(before)), new Set(rootSteps(after))];
  return [
    ...[...is].map((to): DiffLink => ({ from: INPUT_NODE_ID, to, state: was.has(to) ? 'same' : 'added' })),
    ...[...was].filter((to) => !is.has(to)).map((to): DiffLink => ({ from: INPUT_NODE_ID, to, state: 'removed' })),
  ];
}

/**
 * Merges two versions and their diff into one drawable graph: the newer version's steps and
 * edges marked added, changed (with what) or the same, and the older version's removed steps and
 * edges put back, marked removed, so a reader sees what went where it was.
 */
export function mergeVersions(
  before: PipelineDefinition,
  after: PipelineDefinition,
  diff: Pick<VersionDiff, 'nodes' | 'edges'>,
): DiffGraph {
  const added = new Set(diff.nodes.added);
  const removed = new Set(diff.nodes.removed);
  const changes = new Map(diff.nodes.changed.map((step) => [step.id, step.changes]));
  const addedEdges = new Set(diff.edges.added.map(linkKey));
  const removedNodes = before.nodes.filter((node) => removed.has(node.id));

  const steps = [
    ...after.nodes.map((node): DiffStep => {
      const changed = changes.get(node.id) ?? [];
      return { node, state: added.has(node.id) ? 'added' : changed.length > 0 ? 'changed' : 'same', changes: changed };
    }),
    ...removedNodes.map((node): DiffStep => ({ node, state: 'removed', changes: [] })),
  ];
  const links = [
    ...inputLinks(before, after),
    ...after.edges.map((edge): DiffLink => ({ ...edge, state: addedEdges.has(linkKey(edge)) ? 'added' : 'same' })),
    ...diff.edges.removed.map((edge): DiffLink => ({ ...edge, state: 'removed' })),
  ];
  return {
    definition: { ...after, nodes: [...after.nodes, ...removedNodes], edges: [...after.edges, ...diff.edges.removed] },
    steps,
    links,
  };
}
