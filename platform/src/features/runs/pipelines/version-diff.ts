import type { PipelineDefinition, PipelineEdge, PipelineNode } from '@meetflow/workflows/pipeline';

/** How one node differs between two versions: which of its parts changed (`activity`, `when`, `input.<field>`, `config.<field>`, …). */
export interface NodeChange {
  id: string;
  changes: string[];
}

/** What changed from one version of a pipeline to another, for the version history's visual diff. */
export interface VersionDiff {
  nodes: { added: string[]; removed: string[]; changed: NodeChange[] };
  edges: { added: PipelineEdge[]; removed: PipelineEdge[] };
}

/** JSON with object keys sorted, so two equal values always read the same. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stable(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The dotted paths at which two input templates (or two step configs) differ: fields added, removed or set differently. */
function fieldChanges(before: unknown, after: unknown, path: string): string[] {
  if (stable(before) === stable(after)) return [];
  if (!isRecord(before) || !isRecord(after)) return [path];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys.flatMap((key) => fieldChanges(before[key], after[key], `${path}.${key}`));
}

// A step's parts besides its input and config, compared whole; a run pins the timeouts its manifest gives, so they count too.
// Its position only moves it on the canvas, so it is no change.
const PARTS = ['activity', 'label', 'when', 'timeout', 'heartbeatTimeout', 'retry'] as const satisfies ReadonlyArray<keyof PipelineNode>;

/** The changes of one node kept in both versions. */
function nodeChanges(before: PipelineNode, after: PipelineNode): string[] {
  const parts = PARTS.filter((part) => stable(before[part]) !== stable(after[part]));
  return [
    ...parts,
    ...fieldChanges(before.input ?? {}, after.input ?? {}, 'input'),
    ...fieldChanges(before.config ?? {}, after.config ?? {}, 'config'),
  ];
}

const edgeKey = (edge: PipelineEdge) => `${edge.from}\u0000${edge.to}`;

/**
 * The difference between two versions of a pipeline: nodes added, removed and changed (with what
 * changed in each), edges added and removed. Nodes are matched by id; lists keep `after`'s order
 * (`before`'s for removals).
 */
export function versionDiff(before: PipelineDefinition, after: PipelineDefinition): VersionDiff {
  const old = new Map(before.nodes.map((node) => [node.id, node]));
  const now = new Map(after.nodes.map((node) => [node.id, node]));
  const changed = after.nodes
    .filter((node) => old.has(node.id))
    .map((node) => ({ id: node.id, changes: nodeChanges(old.get(node.id)!, node) }))
    .filter((node) => node.changes.length > 0);
  const oldEdges = new Set(before.edges.map(edgeKey));
  const newEdges = new Set(after.edges.map(edgeKey));
  return {
    nodes: {
      added: after.nodes.filter((node) => !old.has(node.id)).map((node) => node.id),
      removed: before.nodes.filter((node) => !now.has(node.id)).map((node) => node.id),
      changed,
    },
    edges: {
      added: after.edges.filter((edge) => !oldEdges.has(edgeKey(edge))),
      removed: before.edges.filter((edge) => !newEdges.has(edgeKey(edge))),
    },
  };
}
