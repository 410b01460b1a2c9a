import type { Weights } from './config.ts';
import type { DimensionKey } from './schemas.ts';

/** The four ICP-fit dimensions (timing is the fifth, weighted separately). */
export const FIT_KEYS = ['companySize', 'industryMatch', 'techStack', 'jobTitle'] as const;
export type FitKey = (typeof FIT_KEYS)[number];

/**
 * How the five dimensions combine into shares of the total (summing to 1):
 * 1. the four ICP weights are normalised to sum to 1 (so 35/28/22/15 works as well as 0.35/…);
 * 2. a dimension the ICP sets no criterion for gets 0 and the others are renormalised
 *    (if every remaining weight is 0, they share equally);
 * 3. the four are scaled by (1 − timing's share) and timing takes its share: `weights.timing` as
 *    a share of all five when the weights hold one (the workspace's, learned from meetings), else
 *    `timingWeight` (the plugin's setting), so weights without timing score as they always did.
 */
export function effectiveWeights(
  weights: Weights,
  timingWeight: number,
  hasCriterion: Record<FitKey, boolean>,
): Record<DimensionKey, number> {
  const active = FIT_KEYS.filter((key) => hasCriterion[key]);
  const activeSum = active.reduce((sum, key) => sum + weights[key], 0);
  const share = (key: FitKey): number => {
    if (!hasCriterion[key]) return 0;
    return activeSum > 0 ? weights[key] / activeSum : 1 / active.length;
  };
  const fitSum = FIT_KEYS.reduce((sum, key) => sum + weights[key], 0);
  const timing = weights.timing === undefined ? timingWeight : weights.timing / (fitSum + weights.timing);
  const fit = 1 - timing;
  return {
    companySize: share('companySize') * fit,
    industryMatch: share('industryMatch') * fit,
    techStack: share('techStack') * fit,
    jobTitle: share('jobTitle') * fit,
    timing,
  };
}
