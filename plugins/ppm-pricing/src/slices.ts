import { ApplicationFailure } from '@temporalio/common';
import type { z } from 'zod';
import type { Clock } from '@meetflow/plugin-sdk';
import { tierBasePrice, type PpmPricingConfig } from './config.ts';
import type { InWorkspace, PricingModels } from './collections.ts';
import { expectedCostPerMeeting } from './evidence.ts';
import type { recomputeSliceInput, upsertSliceInput } from '@meetflow/plugin-sdk/contracts/ppm-pricing';
import { bidsBySlice, derivedEstimates, economicsView, publicView, requireSlice } from './slice-views.ts';

/** Slice activities over the pricing models. */
export function sliceActivities(models: PricingModels, config: PpmPricingConfig, clock: Clock) {
  async function bidFor(workspaceId: string, sliceId: string) {
    return models.bids.findOne({ workspaceId, sliceId }).lean();
  }

  return {
    /** Creates or updates a slice; omitted optional fields keep their stored value or the tier default. */
    async upsertSlice(input: InWorkspace<z.output<typeof upsertSliceInput>>) {
      const { workspaceId, sliceId } = input;
      const existing = await models.slices.findOne({ workspaceId, sliceId }).lean();
      const basePrice = tierBasePrice(config, input.tier);
      const now = clock.now();
      const next = {
        workspaceId,
        sliceId,
        sliceName: input.sliceName,
        tier: input.tier,
        leadsVolume: input.leadsVolume,
        qualityPrior: input.qualityScore,
        pmPrior: input.pm ?? existing?.pmPrior ?? config.pmPriorMean,
        floor: input.floor ?? existing?.floor ?? basePrice,
        cap: input.cap ?? existing?.cap ?? config.capMultiple * basePrice,
        ecm: input.ecm ?? existing?.ecm ?? null,
        evidence: existing?.evidence ?? { booked: 0, attended: 0, qualifiedLeads: 0, leads: 0 },
        evidenceSince: existing?.evidenceSince ?? now,
        ledgerBooked: existing?.ledgerBooked ?? 0,
        ledgerAttended: existing?.ledgerAttended ?? 0,
        ledgerEntries: existing?.ledgerEntries ?? 0,
        updatedAt: now,
      };
      if (next.floor > next.cap) {
        throw ApplicationFailure.create({
          type: 'InvalidSlice',
          nonRetryable: true,
          message: `floor ${next.floor} exceeds cap ${next.cap} for slice "${sliceId}"`,
        });
      }
      const stored = await models.slices
        .findOneAndUpdate(
          { workspaceId, sliceId },
          { $set: { ...next, ...derivedEstimates(next, config) } },
          { upsert: true, returnDocument: 'after' },
        )
        .lean();
      if (!stored) throw new Error(`slice "${sliceId}" was not stored`);
      return publicView(stored, await bidFor(workspaceId, sliceId), config);
    },

    /** The workspace's slices as clients see them, priced with its bids. */
    async listSlices({ workspaceId }: { workspaceId: string }) {
      const [slices, bids] = await Promise.all([
        models.slices.find({ workspaceId }).sort({ sliceId: 1 }).lean(),
        bidsBySlice(models, workspaceId),
      ]);
      return { slices: slices.map((slice) => publicView(slice, bids.get(slice.sliceId), config)) };
    },

    /** Internal only: the slices with ecm and margin. */
    async internalSliceEconomics({ workspaceId, sliceId }: { workspaceId: string; sliceId?: string | undefined }) {
      const filter = sliceId === undefined ? { workspaceId } : { workspaceId, sliceId };
      const [slices, bids] = await Promise.all([models.slices.find(filter).sort({ sliceId: 1 }).lean(), bidsBySlice(models, workspaceId)]);
      return { slices: slices.map((slice) => economicsView(slice, bids.get(slice.sliceId), config)) };
    },

    /**
     * Replaces the slice's evidence with one period's outcomes (so a retry changes nothing) and
     * recomputes pm, the quality score and ecm; ledger rows recorded from now on add to it.
     */
    async recomputeSlice(input: InWorkspace<z.output<typeof recomputeSliceInput>>) {
      const { workspaceId, sliceId } = input;
      const slice = await requireSlice(models, workspaceId, sliceId);
      const evidence = { booked: input.booked, attended: input.attended, qualifiedLeads: input.qualifiedLeads, leads: input.leadsVolume };
      const estimates = derivedEstimates({ ...slice, evidence, ledgerBooked: 0, ledgerAttended: 0 }, config);
      const ecm = expectedCostPerMeeting(input.leadsVolume, config.costPerLead, input.booked, estimates.pm) ?? slice.ecm ?? null;
      const now = clock.now();
      const stored = await models.slices
        .findOneAndUpdate(
          { workspaceId, sliceId },
          {
            $set: {
              evidence,
              ...estimates,
              ecm,
              leadsVolume: input.leadsVolume,
              evidenceSince: now,
              ledgerBooked: 0,
              ledgerAttended: 0,
              ledgerEntries: 0,
              updatedAt: now,
            },
          },
          { returnDocument: 'after' },
        )
        .lean();
      if (!stored) throw new Error(`slice "${sliceId}" disappeared during recompute`);
      return economicsView(stored, await bidFor(workspaceId, sliceId), config);
    },
  };
}
