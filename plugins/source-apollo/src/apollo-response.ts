import type { DiscoveredPerson } from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { fundedRecently } from '@meetflow/plugin-sdk';

const text = z.string().nullish();

const ApolloOrganization = z.object({
  name: text,
  primary_domain: text,
  industry: text,
  estimated_num_employees: z.number().nullish(),
  annual_revenue_printed: text,
  latest_funding_round_date: text,
  current_technologies: z.array(z.object({ name: z.string() })).nullish(),
  technology_names: z.array(z.string()).nullish(),
});

const ApolloPerson = z.object({
  id: text,
  first_name: text,
  last_name: text,
  title: text,
  email: text,
  linkedin_url: text,
  city: text,
  state: text,
  country: text,
  /** Saved contacts carry the company name here instead of in `organization`. */
  organization_name: text,
  organization: ApolloOrganization.nullish(),
});

/** The part of Apollo's `mixed_people/search` answer the plugin reads. */
export const ApolloSearchResponse = z.object({
  contacts: z.array(ApolloPerson).nullish(),
  people: z.array(ApolloPerson).nullish(),
  pagination: z.object({ total_entries: z.number().int().nullish(), total_pages: z.number().int().nullish() }).nullish(),
});

type ApolloPersonRecord = z.infer<typeof ApolloPerson>;

// Apollo answers a placeholder until the email is unlocked with credits.
const LOCKED_EMAIL = /^email_not_unlocked@/i;

const orNull = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

/** One Apollo person as a DiscoveredPerson, or null when Apollo lacks the name or company. */
export function toDiscoveredPerson(person: ApolloPersonRecord, now: Date): DiscoveredPerson | null {
  const organization = person.organization ?? {};
  const firstName = orNull(person.first_name);
  const lastName = orNull(person.last_name);
  const company = orNull(organization.name) ?? orNull(person.organization_name);
  if (!firstName || !lastName || !company) return null;
  const email = orNull(person.email);
  const technologies = organization.current_technologies?.map((technology) => technology.name) ?? organization.technology_names ?? [];
  const employees = organization.estimated_num_employees;
  return {
    firstName,
    lastName,
    company,
    jobTitle: person.title?.trim() ?? '',
    companyDomain: orNull(organization.primary_domain),
    email: email && !LOCKED_EMAIL.test(email) ? email : null,
    linkedinUrl: orNull(person.linkedin_url),
    industry: orNull(organization.industry),
    employeeCount: typeof employees === 'number' && Number.isInteger(employees) ? employees : null,
    companyRevenue: orNull(organization.annual_revenue_printed),
    techStack: technologies,
    recentFunding: fundedRecently(organization.latest_funding_round_date, now),
    location: [person.city, person.state, person.country].map(orNull).filter(Boolean).join(', ') || null,
    sourceRef: orNull(person.id),
  };
}

/** Every person of an answer (saved contacts first, as Apollo lists them) that can be mapped. */
export function peopleOf(response: z.infer<typeof ApolloSearchResponse>, now: Date): { people: DiscoveredPerson[]; skipped: number } {
  const records = [...(response.contacts ?? []), ...(response.people ?? [])];
  const people = records.map((record) => toDiscoveredPerson(record, now)).filter((person) => person !== null);
  return { people, skipped: records.length - people.length };
}
