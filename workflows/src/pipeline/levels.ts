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
    const level = definition.nodes.map((node) => node.id)
      .filter((id) => !placed.has(id) && (parents.get(id) ?? []).every((parent) => placed.has(parent)));
    if (level.length === 0) throw new Error('the pipeline has a cycle');
    level.forEach((id) => placed.add(id));
    levels.push(level);
  }
  return levels;
}
