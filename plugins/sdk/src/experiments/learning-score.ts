// The learning score the Learning Dashboard shows (README, "Learning"): how much better the arms
// learning applied do than the controls they replaced, in reward per 100 sends, from measured
// counts only. No data, no score: null, never a made-up number.
import { armInterval, DEFAULT_PRIOR, probabilityBest, type ArmCounts, type BetaPrior } from './bandit.ts';

/** One experiment as the score sees it: the arm applied (the declared winner) and the control. */
export interface AppliedExperiment {
  applied: ArmCounts;
  control: ArmCounts;
}

/** One experiment's lift: posterior means per 100 sends and how sure the lift is positive. */
export interface ExperimentLift {
  /** Posterior mean reward per 100 sends of the applied arm and of the control. */
  appliedPer100: number;
  controlPer100: number;
  /** appliedPer100 / controlPer100 − 1 (0.25 = 25% better). */
  lift: number;
  /** P(the applied arm's rate > the control's), from the two posteriors. */
  probabilityBetter: number;
}

/** The lift of the applied arm over the control; null until both arms have sends. */
export function experimentLift({ applied, control }: AppliedExperiment, prior: BetaPrior = DEFAULT_PRIOR): ExperimentLift | null {
  if (applied.trials <= 0 || control.trials <= 0) return null;
  const appliedMean = armInterval(applied, 0.95, prior).mean;
  const controlMean = armInterval(control, 0.95, prior).mean;
  const best = probabilityBest(
    [
      { ...applied, arm: 'applied' },
      { ...control, arm: 'control' },
    ],
    prior,
  );
  return {
    appliedPer100: appliedMean * 100,
    controlPer100: controlMean * 100,
    lift: appliedMean / controlMean - 1,
    probabilityBetter: best.applied ?? 0,
  };
}

/** The workspace's learning score: the experiments' lifts averaged with the applied arms' sends as weights. */
export interface LearningScore {
  /** Send-weighted mean lift (0.25 = the applied arms earn 25% more reward per send than their controls). */
  score: number;
  /** The experiments counted (those whose two arms have sends) and their applied arms' sends. */
  experiments: number;
  sends: number;
}

/**
 * The learning score: Σ lift_i · n_i / Σ n_i over the applied experiments, n_i the applied
 * arm's sends, so a lift measured on 2,000 sends outweighs one measured on 50. Null when no
 * experiment has been applied with sends on both arms.
 */
export function learningScore(experiments: readonly AppliedExperiment[], prior: BetaPrior = DEFAULT_PRIOR): LearningScore | null {
  let weighted = 0;
  let sends = 0;
  let counted = 0;
  for (const experiment of experiments) {
    const lift = experimentLift(experiment, prior);
    if (lift === null) continue;
    weighted += lift.lift * experiment.applied.trials;
    sends += experiment.applied.trials;
    counted += 1;
  }
  return counted === 0 ? null : { score: weighted / sends, experiments: counted, sends };
}
