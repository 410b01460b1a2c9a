import { Schema, type Connection, type Model } from 'mongoose';

/** Statuses a campaign can be in (the spec's badge: active, paused or other). */
export const CAMPAIGN_STATUSES = ['active', 'paused', 'draft', 'completed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** An outreach campaign over some of the workspace's prospects. `id` is an integer, sequential per workspace. */
export interface Campaign {
  workspaceId: string;
  id: number;
  name: string;
  status: CampaignStatus;
  /** Ids of prospects of the same workspace. */
  prospectIds: number[];
  /** ICP slices its prospects are scored against (each against the one naming its industry); empty = every slice. */
  sliceNames: string[];
  /** The saved version of the prospect pipeline it runs; null = the built-in one. */
  pipelineVersion: number | null;
  /** Public ids of the workspace's mailboxes its emails go out through; empty = every active mailbox (documents older than the field have none). */
  mailboxIds: string[];
  /** The batches it started, oldest first: the first runs everyone, later ones retries or added prospects. */
  batches: CampaignBatch[];
  createdAt?: Date;
  updatedAt?: Date;
}

/** One batch a campaign started. */
export interface CampaignBatch {
  batchId: string;
  startedAt: Date;
  /** Why it ran: the first start, a retry of failed runs, or prospects added later. */
  kind: 'start' | 'retry' | 'added';
  prospects: number;
}

const CampaignBatchSchema = new Schema<CampaignBatch>(
  {
    batchId: { type: String, required: true },
    startedAt: { type: Date, required: true },
    kind: { type: String, required: true, enum: ['start', 'retry', 'added'] },
    prospects: { type: Number, required: true },
  },
  { _id: false },
);

const CampaignSchema = new Schema<Campaign>(
  {
    workspaceId: { type: String, required: true },
    id: { type: Number, required: true },
    name: { type: String, required: true, trim: true },
    status: { type: String, required: true, enum: CAMPAIGN_STATUSES, default: 'draft' },
    prospectIds: { type: [Number], default: [] },
    sliceNames: { type: [String], default: [] },
    pipelineVersion: { type: Number, default: null },
    mailboxIds: { type: [String], default: [] },
    batches: { type: [CampaignBatchSchema], default: [] },
  },
  { timestamps: true, id: false },
);
CampaignSchema.index({ workspaceId: 1, id: 1 }, { unique: true });

/** Registers the Campaign model on a connection (once). */
export function campaignModel(connection: Connection): Model<Campaign> {
  return (connection.models.Campaign as Model<Campaign> | undefined) ?? connection.model<Campaign>('Campaign', CampaignSchema);
}
