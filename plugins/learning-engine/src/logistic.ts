// Weights as the lead score reads them: non-negative shares summing to one.

/** Clamps to non-negative values and rescales to sum to one (the weights' contract). */
export function normaliseWeights(weights: readonly number[]): number[] {
  const clamped = weights.map((value) => Math.max(0, value));
  const total = clamped.reduce((sum, value) => sum + value, 0);
  return total > 0 ? clamped.map((value) => value / total) : weights.map(() => 1 / weights.length);
}
