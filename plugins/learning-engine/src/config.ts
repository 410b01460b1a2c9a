import { z } from 'zod';
import { DEFAULT_LEARNING_RATE } from './experiments/meeting-model.ts';

/** The learning engine's settings; defaults are the product spec's advanced settings (section 2, /agents). */
export const learningEngineConfig = z.object({
  minSampleSize: z
    .number()
    .int()
    .min(1)
    .default(100)
    .describe('Contacted prospects with scores needed before the scoring weights are refitted from meetings (spec: sample size 100).'),
  minConfidence: z
    .number()
    .min(0)
    .max(1)
    .default(0.85)
    .describe('Confidence a proposal needs before it is applied automatically (spec: min confidence 85%).'),
  minMeetings: z
    .number()
    .int()
    .min(2)
    .default(20)
    .describe('Booked meetings the training part (70%) of the contacted prospects needs before the scoring weights are refitted.'),
  learningRate: z
    .number()
    .positive()
    .max(1)
    .default(DEFAULT_LEARNING_RATE)
    .describe(
      'Share of the way from the scoring weights in force to the ones refitted from meetings an applied refit moves, in (0, 1]: 1 jumps to the fit (spec: learning rate 0.1).',
    ),
  autoApplyOptimizations: z
    .boolean()
    .default(true)
    .describe('Apply high-confidence proposals without review (spec switch "Auto-Apply Optimizations", default on).'),
  templatePriorStrength: z
    .number()
    .positive()
    .default(20)
    .describe('Pseudo-sends the current template response rate counts for in its Beta prior.'),
  cadenceMinSendsPerOffset: z
    .number()
    .int()
    .min(1)
    .default(30)
    .describe('Sends a cadence step needs at a day offset before that offset is compared with others.'),
  cadenceMaxShiftDays: z
    .number()
    .int()
    .min(1)
    .max(7)
    .default(1)
    .describe('Largest change of one cadence step per learning cycle, in days.'),
  cadencePriorStrength: z
    .number()
    .positive()
    .default(2)
    .describe('Pseudo-sends of the uniform Beta prior on each cadence offset reply rate (2 = Beta(1,1)).'),
});

/** The parsed configuration an activity receives. */
export type LearningEngineConfig = z.output<typeof learningEngineConfig>;
