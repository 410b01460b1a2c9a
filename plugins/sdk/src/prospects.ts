import { z } from 'zod';

/** A list criterion: items trimmed; at most 50 of at most 200 characters each. */
const criteriaList = (item: string) =>
  z
    .array(
      z
        .string({ error: `each ${item} must be a string` })
        .trim()
        .max(200, 'items must be at most 200 characters'),
    )
    .max(50, 'at most 50 items')
    .default([]);

/**
 * The ideal customer profile's criteria (the product spec's shape), the one definition of them:
 * the ICP builder states them, discovery searches sources with them, lead scoring scores against
 * them. A blank field is no criterion. Each consumer adds only its own rule on top (discovery
 * requires industry and job titles, lead scoring at least one criterion).
 */
export const IcpCriteriaSchema = z.object({
  industry: criteriaList('industry').describe(
    'Industries that fit, e.g. ["SaaS"]; synonyms are recognised ("SaaS" = "software as a service").',
  ),
  companySize: z.string().trim().max(100).default('').describe('Employee range: "50-200", "200+", "10-50 employees", "under 50".'),
  jobTitles: criteriaList('job title').describe('Titles of the buyers, e.g. ["VP Sales", "Head of Revenue Operations"].'),
  techStack: criteriaList('technology').describe('Technologies the ideal customer uses.'),
  painPoints: criteriaList('pain point').describe(
    'Problems the ideal customer has: sources state none, so researched pains are matched by scoring.',
  ),
  revenue: z
    .string()
    .trim()
    .max(100)
    .default('')
    .describe('Annual revenue range, judged with company size: "$10M-$50M", "$1B+", "under $5M" (bare numbers are millions).'),
});

/** The criteria with blank list items and repeats dropped (case kept as first written). */
export function tidyCriteria<C extends IcpCriteria>(criteria: C): C {
  const tidy = (items: readonly string[]) => [...new Set(items.filter((item) => item !== ''))];
  return {
    ...criteria,
    industry: tidy(criteria.industry),
    jobTitles: tidy(criteria.jobTitles),
    techStack: tidy(criteria.techStack),
    painPoints: tidy(criteria.painPoints),
  };
}

/**
 * A person a prospect source returned, before matching: what every source plugin answers and
 * the built-in sample database yields. Unknown facts are null, never guessed.
 */
export const DiscoveredPersonSchema = z.object({
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  jobTitle: z.string(),
  company: z.string().min(1),
  companyDomain: z.string().nullable(),
  email: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  industry: z.string().nullable(),
  employeeCount: z.number().int().nullable(),
  companyRevenue: z.string().nullable().describe('As the source states it, e.g. "$10M-$50M"'),
  techStack: z.array(z.string()),
  recentFunding: z.boolean().nullable().describe('Funded in the last 12 months, when the source knows'),
  location: z.string().nullable(),
  /** The source's own id of the person, for de-duplication and follow-up calls. */
  sourceRef: z.string().nullable(),
});

export type IcpCriteria = z.infer<typeof IcpCriteriaSchema>;
export type DiscoveredPerson = z.infer<typeof DiscoveredPersonSchema>;
