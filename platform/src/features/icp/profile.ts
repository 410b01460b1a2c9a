import { bandOf, headcountsOf } from './company-size.ts';
import { extractJobTitles, type TitleMention } from './job-titles.ts';
import type { Research } from './research-sites.ts';

/** What one customer's site says, as the ICP builder uses it, with the evidence for each part. */
export interface CustomerProfile {
  url: string;
  name: string;
  industry: string | null;
  /** The research fact behind the industry: the matched words and the sentence. */
  industryEvidence: string | null;
  employees: string | null;
  employeesEvidence: string | null;
  /** Headcounts stated (one, or two for a range). */
  headcounts: number[];
  revenue: string | null;
  titles: TitleMention[];
  techStack: string[];
  painPoints: string[];
  /** Quantified outcomes the customer promises its own buyers ("cut … by 60%"). */
  values: string[];
  confidence: number;
  pagesRead: number;
  pagesTried: number;
}

// Facts whose text speaks about buyers and users: descriptions, headlines, case studies,
// testimonials and problem sentences. Job postings name the company's own hires, not its buyers.
const BUYER_FACT_KINDS = new Set(['description', 'product', 'customer', 'value', 'pain-point']);
// Technologies that say nothing about a company (Open Graph tags, icon fonts…).
const NOISE_CATEGORIES = /\((?:Miscellaneous|Font scripts)\)/;

const snippetOf = (research: Research, kind: string) => research.facts.find((fact) => fact.kind === kind)?.evidence.snippet ?? null;

/** Reads a research result into a customer profile: titles from the buyer-facing evidence, meaningful technologies only. */
export function profileCustomer(url: string, research: Research): CustomerProfile {
  const techFacts = research.facts.filter((fact) => fact.kind === 'tech');
  const meaningful = (name: string) =>
    !techFacts.some((fact) => fact.value.startsWith(`Uses ${name} (`) && NOISE_CATEGORIES.test(fact.value));
  const buyerTexts = [
    research.companyInfo,
    ...research.facts.filter((fact) => BUYER_FACT_KINDS.has(fact.kind)).map((fact) => fact.evidence.snippet),
  ];
  const industryFact = research.facts.find((fact) => fact.kind === 'industry');
  return {
    url,
    name: research.companyName,
    industry: research.industry,
    industryEvidence: industryFact ? `${industryFact.value}: "${industryFact.evidence.snippet}"` : null,
    employees: research.sizeHint.employees,
    employeesEvidence: snippetOf(research, 'employees'),
    headcounts: headcountsOf(research.sizeHint.employees),
    revenue: research.sizeHint.revenue,
    titles: extractJobTitles(buyerTexts.filter(Boolean)),
    techStack: research.techStack.filter(meaningful),
    painPoints: research.painPoints,
    values: research.facts.filter((fact) => fact.kind === 'value').map((fact) => fact.value),
    confidence: research.confidence,
    pagesRead: research.pages.filter((page) => page.ok).length,
    pagesTried: research.pages.length,
  };
}

/** The size band of a profile's smallest stated headcount, or null. */
export function profileBand(profile: CustomerProfile) {
  const [first] = profile.headcounts;
  return first === undefined ? null : bandOf(Math.min(...profile.headcounts));
}
