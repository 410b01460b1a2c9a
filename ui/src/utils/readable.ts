// Any JSON value (a step's output, a run's input) as labelled fields a person reads: labels from
// the field names, numbers and dates through the one formatter, lists as lists, markup as words.
import { formatDateTime, formatNumber } from './format.ts';
import { humanize, plainText } from './text.ts';

/** A value laid out for reading: a line of text, a list, labelled fields, or too deep to open here. */
export type Readable =
  | { kind: 'text'; text: string; muted?: boolean }
  | { kind: 'list'; items: Readable[]; more: number }
  | { kind: 'fields'; fields: Array<{ key: string; label: string; value: Readable }> };

/** How many items of a list are laid out; the rest are counted (the JSON has them all). */
export const LIST_LIMIT = 50;
/** How deep objects open; deeper ones read as one line. */
const MAX_DEPTH = 5;

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A scalar as words: "1,000", "yes", a date as every screen writes it, markup as its text; "—" for nothing. */
export function scalarText(value: unknown): { text: string; muted?: boolean } {
  if (value === null || value === undefined) return { text: '—', muted: true };
  if (typeof value === 'number') return { text: formatNumber(value, 4) };
  if (typeof value === 'boolean') return { text: value ? 'yes' : 'no' };
  if (typeof value === 'string') {
    if (value.trim() === '') return { text: '(empty)', muted: true };
    if (ISO_MOMENT.test(value)) return { text: formatDateTime(value) };
    return { text: plainText(value) || '(markup only)' };
  }
  return { text: String(value) };
}

/**
 * A value in one line: an object's fields "Label: value" apart by " · ", a nested object's
 * "label value" apart by ", " (in parentheses deeper down), lists comma-separated, e.g. "Mode:
 * review · Window: days 1, 2, 3, start 08:00, end 17:00 · Track opens: off".
 */
export function inlineText(value: unknown, depth = 0): string {
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((item) => inlineText(item, depth + 1)).join(', ');
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return 'none';
    if (depth === 0) return entries.map(([key, item]) => `${humanize(key)}: ${inlineText(item, 1)}`).join(' · ');
    const text = entries.map(([key, item]) => `${humanize(key).toLowerCase()} ${inlineText(item, depth + 1)}`).join(', ');
    return depth === 1 ? text : `(${text})`;
  }
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  return scalarText(value).text;
}

/** `value` laid out for reading (see Readable). */
export function readable(value: unknown, depth = 0): Readable {
  if (Array.isArray(value)) {
    if (value.length === 0) return { kind: 'text', text: 'none', muted: true };
    if (depth >= MAX_DEPTH) return { kind: 'text', text: inlineText(value, 2) };
    return {
      kind: 'list',
      items: value.slice(0, LIST_LIMIT).map((item) => readable(item, depth + 1)),
      more: Math.max(0, value.length - LIST_LIMIT),
    };
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return { kind: 'text', text: 'none', muted: true };
    if (depth >= MAX_DEPTH) return { kind: 'text', text: inlineText(value, 2) };
    return { kind: 'fields', fields: entries.map(([key, item]) => ({ key, label: humanize(key), value: readable(item, depth + 1) })) };
  }
  return { kind: 'text', ...scalarText(value) };
}

/** The heading of a list item that is a record: its `label`, `name`, `title` or `id` when it has one. */
export function recordTitle(value: Readable): string | undefined {
  if (value.kind !== 'fields') return undefined;
  for (const key of ['label', 'name', 'title', 'id']) {
    const field = value.fields.find((candidate) => candidate.key === key);
    if (field?.value.kind === 'text' && !field.value.muted) return field.value.text;
  }
  return undefined;
}
