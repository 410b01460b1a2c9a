import type { LearningSettings, ScoringWeights } from '../api/agent-config-api.ts';

/**
 * The sliders in the spec's order, with their labels: the four fit weights, then timing, shown only
 * when the workspace's weights hold one (learned from meetings, issue #33 item 4); without it the
 * four share what the lead-scoring plugin's timing setting leaves.
 */
export const WEIGHT_FIELDS = [
  { key: 'companySize', label: 'Company Size' },
  { key: 'industryMatch', label: 'Industry Match' },
  { key: 'techStack', label: 'Tech Stack' },
  { key: 'jobTitle', label: 'Job Title' },
  { key: 'timing', label: 'Timing & Intent' },
] as const satisfies ReadonlyArray<{ key: keyof ScoringWeights; label: string }>;

/** The sliders a form shows: timing only when its weights hold one. */
export const weightFieldsOf = (weights: ScoringWeights) =>
  WEIGHT_FIELDS.filter(({ key }) => key !== 'timing' || weights.timing !== undefined);

/** The form's values: weights as whole percentages (the sliders' 0–100) and the switches. */
export interface ConfigForm {
  weights: ScoringWeights;
  settings: LearningSettings;
}

/**
 * Fractions (0.35) to the sliders' whole percentages (35), rounded so they keep the fractions' total
 * (largest remainder: each is rounded down, then the ones that lost most get a point back, the
 * first in the sliders' order on a tie). Rounding each alone can make learned weights that sum to 1
 * show as 99% or 102% (four of 0.125 round to 13), which the form then refuses to save.
 */
export function toPercents(weights: ScoringWeights): ScoringWeights {
  const keys = weightFieldsOf(weights).map(({ key }) => key);
  // Two decimals first, so 0.29 * 100 (28.999…) is 29, not 28 with a remainder of 0.999…
  const exact = keys.map((key) => Number(((weights[key] ?? 0) * 100).toFixed(6)));
  const percents = exact.map(Math.floor);
  const missing = Math.round(exact.reduce((sum, value) => sum + value, 0)) - percents.reduce((sum, value) => sum + value, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) }));
  byRemainder.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder.slice(0, Math.max(0, missing))) percents[index]! += 1;
  return Object.fromEntries(keys.map((key, index) => [key, percents[index]!])) as unknown as ScoringWeights;
}

/** Whole percentages (35) to the fractions the API stores (0.35), exactly to two decimals. */
export function toFractions(percents: ScoringWeights): ScoringWeights {
  const fraction = (value: number) => Number((value / 100).toFixed(2));
  return {
    companySize: fraction(percents.companySize),
    industryMatch: fraction(percents.industryMatch),
    techStack: fraction(percents.techStack),
    jobTitle: fraction(percents.jobTitle),
    ...(percents.timing === undefined ? {} : { timing: fraction(percents.timing) }),
  };
}

/** The sliders' total; the server refuses weights that do not sum to 100% (± 1). */
export function weightsTotal(percents: ScoringWeights): number {
  return percents.companySize + percents.industryMatch + percents.techStack + percents.jobTitle + (percents.timing ?? 0);
}

const sameValues = <T extends object>(a: T, b: T) => (Object.keys({ ...a, ...b }) as Array<keyof T>).every((key) => a[key] === b[key]);

/** Which keys differ from the server's values: what Save sends, and whether leaving loses anything. */
export function changedKeys(form: ConfigForm, saved: ConfigForm): Array<'scoringWeights' | 'learningSettings'> {
  return [
    ...(sameValues(form.weights, saved.weights) ? [] : ['scoringWeights' as const]),
    ...(sameValues(form.settings, saved.settings) ? [] : ['learningSettings' as const]),
  ];
}
