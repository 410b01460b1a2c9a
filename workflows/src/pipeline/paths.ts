import type { Condition, PipelineDefinition } from './types.ts';

/** Reads `a.b.0.c` from a value; undefined when any part is missing. */
export function getPath(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.').filter(Boolean)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Splits `score.totalScore` into the node id and the path inside its output. */
export function splitReference(reference: string): { source: string; path: string } {
  const dot = reference.indexOf('.');
  return dot < 0 ? { source: reference, path: '' } : { source: reference.slice(0, dot), path: reference.slice(dot + 1) };
}

/** True when the value at the condition's path satisfies it. */
export function conditionHolds(condition: Condition, actual: unknown): boolean {
  const expected = condition.value;
  switch (condition.op) {
    case 'exists':
      return actual !== undefined && actual !== null;
    case 'eq':
      return actual === expected;
    case 'ne':
      return actual !== expected;
    case 'in':
      return Array.isArray(expected) && expected.includes(actual);
    default: {
      if (typeof actual !== 'number' || typeof expected !== 'number') return false;
      if (condition.op === 'gt') return actual > expected;
      if (condition.op === 'gte') return actual >= expected;
      if (condition.op === 'lt') return actual < expected;
      return actual <= expected;
    }
  }
}

/** A whole-string reference, `{{ input.prospect.website }}` or `{{ research.facts }}`. */
const REFERENCE = /^\{\{\s*([\w.-]+)\s*\}\}$/;

/** The reference a template value stands for, if it is one (`input.x` for `"{{ input.x }}"`). */
export function referenceOf(value: unknown): string | undefined {
  return typeof value === 'string' ? REFERENCE.exec(value)?.[1] : undefined;
}

/** Every reference inside an input template. */
export function referencesIn(template: unknown): string[] {
  const reference = referenceOf(template);
  if (reference) return [reference];
  if (Array.isArray(template)) return template.flatMap(referencesIn);
  if (template === null || typeof template !== 'object') return [];
  return Object.values(template).flatMap(referencesIn);
}

/** Replaces every reference in a template with `lookup(reference)`, keeping the value's type. */
export function resolveTemplate(template: unknown, lookup: (reference: string) => unknown): unknown {
  const reference = referenceOf(template);
  if (reference) return lookup(reference);
  if (Array.isArray(template)) return template.map((item) => resolveTemplate(item, lookup));
  if (template === null || typeof template !== 'object') return template;
  return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, resolveTemplate(value, lookup)]));
}

/** For each node, the paths of its output that later conditions read. */
export function watchedPaths(definition: PipelineDefinition): Record<string, string[]> {
  const watched: Record<string, string[]> = {};
  for (const node of definition.nodes) {
    if (!node.when) continue;
    const { source, path } = splitReference(node.when.path);
    (watched[source] ??= []).push(path);
  }
  return watched;
}
