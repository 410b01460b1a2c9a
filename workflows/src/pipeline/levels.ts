import type { PipelineDefinition } from './types.ts';

/** Each node's parents (the `from` of edges into it). */
export function parentsOf(definition: PipelineDefinition): Map<string, string[]> {
  const parents = new Map<string, string[]>(definition.nodes.map((node) => [node.id, []]));
  for (const edge of definition.edges) parents.get(edge.to)?.push(edge.from);
  return parents;
}

/** The nodes grouped into levels: every node comes after all of its parents (definitions are acyclic). */
export function levelsOf(definition: PipelineDefinition): string[][] {
  const parents = parentsOf(definition);
  const placed = new Set<string>();
  const levels: string[][] = [];
  while (placed.size < definition.nodes.length) {
    const level = definition.nodes
      .map((node) => node.id)
      .filter((id) => !placed.has(id) && (parents.get(id) ?? []).every((parent) => placed.has(parent)));
    if (level.length === 0) throw new Error('the pipeline has a cycle');
    level.forEach((id) => placed.add(id));
    levels.push(level);
  }
  return levels;
}

/**
 * Every node reachable from `nodeId` along the edges, upstream (what must finish before it) or
 * downstream (what depends on it). The start node is included only if a cycle leads back to it.
 */
export function reachable(definition: PipelineDefinition, nodeId: string, direction: 'up' | 'down'): Set<string> {
  const next = (id: string) =>
    definition.edges
      .filter((edge) => (direction === 'up' ? edge.to : edge.from) === id)
      .map((edge) => (direction === 'up' ? edge.from : edge.to));
  const found = new Set<string>();
  const stack = next(nodeId);
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    stack.push(...next(id));
  }
  return found;
}
