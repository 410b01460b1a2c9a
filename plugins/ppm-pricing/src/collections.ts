import { Schema, type InferSchemaType, type Model } from 'mongoose';
import { TIERS } from './config.ts';

/**
 * A pricing slice of a workspace. `pm` and `qualityScore` are stored posteriors, recomputable
 * from the priors and counts beside them; `ecm` is internal and never leaves through a public view.
 */
export const sliceSchema = new Schema({
  workspaceId: { type: String, required: true },
  sliceId: { type: String, required: true },
  sliceName: { type: String, required: true },
  tier: { type: String, enum: TIERS, required: true },
  qualityScore: { type: Number, required: true },
  /** The quality score last set by upsertSlice: the prior of the qualification evidence. */
  qualityPrior: { type: Number, required: true },
  leadsVolume: { type: Number, required: true },
  pm: { type: Number, required: true },
  /** Prior show-up probability of this slice. */
  pmPrior: { type: Number, required: true },
  floor: { type: Number, required: true },
  cap: { type: Number, required: true },
  ecm: { type: Number, default: null },
  /** The last recomputeSlice's period outcomes (zero before any). */
  evidence: {
    booked: { type: Number, default: 0 },
    attended: { type: Number, default: 0 },
    qualifiedLeads: { type: Number, default: 0 },
    leads: { type: Number, default: 0 },
  },
  /** When that evidence was set: ledger rows recorded since then add to it. */
  evidenceSince: { type: Date, required: true },
  /** Ledger rows since evidenceSince, as last counted (booked = all rows, attended = charges). */
  ledgerBooked: { type: Number, default: 0 },
  ledgerAttended: { type: Number, default: 0 },
  updatedAt: { type: Date, required: true },
});
sliceSchema.index({ workspaceId: 1, sliceId: 1 }, { unique: true });

/** A workspace's bid on one slice (spec entity Customer bid). */
export const bidSchema = new Schema({
  workspaceId: { type: String, required: true },
  sliceId: { type: String, required: true },
  isEnabled: { type: Boolean, required: true },
  baseBid: { type: Number, required: true },
  maxDailyMeetings: { type: Number, required: true },
  dailyBudgetCap: { type: Number, required: true },
  updatedAt: { type: Date, required: true },
});
bidSchema.index({ workspaceId: 1, sliceId: 1 }, { unique: true });

/**
 * One row per meeting outcome: a 'charge' at the slice price for an attended meeting, or a
 * 'no-show' of amount 0 (recorded so the outcome is counted once and feeds the slice's pm).
 */
export const ledgerSchema = new Schema({
  workspaceId: { type: String, required: true },
  meetingId: { type: String, required: true },
  sliceId: { type: String, required: true },
  amount: { type: Number, required: true },
  currency: { type: String, enum: ['USD'], required: true, default: 'USD' },
  kind: { type: String, enum: ['charge', 'no-show'], required: true },
  attendedAt: { type: Date, required: true },
  createdAt: { type: Date, required: true },
});
// The idempotency key of chargeMeeting: one row per meeting, however often it is reported.
ledgerSchema.index({ workspaceId: 1, meetingId: 1 }, { unique: true });
ledgerSchema.index({ workspaceId: 1, sliceId: 1, createdAt: 1 });
ledgerSchema.index({ workspaceId: 1, kind: 1, attendedAt: 1 });

export type SliceDocument = InferSchemaType<typeof sliceSchema>;
export type BidDocument = InferSchemaType<typeof bidSchema>;
export type LedgerDocument = InferSchemaType<typeof ledgerSchema>;

/** The models the host builds from the collections above. */
export interface PricingModels {
  slices: Model<SliceDocument>;
  bids: Model<BidDocument>;
  ledger: Model<LedgerDocument>;
}

/** An activity's input with the workspace its run context gives (the input never names one). */
export type InWorkspace<T> = T & { workspaceId: string };
