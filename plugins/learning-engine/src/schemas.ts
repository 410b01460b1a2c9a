import { z } from 'zod';

/** The four ICP-fit features of a lead score, which every recorded score has. */
export const SCORING_FEATURES = ['companySize', 'industryMatch', 'techStack', 'jobTitle'] as const;
export type ScoringFeature = (typeof SCORING_FEATURES)[number];

/**
 * Timing's share of a score when the workspace's weights hold none: the lead-scoring plugin's
 * default `timingWeight` (plugins/lead-scoring/src/config.ts). The refit judges such weights as
 * the four scaled by 1 − 0.1 and timing 0.1, which is how the plugin scores them by default.
 */
export const DEFAULT_TIMING_SHARE = 0.1;

/** The three outreach template families tracked by the product. */
export const TEMPLATES = ['roi-focused', 'pain-point', 'value-prop'] as const;
export type TemplateName = (typeof TEMPLATES)[number];

/** The three cadence steps. */
export const CADENCE_STEPS = ['step1', 'step2', 'step3'] as const;
export type CadenceStep = (typeof CADENCE_STEPS)[number];

const fraction = z.number().min(0).max(1);
const count = z.number().int().min(0);

/**
 * Lead-scoring weights as fractions (spec defaults 0.35, 0.28, 0.22, 0.15), and timing's once the
 * workspace has one: a refit proposes all five (summing to 1); without timing the four sum to 1
 * and timing's share is the lead-scoring plugin's setting.
 */
export const scoringWeightsSchema = z.object({
  companySize: fraction,
  industryMatch: fraction,
  techStack: fraction,
  jobTitle: fraction,
  timing: fraction.optional(),
});
/** Response rate per template as a fraction (spec defaults 0.345, 0.282, 0.198). */
export const templatePerformanceSchema = z.object({ 'roi-focused': fraction, 'pain-point': fraction, 'value-prop': fraction });
/**
 * Days to wait before each step, each counted from the step before (step 1 from enrolment), as
 * the outreach agent reads them: spec defaults 3, 5, 7 send on days 3, 8 and 15.
 */
export const cadenceTimingSchema = z.object({ step1: count, step2: count, step3: count });

export type ScoringWeights = z.output<typeof scoringWeightsSchema>;
export type TemplatePerformance = z.output<typeof templatePerformanceSchema>;
export type CadenceTiming = z.output<typeof cadenceTimingSchema>;

/** The spec's config defaults (section 3, config entries). */
export const SPEC_DEFAULTS = {
  scoringWeights: { companySize: 0.35, industryMatch: 0.28, techStack: 0.22, jobTitle: 0.15 },
  templatePerformance: { 'roi-focused': 0.345, 'pain-point': 0.282, 'value-prop': 0.198 },
  cadenceTiming: { step1: 3, step2: 5, step3: 7 },
} as const;

const templateOutcome = z
  .object({ template: z.enum(TEMPLATES), sent: count, replied: count, positive: count })
  .refine((t) => t.replied <= t.sent, { message: 'replied cannot exceed sent', path: ['replied'] })
  .refine((t) => t.positive <= t.replied, { message: 'positive cannot exceed replied', path: ['positive'] });
const scoredLead = z.object({
  features: z
    .object({ companySize: fraction, industryMatch: fraction, techStack: fraction, jobTitle: fraction, timing: fraction.optional() })
    .describe(
      'The five score dimensions (0–1) as the prospect was scored before it was contacted; timing is missing from scores recorded before it was learned.',
    ),
  converted: z.boolean().describe('Whether the prospect booked a meeting.'),
});
const cadenceOutcome = z
  .object({ step: z.union([z.literal(1), z.literal(2), z.literal(3)]), dayOffset: count, sent: count, replied: count })
  .refine((c) => c.replied <= c.sent, { message: 'replied cannot exceed sent', path: ['replied'] });

/** What happened since the last cycle. */
export const outcomesSchema = z
  .object({
    templates: z.array(templateOutcome).default([]),
    sends: count,
    replies: count,
    meetingsBooked: count,
    meetingsAttended: count,
    scoredLeads: z.array(scoredLead).default([]),
    cadence: z.array(cadenceOutcome).default([]),
  })
  .refine((o) => o.replies <= o.sends, { message: 'replies cannot exceed sends', path: ['replies'] })
  .refine((o) => o.meetingsAttended <= o.meetingsBooked, {
    message: 'meetingsAttended cannot exceed meetingsBooked',
    path: ['meetingsAttended'],
  });
export type Outcomes = z.output<typeof outcomesSchema>;

/** The three learned config values. */
export const learnedValuesSchema = z.object({
  scoringWeights: scoringWeightsSchema,
  templatePerformance: templatePerformanceSchema,
  cadenceTiming: cadenceTimingSchema,
});
export type LearnedValues = z.output<typeof learnedValuesSchema>;
const perPart = <T extends z.ZodType>(schema: T) =>
  z.object({ scoringWeights: schema, templatePerformance: schema, cadenceTiming: schema });

