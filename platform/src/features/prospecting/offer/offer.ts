import { OfferSchema, type Offer, type OfferInput } from '@meetflow/plugin-sdk/contracts/offer';
import { ConflictError } from '../../../core/errors.ts';
import type { OfferDb } from './model.ts';

/** The workspace's offer, or null until someone describes it. */
export async function getOffer(db: OfferDb, workspaceId: string): Promise<Offer | null> {
  const stored = await db.workspaceOffers.findOne({ workspaceId }, { offer: 1 }).lean();
  return stored ? OfferSchema.parse(stored.offer) : null;
}

/** Saves the workspace's offer whole (one upsert, so saving twice is saving once); answers it as stored. */
export async function saveOffer(db: OfferDb, workspaceId: string, input: OfferInput): Promise<Offer> {
  const offer = OfferSchema.parse(input);
  await db.workspaceOffers.updateOne({ workspaceId }, { $set: { offer } }, { upsert: true });
  return offer;
}

/** What copy is written about: refuses, before anything is enqueued, when the workspace has not said what it sells. */
export async function requireOffer(db: OfferDb, workspaceId: string): Promise<Offer> {
  const offer = await getOffer(db, workspaceId);
  if (!offer)
    throw new ConflictError(
      'This workspace has not said what it sells yet: fill in Company & offer in Agent Configuration (PUT /api/offer) before writing copy',
    );
  return offer;
}
