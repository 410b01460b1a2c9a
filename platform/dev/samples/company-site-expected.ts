// What the research agent should read from a sample company's site, field by field, derived
// from the company's record the same way the site states it: the yardstick of the site tests
// and of company-site-measure.ts.
import type { SampleCompany } from '@meetflow/plugin-source-sample/generator';
import { announcedRound, revenueFloor } from './company-site.ts';
import { SAMPLE_TOOLS, TOOL_EMBEDS } from './company-site-tech.ts';

/**
 * The two sample industries the research agent has no keyword family for (plugins/source-sample/src/vocab.ts
 * adds them to research's own labels): their sites name no industry research can report.
 */
export const INDUSTRIES_RESEARCH_DOES_NOT_NAME: readonly string[] = ['Software & SaaS', 'Professional services'];

/** The research result fields a sample company's site determines. */
export interface ExpectedResearch {
  companyName: string;
  industry: string | null;
  /** Every tool of the company that has an embed (all but UNDETECTABLE_TOOLS). */
  techStack: string[];
  employees: string;
  revenue: string | null;
  funding: string | null;
}

const titleCase = (words: string) => words.replace(/\b\w/g, (letter) => letter.toUpperCase());

/** The fields research should report for this company's site. */
export function expectedResearch(company: SampleCompany): ExpectedResearch {
  // The site states the revenue band's floor ("more than $10M in annual revenue"), none under $1M.
  const floor = revenueFloor(company.revenue);
  return {
    companyName: company.name,
    industry: INDUSTRIES_RESEARCH_DOES_NOT_NAME.includes(company.industry) ? null : company.industry,
    techStack: company.techStack.filter((tool) => tool in TOOL_EMBEDS),
    employees: `${company.employeeCount.toLocaleString('en-US')} employees`,
    revenue: floor ? `${floor} revenue` : null,
    funding: company.recentFunding && company.fundingStage ? `Raised ${titleCase(announcedRound(company.fundingStage))}` : null,
  };
}

/**
 * Sample tools research reported that the company does not use and that none of its tools implies
 * (research names what tools imply: WordPress → PHP): each one a misread of the site.
 */
export function unexpectedTools(
  company: SampleCompany,
  result: { techStack: string[]; facts: Array<{ kind: string; value: string }> },
): string[] {
  const implied = result.facts.filter((fact) => fact.kind === 'tech' && fact.value.includes(', implied by ')).map((fact) => fact.value);
  return result.techStack.filter(
    (tool) =>
      SAMPLE_TOOLS.includes(tool) && !company.techStack.includes(tool) && !implied.some((value) => value.startsWith(`Uses ${tool} `)),
  );
}
