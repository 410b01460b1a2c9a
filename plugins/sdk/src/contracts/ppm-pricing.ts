import { z } from 'zod';

// The pay-per-meeting pricing agent's contract: the activities the platform calls it by (slices,
// bids, charges, the ledger), with the bid fields validated exactly per spec section 5.

/** Pricing tiers, cheapest first. */
export const TIERS = ['volume', 'standard', 'premium'] as const;
export type Tier = (typeof TIERS)[number];

const sliceId = z.string().min(1).max(120).describe('Stable identifier of the slice within its workspace.');
const fraction = z.number().min(0).max(1);
const money = z.number().min(0);
const count = z.number().int().min(0);

// Steps are checked with a tolerance: 0.3 / 0.1 is 2.9999999999999996 in floating point.
const isStep = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) < 1e-6;

/** Bid fields validated exactly per spec section 5; every message names its field. */
export const bidFields = {
  baseBid: z
    .number('baseBid must be a number')
    .min(0.5, 'baseBid must be at least 0.5')
    .max(3, 'baseBid must be at most 3')
    .refine((value) => isStep(value, 0.1), 'baseBid must be in steps of 0.1')
    .meta({ multipleOf: 0.1 }), // the step, in the JSON Schema too (a refinement has no JSON Schema of its own)
  maxDailyMeetings: z
    .number('maxDailyMeetings must be a number')
    .int('maxDailyMeetings must be a whole number')
    .min(1, 'maxDailyMeetings must be at least 1')
    .max(50, 'maxDailyMeetings must be at most 50'),
  dailyBudgetCap: z
    .number('dailyBudgetCap must be a number')
    .min(10, 'dailyBudgetCap must be at least 10')
    .refine((value) => isStep(value, 10), 'dailyBudgetCap must be in steps of 10')
    .meta({ multipleOf: 10 }),
  isEnabled: z.boolean('isEnabled must be true or false'),
};

/** Input of `estimatePrice`. */
export const estimatePriceInput = z
  .object({
    baseBid: z.number().min(0.5).max(3),
    qualityScore: fraction,
    pm: z.number().max(1).describe('Meeting probability; ≤ 0 prices at the floor.'),
    floor: money,
    cap: money,
    basePrice: z.number().positive().optional().describe('USD the multiplier applies to: the tier base price (default: the floor).'),
  })
  .refine((input) => input.floor <= input.cap, { message: 'floor cannot exceed cap', path: ['floor'] });
/** Output of `estimatePrice`. */
export const priceEstimate = z.object({ price: money, clamped: z.enum(['floor', 'cap']).nullable(), formula: z.string() });

/** A slice as clients see it: no internal economics. */
export const publicSlice = z.object({
  sliceId: z.string(),
  sliceName: z.string(),
  tier: z.enum(TIERS),
  qualityScore: fraction,
  leadsVolume: count.describe('Leads per month.'),
  ppm: money.describe('Price per attended meeting, USD, 2 decimals.'),
  pm: fraction.describe('Meeting probability: the show-up posterior.'),
  floor: money,
  cap: money,
  basePrice: money.describe('USD the bid multiplier applies to: the tier base price.'),
  isActive: z.boolean().describe("The workspace's bid on the slice is enabled."),
});
export type PublicSlice = z.output<typeof publicSlice>;

/** A slice with its internal economics, for internal use only. */
export const sliceEconomics = publicSlice.extend({
  ecm: money.nullable().describe('Internal expected cost per attended meeting, USD.'),
  margin: z.number().nullable().describe('ppm − ecm, USD.'),
  pmPrior: fraction,
  qualityPrior: fraction,
  evidence: z.object({ booked: count, attended: count, qualifiedLeads: count, leads: count, ledgerBooked: count, ledgerAttended: count }),
});
export type SliceEconomics = z.output<typeof sliceEconomics>;

/** Input of `upsertSlice`: omitted optional fields keep their stored value, or take the tier's default. */
export const upsertSliceInput = z.object({
  sliceId,
  sliceName: z.string().min(1),
  tier: z.enum(TIERS),
  qualityScore: fraction.describe('Quality of the slice; becomes the prior of later qualification evidence.'),
  leadsVolume: count,
  pm: z.number().gt(0).lt(1).optional().describe('Prior show-up probability (default from config).'),
  floor: money.optional().describe('Default: the tier base price.'),
  cap: money.optional().describe('Default: capMultiple × the tier base price.'),
  ecm: money.optional(),
});

