import { z } from 'zod';

/** ICP criteria as discovery receives them (the product spec's shape). */
export const IcpCriteriaSchema = z.object({
  industry: z.array(z.string()).default([]),
  companySize: z.string().default(''),
  jobTitles: z.array(z.string()).default([]),
  techStack: z.array(z.string()).default([]),
  painPoints: z.array(z.string()).default([]),
  revenue: z.string().default(''),
});

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
