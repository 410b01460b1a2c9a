// Scoring weights learned from meetings (issue #33, item 4): an L2-regularised logistic model of
// "booked a meeting" on the five score dimensions, fitted on one part of the outcomes and judged
// on a held-out part the fit never saw. The learned weights replace the current ones only when
// they rank the held-out prospects better (higher AUC) by more than noise: DeLong's paired test
// of the two AUCs on the same held-out prospects, one-sided at 5% by default.
import { normaliseWeights } from '../logistic.ts';
import { hashSeed, seededRandom } from '@meetflow/plugin-sdk/experiments/random';

/** The five dimensions of a lead score (plugins/lead-scoring DIMENSION_KEYS), each in [0, 1]. */
export const SCORE_DIMENSIONS = ['companySize', 'industryMatch', 'techStack', 'jobTitle', 'timing'] as const;
export type ScoreDimension = (typeof SCORE_DIMENSIONS)[number];
export type DimensionWeights = Record<ScoreDimension, number>;

/** One contacted prospect: its dimension scores and whether a meeting was booked. */
export interface MeetingObservation {
  features: DimensionWeights;
  meetingBooked: boolean;
}

/** A fitted logistic model P(meeting) = σ(intercept + Σ coefficient_k · x_k). */
export interface LogisticFit {
  intercept: number;
  coefficients: number[];
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Solves A x = b by Gaussian elimination with partial pivoting (A small and positive definite here). */
function solve(matrix: number[][], vector: number[]): number[] {
  const size = vector.length;
  const a = matrix.map((row, i) => [...row, vector[i] ?? 0]);
  for (let column = 0; column < size; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < size; row += 1) if (Math.abs(a[row]![column]!) > Math.abs(a[pivot]![column]!)) pivot = row;
    [a[column], a[pivot]] = [a[pivot]!, a[column]!];
    const head = a[column]!;
    for (let row = column + 1; row < size; row += 1) {
      const current = a[row]!;
      const factor = current[column]! / head[column]!;
      for (let k = column; k <= size; k += 1) current[k] = current[k]! - factor * head[k]!;
    }
  }
  const x = new Array<number>(size).fill(0);
  for (let row = size - 1; row >= 0; row -= 1) {
    const current = a[row]!;
    let sum = current[size]!;
    for (let k = row + 1; k < size; k += 1) sum -= current[k]! * x[k]!;
    x[row] = sum / current[row]!;
  }
  return x;
}

/**
 * Maximises Σ log-likelihood − (l2 / 2)·‖coefficients‖² (the intercept is not penalised) by
 * Newton's method: the penalty keeps the fit finite when a feature separates the outcomes and
 * shrinks the coefficients a few meetings cannot support.
 */
export function fitRegularisedLogistic(rows: readonly { features: readonly number[]; label: boolean }[], l2: number): LogisticFit {
  const width = (rows[0]?.features.length ?? 0) + 1;
  let theta = new Array<number>(width).fill(0);
  const positives = rows.filter((row) => row.label).length;
  if (positives > 0 && positives < rows.length) theta[0] = Math.log(positives / (rows.length - positives));
  for (let iteration = 0; iteration < 50; iteration += 1) {
    const gradient = new Array<number>(width).fill(0);
    const hessian = Array.from({ length: width }, () => new Array<number>(width).fill(0));
    for (const row of rows) {
      const x = [1, ...row.features];
      const p = sigmoid(x.reduce((sum, value, k) => sum + value * theta[k]!, 0));
      const weight = p * (1 - p);
      for (let i = 0; i < width; i += 1) {
        gradient[i] = gradient[i]! + ((row.label ? 1 : 0) - p) * x[i]!;
        for (let j = 0; j < width; j += 1) hessian[i]![j] = hessian[i]![j]! + weight * x[i]! * x[j]!;
      }
    }
    for (let k = 1; k < width; k += 1) {
      gradient[k] = gradient[k]! - l2 * theta[k]!;
      hessian[k]![k] = hessian[k]![k]! + l2;
    }
    hessian[0]![0] = hessian[0]![0]! + 1e-9;
    const step = solve(hessian, gradient);
    theta = theta.map((value, k) => value + step[k]!);
    if (step.every((value) => Math.abs(value) < 1e-8)) break;
  }
  return { intercept: theta[0]!, coefficients: theta.slice(1) };
}

/** ψ of the Mann–Whitney statistic: 1 when the positive ranks above, ½ on a tie. */
const psi = (positive: number, negative: number) => (positive > negative ? 1 : positive === negative ? 0.5 : 0);

/** The area under the ROC curve of `scores` for `labels` (ties count half); null without both classes. */
export function auc(scores: readonly number[], labels: readonly boolean[]): number | null {
  const positives = scores.filter((_, i) => labels[i]);
  const negatives = scores.filter((_, i) => !labels[i]);
  if (positives.length === 0 || negatives.length === 0) return null;
  let total = 0;
  for (const p of positives) for (const n of negatives) total += psi(p, n);
  return total / (positives.length * negatives.length);
}

