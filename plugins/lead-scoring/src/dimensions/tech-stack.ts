import type { Fact } from '@meetflow/plugin-sdk';
import type { ResearchSubset, ScoredProspect } from '../schemas.ts';
import { normaliseText, phraseFinder } from '../text.ts';
import { meanConfidence, type DimensionResult } from './types.ts';

// Names that mean the same product; compared after normaliseText ("Node.js" → "node js").
const ALIASES: string[][] = [
  ['salesforce', 'sfdc', 'salesforce crm', 'sales cloud'],
  ['hubspot', 'hubspot crm', 'hub spot'],
  ['aws', 'amazon web services'],
  ['gcp', 'google cloud', 'google cloud platform'],
  ['azure', 'microsoft azure'],
  ['postgresql', 'postgres'],
  ['kubernetes', 'k8s'],
  ['node js', 'nodejs', 'node'],
  ['react', 'react js', 'reactjs'],
  ['google analytics', 'ga4'],
  ['microsoft dynamics', 'dynamics 365'],
  ['outreach', 'outreach io'],
  ['salesloft', 'sales loft'],
  ['zoominfo', 'zoom info'],
];

/** Every way of writing a technology, itself included. */
export function techVariants(tech: string): string[] {
  const normal = normaliseText(tech);
  const group = ALIASES.find((names) => names.includes(normal));
  return group ? [...new Set([normal, ...group])] : [normal];
}

/** True when `text` (a stack entry or a fact) names `tech` under any of its names. */
export function mentionsTech(text: string, tech: string): boolean {
  return techVariants(tech).some(phraseFinder(text));
}

/** The tech facts that prove the prospect uses `tech`. */
export function factsProvingTech(facts: readonly Fact[], tech: string): Fact[] {
  return facts.filter((fact) => fact.kind === 'tech' && mentionsTech(fact.value, tech));
}

/**
 * True for a tech fact research marked as infrastructure ("Uses Nginx 1.25.3 (Web servers;
 * infrastructure)"): a web server, runtime, CDN or page metadata says how a site is built, not
 * what the company buys, so it never counts toward the tech dimension. Business tools are marked
 * "(…; business tool: payments)"; facts without a mark (older research) count as before.
 */
export function isInfrastructureFact(fact: Pick<Fact, 'kind' | 'value'>): boolean {
  return fact.kind === 'tech' && /;\s*infrastructure\)/.test(fact.value);
}

/**
 * True when a tech fact's value is about this technology: "Uses <name>", then at most a version
 * token, then the categories ("Uses HubSpot CMS Hub (CMS; …)" is not about "HubSpot").
 */
function factNamesTech(value: string, name: string): boolean {
  const lead = `Uses ${name}`;
  return value.startsWith(lead) && /^(?: [^\s(]+)? \(/.test(value.slice(lead.length));
}

/** What research says the company runs on, split: business tools count, infrastructure does not. */
function researchedStack(research: ResearchSubset | undefined) {
  const techFacts = (research?.facts ?? []).filter((fact) => fact.kind === 'tech');
  const infraFacts = techFacts.filter(isInfrastructureFact);
  const isInfrastructure = (name: string) => infraFacts.some((fact) => factNamesTech(fact.value, name));
  return {
    facts: techFacts.filter((fact) => !isInfrastructureFact(fact)),
    stack: (research?.techStack ?? []).filter((name) => !isInfrastructure(name)),
    infrastructure: (research?.techStack ?? []).filter(isInfrastructure),
  };
}

/**
 * Share of the ICP's technologies found in the prospect's stack, its researched business tools
 * or its business-tool facts. Technologies research marked as infrastructure are not counted.
 */
export function scoreTechStack(prospect: ScoredProspect, research: ResearchSubset | undefined, icpTech: string[]): DimensionResult {
  const wanted = [...new Set(icpTech.map((tech) => tech.trim()).filter((tech) => tech !== ''))];
  if (wanted.length === 0) {
    return {
      score: 0,
      reason: 'the ICP names no technologies, so tech stack does not count',
      factIds: [],
      evidence: 1,
      hasCriterion: false,
    };
  }
  const researched = researchedStack(research);
  const techFacts = researched.facts;
  const stack = [...(prospect.techStack ?? []), ...researched.stack];
  if (stack.length === 0 && techFacts.length === 0) {
    return { score: 0, reason: `tech stack unknown (ICP: ${wanted.join(', ')})`, factIds: [], evidence: 0, hasCriterion: true };
  }
  const found: string[] = [];
  const proof = new Set<string>();
  for (const tech of wanted) {
    const proving = factsProvingTech(techFacts, tech);
    if (proving.length > 0 || stack.some((entry) => mentionsTech(entry, tech))) found.push(tech);
    for (const fact of proving) proof.add(fact.id);
  }
  const missing = wanted.filter((tech) => !found.includes(tech));
  const onlyInfrastructure = missing.filter((tech) => researched.infrastructure.some((name) => mentionsTech(name, tech)));
  const score = Math.round((100 * found.length) / wanted.length);
  const reason =
    `${found.length} of ${wanted.length} ICP technologies found` +
    (found.length > 0 ? ` (${found.join(', ')})` : '') +
    (missing.length > 0 ? `; not seen: ${missing.join(', ')}` : '') +
    (onlyInfrastructure.length > 0 ? ` (${onlyInfrastructure.join(', ')} only as infrastructure, not counted)` : '');
  // Firsthand stack data counts fully; researched facts count by their confidence.
  const evidence = (prospect.techStack?.length ?? 0) > 0 ? 1 : meanConfidence(techFacts, 0.7);
  return { score, reason, factIds: [...proof], evidence, hasCriterion: true };
}
