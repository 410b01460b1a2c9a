import { IcpCriteriaSchema, tidyCriteria } from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { NOT_BLANK } from '../../../core/http/api-strings.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import { MAX_PAGES, MAX_TARGET, PAGE_SIZE, PEOPLE_PER_SOURCE } from './sources.ts';
import { LEFT_OUT_LISTED } from './exclusions.ts';

/**
 * A list criterion the discovery form must fill (the UI asks for industry and job titles): present,
 * with at least one item that is not blank. The document says so (required, `contains` a
 * non-blank string), and each item's 200 characters count as sent, before trimming.
 */
const listOf = (item: string) =>
  z
    .array(
      z
        .string({ error: `each ${item} must be a string` })
        .max(200, 'items must be at most 200 characters')
        .trim(),
    )
    .max(50, 'at most 50 items');
const requiredList = (item: string) =>
  listOf(item)
    .refine((items) => items.some((entry) => entry !== ''), {
      error: `name at least one ${item} (the UI asks for industry and job titles)`,
    })
    .meta({ contains: { type: 'string', pattern: NOT_BLANK.source } });
/** A free-text criterion: its 100 characters count as sent, before trimming. */
const text = () => z.string().max(100).trim().default('');
const criterion = IcpCriteriaSchema.shape;

/** The ICP criteria the discovery form sends (spec §3): the SDK's, industry and job titles required; blanks and repeats dropped. */
export const DiscoveryCriteria = IcpCriteriaSchema.extend({
  industry: requiredList('industry').describe(criterion.industry.description ?? ''),
  companySize: text().describe(criterion.companySize.description ?? ''),
  jobTitles: requiredList('job title').describe(criterion.jobTitles.description ?? ''),
  techStack: listOf('technology')
    .default([])
    .describe(criterion.techStack.description ?? ''),
  painPoints: listOf('pain point')
    .default([])
    .describe(criterion.painPoints.description ?? ''),
  revenue: text().describe(criterion.revenue.description ?? ''),
}).transform(tidyCriteria);

/** Body of POST /api/superagent/discover-prospects. */
export const DiscoverProspectsBody = z.object({
  icpCriteria: DiscoveryCriteria,
  sources: z
    .array(z.string({ error: 'each source must be a source id, e.g. "apollo"' }), {
      error: 'must be a list of source ids, e.g. ["linkedin"]',
    })
    .min(1, 'choose at least one source (GET /api/plugins lists the installed ones: plugins of kind source, id without "source-")')
    .transform((sources) => [...new Set(sources)])
    .describe(
      'Source ids to search: the installed source plugins\' ids without "source-" (GET /api/plugins), e.g. linkedin, crunchbase, apollo, zoominfo. An unconfigured one answers from the built-in sample database (sample: true).',
    ),
  targetCount: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_TARGET, `must be at most ${MAX_TARGET.toLocaleString('en-US')} (a campaign's list)`)
    .optional()
    .describe(
      `How many people to find for a campaign (at most ${MAX_TARGET}): each source is paged (${PAGE_SIZE} a page, ${MAX_PAGES} pages at most) until it has that many the workspace may write to; people already prospects, suppressed, emailed in the last 90 days or without an email are left out. Without it, the first ${PEOPLE_PER_SOURCE} of each source.`,
    ),
  minScore: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(100, 'must be at most 100')
    .optional()
    .describe(
      "The quality floor: the lowest match score listed (0–100). Default: lead scoring's qualification threshold, so only people it would qualify on what the sources say are listed.",
    ),
  includeBelowFloor: z
    .boolean({ error: 'must be true or false' })
    .default(false)
    .describe('List the people below the quality floor too (after those above it). Default false: they are counted in belowFloor.'),
});

