import { ApplicationFailure } from '@temporalio/common';
import { tierBasePrice, type PpmPricingConfig } from './config.ts';
import type { BidDocument, PricingModels, SliceDocument } from './collections.ts';
import { posteriorMean } from './evidence.ts';
import { estimatePrice, toCents } from './price.ts';
import type { PublicSlice, SliceEconomics } from '@meetflow/plugin-sdk/contracts/ppm-pricing';

/** The bid multiplier used while a workspace has no bid on a slice. */
export const DEFAULT_BASE_BID = 1;

/** The slice, or a non-retryable SliceNotFound: retrying cannot make it exist. */
export async function requireSlice(models: PricingModels, workspaceId: string, sliceId: string): Promise<SliceDocument> {
  const slice = await models.slices.findOne({ workspaceId, sliceId }).lean();
  if (!slice) {
    throw ApplicationFailure.create({
      type: 'SliceNotFound',
      nonRetryable: true,
      message: `slice "${sliceId}" does not exist in workspace "${workspaceId}"`,
    });
  }
  return slice;
}

/** The slice's posteriors from its priors and counts (period evidence plus ledger rows since). */
export function derivedEstimates(
  slice: Pick<SliceDocument, 'pmPrior' | 'qualityPrior' | 'evidence' | 'ledgerBooked' | 'ledgerAttended'>,
  config: PpmPricingConfig,
) {
  const evidence = slice.evidence ?? { booked: 0, attended: 0, qualifiedLeads: 0, leads: 0 };
  return {
    pm: posteriorMean(
      slice.pmPrior,
      config.pmPriorStrength,
      evidence.attended + slice.ledgerAttended,
      evidence.booked + slice.ledgerBooked,
    ),
    qualityScore: posteriorMean(slice.qualityPrior, config.qualityPriorStrength, evidence.qualifiedLeads, evidence.leads),
  };
}

/** The slice's current price per attended meeting under the workspace's bid (baseBid 1 without one). */
export function slicePrice(slice: SliceDocument, bid: BidDocument | null | undefined, config: PpmPricingConfig): number {
  return estimatePrice({
    baseBid: bid?.baseBid ?? DEFAULT_BASE_BID,
    basePrice: tierBasePrice(config, slice.tier),
    qualityScore: slice.qualityScore,
    pm: slice.pm,
    floor: slice.floor,
    cap: slice.cap,
  }).price;
}

/** What a client may see of a slice (enough to preview a bid's price): `ecm` and the other internals are left out on purpose. */
export function publicView(slice: SliceDocument, bid: BidDocument | null | undefined, config: PpmPricingConfig): PublicSlice {
  return {
    sliceId: slice.sliceId,
    sliceName: slice.sliceName,
    tier: slice.tier,
    qualityScore: slice.qualityScore,
    leadsVolume: slice.leadsVolume,
    ppm: slicePrice(slice, bid, config),
    pm: slice.pm,
    floor: slice.floor,
    cap: slice.cap,
    basePrice: tierBasePrice(config, slice.tier),
    isActive: bid?.isEnabled ?? false,
  };
}

/** The internal view, with the expected cost per meeting and the margin. */
export function economicsView(slice: SliceDocument, bid: BidDocument | null | undefined, config: PpmPricingConfig): SliceEconomics {
  const view = publicView(slice, bid, config);
  const evidence = slice.evidence ?? { booked: 0, attended: 0, qualifiedLeads: 0, leads: 0 };
  return {
    ...view,
    ecm: slice.ecm ?? null,
    margin: slice.ecm === null || slice.ecm === undefined ? null : toCents(view.ppm - slice.ecm),
    pmPrior: slice.pmPrior,
    qualityPrior: slice.qualityPrior,
    evidence: { ...evidence, ledgerBooked: slice.ledgerBooked, ledgerAttended: slice.ledgerAttended },
  };
}

/** The workspace's bids by slice id. */
export async function bidsBySlice(models: PricingModels, workspaceId: string): Promise<Map<string, BidDocument>> {
  const bids = await models.bids.find({ workspaceId }).lean();
  return new Map(bids.map((bid) => [bid.sliceId, bid]));
}
