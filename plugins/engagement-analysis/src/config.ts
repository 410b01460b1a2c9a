import { z } from 'zod';

/** Settings of the engagement-analysis plugin. */
export const engagementConfigSchema = z.object({
  language: z
    .enum(['en'])
    .default('en')
    .describe('Language of the phrase rules and of the return-date parser; only English rules exist today.'),
  minConfidence: z
    .number()
    .min(0)
    .max(1)
    .default(0.6)
    .describe('Below this confidence the category is still reported but the action becomes "pause" so a person reviews the reply.'),
});

/** The parsed configuration (defaults applied). */
export type EngagementConfig = z.output<typeof engagementConfigSchema>;
