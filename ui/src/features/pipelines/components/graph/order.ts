import type { PipelineDefinition } from '../../api/types.ts';

/**
 * The step ids in the order the pipeline runs them: a step comes after every step it runs after;
 * steps free to go at the same time keep the definition's order. What the canvas lists its nodes
 * in, so Tab and the arrow keys go through the steps as the pipeline does. A loop (which the
 * editor refuses, and the platform too) cannot be ordered: its steps come last, in the
 * definition's order.
 */
export function pipelineOrder(definition: Pick<PipelineDefinition, 'nodes' | 'edges'>): string[] {
  const ids = definition.nodes.map((node) => node.id);
  const known = new Set(ids);
  const waitingFor = new Map(ids.map((id) => [id, 0]));
  const next = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const { from, to } of definition.edges) {
    if (!known.has(from) || !known.has(to)) continue;
    waitingFor.set(to, (waitingFor.get(to) ?? 0) + 1);
    next.get(from)!.push(to);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  // Each round takes the first step (in the definition's order) that waits for nothing.
  for (;;) {
    const ready = ids.find((id) => !placed.has(id) && waitingFor.get(id) === 0);
    if (ready === undefined) break;
    ordered.push(ready);
    placed.add(ready);
    for (const to of next.get(ready)!) waitingFor.set(to, waitingFor.get(to)! - 1);
  }
  return [...ordered, ...ids.filter((id) => !placed.has(id))];
}

/** The steps `nodeId` runs after (its edges in), in the pipeline's order. */
export function stepsBefore(definition: Pick<PipelineDefinition, 'nodes' | 'edges'>, nodeId: string): string[] {
  const from = new Set(definition.edges.filter((edge) => edge.to === nodeId).map((edge) => edge.from));
  return pipelineOrder(definition).filter((id) => from.has(id));
}

/** "research", "research and score", "research, score and copy". */
export function listed(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
