import { DiscoveredPersonSchema, FactSchema, IcpCriteriaSchema } from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { WeightsSchema } from './config.ts';

/** The part of the research agent's result that scoring reads; absent parts count as unknown. */
export const ResearchSubsetSchema = z.object({
  companyName: z.string().optional(),
  industry: z.string().nullable().default(null),
  sizeHint: z
    .object({ employees: z.string().nullable().default(null), revenue: z.string().nullable().default(null) })
    .default({ employees: null, revenue: null }),
  painPoints: z.array(z.string()).default([]),
  techStack: z.array(z.string()).default([]),
  signals: z
    .object({ funding: z.string().nullable().default(null), hiring: z.string().nullable().default(null) })
    .default({ funding: null, hiring: null }),
  facts: z.array(FactSchema).default([]),
});

export type ResearchSubset = z.infer<typeof ResearchSubsetSchema>;

/** The ideal customer profile the prospect is scored against: the SDK's ICP criteria, at least one of them given. */
export const IcpSchema = IcpCriteriaSchema.refine(
  (icp) => icp.industry.length + icp.jobTitles.length + icp.techStack.length > 0 || icp.companySize !== '' || icp.revenue !== '',
  {
    message: 'the ICP needs at least one of industry, companySize, revenue, jobTitles or techStack',
  },
);

export type Icp = z.infer<typeof IcpSchema>;

/** The prospect as the pipeline knows it before research. */
export const ProspectSchema = z.object({
  jobTitle: z.string(),
  company: z.string(),
  industry: z.string().nullable().optional(),
  employeeCount: z.number().int().min(0).nullable().optional(),
  techStack: z.array(z.string()).optional(),
  revenue: z.string().nullable().optional().describe('Annual revenue as the prospect\'s source states it: "$10M-$50M", "$23M".'),
});

export type ScoredProspect = z.infer<typeof ProspectSchema>;

export const ScoreProspectInputSchema = z.object({
  prospect: ProspectSchema,
  research: ResearchSubsetSchema.optional(),
  icp: IcpSchema,
  weights: WeightsSchema.optional().describe('Overrides the configured scoringWeights for this call.'),
});

/** The five dimensions, in the order they are reported. */
export const DIMENSION_KEYS = ['companySize', 'industryMatch', 'techStack', 'jobTitle', 'timing'] as const;
export type DimensionKey = (typeof DIMENSION_KEYS)[number];

export const DimensionSchema = z.object({
  key: z.enum(DIMENSION_KEYS),
  label: z.string(),
  /** Effective share of the total (0–1) after normalisation and the timing share. */
  weight: z.number().min(0).max(1),
  score: z.number().int().min(0).max(100),
  /** weight × score, rounded to tenths so that the dimensions add up to totalScore exactly. */
  points: z.number().min(0).max(100),
  reason: z.string(),
  factIds: z.array(z.string()),
});

export const ScoreProspectOutputSchema = z.object({
  totalScore: z.number().int().min(0).max(100),
  priority: z.enum(['High', 'Medium', 'Low']),
  qualified: z.boolean().describe('totalScore is at or above `threshold`: pipelines write and send only to qualified prospects.'),
  threshold: z
    .number()
    .int()
    .min(0)
    .max(100)
    .describe("The qualification threshold applied (the plugin's qualificationThreshold setting)."),
  dimensions: z.array(DimensionSchema).length(5),
  reasoning: z.string(),
  confidence: z.number().min(0).max(1),
});

export type ScoreProspectInput = z.infer<typeof ScoreProspectInputSchema>;
export type ScoreProspectOutput = z.infer<typeof ScoreProspectOutputSchema>;

/** Input of matchPeople: people as sources returned them, each with the source it came from first. */
export const MatchPeopleInputSchema = z.object({
  icp: IcpCriteriaSchema,
  weights: WeightsSchema.optional().describe("The workspace's learned scoringWeights; the plugin's defaults when absent."),
  people: z
    .array(
      z.object({
        person: DiscoveredPersonSchema,
        source: z.string().describe('Named in the funding signal: "recently funded (per apollo)".'),
      }),
    )
    .max(10_000),
});

/** Output of matchPeople: one match per person, in the order given. */
export const MatchPeopleOutputSchema = z.object({
  matches: z.array(
    z.object({
      matchScore: z.number().int().min(0).max(100).describe('The lead-scoring total against the ICP.'),
      matchReason: z.string().describe('The strongest dimensions with their reasons, the heaviest criterion missed.'),
    }),
  ),
  qualificationThreshold: z
    .number()
    .int()
    .min(0)
    .max(100)
    .describe('The total at or above which scoring qualifies a lead (its setting): the quality floor discovery applies by default.'),
});
