import { cadenceSendDays, cadenceWaits } from '@meetflow/plugin-sdk';
import { betaMean, betaPosterior, probabilityBest } from '@meetflow/plugin-sdk/experiments/beta';
import { CADENCE_STEPS, type CadenceStep, type CadenceTiming, type Outcomes } from './schemas.ts';

/** One step the learner proposes to move. */
export interface CadenceMove {
  step: CadenceStep;
  /** The step's send day before and after the move, counted from enrolment. */
  from: number;
  to: number;
  /** The day offset with the best posterior reply rate, which the step moves toward. */
  bestOffset: number;
  bestRate: number;
  /** P(bestOffset truly has the best reply rate among the offsets tried for this step). */
  confidence: number;
}

/** What the cadence learner found. */
export interface CadenceLearning {
  /** The proposed config value: gaps, each counted from the step before. */
  proposed: CadenceTiming;
  /** The smallest confidence among the proposed moves (0 when nothing moves). */
  confidence: number;
  moves: CadenceMove[];
  /** Steps that had at least two offsets with enough sends to compare. */
  stepsWithEvidence: number;
}

/** Settings the learner takes from the plugin config. */
export interface CadenceSettings {
  minSendsPerOffset: number;
  maxShiftDays: number;
  priorStrength: number;
}

function bestOffsetFor(rows: Outcomes['cadence'], settings: CadenceSettings) {
  const totals = new Map<number, { sent: number; replied: number }>();
  for (const row of rows) {
    const total = totals.get(row.dayOffset) ?? { sent: 0, replied: 0 };
    totals.set(row.dayOffset, { sent: total.sent + row.sent, replied: total.replied + row.replied });
  }
  const tried = [...totals].filter(([, total]) => total.sent >= settings.minSendsPerOffset).sort(([a], [b]) => a - b);
  if (tried.length < 2) return null;
  // Uniform prior (mean 0.5): no offset is favoured before its own evidence.
  const posteriors = tried.map(([, total]) => betaPosterior(0.5, settings.priorStrength, total.replied, total.sent));
  const wins = probabilityBest(posteriors);
  const best = tried
    .map(([offset], i) => ({ offset, rate: betaMean(posteriors[i] ?? { alpha: 1, beta: 1 }), win: wins[i] ?? 0 }))
    .reduce((a, b) => (b.rate > a.rate ? b : a));
  return best;
}

/** The waits a workspace's cadence takes (its settings allow 1 to 30 days before each step). */
export const WAIT_DAYS = { min: 1, max: 30 } as const;

/**
 * Drops moves until every wait they touch is one the workspace takes: no step on or before the
 * one before it, none more than WAIT_DAYS.max after it. A wait is the gap between a step and the
 * one before (step 1: from enrolment), so it depends on those two steps' moves; a wait neither
 * touches is left as it was, whatever it is.
 */
function keepValid(days: CadenceTiming, moves: CadenceMove[]): CadenceMove[] {
  let kept = moves;
  for (;;) {
    const moved = new Set(kept.map((move) => move.step));
    const timing = { ...days, ...Object.fromEntries(kept.map((move) => [move.step, move.to])) } as CadenceTiming;
    const wait = (k: number) => timing[CADENCE_STEPS[k]!] - (k === 0 ? 0 : timing[CADENCE_STEPS[k - 1]!]);
    const bad = CADENCE_STEPS.findIndex(
      (step, k) => (moved.has(step) || (k > 0 && moved.has(CADENCE_STEPS[k - 1]!))) && (wait(k) < WAIT_DAYS.min || wait(k) > WAIT_DAYS.max),
    );
    if (bad < 0) return kept;
    const touching = new Set([CADENCE_STEPS[bad], ...(bad > 0 ? [CADENCE_STEPS[bad - 1]] : [])]);
    kept = kept.filter((move) => !touching.has(move.step));
  }
}

/**
 * Per step, compares the reply rates of the send days tried (Beta posteriors with a uniform
 * prior, days with fewer than `minSendsPerOffset` sends ignored). When the best day differs from
 * the step's current day, the step moves toward it by at most `maxShiftDays`. Moves are in days
 * from enrolment, as the outcome events record them; the proposal is given back as the config's
 * gaps, so moving step 2 a day later also shortens the wait before step 3 by a day. A move that
 * would give a step a wait the workspace does not take (WAIT_DAYS) is not proposed.
 */
export function learnCadence(current: CadenceTiming, rows: Outcomes['cadence'], settings: CadenceSettings): CadenceLearning {
  const days = cadenceSendDays(current);
  let stepsWithEvidence = 0;
  const candidates: CadenceMove[] = [];
  CADENCE_STEPS.forEach((step, k) => {
    const best = bestOffsetFor(
      rows.filter((row) => row.step === k + 1),
      settings,
    );
    if (!best) return;
    stepsWithEvidence += 1;
    const shift = Math.max(-settings.maxShiftDays, Math.min(settings.maxShiftDays, best.offset - days[step]));
    const to = days[step] + shift;
    if (shift !== 0) {
      candidates.push({
        step,
        from: days[step],
        to,
        bestOffset: best.offset,
        bestRate: Number(best.rate.toFixed(4)),
        confidence: Number(best.win.toFixed(4)),
      });
    }
  });
  const moves = keepValid(days, candidates);
  return {
    proposed: cadenceWaits({ ...days, ...Object.fromEntries(moves.map((move) => [move.step, move.to])) }),
    confidence: moves.length === 0 ? 0 : Math.min(...moves.map((move) => move.confidence)),
    moves,
    stepsWithEvidence,
  };
}
