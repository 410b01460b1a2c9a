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
  createdAt?: Date;
  updatedAt?: Date;
}

const CampaignSchema = new Schema<Campaign>({
  workspaceId: { type: String, required: true },
  id: { type: Number, required: true },
  name: { type: String, required: true, trim: true },
  status: { type: String, required: true, enum: CAMPAIGN_STATUSES, default: 'draft' },
  prospectIds: { type: [Number], default: [] },
}, { timestamps: true, id: false });
CampaignSchema.index({ workspaceId: 1, id: 1 }, { unique: true });

/** Registers the Campaign model on a connection (once). */
export function campaignModel(connection: Connection): Model<Campaign> {
  return (connection.models.Campaign as Model<Campaign> | undefined) ?? connection.model<Campaign>('Campaign', CampaignSchema);
}