/**
 * DeLong's test of two correlated AUCs on the same cases: the difference B − A, its standard
 * error and z = difference / standard error (0 when both rank identically).
 */
export function compareAuc(
  scoresA: readonly number[],
  scoresB: readonly number[],
  labels: readonly boolean[],
): { aucA: number; aucB: number; difference: number; standardError: number; z: number } | null {
  const pos = labels.flatMap((label, i) => (label ? [i] : []));
  const neg = labels.flatMap((label, i) => (label ? [] : [i]));
  const m = pos.length;
  const n = neg.length;
  if (m < 2 || n < 2) return null;
  const components = (scores: readonly number[]) => {
    const v10 = pos.map((i) => neg.reduce((sum, j) => sum + psi(scores[i]!, scores[j]!), 0) / n);
    const v01 = neg.map((j) => pos.reduce((sum, i) => sum + psi(scores[i]!, scores[j]!), 0) / m);
    return { v10, v01, auc: v10.reduce((sum, value) => sum + value, 0) / m };
  };
  const a = components(scoresA);
  const b = components(scoresB);
  const covariance = (x: readonly number[], y: readonly number[]) => {
    const mx = x.reduce((sum, value) => sum + value, 0) / x.length;
    const my = y.reduce((sum, value) => sum + value, 0) / y.length;
    return x.reduce((sum, value, k) => sum + (value - mx) * (y[k]! - my), 0) / (x.length - 1);
  };
  const variance =
    (covariance(a.v10, a.v10) + covariance(b.v10, b.v10) - 2 * covariance(a.v10, b.v10)) / m +
    (covariance(a.v01, a.v01) + covariance(b.v01, b.v01) - 2 * covariance(a.v01, b.v01)) / n;
  const difference = b.auc - a.auc;
  const standardError = Math.sqrt(Math.max(0, variance));
  return { aucA: a.auc, aucB: b.auc, difference, standardError, z: standardError > 0 ? difference / standardError : 0 };
}

/** How the refit is done and judged. */
export interface RefitSettings {
  /** L2 penalty on the coefficients. */
  l2: number;
  /** Share of the outcomes held out from the fit to judge it (stratified by outcome). */
  heldOutShare: number;
  /** Meetings needed in the training part before a fit is tried. */
  minMeetings: number;
  /** DeLong z the improvement must reach (1.645: one-sided 5%). */
  minZ: number;
  /**
   * The share of the way from the current weights to the fitted ones a refit proposes, in (0, 1]:
   * current + learningRate × (fitted − current), per dimension. 1 jumps to the fit; below 1 one
   * noisy cycle cannot swing scoring, and cycles that keep finding the same fit converge on it.
   */
  learningRate: number;
}

/** The learning engine's default `learningRate` (the spec's Advanced Settings: learning rate 0.1). */
export const DEFAULT_LEARNING_RATE = 0.1;

export const DEFAULT_REFIT_SETTINGS: RefitSettings = {
  l2: 1,
  heldOutShare: 0.3,
  minMeetings: 20,
  minZ: 1.645,
  learningRate: DEFAULT_LEARNING_RATE,
};

/** Why a refit's weights were or were not applied (`reason` says it in words). */
export type RefitStatus = 'applied' | 'too-few-meetings' | 'no-contrast' | 'no-signal' | 'held-out-too-small' | 'not-better';

/** What one refit found: the weights it proposes, the held-out AUCs and whether they apply. */
export interface WeightRefit<K extends string> {
  /**
   * What the refit would apply: the current weights (normalised) moved `learningRate` of the way
   * to `fitted`, non-negative and summing to 1; the current ones (normalised) when nothing was fitted.
   */
  proposed: Record<K, number>;
  /** The fitted weights (coefficients clamped at 0, normalised); null when no fit was made. */
  fitted: Record<K, number> | null;
  /** The step taken towards the fit (settings.learningRate). */
  learningRate: number;
  /** The weights in force after the refit: proposed when applied, else current. */
  effective: Record<K, number>;
  /** True when the proposed (stepped) weights beat the current ones on the held-out part by the test. */
  applied: boolean;
  status: RefitStatus;
  /** Held-out AUC of the current weights and of the proposed (stepped) ones; null when not measured. */
  aucBefore: number | null;
  aucAfter: number | null;
  /** DeLong z of aucAfter − aucBefore. */
  z: number | null;
  trainSize: number;
  heldOutSize: number;
  /** Meetings in the training part and in the held-out part. */
  trainMeetings: number;
  heldOutMeetings: number;
  /** Meetings the training part needs before a fit is tried (settings.minMeetings). */
  minMeetings: number;
  reason: string;
}

/** A refit over the five score dimensions. */
export type ScoringRefit = WeightRefit<ScoreDimension>;

/**
 * One refit over the five score dimensions (see `refitWeights`).
 */
export function refitScoringWeights(
  current: DimensionWeights,
  observations: readonly MeetingObservation[],
  seed: string,
  settings: RefitSettings = DEFAULT_REFIT_SETTINGS,
): ScoringRefit {
  return refitWeights(SCORE_DIMENSIONS, current, observations, seed, settings);
}

