import type { Condition } from '../../api/types.ts';
import type { JsonType } from './json-schema.ts';

/** The operators a condition offers, as people read them. */
export const CONDITION_OPS: ReadonlyArray<{ op: Condition['op']; label: string }> = [
  { op: 'eq', label: 'equals' },
  { op: 'ne', label: 'does not equal' },
  { op: 'gt', label: 'is greater than' },
  { op: 'gte', label: 'is at least' },
  { op: 'lt', label: 'is less than' },
  { op: 'lte', label: 'is at most' },
  { op: 'exists', label: 'exists' },
  { op: 'in', label: 'is one of' },
];

/** A typed value, or why the text is not one. */
export type ParsedValue = { value: unknown } | { error: string };

const isNumeric = (types: readonly JsonType[] | null) =>
  !!types && types.every((type) => type === 'number' || type === 'integer' || type === 'null');

/**
 * The value a condition compares with, from what was typed: a list (JSON) for `in`, a number
 * when the path is a number or the operator compares numbers, true/false for a boolean, text
 * otherwise (JSON when the path's type is unknown and the text parses).
 */
export function parseConditionValue(text: string, op: Condition['op'], types: readonly JsonType[] | null): ParsedValue {
  const trimmed = text.trim();
  if (op === 'in') {
    try {
      const list: unknown = JSON.parse(trimmed);
      return Array.isArray(list) ? { value: list } : { error: 'Write a list, e.g. ["High", "Medium"]' };
    } catch {
      return { error: 'Write a list, e.g. ["High", "Medium"]' };
    }
  }
  if (['gt', 'gte', 'lt', 'lte'].includes(op) || isNumeric(types)) {
    const number = Number(trimmed);
    return trimmed !== '' && Number.isFinite(number) ? { value: number } : { error: 'Write a number' };
  }
  if (types?.includes('boolean') && (trimmed === 'true' || trimmed === 'false')) return { value: trimmed === 'true' };
  if (types && types.includes('string')) return { value: text };
  try {
    return { value: JSON.parse(trimmed) as unknown };
  } catch {
    return { value: text };
  }
}

/** How a condition's value is shown for editing: text as it is, anything else as JSON. */
export function conditionValueText(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
