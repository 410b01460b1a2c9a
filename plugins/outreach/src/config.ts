import { z } from 'zod';

/** The three outreach templates, named as in the spec's templatePerformance entry. */
export const TEMPLATE_IDS = ['roi-focused', 'pain-point', 'value-prop'] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];

const rate = (doc: string) => z.number().min(0).max(1).describe(doc);

/** Response rate of each template, as a fraction (spec: templatePerformance). */
export const TemplatePerformanceSchema = z.object({
  'roi-focused': rate('Response rate of the ROI-focused template (spec default 0.345).'),
  'pain-point': rate('Response rate of the pain-point template (spec default 0.282).'),
  'value-prop': rate('Response rate of the value-proposition template (spec default 0.198).'),
});

/**
 * Days to wait before each step, counted from the step before it (step 1: from the day the
 * prospect enters the sequence). Offsets are cumulative: 3, 5, 7 → days 3, 8, 15.
 */
export const CadenceTimingSchema = z.object({
  step1: z.number().int().min(0).max(60).describe('Days from enrolment to the first email (0 sends it at once).'),
  step2: z.number().int().min(0).max(60).describe('Days from the first email to the second.'),
  step3: z.number().int().min(0).max(60).describe('Days from the second email to the third.'),
});

export type TemplatePerformance = z.infer<typeof TemplatePerformanceSchema>;
export type CadenceTiming = z.infer<typeof CadenceTimingSchema>;

/** Outreach settings; the workspace's templatePerformance and cadenceTiming config entries map onto them. */
export const configSchema = z.object({
  templatePerformance: TemplatePerformanceSchema.default({ 'roi-focused': 0.345, 'pain-point': 0.282, 'value-prop': 0.198 }).describe(
    'Response rate per template: orders the sequence (best first) and weighs the expected response rate.',
  ),
  cadenceTiming: CadenceTimingSchema.default({ step1: 3, step2: 5, step3: 7 }).describe(
    'Days to wait before each step, each counted from the previous step (spec defaults 3, 5, 7).',
  ),
  stepReplyShares: z
    .object({
      step1: z.number().min(0).describe("Share of a sequence's replies that come to the first email."),
      step2: z.number().min(0).describe('Share that come to the second email.'),
      step3: z.number().min(0).describe('Share that come to the third email.'),
    })
    .default({ step1: 0.5, step2: 0.3, step3: 0.2 })
    .describe(
      'Weights (normalised) of each step in the expected response rate: the first email reaches everyone, follow-ups only the silent.',
    ),
  minFactConfidence: z.number().min(0).max(1).default(0.5).describe('Researched facts below this confidence are never used in an email.'),
  useLlm: z
    .boolean()
    .default(false)
    .describe(
      'Let the configured language model write the sequence (checked by the copy lint and against the facts; the move writer when off, absent or rejected twice).',
    ),
});

export type OutreachConfig = z.infer<typeof configSchema>;