/** Input of `runLearningCycle`. */
export const runLearningCycleInput = z.object({
  cycleId: z.string().min(1).describe('Idempotency key: a retry with the same id returns the stored result.'),
  outcomes: outcomesSchema,
  current: learnedValuesSchema.default(SPEC_DEFAULTS).describe('The values in force before this cycle (spec defaults when omitted).'),
  autoApply: z.boolean().optional().describe('Overrides the autoApplyOptimizations config for this cycle.'),
});
export type RunLearningCycleInput = z.output<typeof runLearningCycleInput>;

/** One insight for the dashboard (spec entity Insight). */
export const insightSchema = z.object({
  title: z.string(),
  description: z.string(),
  impact: z.string(),
  confidence: fraction,
  type: z.enum(['scoring', 'template', 'cadence', 'performance']),
  color: z.string(),
  implementedDate: z.string().nullable().describe('When the change was applied (ISO), null when only proposed.'),
});
export type Insight = z.output<typeof insightSchema>;
/** One line of the dashboard's Recent Activity (spec entity Activity). */
export const activitySchema = z.object({
  title: z.string(),
  description: z.string(),
  time: z.string(),
  icon: z.string(),
  color: z.string(),
});
export type ActivityEntry = z.output<typeof activitySchema>;
/** Dashboard metrics of one cycle. */
export const metricsSchema = z.object({
  response_rate: z.number().describe('Replies / sends in percent, one decimal.'),
  meeting_booked: count,
  learning_score: z.number().min(0).max(100),
  sampleSize: count.describe('Contacted prospects the scoring weights were refitted on.'),
});
export type CycleMetrics = z.output<typeof metricsSchema>;

/** The scoring-weight refit from meetings: both held-out AUCs, the sample sizes, and why it was or was not applied. */
export const scoringRefitSchema = z.object({
  before: scoringWeightsSchema.describe('The weights in force before the cycle.'),
  proposed: scoringWeightsSchema.describe(
    'What the refit applies when it is applied: the weights in force moved learningRate of the way to the fitted ones (the current ones when no fit was made).',
  ),
  fitted: scoringWeightsSchema
    .nullable()
    .default(null)
    .describe('The weights fitted to the meetings (five); null when no fit was made, and in cycles stored before the learning rate acted.'),
  learningRate: z
    .number()
    .nullable()
    .default(null)
    .describe('The step taken from the weights in force towards the fitted ones; null in cycles stored before it acted.'),
  better: z.boolean().describe('The proposed (stepped) weights beat the current ones on held-out outcomes (DeLong z ≥ 1.645).'),
  applied: z.boolean().describe('better and auto-apply on: the proposed weights are now in force.'),
  autoApply: z.boolean().describe('Whether auto-apply was on: off, a better refit is a recommendation only.'),
  status: z.enum(['applied', 'too-few-leads', 'too-few-meetings', 'no-contrast', 'no-signal', 'held-out-too-small', 'not-better']),
  aucBefore: z.number().nullable().describe('Held-out AUC of the current weights; null when not measured.'),
  aucAfter: z.number().nullable().describe('Held-out AUC of the proposed (stepped) weights; null when not measured.'),
  z: z.number().nullable(),
  sampleSize: count.describe('Contacted prospects learned from.'),
  meetings: count.describe('Meetings booked among them.'),
  trainSize: count,
  heldOutSize: count,
  heldOutMeetings: count,
  minMeetings: count.describe('Meetings the training part needs before a refit is tried.'),
  minSampleSize: count,
  reason: z.string().describe('Why it was or was not applied, in words.'),
});
export type ScoringRefitResult = z.output<typeof scoringRefitSchema>;

/** Output of `runLearningCycle`. */
export const learningCycleResult = z.object({
  cycleId: z.string(),
  proposed: learnedValuesSchema,
  applied: perPart(z.boolean()).describe(
    'Per part: autoApply and confidence ≥ minConfidence (scoring weights: autoApply and the refit beat the current weights).',
  ),
  effective: learnedValuesSchema.describe('The values in force after this cycle: proposed where applied, current elsewhere.'),
  confidence: perPart(fraction),
  templateAllocation: templatePerformanceSchema.describe('Thompson-sampling share of sends per template (= P(best)).'),
  insights: z.array(insightSchema),
  metrics: metricsSchema,
  activity: z.array(activitySchema),
  scoringRefit: scoringRefitSchema
    .nullable()
    .default(null)
    .describe('The scoring-weight refit from meetings; null in cycles stored before it.'),
});
export type LearningCycleResult = z.output<typeof learningCycleResult>;

/** Input of `listCycles`. */
export const listCyclesInput = z.object({ limit: z.number().int().min(1).max(100).default(20) });
/** Output of `listCycles`: newest first. */
export const listCyclesOutput = z.object({
  total: count.describe("Learning cycles run in the workspace (the dashboard's learning_cycles)."),
  cycles: z.array(
    z.object({
      cycleId: z.string(),
      createdAt: z.string(),
      applied: perPart(z.boolean()),
      insights: z.array(insightSchema),
      metrics: metricsSchema,
    }),
  ),
});
