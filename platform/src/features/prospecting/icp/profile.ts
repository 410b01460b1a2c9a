import { industryLabel } from '@meetflow/plugin-sdk/contracts/industry-taxonomy';
import { bandOf, headcountsOf } from './company-size.ts';
import { titleMentionsOf, type TitleMention } from './job-titles.ts';
import type { Research } from './research-sites.ts';
import { splitTechnologies } from './technologies.ts';

/** A pain point in the customer's words, with the sentence it came from. */
export interface PainMention {
  pain: string;
  url: string;
  snippet: string;
}

/** What one customer's site says, as the ICP builder uses it, with the evidence for each part. */
export interface CustomerProfile {
  url: string;
  name: string;
  /** The industry's label in the shared taxonomy ("Sales technology"), or research's own label when unknown. */
  industry: string | null;
  /** The research fact behind the industry: the matched words and the sentence. */
  industryEvidence: string | null;
  employees: string | null;
  employeesEvidence: string | null;
  /** Headcounts stated (one, or two for a range). */
  headcounts: number[];
  revenue: string | null;
  titles: TitleMention[];
  /** Business tools only (CRM, marketing automation, analytics, payments, support, e-commerce, data…). */
  techStack: string[];
  /** Web servers, runtimes, CDNs, page metadata: shown, never an ICP criterion. */
  infrastructure: string[];
  painPoints: PainMention[];
  /** Quantified outcomes the customer promises its own buyers ("cut … by 60%"). */
  values: string[];
  confidence: number;
  pagesRead: number;
  pagesTried: number;
}

const snippetOf = (research: Research, kind: string) => research.facts.find((fact) => fact.kind === kind)?.evidence.snippet ?? null;

/** The pains research found, each with the sentence it was read from. */
function painsOf(research: Research): PainMention[] {
  return research.painPoints.map((pain) => {
    const fact = research.facts.find((candidate) => candidate.kind === 'pain-point' && candidate.value === pain);
    return { pain, url: fact?.evidence.url ?? research.website, snippet: fact?.evidence.snippet ?? pain };
  });
}

/** Reads a research result into a customer profile: titles with their evidence, business tools apart from infrastructure. */
export function profileCustomer(url: string, research: Research): CustomerProfile {
  const industryFact = research.facts.find((fact) => fact.kind === 'industry');
  const { business, infrastructure } = splitTechnologies(research);
  return {
    url,
    name: research.companyName,
    industry: research.industry ? industryLabel(research.industry) : null,
    industryEvidence: industryFact ? `${industryFact.value}: "${industryFact.evidence.snippet}"` : null,
    employees: research.sizeHint.employees,
    employeesEvidence: snippetOf(research, 'employees'),
    headcounts: headcountsOf(research.sizeHint.employees),
    revenue: research.sizeHint.revenue,
    titles: titleMentionsOf(research.facts),
    techStack: business,
    infrastructure,
    painPoints: painsOf(research),
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
