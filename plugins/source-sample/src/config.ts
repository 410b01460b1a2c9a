import { z } from 'zod';
import { SAMPLE_DB_DEFAULTS } from './ensure.ts';

/** The sample source's settings: how its data is generated (how much of it: the prepare activity's input). */
export const sampleConfig = z.object({
  seed: z
    .number()
    .int()
    .min(0)
    .default(SAMPLE_DB_DEFAULTS.seed)
    .describe('Generator seed: the same seed always gives the same companies and people.'),
  peoplePerCompany: z
    .number()
    .int()
    .min(1)
    .max(10)
    .default(SAMPLE_DB_DEFAULTS.peoplePerCompany)
    .describe('Average people per company (small companies have fewer).'),
  batchSize: z
    .number()
    .int()
    .min(10)
    .max(10_000)
    .default(SAMPLE_DB_DEFAULTS.batchSize)
    .describe('Companies generated and inserted per batch; a preparation cut short resumes after the last whole batch.'),
});
