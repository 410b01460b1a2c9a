import { formatNumber } from '../../../utils/format.ts';

/** A person in the discovery review: how they are told apart, their match score and the ICP slice they fit (null: none known). */
export interface Reviewable {
  key: string;
  matchScore: number;
  slice: string | null;
}

/** What the review shows: a match score range (either end open) and one ICP slice (null: every slice). */
export interface ReviewFilter {
  minScore: number | null;
  maxScore: number | null;
  slice: string | null;
}

export const NO_FILTER: ReviewFilter = { minScore: null, maxScore: null, slice: null };

/** The people the filter keeps, in their order (best match first). */
export function filterPeople<T extends Reviewable>(people: readonly T[], filter: ReviewFilter): T[] {
  return people.filter(
    (person) =>
      (filter.minScore === null || person.matchScore >= filter.minScore) &&
      (filter.maxScore === null || person.matchScore <= filter.maxScore) &&
      (filter.slice === null || person.slice === filter.slice),
  );
}

/** The slices the people fit, each with how many, in the order first met (the best match's slice first). */
export function slicesOf(people: readonly Reviewable[]): Array<{ name: string; count: number }> {
  const counts = new Map<string, number>();
  for (const person of people) if (person.slice !== null) counts.set(person.slice, (counts.get(person.slice) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, count }));
}

/** Whether every, some or none of the people shown are selected. */
export function shownSelection(selected: ReadonlySet<string>, shown: readonly Reviewable[]): 'all' | 'some' | 'none' {
  const count = shown.reduce((sum, person) => sum + (selected.has(person.key) ? 1 : 0), 0);
  return count === 0 ? 'none' : count === shown.length ? 'all' : 'some';
}

/** Select all: every person shown joins the selection (however many); when all already are, they all leave it. Others keep their state. */
export function toggleShown(selected: ReadonlySet<string>, shown: readonly Reviewable[]): Set<string> {
  const next = new Set(selected);
  if (shownSelection(selected, shown) === 'all') for (const person of shown) next.delete(person.key);
  else for (const person of shown) next.add(person.key);
  return next;
}

/** One person in or out of the selection. */
export function toggleOne(selected: ReadonlySet<string>, key: string): Set<string> {
  const next = new Set(selected);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

/** "57 selected · 120 of 340 shown", with how many selected the filters hide ("12 of them hidden by the filters"). */
export function selectionText(selected: ReadonlySet<string>, people: readonly Reviewable[], shown: readonly Reviewable[]): string {
  const selectedCount = people.reduce((sum, person) => sum + (selected.has(person.key) ? 1 : 0), 0);
  const hidden = selectedCount - shown.reduce((sum, person) => sum + (selected.has(person.key) ? 1 : 0), 0);
  const showing =
    shown.length === people.length
      ? `${formatNumber(people.length)} in all`
      : `${formatNumber(shown.length)} of ${formatNumber(people.length)} shown`;
  const hiddenText = hidden > 0 ? ` (${formatNumber(hidden)} of them hidden by the filters)` : '';
  return `${formatNumber(selectedCount)} selected${hiddenText} · ${showing}`;
}

/** A score bound as typed: blank is no bound; otherwise a whole number from 0 to 100, or an error saying so. */
export function parseScoreBound(text: string): { value: number | null; error: string | null } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null, error: null };
  if (!/^\d+$/.test(trimmed) || Number(trimmed) > 100) return { value: null, error: 'A whole number from 0 to 100' };
  return { value: Number(trimmed), error: null };
}

/** The ICP slice a person fits by industry: the first whose industries name theirs (any case), or null. */
export function sliceOfIndustry(
  industry: string | null,
  slices: ReadonlyArray<{ name: string; criteria: { industry: readonly string[] } }>,
): string | null {
  const wanted = industry?.trim().toLowerCase();
  if (!wanted) return null;
  return slices.find((slice) => slice.criteria.industry.some((name) => name.trim().toLowerCase() === wanted))?.name ?? null;
}
