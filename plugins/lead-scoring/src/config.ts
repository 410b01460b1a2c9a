import { z } from 'zod';

/**
 * The four ICP-fit weights (spec: scoringWeights), and timing's when the workspace learned one.
 * Any non-negative numbers; they are normalised to sum to 1.
 */
export const WeightsSchema = z
  .object({
    companySize: z.number().min(0).describe('Weight of company size fit (spec default 0.35).'),
    industryMatch: z.number().min(0).describe('Weight of industry match (spec default 0.28).'),
    techStack: z.number().min(0).describe('Weight of technology overlap (spec default 0.22).'),
    jobTitle: z.number().min(0).describe('Weight of job title seniority and function (spec default 0.15).'),
    timing: z
      .number()
      .min(0)
      .optional()
      .describe(
        "Weight of timing/intent (e.g. learned from meetings): its share of the five takes the place of timingWeight; timingWeight's when absent.",
      ),
  })
  .refine((weights) => weights.companySize + weights.industryMatch + weights.techStack + weights.jobTitle + (weights.timing ?? 0) > 0, {
    message: 'at least one weight must be above 0',
  });

export type Weights = z.infer<typeof WeightsSchema>;

/** The spec's defaults (section 3, scoringWeights). */
export const DEFAULT_WEIGHTS: Weights = { companySize: 0.35, industryMatch: 0.28, techStack: 0.22, jobTitle: 0.15 };

/** Lead-scoring settings; the workspace's `scoringWeights` config entry maps onto `scoringWeights`. */
export const configSchema = z.object({
  scoringWeights: WeightsSchema.default(DEFAULT_WEIGHTS).describe(
    'Weights of the four ICP-fit dimensions; an activity input `weights` (e.g. tuned by the learning engine) overrides them.',
  ),
  timingWeight: z
    .number()
    .min(0)
    .max(0.5)
    .default(0.1)
    .describe(
      "Share of the score given to timing/intent signals (funding, hiring, tech adoption, named pains); the four ICP weights share the rest. Weights with a `timing` (the workspace's, once learned) take its place.",
    ),
  qualificationThreshold: z
    .number()
    .int()
    .min(0)
    .max(100)
    .default(70)
    .describe("Total score at or above which a lead is qualified and High priority (the spec's 70+)."),
  mediumThreshold: z
    .number()
    .int()
    .min(0)
    .max(100)
    .default(50)
    .describe('Total score at or above which an unqualified lead is Medium rather than Low priority.'),
});

export type LeadScoringConfig = z.infer<typeof configSchema>;
