import type { ActivityContext, PluginDeps } from '@meetflow/plugin-sdk';
import { companyNameOf } from './company-name.ts';
import type { ResearchConfig } from './config.ts';
import { researchConfidence } from './confidence.ts';
import { crawlSite } from './crawl.ts';
import { extractContacts, extractFounded, extractLocation, extractSocial } from './extract/company-details.ts';
import { extractCustomers } from './extract/customers.ts';
import { extractDescription } from './extract/description.ts';
import { extractFunding } from './extract/funding.ts';
import { extractHiring } from './extract/hiring.ts';
import { extractIndustry } from './extract/industry.ts';
import { extractPainPoints } from './extract/pain-points.ts';
import { withSentenceCache } from './extract/terms.ts';
import { extractPricing } from './extract/pricing.ts';
import { extractHiredRoles, extractRoles } from './extract/roles.ts';
import { extractSize } from './extract/size.ts';
import { extractValueClaims } from './extract/value.ts';
import { assembleFacts } from './facts.ts';
import type { EnrichCompanyResult } from './manifest.ts';
import type { ParsedPage } from './page.ts';
import { extractTechnologies } from './tech/tech-facts.ts';

/** What enrichCompany is asked. */
export interface EnrichCompanyRequest {
  website: string;
  companyName?: string;
  maxPages?: number;
}

/** Runs every extractor over the pages read; the facts come out in a fixed, readable order. */
function extractAll(pages: ParsedPage[], home: ParsedPage, currentYear: number) {
  const description = extractDescription(
    home,
    pages.find((page) => page.kind === 'about'),
  );
  const industry = extractIndustry(pages);
  const size = extractSize(pages);
  const funding = extractFunding(pages, currentYear);
  const hiring = extractHiring(pages);
  const tech = extractTechnologies(pages);
  const pains = extractPainPoints(pages);
  const drafts = [
    ...description.drafts,
    ...industry.drafts,
    ...size.drafts,
    ...extractLocation(pages),
    ...extractFounded(pages, currentYear),
    ...extractCustomers(pages),
    ...extractPricing(pages),
    ...extractValueClaims(pages),
    ...pains,
    ...extractRoles(pages),
    ...tech.drafts,
    ...funding.drafts,
    ...hiring.drafts,
    ...extractHiredRoles(pages),
    ...extractContacts(pages),
    ...extractSocial(pages),
  ];
  return { description, industry, size, funding, hiring, tech, drafts };
}

/**
 * Researches one company from its web site: reads the home page and a few key pages, extracts
 * facts with evidence by explainable rules, and scores how far the result can be trusted.
 */
export async function enrichCompany(
  request: EnrichCompanyRequest,
  deps: Pick<PluginDeps<ResearchConfig>, 'config' | 'http' | 'logger' | 'clock'>,
  context: ActivityContext,
): Promise<EnrichCompanyResult> {
  const { config } = deps;
  const maxPages = request.maxPages ?? config.maxPages;
  const { pages, visits } = await crawlSite(
    request.website,
    { maxPages, pagePaths: config.pagePaths, respectRobots: config.respectRobots },
    deps,
    context,
  );
  const [home] = pages;
  if (!home) throw new Error('crawlSite returned no home page');
  const now = deps.clock.now();
  const found = withSentenceCache(() => extractAll(pages, home, now.getUTCFullYear()));
  const facts = assembleFacts(found.drafts, config.minConfidence);
  // A summary field only repeats a fact that was kept (one under minConfidence is not reported).
  const hasFact = (kind: string, value?: string | null) =>
    facts.some((fact) => fact.kind === kind && (value === undefined || fact.value === value));
  const when = <T>(condition: boolean, value: T): T | null => (condition ? value : null);
  deps.logger.info({ website: request.website, pages: visits.length, facts: facts.length }, 'company researched');
  return {
    website: request.website,
    companyName: request.companyName ?? companyNameOf(home),
    companyInfo: hasFact('description') ? found.description.companyInfo : '',
    industry: when(hasFact('industry'), found.industry.industry),
    sizeHint: {
      employees: when(hasFact('employees', found.size.employees), found.size.employees),
      revenue: when(hasFact('revenue', found.size.revenue), found.size.revenue),
    },
    painPoints: facts.filter((fact) => fact.kind === 'pain-point').map((fact) => fact.value),
    techStack: found.tech.techStack.filter((name) => facts.some((fact) => fact.id === `tech-${found.tech.slugs.get(name)}`)),
    signals: {
      funding: when(hasFact('funding', found.funding.funding), found.funding.funding),
      hiring: when(hasFact('hiring'), found.hiring.hiring),
    },
    facts,
    pages: visits,
    dataPoints: facts.length,
    confidence: researchConfidence(facts, visits),
    researchedAt: now.toISOString(),
  };
}