/** One discovered prospect (spec §3), with where it came from and whether it is sample data. */
export const DiscoveredProspect = z.object({
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string(),
  company: z.string(),
  email: z.string().nullable(),
  source: z.string().describe('The first source the person came from (its id).'),
  sources: z.array(z.string()).describe('Every source the person came from (after de-duplication).'),
  matchScore: z.number().int().min(0).max(100).describe('The lead-scoring total against the criteria.'),
  matchReason: z
    .string()
    .describe('The strongest lead-scoring reasons, naming the criteria matched (and the revenue fit when a revenue is given).'),
  industry: z.string().nullable(),
  companySize: z.string().nullable().describe('Employee band, e.g. "51-200 employees"; null when unknown.'),
  linkedinUrl: z.string().nullable(),
  website: z.string().nullable(),
  enrichmentData: z.object({
    companyRevenue: z.string().nullable(),
    employeeCount: z.number().int().nullable(),
    techStack: z.array(z.string()),
    recentFunding: z.boolean().nullable(),
  }),
  sample: z.boolean().describe('True when the person comes from the built-in sample database, not from the provider.'),
});
export type DiscoveredProspectView = z.infer<typeof DiscoveredProspect>;

/** 200 of POST /api/superagent/discover-prospects. */
export const DiscoverProspectsResponse = z.object({
  success: z.boolean().describe('False only when no source could be searched; `error` then says why.'),
  prospects: z.array(DiscoveredProspect).describe('Best match first.'),
  totalFound: z.number().int().min(0).describe('Distinct people found across the sources.'),
  confidence: z.number().min(0).max(1).describe('(½ criteria coverage + ½ data completeness) × share of sources that answered.'),
  error: z.string().nullable(),
  sample: z.boolean().describe('True when any prospect is sample data.'),
  notes: z.string().describe('What each source gave (or why not), what was merged and relaxed.'),
  targetCount: z.number().int().nullable().describe('The target asked for; null without one.'),
  minScore: z
    .number()
    .int()
    .min(0)
    .max(100)
    .describe('The quality floor applied: the lowest match score listed (unless includeBelowFloor).'),
  belowFloor: z
    .number()
    .int()
    .min(0)
    .describe('People found who matched below the floor: not listed unless includeBelowFloor, when they come after the others.'),
  includeBelowFloor: z.boolean().describe('Whether people below the floor are listed.'),
  excluded: z
    .object({
      outsideIndustry: z.number().int().describe("Whose industry is not one of the criteria's (a source that relaxed its filters)."),
      inCrm: z.number().int().describe('Customers and people on open deals in the connected CRM (by email or company domain).'),
      alreadyProspect: z.number().int(),
      suppressed: z.number().int(),
      contactedRecently: z.number().int(),
      noEmail: z.number().int(),
    })
    .describe(
      "People left out, by reason (outside the industries and the connected CRM's customers and open deals always; the others with a target count, zeros without).",
    ),
  leftOut: z
    .array(
      z.object({
        name: z.string(),
        company: z.string(),
        email: z.string().nullable(),
        industry: z.string().nullable(),
        reason: z.enum(['outsideIndustry', 'inCrm', 'alreadyProspect', 'suppressed', 'contactedRecently', 'noEmail']),
      }),
    )
    .describe(`The people left out, each with why (the first ${LEFT_OUT_LISTED}; \`excluded\` counts them all).`),
  shortfall: z.string().nullable().describe('With a target count: why fewer people than asked were found; null when the target was met.'),
});
export type DiscoverProspectsView = z.infer<typeof DiscoverProspectsResponse>;

/**
 * The sources of one request, among those installed: an unknown one is named with the installed
 * ones. A 422, not a 400: the document cannot list what a server has installed.
 */
export function checkSources(sources: readonly string[], installed: readonly string[]): void {
  const unknown = sources.filter((source) => !installed.includes(source));
  if (unknown.length > 0) {
    const names = unknown.map((source) => `"${source}"`).join(', ');
    throw new UnprocessableError(
      `sources: unknown source ${names}: the installed sources are ${installed.join(', ') || 'none'} (GET /api/plugins lists them)`,
    );
  }
}
