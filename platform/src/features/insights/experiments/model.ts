import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * What an experiment decides: a decision point an installed plugin declares (its manifest's
 * `decisionPoints`, read in decision-points.ts), e.g. the outreach writer's 'first-email-template'.
 */
export type DecisionPoint = string;

/** The decision point the prospect pipeline's `template` output (its copy step's firstTemplate) answers for. */
export const FIRST_TEMPLATE_POINT = 'first-email-template';

export const EXPERIMENT_STATES = ['running', 'converged', 'stopped'] as const;
export type ExperimentState = (typeof EXPERIMENT_STATES)[number];

/** One arm: its id (the decision's value unless named otherwise), label, value, and its rollup of decisions. */
export interface ExperimentArm {
  id: string;
  label: string;
  value: string;
  /** Decisions that chose it (each counted once, keyed by decision id). */
  trials: number;
  /** Summed rewards of those decisions (rewardOf: fractional, 0–1 each). */
  successes: number;
}

/** Who takes part: every prospect of the workspace, a campaign's, or those of one slice of the workspace's ICP (by its name). */
export type Population = { kind: 'workspace' } | { kind: 'campaign'; campaignId: number } | { kind: 'slice'; slice: string };

/** The winner made the population's default, with the evidence it was applied on; rolled back when a person says so. */
export interface AppliedChange {
  id: string;
  value: string;
  arm: string;
  appliedAt: Date;
  evidence: { pBest: Record<string, number>; counts: Array<{ arm: string; trials: number; successes: number }>; reason: string };
  rolledBackAt: Date | null;
  rolledBackBy: string | null;
}

/** A workspace's experiment, as stored. */
export interface Experiment {
  workspaceId: string;
  name: string;
  decisionPoint: DecisionPoint;
  arms: ExperimentArm[];
  population: Population;
  state: ExperimentState;
  /** The declared winner's arm id once converged. */
  winner: string | null;
  /** Why it is (not yet) converged: the declaration's words at the last count. */
  reason: string;
  change: AppliedChange | null;
  /** The last decision updates the counts took in (each applied once; see APPLIED_WINDOW). */
  appliedKeys: string[];
  createdBy: string;
  endedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const ArmSchema = new Schema<ExperimentArm>(
  {
    id: { type: String, required: true },
    label: { type: String, required: true },
    value: { type: String, required: true },
    trials: { type: Number, required: true, default: 0 },
    successes: { type: Number, required: true, default: 0 },
  },
  { _id: false },
);

const ExperimentSchema = new Schema<Experiment>(
  {
    workspaceId: { type: String, required: true },
    name: { type: String, required: true },
    decisionPoint: { type: String, required: true },
    arms: { type: [ArmSchema], required: true },
    population: { type: Schema.Types.Mixed, required: true },
    state: { type: String, required: true, enum: EXPERIMENT_STATES, default: 'running' },
    winner: { type: String, default: null },
    reason: { type: String, default: '' },
    change: { type: Schema.Types.Mixed, default: null },
    appliedKeys: { type: [String], default: [] },
    createdBy: { type: String, required: true },
    endedAt: { type: Date, default: null },
  },
  { timestamps: true, minimize: false },
);
ExperimentSchema.index({ workspaceId: 1, name: 1 }, { unique: true });
ExperimentSchema.index({ workspaceId: 1, state: 1 });

/** One decision: which arm a prospect's sequence got, and what it earned so far. */
export interface ExperimentDecision {
  workspaceId: string;
  /** `<experiment id>:<prospect id>`: one decision per prospect and experiment, whatever retries or reruns ask again. */
  decisionId: string;
  experimentId: string;
  /** The experiment's population the prospect was decided in (its campaign, ICP slice or the workspace). */
  population?: Population;
  prospectId: number;
  /** The prospect's sequence the chosen email goes out in. */
  sequenceId: string;
  /** The pipeline run that asked. */
  runId?: string;
  arm: string;
  value: string;
  draws: Record<string, number>;
  /** The reward its outcomes earned (rewardOf), and how much of it the experiment's counts hold. */
  reward: number;
  credited: number;
  /** True once the experiment's counts hold its trial. */
  trialCounted: boolean;
  decidedAt: Date;
}

const DecisionSchema = new Schema<ExperimentDecision>(
  {
    workspaceId: { type: String, required: true },
    decisionId: { type: String, required: true },
    experimentId: { type: String, required: true },
    population: Schema.Types.Mixed,
    prospectId: { type: Number, required: true },
    sequenceId: { type: String, required: true },
    runId: String,
    arm: { type: String, required: true },
    value: { type: String, required: true },
    draws: { type: Schema.Types.Mixed, required: true },
    reward: { type: Number, required: true, default: 0 },
    credited: { type: Number, required: true, default: 0 },
    trialCounted: { type: Boolean, required: true, default: false },
    decidedAt: { type: Date, required: true },
  },
  { minimize: false },
);
// The idempotency key: a retried or repeated decision is refused here and the first one stands.
DecisionSchema.index({ workspaceId: 1, decisionId: 1 }, { unique: true });
DecisionSchema.index({ workspaceId: 1, prospectId: 1 });

/** Registers the experiment models on a connection (once); collections `experiments` and `experiment_decisions`. */
export function experimentsModels(connection: Connection) {
  return {
    experiments:
      (connection.models.Experiment as Model<Experiment> | undefined) ??
      connection.model<Experiment>('Experiment', ExperimentSchema, 'experiments'),
    experimentDecisions:
      (connection.models.ExperimentDecision as Model<ExperimentDecision> | undefined) ??
      connection.model<ExperimentDecision>('ExperimentDecision', DecisionSchema, 'experiment_decisions'),
  };
}
export type ExperimentsDb = ReturnType<typeof experimentsModels>;
export type StoredExperiment = Experiment & { _id: Types.ObjectId };
