import type { Clock } from '@meetflow/plugin-sdk';
import type { z } from 'zod';
import type { InWorkspace, PricingModels } from './collections.ts';
import type { PpmPricingConfig } from './config.ts';
import type { BidView, upsertBidInput } from '@meetflow/plugin-sdk/contracts/ppm-pricing';
import { requireSlice, slicePrice } from './slice-views.ts';

/** The spec's bid defaults (section 5): a new bid is enabled at 1×, 5 meetings a day, $500 a day. */
export const BID_DEFAULTS = { isEnabled: true, baseBid: 1, maxDailyMeetings: 5, dailyBudgetCap: 500 } as const;

const view = (bid: BidView): BidView => ({
  sliceId: bid.sliceId,
  isEnabled: bid.isEnabled,
  baseBid: bid.baseBid,
  maxDailyMeetings: bid.maxDailyMeetings,
  dailyBudgetCap: bid.dailyBudgetCap,
});

/** Bid activities over the pricing models. */
export function bidActivities(models: PricingModels, config: PpmPricingConfig, clock: Clock) {
  return {
    /**
     * Sets the workspace's bid on one of its slices (fields already validated at the boundary);
     * omitted fields keep their stored value. Same input, same stored bid: safe to retry.
     */
    async upsertBid(input: InWorkspace<z.output<typeof upsertBidInput>>) {
      const { workspaceId, sliceId } = input;
      const slice = await requireSlice(models, workspaceId, sliceId);
      const existing = await models.bids.findOne({ workspaceId, sliceId }).lean();
      const next = {
        isEnabled: input.isEnabled ?? existing?.isEnabled ?? BID_DEFAULTS.isEnabled,
        baseBid: input.baseBid ?? existing?.baseBid ?? BID_DEFAULTS.baseBid,
        maxDailyMeetings: input.maxDailyMeetings ?? existing?.maxDailyMeetings ?? BID_DEFAULTS.maxDailyMeetings,
        dailyBudgetCap: input.dailyBudgetCap ?? existing?.dailyBudgetCap ?? BID_DEFAULTS.dailyBudgetCap,
      };
      const stored = await models.bids
        .findOneAndUpdate(
          { workspaceId, sliceId },
          { $set: { workspaceId, sliceId, ...next, updatedAt: clock.now() } },
          { upsert: true, returnDocument: 'after' },
        )
        .lean();
      if (!stored) throw new Error(`bid on slice "${sliceId}" was not stored`);
      return { ...view(stored), ppm: slicePrice(slice, stored, config) };
    },

    /** The workspace's bids, by slice id. */
    async listBids({ workspaceId }: { workspaceId: string }) {
      const bids = await models.bids.find({ workspaceId }).sort({ sliceId: 1 }).lean();
      return { bids: bids.map(view) };
    },
  };
}
