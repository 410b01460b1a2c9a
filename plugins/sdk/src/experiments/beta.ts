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
  masses: Float64Array[];
}

// Wide enough that the mass left outside the window is negligible (< 1e-30 for any Beta).
const WINDOW_STANDARD_DEVIATIONS = 12;

function gridFor(posteriors: readonly BetaPosterior[], cells: number): Grid {
  const lower = Math.max(0, Math.min(...posteriors.map((p) => betaMean(p) - WINDOW_STANDARD_DEVIATIONS * betaStandardDeviation(p))));
  const upper = Math.min(1, Math.max(...posteriors.map((p) => betaMean(p) + WINDOW_STANDARD_DEVIATIONS * betaStandardDeviation(p))));
  const width = (upper - lower) / cells;
  // Plain loops over typed arrays: the experiment engine calls this after every classified reply.
  const logX = new Float64Array(cells);
  const logOneMinusX = new Float64Array(cells);
  for (let k = 0; k < cells; k += 1) {
    const x = lower + (k + 0.5) * width;
    logX[k] = Math.log(x);
    logOneMinusX[k] = Math.log(1 - x);
  }
  const masses = posteriors.map(({ alpha, beta }) => {
    // Log densities at cell midpoints (never exactly 0 or 1), normalised to sum to one.
    const weights = new Float64Array(cells);
    let peak = -Infinity;
    for (let k = 0; k < cells; k += 1) {
      const value = (alpha - 1) * logX[k]! + (beta - 1) * logOneMinusX[k]!;
      weights[k] = value;
      if (value > peak) peak = value;
    }
    let total = 0;
    for (let k = 0; k < cells; k += 1) {
      const weight = Math.exp(weights[k]! - peak);
      weights[k] = weight;
      total += weight;
    }
    for (let k = 0; k < cells; k += 1) weights[k] = weights[k]! / total;
    return weights;
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
  // below[j][k] + mass[j][k] / 2: the chance distribution j's draw is under cell k's (ties half).
  const under = masses.map((mass) => {
    const values = new Float64Array(cells);
    let running = 0;
    for (let k = 0; k < cells; k += 1) {
      values[k] = running + mass[k]! / 2;
      running += mass[k]!;
    }
    return values;
  });
  const wins = masses.map((mass, i) => {
    let sum = 0;
    for (let k = 0; k < cells; k += 1) {
      let othersBelow = 1;
      for (let j = 0; j < under.length; j += 1) if (j !== i) othersBelow *= under[j]![k]!;
      sum += mass[k]! * othersBelow;
    }
    return sum;
  });
  const total = wins.reduce((sum, value) => sum + value, 0);
  return wins.map((value) => value / total);
}

/** P(rate > threshold) under a Beta posterior, by the same grid integration. */
export function probabilityAbove(posterior: BetaPosterior, threshold: number, cells = 4000): number {
  const { lower, width, masses } = gridFor([posterior], cells);
  const mass = masses[0] ?? new Float64Array(0);
  return mass.reduce((sum, value, k) => {
    const start = lower + k * width;
    const end = start + width;
    if (start >= threshold) return sum + value;
    if (end <= threshold) return sum;
    return sum + value * ((end - threshold) / width);
  }, 0);
}

/**
 * Quantiles of a Beta posterior (each probability in [0, 1]), by inverting the grid CDF with
 * linear interpolation inside a cell: deterministic, accurate to a small fraction of a cell.
 */
export function betaQuantiles(posterior: BetaPosterior, probabilities: readonly number[], cells = 4000): number[] {
  const { lower, width, masses } = gridFor([posterior], cells);
  const mass = masses[0] ?? new Float64Array(0);
  return probabilities.map((probability) => {
    let running = 0;
    for (let k = 0; k < mass.length; k += 1) {
      const value = mass[k] ?? 0;
      if (running + value >= probability) {
        const within = value > 0 ? (probability - running) / value : 0;
        return lower + (k + within) * width;
      }
      running += value;
    }
    return lower + mass.length * width;
  });
}
