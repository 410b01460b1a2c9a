import { Schema, type Connection, type Model } from 'mongoose';

/** The scoring weights as the workspace config holds them: the four, and timing once it has one. */
export interface RefitWeights {
  companySize: number;
  industryMatch: number;
  techStack: number;
  jobTitle: number;
  timing?: number;
}

/**
 * One learning cycle's refit of the scoring weights from meetings, with its evidence: the fitted
 * weights and the learning rate's step towards them, both held-out AUCs, the sample sizes,
 * whether it was applied and why (not). An applied one can be
 * rolled back: the weights in force before it come back.
 */
export interface ScoringRefitRecord {
  workspaceId: string;
  cycleId: string;
  at: Date;
  before: RefitWeights;
  /** What it applies (applied): `before` moved `learningRate` of the way to `fitted`. */
  proposed: RefitWeights;
  /** The weights fitted to the meetings; null when none was made or recorded before the learning rate acted. */
  fitted?: RefitWeights | null;
  /** The step towards the fit; null when recorded before the learning rate acted. */
  learningRate?: number | null;
  /** Better on held-out outcomes by the test (DeLong z ≥ 1.645). */
  better: boolean;
  /** Written into the workspace's scoring weights (better, and auto-apply on). */
  applied: boolean;
  autoApply: boolean;
  status: string;
  aucBefore: number | null;
  aucAfter: number | null;
  z: number | null;
  sampleSize: number;
  meetings: number;
  trainSize: number;
  heldOutSize: number;
  heldOutMeetings: number;
  minMeetings: number;
  minSampleSize: number;
  reason: string;
  rolledBackAt: Date | null;
  rolledBackBy: string | null;
}

const weights = { type: Schema.Types.Mixed, required: true };
const ScoringRefitSchema = new Schema<ScoringRefitRecord>(
  {
    workspaceId: { type: String, required: true },
    cycleId: { type: String, required: true },
    at: { type: Date, required: true },
    before: weights,
    proposed: weights,
    fitted: { type: Schema.Types.Mixed, default: null },
    learningRate: { type: Number, default: null },
    better: { type: Boolean, required: true },
    applied: { type: Boolean, required: true },
    autoApply: { type: Boolean, required: true },
    status: { type: String, required: true },
    aucBefore: { type: Number, default: null },
    aucAfter: { type: Number, default: null },
    z: { type: Number, default: null },
    sampleSize: { type: Number, required: true },
    meetings: { type: Number, required: true },
    trainSize: { type: Number, required: true },
    heldOutSize: { type: Number, required: true },
    heldOutMeetings: { type: Number, required: true },
    minMeetings: { type: Number, required: true },
    minSampleSize: { type: Number, required: true },
    reason: { type: String, required: true },
    rolledBackAt: { type: Date, default: null },
    rolledBackBy: { type: String, default: null },
  },
  { minimize: false },
);
// One per cycle (a retried apply writes it once); the dashboard reads the newest.
ScoringRefitSchema.index({ workspaceId: 1, cycleId: 1 }, { unique: true });
ScoringRefitSchema.index({ workspaceId: 1, at: -1 });

/** Registers the scoring refit model on a connection (once); collection `scoring_refits`. */
export function scoringRefitModels(connection: Connection) {
  return {
    scoringRefits:
      (connection.models.ScoringRefit as Model<ScoringRefitRecord> | undefined) ??
      connection.model<ScoringRefitRecord>('ScoringRefit', ScoringRefitSchema, 'scoring_refits'),
  };
}
export type ScoringRefitsDb = ReturnType<typeof scoringRefitModels>;
