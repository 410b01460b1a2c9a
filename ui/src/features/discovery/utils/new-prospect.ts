import { webAddress } from '../../../lib/web-address.ts';
import type { DiscoveredProspect, NewProspect } from '../api/types.ts';

/**
 * An http(s) address, or null: sources sometimes give "linkedin.com/in/…" without a scheme
 * (https is assumed); then the one scheme filter, webAddress: javascript:, mailto: and the like never become a link.
 */
export function webUrlOf(value: string | null): string | null {
  const text = value?.trim();
  if (!text) return null;
  const address = webAddress(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  return address && new URL(address).hostname.includes('.') ? address : null;
}

const present = (value: string | null) => (value !== null && value.trim() !== '' ? value : undefined);

/**
 * The POST /api/prospects body for a discovered person, or null without an email (the pipeline
 * keys prospects by email). Keeps where it came from and whether it is sample data; the match
 * score is not sent as `score`, which the prospect pipeline's own scoring fills.
 */
export function newProspectOf(prospect: DiscoveredProspect): NewProspect | null {
  if (!prospect.email) return null;
  const optional: Partial<NewProspect> = {
    jobTitle: present(prospect.jobTitle),
    website: webUrlOf(prospect.website) ?? undefined,
    linkedinUrl: webUrlOf(prospect.linkedinUrl) ?? undefined,
    industry: present(prospect.industry),
    companySize: present(prospect.companySize),
    employeeCount: prospect.enrichmentData.employeeCount ?? undefined,
  };
  const defined = Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined));
  return {
    firstName: prospect.firstName,
    lastName: prospect.lastName,
    company: prospect.company,
    email: prospect.email,
    source: prospect.source,
    sample: prospect.sample,
    ...defined,
  };
}
