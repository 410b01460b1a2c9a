import { z } from 'zod';

/** Paths tried, in this order, for each kind of page the home page does not link to. */
export const DEFAULT_PAGE_PATHS = ['/about', '/customers', '/pricing', '/careers', '/blog', '/security'];

/** The research agent's settings. */
export const researchConfig = z.object({
  maxPages: z
    .number()
    .int()
    .min(1)
    .max(8)
    .default(6)
    .describe('Pages read per company, the home page included (at most 8); an activity input may lower or raise it within 1–8.'),
  pagePaths: z
    .array(z.string().regex(/^\//, 'a path starting with /'))
    .default(DEFAULT_PAGE_PATHS)
    .describe('Paths tried when the home page links to no page of that kind (about, customers, pricing, careers, blog, security).'),
  respectRobots: z
    .boolean()
    .default(true)
    .describe('Skip pages that robots.txt disallows for MeetflowBot (a disallowed home page fails the research).'),
  minConfidence: z
    .number()
    .min(0)
    .max(1)
    .default(0.5)
    .describe('Facts extracted with a lower confidence than this (0–1) are left out of the result.'),
});

/** Parsed research settings. */
export type ResearchConfig = z.output<typeof researchConfig>;
