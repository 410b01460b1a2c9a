import { PPM_PRICING } from '@meetflow/plugin-sdk/contracts/agents';
import { defineManifest } from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { bidSchema, ledgerSchema, sliceSchema } from './collections.ts';
import { ppmPricingConfig } from './config.ts';
import {
  bidResult,
  bidView,
  chargeMeetingInput,
  chargeResult,
  estimatePriceInput,
  ledgerEntries,
  ledgerEntriesInput,
  ledgerSummary,
  ledgerSummaryInput,
  priceEstimate,
  publicSlice,
  recomputeSliceInput,
  sliceEconomics,
  upsertBidInput,
  upsertSliceInput,
  workspaceInput,
} from '@meetflow/plugin-sdk/contracts/ppm-pricing';

/** Pay-per-meeting pricing: slices, customer bids, prices per attended meeting and the charge ledger. */
export const manifest = defineManifest({
  id: PPM_PRICING.plugin,
  name: 'Pay-per-Meeting Pricing',
  version: '0.1.0',
  description:
    'Prices ICP slices per attended meeting from bid, quality and show-up probability; charges attended meetings only, credits corrections.',
  kind: 'agent',
  ui: { icon: 'dollar-sign', color: 'emerald', category: 'pricing', order: 70 },
  config: ppmPricingConfig,
  activities: {
    estimatePrice: {
      description: 'Pure: baseBid × basePrice × qualityScore ÷ pm, clamped to [floor, cap]; floor when pm ≤ 0.',
      access: 'public',
      input: estimatePriceInput,
      output: priceEstimate,
      timeout: '5 seconds',
    },
    upsertSlice: {
      description: 'Creates or updates a pricing slice of the workspace; answers its public view.',
      access: 'admin',
      input: upsertSliceInput,
      output: publicSlice,
      timeout: '10 seconds',
    },
    listSlices: {
      description: "The workspace's slices as clients see them (no internal cost), priced with its bids.",
      access: 'public',
      input: workspaceInput,
      output: z.object({ slices: z.array(publicSlice) }),
      timeout: '10 seconds',
      service: true,
    },
    internalSliceEconomics: {
      description: 'Internal only: slices with expected cost per meeting (ecm), margin and evidence.',
      access: 'internal',
      input: workspaceInput.extend({ sliceId: z.string().min(1).optional() }),
      output: z.object({ slices: z.array(sliceEconomics) }),
      timeout: '10 seconds',
    },
    upsertBid: {
      description: "Sets the workspace's bid on a slice, validated per the spec ranges; SliceNotFound for an unknown slice.",
      access: 'admin',
      input: upsertBidInput,
      output: bidResult,
      timeout: '10 seconds',
    },
    listBids: {
      description: "The workspace's bids.",
      access: 'public',
      input: workspaceInput,
      output: z.object({ bids: z.array(bidView) }),
      timeout: '10 seconds',
      service: true,
    },
    chargeMeeting: {
      description:
        "Adds a meeting's outcome to the ledger once per transition: attended is charged at the slice price, corrected to a no-show credited, a no-show never charged (and lowers pm).",
      access: 'internal',
      input: chargeMeetingInput,
      output: chargeResult,
      timeout: '10 seconds',
    },
    ledgerSummary: {
      description: 'Meetings billed, charged, credited and net in integer cents, and average price per meeting, from the ledger entries.',
      access: 'public',
      input: ledgerSummaryInput,
      output: ledgerSummary,
      timeout: '10 seconds',
      service: true,
    },
    ledgerEntries: {
      description:
        "A period's ledger entries (meetings with attendedAt in [from, to)) as written, each with its key, meeting, slice, cents and, on a credit, the charge it credits: the lines of a bill.",
      access: 'public',
      input: ledgerEntriesInput,
      output: ledgerEntries,
      timeout: '10 seconds',
      service: true,
    },
    recomputeSlice: {
      description: "Internal: sets a slice's period outcomes and recomputes pm, quality score and ecm.",
      access: 'internal',
      input: recomputeSliceInput,
      output: sliceEconomics,
      timeout: '10 seconds',
    },
  },
  collections: { slices: sliceSchema, bids: bidSchema, ledger: ledgerSchema },
});
