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
  /** Meetings first entered in the ledger since evidenceSince, as last counted (attended = those now billed). */
  ledgerBooked: { type: Number, default: 0 },
  ledgerAttended: { type: Number, default: 0 },
  /** Ledger entries since evidenceSince when last counted: they only ever grow, so a slower count never overwrites a newer one. */
  ledgerEntries: { type: Number, default: 0 },
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
 * The ledger: a meeting's entries, in order. An attended meeting gets a 'charge' at the slice
 * price; a no-show first reported gets a 'no-show' of 0 (so the outcome feeds the slice's pm); a
 * charged meeting corrected to a no-show gets a 'credit' of minus that charge, and corrected back
 * a new 'charge'. Entries are only ever added: the meeting's state and every total are sums of them.
 * Rows written before entries existed (one per meeting, no key, seq or amountMinor) are read as
 * their meeting's first entry, their amount from the dollar `amount`.
 */
export const ledgerSchema = new Schema({
  workspaceId: { type: String, required: true },
  meetingId: { type: String, required: true },
  sliceId: { type: String, required: true },
  /** Idempotency key, `<meetingId>:<kind>:<n>`: the meeting's n-th entry of that kind. */
  key: { type: String },
  /** Position among the meeting's entries, from 1: two different transitions from one state cannot both be written. */
  seq: { type: Number },
  /** Integer minor units (cents): a charge positive, a credit negative, a no-show 0. */
  amountMinor: { type: Number, validate: { validator: Number.isSafeInteger, message: 'amountMinor must be a whole number of cents' } },
  /** Dollars, on the rows written before amountMinor only. */
  amount: { type: Number },
  currency: { type: String, enum: ['USD'], required: true, default: 'USD' },
  kind: { type: String, enum: ['charge', 'credit', 'no-show'], required: true },
  attendedAt: { type: Date, required: true },
  createdAt: { type: Date, required: true },
});
// chargeMeeting's idempotency: a retried or concurrent report of the same transition writes its key once.
ledgerSchema.index({ workspaceId: 1, meetingId: 1, key: 1 }, { unique: true });
ledgerSchema.index({ workspaceId: 1, meetingId: 1, seq: 1 }, { unique: true });
ledgerSchema.index({ workspaceId: 1, sliceId: 1, createdAt: 1 });
ledgerSchema.index({ workspaceId: 1, attendedAt: 1 });

/** The unique index of the one-row-per-meeting ledger, which would refuse a meeting's second entry. */
export const LEGACY_LEDGER_INDEX = 'workspaceId_1_meetingId_1';

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