/**
 * One refit over the dimensions `keys` (the five score dimensions, or the four a workspace's
 * scoring weights hold): a seeded, outcome-stratified split (same seed, same split), the
 * regularised fit on the training part, and both weightings' AUC on the held-out part. A score
 * ranks prospects by Σ w_k x_k, so the fitted weights are the coefficients clamped at 0 and
 * normalised; the proposed ones are a step of `learningRate` from the current weights towards
 * them, and it is the step (what would be applied) that is judged against the current weights.
 */
export function refitWeights<K extends string>(
  keys: readonly K[],
  current: Record<K, number>,
  observations: readonly { features: Record<K, number>; meetingBooked: boolean }[],
  seed: string,
  settings: RefitSettings = DEFAULT_REFIT_SETTINGS,
): WeightRefit<K> {
  type Observation = (typeof observations)[number];
  for (const key of keys) {
    if (!Number.isFinite(current[key]) || current[key] < 0) throw new RangeError(`current weight ${key} must be a finite number ≥ 0`);
  }
  const { learningRate } = settings;
  if (!(learningRate > 0 && learningRate <= 1)) throw new RangeError(`learningRate must be in (0, 1], got ${learningRate}`);
  const vectorOf = (features: Record<K, number>) => keys.map((key) => features[key]);
  // Not rounded: the step is exact (applied = current + learningRate × (fitted − current)).
  const weightsOf = (vector: readonly number[]) => Object.fromEntries(keys.map((key, k) => [key, vector[k] ?? 0])) as Record<K, number>;
  const scoreWith = (weights: readonly number[], features: Record<K, number>) =>
    vectorOf(features).reduce((sum, value, k) => sum + value * (weights[k] ?? 0), 0);
  const random = seededRandom(hashSeed(seed));
  const shuffled = (items: readonly Observation[]) => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  const train: Observation[] = [];
  const heldOut: Observation[] = [];
  for (const group of [observations.filter((o) => o.meetingBooked), observations.filter((o) => !o.meetingBooked)]) {
    const order = shuffled(group);
    const cut = Math.round(order.length * settings.heldOutShare);
    heldOut.push(...order.slice(0, cut));
    train.push(...order.slice(cut));
  }
  const currentVector = normaliseWeights(vectorOf(current));
  const trainMeetings = train.filter((o) => o.meetingBooked).length;
  const base = {
    proposed: weightsOf(currentVector),
    fitted: null,
    learningRate,
    effective: current,
    applied: false,
    aucBefore: null,
    aucAfter: null,
    z: null,
    trainSize: train.length,
    heldOutSize: heldOut.length,
    trainMeetings,
    heldOutMeetings: heldOut.filter((o) => o.meetingBooked).length,
    minMeetings: settings.minMeetings,
  };
  if (trainMeetings < settings.minMeetings)
    return {
      ...base,
      status: 'too-few-meetings',
      reason: `${trainMeetings} meetings to learn from; a refit needs ${settings.minMeetings}`,
    };
  if (trainMeetings === train.length) return { ...base, status: 'no-contrast', reason: 'every prospect booked: nothing separates them' };
  const fit = fitRegularisedLogistic(
    train.map((o) => ({ features: vectorOf(o.features), label: o.meetingBooked })),
    settings.l2,
  );
  if (fit.coefficients.every((value) => value <= 0))
    return { ...base, status: 'no-signal', reason: 'no dimension raises the chance of a meeting: the current weights stay' };
  const fittedVector = normaliseWeights(fit.coefficients);
  // Both sum to 1 and are ≥ 0, so each step between them does too: no clamping or renormalising
  // (which would move the step off the line). Written (1 − r)·c + r·f so that r = 1 is the fit exactly.
  const proposedVector = currentVector.map((value, k) => (1 - learningRate) * value + learningRate * (fittedVector[k] ?? 0));
  const labels = heldOut.map((o) => o.meetingBooked);
  const compared = compareAuc(
    heldOut.map((o) => scoreWith(currentVector, o.features)),
    heldOut.map((o) => scoreWith(proposedVector, o.features)),
    labels,
  );
  const proposed = weightsOf(proposedVector);
  const fitted = weightsOf(fittedVector);
  if (compared === null)
    return { ...base, proposed, fitted, status: 'held-out-too-small', reason: 'the held-out part needs two meetings and two non-meetings' };
  const measured = { ...base, proposed, fitted, aucBefore: compared.aucA, aucAfter: compared.aucB, z: compared.z };
  const auc = (value: number) => value.toFixed(3);
  if (compared.difference > 0 && compared.z >= settings.minZ)
    return {
      ...measured,
      applied: true,
      status: 'applied',
      effective: proposed,
      reason: `held-out AUC ${auc(compared.aucA)} → ${auc(compared.aucB)} (z = ${compared.z.toFixed(2)}): applied`,
    };
  return {
    ...measured,
    status: 'not-better',
    reason: `held-out AUC ${auc(compared.aucA)} → ${auc(compared.aucB)} (z = ${compared.z.toFixed(2)} < ${settings.minZ}): not better beyond noise, the current weights stay`,
  };
}
