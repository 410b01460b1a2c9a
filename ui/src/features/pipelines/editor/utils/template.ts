import { getPath, referenceOf, splitReference } from '@meetflow/workflows/pipeline';

// The reference a template value stands for (`{{ score.totalScore }}` → `score.totalScore`): the interpreter's own reading.
export { referenceOf };

/** The template value of a reference, as the interpreter reads it: `{{ score.totalScore }}`. */
export const templateOf = (reference: string): string => `{{ ${reference} }}`;

/** The value at a dotted path of a node's input template; undefined when unset. */
export const valueAt = (input: unknown, path: string): unknown => getPath(input, path);

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A copy of an input template with the value at `path` set, or removed when `value` is
 * undefined. Objects on the way are created as needed; what else the template holds is kept.
 */
export function withValueAt(input: unknown, path: string, value: unknown): Record<string, unknown> {
  const [key, ...rest] = path.split('.');
  const base = isRecord(input) ? { ...input } : {};
  if (!key) return base;
  if (rest.length > 0) base[key] = withValueAt(base[key], rest.join('.'), value);
  else if (value === undefined) delete base[key];
  else base[key] = value;
  return base;
}

/** A template with every reference to step `from` (`{{ from… }}`) pointed at step `to` instead. */
export function renameReferences(template: unknown, from: string, to: string): unknown {
  const reference = referenceOf(template);
  if (reference) {
    const { source, path } = splitReference(reference);
    return source === from ? templateOf(path ? `${to}.${path}` : to) : template;
  }
  if (Array.isArray(template)) return template.map((item) => renameReferences(item, from, to));
  if (!isRecord(template)) return template;
  return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, renameReferences(value, from, to)]));
}
