import type { IcpCriteria } from '../api/types.ts';

/** The criteria lists a person edits on a slice, in the order the card shows them. */
export const EDITABLE = [
  { key: 'industry', label: 'Industry', item: 'industry', required: true },
  { key: 'jobTitles', label: 'Job titles', item: 'job title', required: true },
  { key: 'techStack', label: 'Technology stack', item: 'technology', required: false },
  { key: 'painPoints', label: 'Pain points', item: 'pain point', required: false },
] as const;

export type EditableKey = (typeof EDITABLE)[number]['key'];
export type CriteriaDraft = Pick<IcpCriteria, EditableKey>;

/** The draft with `value` added to a list: trimmed, and not twice (any case); the draft itself when there is nothing to add. */
export function withAdded(draft: CriteriaDraft, key: EditableKey, value: string): CriteriaDraft {
  const entry = value.trim();
  if (entry === '' || draft[key].some((existing) => existing.toLowerCase() === entry.toLowerCase())) return draft;
  return { ...draft, [key]: [...draft[key], entry] };
}

/** The draft without one value of a list. */
export function withRemoved(draft: CriteriaDraft, key: EditableKey, value: string): CriteriaDraft {
  return { ...draft, [key]: draft[key].filter((existing) => existing !== value) };
}

/** Only the lists that changed: what the PATCH sends. */
export function changesOf(before: CriteriaDraft, after: CriteriaDraft): Partial<CriteriaDraft> {
  return Object.fromEntries(
    EDITABLE.map(({ key }) => key)
      .filter((key) => before[key].join('\n') !== after[key].join('\n'))
      .map((key) => [key, after[key]]),
  );
}

/** Why the draft cannot be saved (an emptied required list), or null. */
export function draftProblem(draft: CriteriaDraft): string | null {
  const emptied = EDITABLE.find(({ key, required }) => required && draft[key].length === 0);
  return emptied ? `Keep at least one ${emptied.item}: discovery searches by it.` : null;
}