/** Input of `upsertBid`: omitted fields keep their stored value, or the spec defaults (on, 1, 5, 500). */
export const upsertBidInput = z.object({
  sliceId,
  isEnabled: bidFields.isEnabled.optional(),
  baseBid: bidFields.baseBid.optional(),
  maxDailyMeetings: bidFields.maxDailyMeetings.optional(),
  dailyBudgetCap: bidFields.dailyBudgetCap.optional(),
});
/** A bid as stored and listed. */
export const bidView = z.object({
  sliceId: z.string(),
  isEnabled: z.boolean(),
  baseBid: z.number(),
  maxDailyMeetings: count,
  dailyBudgetCap: z.number(),
});
export type BidView = z.output<typeof bidView>;

/** Output of `upsertBid`: the stored bid and the slice's price under it. */
export const bidResult = bidView.extend({ ppm: z.number() });

/** Input of `chargeMeeting`. */
export const chargeMeetingInput = z.object({
  meetingId: z.string().min(1),
  sliceId,
  outcome: z.enum(['completed', 'no-show']),
  attendedAt: z.iso.datetime({ offset: true }).describe('When the meeting took (or was to take) place.'),
});
/** Integer minor units (cents). */
const minor = z.number().int();

/** One ledger entry of a meeting: entries are only ever added, a correction being a credit. */
export const ledgerEntry = z.object({
  key: z.string().describe('Idempotency key `<meetingId>:<kind>:<n>`, the id a billing line or credit note cites.'),
  kind: z.enum(['charge', 'credit', 'no-show']),
  amountMinor: minor.describe('Cents: a charge positive, a credit minus the charge it credits, a no-show 0.'),
  currency: z.literal('USD'),
});
export type LedgerEntry = z.output<typeof ledgerEntry>;

/** Output of `chargeMeeting`: the meeting's state after the report, the same on every retry of it. */
export const chargeResult = z.object({
  charged: z.boolean().describe('The meeting is billed now (its last entry is a charge).'),
  amount: money.describe('What the meeting is billed now, USD (amountMinor ÷ 100).'),
  amountMinor: minor.min(0).describe('What the meeting is billed now: the sum of its entries, cents.'),
  currency: z.literal('USD'),
  reason: z.string(),
  entries: z.array(ledgerEntry).describe("The meeting's entries, oldest first."),
});

/** Input of `ledgerSummary`: attendedAt in [from, to). */
export const ledgerSummaryInput = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
/** Output of `ledgerSummary`. */
const ledgerTotals = {
  meetingsCharged: count.describe('Meetings billed now (attended, or corrected back to attended).'),
  total: money.describe('netMinor in USD.'),
  noShows: count.describe('Meetings that are no-shows now (never charged, or charged and credited).'),
  chargedMinor: minor.min(0).describe('Sum of the charge entries, cents.'),
  creditedMinor: minor.min(0).describe('Sum of the credit entries, as a positive number of cents.'),
  netMinor: minor.min(0).describe('chargedMinor − creditedMinor.'),
};
export const ledgerSummary = z.object({
  ...ledgerTotals,
  averagePpm: money.describe('Average price per attended meeting charged.'),
  currency: z.literal('USD'),
  bySlice: z.array(z.object({ sliceId: z.string(), ...ledgerTotals })).describe('Per slice, by slice id.'),
  byMonth: z
    .array(z.object({ month: z.string().describe('UTC month of attendance, YYYY-MM.'), ...ledgerTotals }))
    .describe('Per month, oldest first.'),
});

/** Input of `ledgerEntries`: the entries of meetings with attendedAt in [from, to) (a billing month). */
export const ledgerEntriesInput = z.object({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});
/** Output of `ledgerEntries`: every entry, by attendedAt then by its meeting's order, each with what it belongs to. */
export const ledgerEntries = z.object({
  entries: z.array(
    ledgerEntry.extend({
      meetingId: z.string(),
      sliceId: z.string().describe("The slice of the meeting's first entry (a credit stays in the slice of the charge it cancels)."),
      attendedAt: z.iso.datetime().describe('When the meeting took (or was to take) place.'),
      createdAt: z.iso.datetime().describe('When the entry was written.'),
      credits: z.string().nullable().describe('On a credit: the key of the charge it credits (the charge before it); null otherwise.'),
    }),
  ),
});
export type LedgerEntryLine = z.output<typeof ledgerEntries>['entries'][number];

/** Input of `recomputeSlice`: one period's outcomes of the slice. */
export const recomputeSliceInput = z
  .object({
    sliceId,
    booked: count,
    attended: count,
    qualifiedLeads: count,
    leadsVolume: count,
  })
  .refine((input) => input.attended <= input.booked, { message: 'attended cannot exceed booked', path: ['attended'] })
  .refine((input) => input.qualifiedLeads <= input.leadsVolume, {
    message: 'qualifiedLeads cannot exceed leadsVolume',
    path: ['qualifiedLeads'],
  });

/** The input of the list activities: nothing (they list the run context's workspace). */
export const workspaceInput = z.object({});
