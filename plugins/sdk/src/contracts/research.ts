import { z } from 'zod';
import { FactSchema } from '../facts.ts';

// The research agent's contract: the activity the platform calls it by (the ICP builder researches
// customer sites with it, pipelines each prospect's company). The plugin implements it.

/** Input of enrichCompany. */
export const EnrichCompanyInput = z.object({
  website: z.url({ protocol: /^https?$/ }).describe('The company web site (http or https).'),
  companyName: z.string().trim().min(1).optional().describe('The name to report; read from the site when absent.'),
  maxPages: z.number().int().min(1).max(8).optional().describe('Pages to read, home included; the config default when absent.'),
});

/** One page the research tried to read. */
export const PageVisitSchema = z.object({
  url: z.string(),
  /** HTTP status, or 0 when no response came (network error, refused address, too large…). */
  status: z.number().int(),
  ok: z.boolean(),
});

/** Output of enrichCompany. */
export const EnrichCompanyOutput = z.object({
  website: z.string(),
  companyName: z.string(),
  companyInfo: z.string().describe('1–3 sentences describing the company, in its own words; empty when the site has none.'),
  industry: z.string().nullable(),
  sizeHint: z.object({ employees: z.string().nullable(), revenue: z.string().nullable() }),
  painPoints: z.array(z.string()),
  techStack: z.array(z.string()),
  signals: z.object({ funding: z.string().nullable(), hiring: z.string().nullable() }),
  facts: z.array(FactSchema),
  pages: z.array(PageVisitSchema),
  dataPoints: z.number().int().min(0).describe('Distinct facts found.'),
  confidence: z.number().min(0).max(1),
  researchedAt: z.iso.datetime(),
});

export type EnrichCompanyResult = z.input<typeof EnrichCompanyOutput>;
export type PageVisit = z.infer<typeof PageVisitSchema>;
