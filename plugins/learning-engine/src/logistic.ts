// One logistic-regression gradient step on the lead-scoring weights. The model is
// P(converted) = σ(b + Σ w_k x_k) with w the current weights; only the step is taken here,
// the confidence in it is measured in scoring.ts.

/** A lead as the regression sees it: its feature vector and whether it converted. */
export interface TrainingLead {
  features: readonly number[];
  converted: boolean;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const dot = (a: readonly number[], b: readonly number[]) => a.reduce((sum, value, k) => sum + value * (b[k] ?? 0), 0);

/**
 * The maximum-likelihood intercept for fixed weights, by Newton's method on the one parameter.
 * Calibrating it first makes Σ(y − p) = 0, so the weight gradient below measures how each
 * feature co-varies with what the current weights fail to explain, not the base rate.
 * Returns null when every lead converted or none did: then there is nothing to learn from.
 */
export function fitIntercept(leads: readonly TrainingLead[], weights: readonly number[]): number | null {
  const conversions = leads.filter((lead) => lead.converted).length;
  if (conversions === 0 || conversions === leads.length) return null;
  const scores = leads.map((lead) => dot(weights, lead.features));
  const meanScore = scores.reduce((sum, value) => sum + value, 0) / leads.length;
  const baseRate = conversions / leads.length;
  let intercept = Math.log(baseRate / (1 - baseRate)) - meanScore;
  for (let iteration = 0; iteration < 50; iteration += 1) {
    let slope = 0;
    let curvature = 0;
    leads.forEach((lead, i) => {
      const p = sigmoid(intercept + (scores[i] ?? 0));
      slope += (lead.converted ? 1 : 0) - p;
      curvature += p * (1 - p);
    });
    const step = slope / curvature;
    intercept += step;
    if (Math.abs(step) < 1e-10) break;
  }
  return intercept;
}

/** The mean log-likelihood gradient with respect to each weight: (1/n) Σ (y_i − p_i) x_ik. */
export function weightGradient(leads: readonly TrainingLead[], weights: readonly number[], intercept: number): number[] {
  const gradient = weights.map(() => 0);
  for (const lead of leads) {
    const residual = (lead.converted ? 1 : 0) - sigmoid(intercept + dot(weights, lead.features));
    lead.features.forEach((value, k) => {
      gradient[k] = (gradient[k] ?? 0) + (residual * value) / leads.length;
    });
  }
  return gradient;
}

/** Clamps to non-negative values and rescales to sum to one (the weights' contract). */
export function normaliseWeights(weights: readonly number[]): number[] {
  const clamped = weights.map((value) => Math.max(0, value));
  const total = clamped.reduce((sum, value) => sum + value, 0);
  return total > 0 ? clamped.map((value) => value / total) : weights.map(() => 1 / weights.length);
}

/**
 * The weights after one gradient-ascent step of size `learningRate`, mapped back to
 * non-negative weights summing to one; null when the leads hold no signal (see fitIntercept).
 */
export function gradientStep(leads: readonly TrainingLead[], weights: readonly number[], learningRate: number): number[] | null {
  const intercept = fitIntercept(leads, weights);
  if (intercept === null) return null;
  const gradient = weightGradient(leads, weights, intercept);
  return normaliseWeights(weights.map((value, k) => value + learningRate * (gradient[k] ?? 0)));
}
