import { IcpCriteriaSchema } from '@meetflow/plugin-sdk';
import { z } from 'zod';

const criterion = IcpCriteriaSchema.shape;

/** What defines a slice: the SDK's ICP criteria, as the builder fills them (it states no revenue: customer sites rarely do). */
export const IcpCriteria = z.object({
  industry: criterion.industry.describe('Industries of the customers in the slice, most common first.'),
  companySize: criterion.companySize.describe(
    'Headcount band spanned by the customers, e.g. "50-200 employees"; "unknown" when no site states one.',
  ),
  jobTitles: criterion.jobTitles.describe('Buyer and user titles the customers mention, most customers first.'),
  techStack: criterion.techStack.describe('Technologies at least half the customers of the slice use, most common first.'),
  painPoints: criterion.painPoints.describe('Problems the customers say their own buyers have, in their words, most common first.'),
});

/** One ideal-customer-profile slice: a group of similar customers and what they share. */
export const IcpSlice = z.object({
  name: z.string(),
  description: z.string(),
  confidence: z
    .number()
    .min(0)
    .max(1)
    .describe(
      'Mean research confidence of its customers × (0.5 + 0.5 × min(1, customers / 3)) × share of its customers in its main industry.',
    ),
  estimatedVolume: z
    .number()
    .int()
    .min(0)
    .describe('Companies like these: industry companies × size-band share × 0.5 per criteria technology (3 at most), to the nearest 10.'),
  criteria: IcpCriteria,
});

/** The workspace's ICP: the answer of POST /api/superagent/analyze-icp and of GET /api/icp. */
export const IcpAnalysis = z.object({
  icpSlices: z.array(IcpSlice),
  confidence: z.number().min(0).max(1).describe('Mean research confidence over every URL given; a site that could not be read counts 0.'),
  analysisNotes: z
    .string()
    .describe('What was found where: each site with its evidence, each site that failed and why, how slices were formed.'),
  sourceUrls: z.array(z.string()),
  analyzedAt: z.iso.datetime(),
});

export type IcpCriteria = z.infer<typeof IcpCriteria>;
export type IcpSlice = z.infer<typeof IcpSlice>;
export type IcpAnalysis = z.infer<typeof IcpAnalysis>;
