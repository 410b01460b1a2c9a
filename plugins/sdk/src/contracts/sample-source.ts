import { z } from 'zod';
import { DiscoveredPersonSchema, IcpCriteriaSchema } from '../prospects.ts';

// The contract of a sample source: a source plugin whose manifest says `standIn: true`. Discovery
// asks it for the people of every source whose credentials are not set (marked sample), through
// its searchPeople service; the platform runs its prepare activity at start (MEETFLOW_SAMPLE_COMPANIES
// sizes it). Another sample source implementing the same contract could replace the built-in one.

/** Input of a sample source's searchPeople (a service: the API calls it in its own process). */
export const SampleSearchInput = z.object({
  criteria: IcpCriteriaSchema,
  limit: z.number().int().min(1).max(10_000).default(50).describe('People returned at most.'),
  minResults: z
    .number()
    .int()
    .min(1)
    .max(10_000)
    .optional()
    .describe('Relax the least important criterion while fewer than this many match (default: `limit`).'),
});

/** Output of a sample source's searchPeople. */
export const SampleSearchOutput = z.object({
  people: z.array(DiscoveredPersonSchema).describe('Those matching every stated criterion first, then those found after each relaxation.'),
  strictMatches: z.number().int().min(0).describe('How many leading `people` match every stated criterion.'),
  relaxed: z.array(z.string()).describe('Criteria dropped to find enough people, in the order dropped.'),
  sourceTotal: z.number().int().min(0).nullable().describe('People returned (a sample source has no wider total to report).'),
  hasMore: z.boolean().describe('Always false: one call returns everything asked for.'),
});

/** Input of a sample source's prepare activity. */
export const SamplePrepareInput = z.object({
  companies: z.number().int().min(0).max(100_000).describe('Sample companies to have ready (0: none).'),
});

/** Output of a sample source's prepare activity: what it found or did. */
export const SamplePrepareOutput = z.object({
  companies: z.number().int().min(0),
  people: z.number().int().min(0),
  generated: z.boolean().describe('False when the data was already there with these parameters.'),
  resumedAfterBatches: z.number().int().min(0).describe('Batches an earlier, interrupted preparation had written.'),
});
export type SamplePrepareOutput = z.infer<typeof SamplePrepareOutput>;
