import type { ValueProp } from '../offer.ts';

// A crude stem: enough for "hiring"/"hires"/"hired" or "reps"/"rep" to meet.
const stem = (word: string) => word.replace(/(?:ing|ed|es|s)$/, '');
const stems = (texts: readonly string[]) =>
  new Set(
    texts
      .join(' ')
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((word) => word.length >= 3)
      .map(stem),
  );

/**
 * The offer's value propositions, best match first for what is known of the prospect: the
 * words of the fact's themes and of the research's pains and industry that a value prop's pain
 * and value share. Ties keep the offer's own order, which is the team's priority.
 */
export function rankValueProps(props: readonly ValueProp[], prospectWords: readonly string[]): ValueProp[] {
  const wanted = stems(prospectWords);
  const score = (prop: ValueProp) => [...stems([prop.pain, prop.value])].filter((word) => wanted.has(word)).length;
  return props
    .map((prop, index) => ({ prop, index, score: score(prop) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ prop }) => prop);
}
