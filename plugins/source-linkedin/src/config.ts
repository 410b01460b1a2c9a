import { z } from 'zod';

/** The LinkedIn Sales Navigator source's settings. */
export const linkedinConfig = z.object({
  exportPath: z
    .string()
    .default('')
    .describe(
      'Path of a Sales Navigator lead-list CSV export on the worker (absolute, or relative to its working directory); empty means not configured.',
    ),
});

/** Parsed LinkedIn settings. */
export type LinkedinConfig = z.output<typeof linkedinConfig>;
