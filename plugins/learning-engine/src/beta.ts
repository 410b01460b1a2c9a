// Beta–Bernoulli maths shared by the template and cadence learners. Everything here is
// deterministic: probabilities come from numerical integration on a grid, never from sampling.

/** A Beta(alpha, beta) distribution: the posterior of a reply rate. */
export interface BetaPosterior {
  alpha: number;
  beta: number;
}

// A prior mean of exactly 0 or 1 would give a degenerate Beta; keep it strictly inside (0, 1).
const PRIOR_MEAN_BOUNDS = [0.001, 0.999] as const;

/**
 * The posterior of a rate after `successes` out of `trials`, starting from a prior whose mean is
 * `priorMean` and whose weight is `priorStrength` pseudo-observations:
 * Beta(priorMean·s + successes, (1 − priorMean)·s + trials − successes).
 */
export function betaPosterior(priorMean: number, priorStrength: number, successes: number, trials: number): BetaPosterior {
  const mean = Math.min(PRIOR_MEAN_BOUNDS[1], Math.max(PRIOR_MEAN_BOUNDS[0], priorMean));
  return { alpha: mean * priorStrength + successes, beta: (1 - mean) * priorStrength + trials - successes };
}

/** The posterior mean alpha / (alpha + beta): the learned rate. */
export function betaMean({ alpha, beta }: BetaPosterior): number {
  return alpha / (alpha + beta);
}

/** The posterior standard deviation. */
export function betaStandardDeviation({ alpha, beta }: BetaPosterior): number {
  const total = alpha + beta;
  return Math.sqrt((alpha * beta) / (total * total * (total + 1)));
}

/** Probability masses of several Beta distributions on one shared grid of cells. */
interface Grid {
  lower: number;
  width: number;
  masses: number[][];
}

// Wide enough that the mass left outside the window is negligible (< 1e-30 for any Beta).
const WINDOW_STANDARD_DEVIATIONS = 12;

function gridFor(posteriors: readonly BetaPosterior[], cells: number): Grid {
  const lower = Math.max(0, Math.min(...posteriors.map((p) => betaMean(p) - WINDOW_STANDARD_DEVIATIONS * betaStandardDeviation(p))));
  const upper = Math.min(1, Math.max(...posteriors.map((p) => betaMean(p) + WINDOW_STANDARD_DEVIATIONS * betaStandardDeviation(p))));
  const width = (upper - lower) / cells;
  const masses = posteriors.map(({ alpha, beta }) => {
    // Log densities at cell midpoints (never exactly 0 or 1), normalised to sum to one.
    const logDensities = Array.from({ length: cells }, (_, k) => {
      const x = lower + (k + 0.5) * width;
      return (alpha - 1) * Math.log(x) + (beta - 1) * Math.log(1 - x);
    });
    const peak = Math.max(...logDensities);
    const weights = logDensities.map((value) => Math.exp(value - peak));
    const total = weights.reduce((sum, value) => sum + value, 0);
    return weights.map((value) => value / total);
  });
  return { lower, width, masses };
}

/**
 * For each distribution, the probability that its draw is the largest of all:
 * P(i best) = ∫ f_i(x) Π_{j≠i} F_j(x) dx, integrated with the midpoint rule on `cells` cells
 * spanning every distribution's mean ± 12 standard deviations. Two draws in the same cell count
 * as a half-win each; the results are renormalised to sum to one. This is also the share of
 * traffic Thompson sampling would give each option, computed without random draws.
 */
export function probabilityBest(posteriors: readonly BetaPosterior[], cells = 4000): number[] {
  if (posteriors.length === 0) return [];
  if (posteriors.length === 1) return [1];
  const { masses } = gridFor(posteriors, cells);
  const below = masses.map((mass) => {
    let running = 0;
    return mass.map((value) => {
      const before = running;
      running += value;
      return before;
    });
  });
  const wins = masses.map((mass, i) =>
    mass.reduce((sum, value, k) => {
      let othersBelow = 1;
      masses.forEach((other, j) => {
        if (j !== i) othersBelow *= (below[j]?.[k] ?? 0) + (other[k] ?? 0) / 2;
      });
      return sum + value * othersBelow;
    }, 0),
  );
  const total = wins.reduce((sum, value) => sum + value, 0);
  return wins.map((value) => value / total);
}

/** P(rate > threshold) under a Beta posterior, by the same grid integration. */
export function probabilityAbove(posterior: BetaPosterior, threshold: number, cells = 4000): number {
  const { lower, width, masses } = gridFor([posterior], cells);
  const mass = masses[0] ?? [];
  return mass.reduce((sum, value, k) => {
    const start = lower + k * width;
    const end = start + width;
    if (start >= threshold) return sum + value;
    if (end <= threshold) return sum;
    return sum + value * ((end - threshold) / width);
  }, 0);
}
