import type { DiscoveredPerson } from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { REVENUE_BUCKETS } from './crunchbase-request.ts';
import { fundedRecently } from '@meetflow/plugin-sdk';

const text = z.string().nullish();
const Identifier = z.object({ uuid: z.string(), value: z.string().nullish() });
const Locations = z.array(z.object({ value: z.string(), location_type: z.string().nullish() })).nullish();

const OrganizationProperties = z.object({
  identifier: Identifier,
  website_url: text,
  category_groups: z.array(z.object({ value: z.string() })).nullish(),
  categories: z.array(z.object({ value: z.string() })).nullish(),
  revenue_range: text,
  last_funding_at: text,
});

const PersonProperties = z.object({
  identifier: Identifier,
  first_name: text,
  last_name: text,
  primary_job_title: text,
  primary_organization: Identifier.nullish(),
  linkedin: z.object({ value: z.string() }).nullish(),
  location_identifiers: Locations,
});

/** A Crunchbase v4 search answer whose entities have the given properties. */
const searchAnswer = <P extends z.ZodType>(properties: P) =>
  z.object({ count: z.number().int().nullish(), entities: z.array(z.object({ uuid: z.string(), properties })) });

/** The part of `POST /searches/organizations` answers the plugin reads. */
export const OrganizationSearchAnswer = searchAnswer(OrganizationProperties);
/** The part of `POST /searches/people` answers the plugin reads. */
export const PeopleSearchAnswer = searchAnswer(PersonProperties);

type Organization = z.infer<typeof OrganizationProperties>;
type Person = z.infer<typeof PersonProperties>;

const orNull = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

function domainOf(website: string | null | undefined): string | null {
  if (!website) return null;
  try {
    return new URL(website).hostname.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/** The company's category group that the criteria asked for, else its first one. */
function industryOf(organization: Organization | undefined, wanted: string[]): string | null {
  const groups = organization?.category_groups?.map((group) => group.value) ?? [];
  const lowered = wanted.map((name) => name.trim().toLowerCase());
  return groups.find((group) => lowered.includes(group.toLowerCase())) ?? groups[0] ?? null;
}

const LOCATION_ORDER = ['city', 'region', 'country'];

/** One Crunchbase person (with the company when known) as a DiscoveredPerson, or null without name or company. */
export function toDiscoveredPerson(
  person: Person,
  organization: Organization | undefined,
  wanted: string[],
  now: Date,
): DiscoveredPerson | null {
  const firstName = orNull(person.first_name);
  const lastName = orNull(person.last_name);
  const company = orNull(organization?.identifier.value) ?? orNull(person.primary_organization?.value);
  if (!firstName || !lastName || !company) return null;
  const places = LOCATION_ORDER.flatMap((type) =>
    (person.location_identifiers ?? []).filter((place) => place.location_type === type).map((place) => place.value),
  );
  return {
    firstName,
    lastName,
    company,
    jobTitle: person.primary_job_title?.trim() ?? '',
    companyDomain: domainOf(organization?.website_url),
    email: null, // Crunchbase does not publish emails
    linkedinUrl: orNull(person.linkedin?.value),
    industry: industryOf(organization, wanted),
    employeeCount: null, // Crunchbase gives a headcount bucket, not a count
    companyRevenue: REVENUE_BUCKETS.find((bucket) => bucket.id === organization?.revenue_range)?.label ?? null,
    techStack: [], // not in the Crunchbase data API
    recentFunding: fundedRecently(organization?.last_funding_at, now),
    location: places.join(', ') || null,
    sourceRef: person.identifier.uuid,
  };
}
