import { bidResult, bidView, ledgerSummary, publicSlice, upsertBidInput } from '@meetflow/plugin-sdk/contracts/ppm-pricing';
import { z } from 'zod';
import { WorkspaceQuery } from '../../../core/http/workspace.ts';

// The edge validates with the pricing contract's own bid fields (spec section 5, each message
// naming its field), so the API and the plugin cannot disagree on a range or a step.
const bid = upsertBidInput.shape;

/**
 * A pricing slice as clients see it. An explicit pick, so the internal expected cost per
 * meeting (`ecm`) can never reach a client, whatever the plugin adds to its public view.
 */
export const PricingSlice = publicSlice.pick({
  sliceId: true,
  sliceName: true,
  tier: true,
  qualityScore: true,
  leadsVolume: true,
  ppm: true,
  pm: true,
  floor: true,
  cap: true,
  basePrice: true,
  isActive: true,
});

/** A customer's bid on a slice. */
export const Bid = bidView;

/** 200 of POST /api/pricing/bid: the stored bid and the slice's price under it. */
export const BidResult = bidResult;

/**
 * POST /api/pricing/bid, per spec section 5: baseBid 0.5–3 in steps of 0.1, maxDailyMeetings
 * a whole number 1–50, dailyBudgetCap at least 10 in steps of 10. `workspaceId` (the UI sends
 * it) names the workspace; with `?workspace=` as well, the two must agree.
 */
export const BidBody = z.object({
  workspaceId: WorkspaceQuery.shape.workspace,
  sliceId: bid.sliceId,
  baseBid: bid.baseBid.unwrap(),
  maxDailyMeetings: bid.maxDailyMeetings.unwrap(),
  dailyBudgetCap: bid.dailyBudgetCap.unwrap(),
  isEnabled: bid.isEnabled,
});

/** GET /api/pricing/ledger: what the workspace was charged (attended meetings) and its no-shows (never charged). */
export const LedgerSummary = ledgerSummary;
