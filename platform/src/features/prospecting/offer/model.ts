import type { Offer } from '@meetflow/plugin-sdk/contracts/offer';
import { Schema, type Connection, type Model } from 'mongoose';

/** A workspace's offer, as last saved (validated by the SDK's OfferSchema on the way in). */
export interface WorkspaceOffer {
  workspaceId: string;
  offer: Offer;
  updatedAt?: Date;
}

const WorkspaceOfferSchema = new Schema<WorkspaceOffer>(
  {
    workspaceId: { type: String, required: true },
    offer: { type: Schema.Types.Mixed, required: true },
  },
  { timestamps: true, minimize: false },
);
WorkspaceOfferSchema.index({ workspaceId: 1 }, { unique: true });

/** Registers the offer model on a connection (once); collection `workspace_offers`. */
export function workspaceOfferModels(connection: Connection) {
  return {
    workspaceOffers:
      (connection.models.WorkspaceOffer as Model<WorkspaceOffer> | undefined) ??
      connection.model<WorkspaceOffer>('WorkspaceOffer', WorkspaceOfferSchema, 'workspace_offers'),
  };
}
export type OfferDb = ReturnType<typeof workspaceOfferModels>;
