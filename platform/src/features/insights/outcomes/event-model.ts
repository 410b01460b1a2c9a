import { Schema, type Connection, type Model } from 'mongoose';

/** The kinds of outcome the product learns from. */
export const OUTCOME_TYPES = [
  'sent',
  'replied',
  'meeting_booked',
  'meeting_attended',
  'meeting_no_show',
  'lead_scored',
  'bounced',
  'unsubscribed',
  'opened',
] as const;
export type OutcomeType = (typeof OUTCOME_TYPES)[number];

/**
 * The lead-scoring dimensions of a scored lead, each 0–1 (the lead-scoring dimension score / 100).
 * Timing is absent from events recorded before it was learned (the refit leaves those out).
 */
export interface LeadFeatures {
  companySize: number;
  industryMatch: number;
  techStack: number;
  jobTitle: number;
  timing?: number;
}

/** Something that happened to a prospect, recorded once per (workspace, eventId). */
export interface OutcomeEvent {
  workspaceId: string;
  eventId: string;
  type: OutcomeType;
  at: Date;
  /** Stored as a string whatever the caller sent, so events of one prospect join. */
  prospectId?: string;
  template?: string;
  step?: number;
  /** The day offset the step was sent at (a `sent` event); the cadence in force is assumed when missing. */
  dayOffset?: number;
  /** The reply class (engagement-analysis category) of a `replied` event. */
  category?: string;
  /** The total score of a `lead_scored` event. */
  score?: number;
  features?: LeadFeatures;
  /** True once the event is counted in the rollups; false events are re-applied by `reconcileRollups`. */
  applied: boolean;
  /** The learning cycle that learned from this event (claimed by `gatherOutcomes`); null until then. */
  learnedIn: string | null;
  /** How often the event's type was corrected since it was recorded (a meeting's attendance: `correctAttendance`). */
  revision?: number;
  createdAt?: Date;
}

const OutcomeEventSchema = new Schema<OutcomeEvent>(
  {
    workspaceId: { type: String, required: true },
    eventId: { type: String, required: true },
    type: { type: String, required: true, enum: OUTCOME_TYPES },
    at: { type: Date, required: true },
    prospectId: String,
    template: String,
    step: Number,
    dayOffset: Number,
    category: String,
    score: Number,
    features: {
      type: new Schema({ companySize: Number, industryMatch: Number, techStack: Number, jobTitle: Number, timing: Number }, { _id: false }),
      default: undefined,
    },
    applied: { type: Boolean, required: true, default: false },
    learnedIn: { type: String, default: null },
    revision: { type: Number, default: 0 },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);
// The idempotency key: a retried event is refused by this index and counted once.
OutcomeEventSchema.index({ workspaceId: 1, eventId: 1 }, { unique: true });
OutcomeEventSchema.index({ workspaceId: 1, applied: 1 });
OutcomeEventSchema.index({ workspaceId: 1, learnedIn: 1 });
OutcomeEventSchema.index({ workspaceId: 1, type: 1, prospectId: 1 });

/** Registers the outcome event model on a connection (once); collection `outcome_events`. */
export function outcomeEventModels(connection: Connection) {
  return {
    outcomeEvents:
      (connection.models.OutcomeEvent as Model<OutcomeEvent> | undefined) ??
      connection.model<OutcomeEvent>('OutcomeEvent', OutcomeEventSchema, 'outcome_events'),
  };
}
