import { z } from 'zod';

const fraction = z.number().min(0).max(1);
const WEIGHT_SUM_TOLERANCE = 0.01;

/**
 * Lead-scoring weights as fractions summing to 1 (± 0.01). The /agents sliders show 0–100:
 * the UI divides by 100 before saving; the API takes fractions only, like every other rate.
 * `timing` is there once the workspace has one (a refit learned it, or it was set): the five sum
 * to 1 and the scorer uses it in place of the lead-scoring plugin's `timingWeight`; without it the
 * four sum to 1 and timing's share is that setting (issue #33, item 4).
 */
export const ScoringWeightsValue = z
  .strictObject({
    companySize: fraction,
    industryMatch: fraction,
    techStack: fraction,
    jobTitle: fraction,
    timing: fraction.optional().describe("Timing/intent's share; the lead-scoring plugin's timingWeight when left out"),
  })
  .superRefine((weights, ctx) => {
    const sum = Object.values(weights).reduce((total, weight) => total + weight, 0);
    if (Math.abs(sum - 1) > WEIGHT_SUM_TOLERANCE) {
      ctx.addIssue({
        code: 'custom',
        message: `the weights must sum to 1 (± ${WEIGHT_SUM_TOLERANCE}); these sum to ${Number(sum.toFixed(4))}`,
      });
    }
  });

/** Response rate per outreach template family, as fractions 0–1. */
export const TemplatePerformanceValue = z.strictObject({ 'roi-focused': fraction, 'pain-point': fraction, 'value-prop': fraction });

const days = z.number().int().min(1).max(30);
/** Days of each follow-up step of the sequence cadence, whole days 1–30. */
export const CadenceTimingValue = z.strictObject({ step1: days, step2: days, step3: days });

/**
 * The /agents "Learning Configuration" switches: weekly cycles on the Temporal Schedule (off
 * pauses it), applying high-confidence proposals without review, and weekly learning reports
 * by email (stored; sent once the workspace has a mailbox).
 */
export const LearningSettingsValue = z.strictObject({ automaticCycles: z.boolean(), autoApply: z.boolean(), emailReports: z.boolean() });

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM (24 h)');
const minutes = z
  .number()
  .int()
  .min(0)
  .max(24 * 60);

/** True when `zone` is an IANA time zone this runtime knows (e.g. Europe/Berlin). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * How the workspace sends: every email waits for a person's approval (`review`, the default) or
 * goes out on its own (`autonomous`), and the guardrails every send passes: the sending window
 * (days 1 = Monday … 7 = Sunday, local times, in the prospect's zone, else `timeZone`), the random
 * gap between two sends of one mailbox, how many new prospects of one company domain a day, and
 * whether emails carry an open-tracking pixel.
 */
export const SendingValue = z
  .strictObject({
    mode: z.enum(['review', 'autonomous']),
    timeZone: z.string().refine(isTimeZone, 'must be an IANA time zone, e.g. Europe/Berlin'),
    window: z.strictObject({
      days: z.array(z.number().int().min(1).max(7)).min(1).max(7),
      start: clock,
      end: clock,
    }),
    gapMinutes: z.strictObject({ min: minutes, max: minutes }),
    newProspectsPerDomainPerDay: z.number().int().min(1).max(1_000),
    /**
     * Emails get an HTML part with a 1×1 open-tracking pixel. Off by default: pixels hurt
     * deliverability, and many mail clients block or pre-fetch them. Left out (values saved
     * before it existed, older clients' bodies) it is off.
     */
    trackOpens: z
      .boolean()
      .default(false)
      .describe('Add an open-tracking pixel to every email (opens are approximate); false when left out'),
  })
  .superRefine((value, ctx) => {
    if (value.window.start >= value.window.end) ctx.addIssue({ code: 'custom', path: ['window', 'end'], message: 'must be after start' });
    if (value.gapMinutes.min > value.gapMinutes.max)
      ctx.addIssue({ code: 'custom', path: ['gapMinutes', 'max'], message: 'must be at least min' });
  });

/** Every known config key with the schema its value must pass. */
export const CONFIG_SCHEMAS = {
  scoringWeights: ScoringWeightsValue,
  templatePerformance: TemplatePerformanceValue,
  cadenceTiming: CadenceTimingValue,
  learningSettings: LearningSettingsValue,
  sending: SendingValue,
} as const;

export type ConfigKey = keyof typeof CONFIG_SCHEMAS;
export const CONFIG_KEYS = Object.keys(CONFIG_SCHEMAS) as ConfigKey[];

/** A workspace's config: every known key with its value in force. */
export type WorkspaceConfig = { [K in ConfigKey]: z.output<(typeof CONFIG_SCHEMAS)[K]> };

/** The spec's defaults (section 3, config entries): what a key holds until it is saved, and after a reset. */
export const CONFIG_DEFAULTS: WorkspaceConfig = {
  scoringWeights: { companySize: 0.35, industryMatch: 0.28, techStack: 0.22, jobTitle: 0.15 },
  templatePerformance: { 'roi-focused': 0.345, 'pain-point': 0.282, 'value-prop': 0.198 },
  cadenceTiming: { step1: 3, step2: 5, step3: 7 },
  learningSettings: { automaticCycles: true, autoApply: true, emailReports: true },
  sending: {
    mode: 'review',
    timeZone: 'UTC',
    window: { days: [1, 2, 3, 4, 5], start: '08:00', end: '17:00' },
    gapMinutes: { min: 8, max: 15 },
    newProspectsPerDomainPerDay: 2,
    trackOpens: false,
  },
};
