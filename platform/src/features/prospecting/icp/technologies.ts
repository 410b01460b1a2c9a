import type { Research } from './research-sites.ts';

// Research marks each technology it fingerprints as a business tool or as infrastructure, in
// the tech fact's value: "Uses Stripe (Payment processors; business tool: payments)", "Uses
// Nginx 1.25.3 (Web servers; infrastructure)". Only business tools say who a customer is and
// what it buys, so only they become ICP criteria (and so discovery criteria); infrastructure is
// kept apart, to show.

const INFRASTRUCTURE = /;\s*infrastructure\)/;

/**
 * True when a tech fact's value is about this technology: "Uses <name>", then at most a version
 * token, then the categories ("Uses HubSpot CMS Hub (CMS; …)" is not about "HubSpot").
 */
export function factNamesTech(value: string, name: string): boolean {
  const lead = `Uses ${name}`;
  return value.startsWith(lead) && /^(?: [^\s(]+)? \(/.test(value.slice(lead.length));
}

/** A research result's technologies, split into business tools and infrastructure, in research's order. */
export function splitTechnologies(research: Pick<Research, 'techStack' | 'facts'>): { business: string[]; infrastructure: string[] } {
  const infraFacts = research.facts.filter((fact) => fact.kind === 'tech' && INFRASTRUCTURE.test(fact.value));
  const isInfrastructure = (name: string) => infraFacts.some((fact) => factNamesTech(fact.value, name));
  return {
    business: research.techStack.filter((name) => !isInfrastructure(name)),
    infrastructure: research.techStack.filter(isInfrastructure),
  };
}
