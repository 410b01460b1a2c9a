import type { DiscoveredPerson } from '@meetflow/plugin-sdk';
import { z } from 'zod';

const text = z.string().nullish();

const ZoominfoContact = z.object({
  id: z.union([z.number(), z.string()]).nullish(),
  firstName: text,
  lastName: text,
  jobTitle: text,
  email: text,
  companyName: text,
  company: z.object({ id: z.union([z.number(), z.string()]).nullish(), name: text }).nullish(),
  city: text,
  state: text,
  country: text,
});

/** The part of ZoomInfo's `search/contact` answer the plugin reads. */
export const ContactSearchAnswer = z.object({
  totalResults: z.number().int().nullish(),
  data: z.array(ZoominfoContact).nullish(),
});

/** ZoomInfo's `authenticate` answer. */
export const AuthenticateAnswer = z.object({ jwt: z.string().min(1) });

const orNull = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

/**
 * One ZoomInfo contact as a DiscoveredPerson, or null without name or company. Search answers
 * identities; firmographics and emails come from ZoomInfo's enrich endpoints (credits), not called.
 */
export function toDiscoveredPerson(contact: z.infer<typeof ZoominfoContact>): DiscoveredPerson | null {
  const firstName = orNull(contact.firstName);
  const lastName = orNull(contact.lastName);
  const company = orNull(contact.company?.name) ?? orNull(contact.companyName);
  if (!firstName || !lastName || !company) return null;
  return {
    firstName,
    lastName,
    company,
    jobTitle: contact.jobTitle?.trim() ?? '',
    companyDomain: null,
    email: orNull(contact.email),
    linkedinUrl: null,
    industry: null,
    employeeCount: null,
    companyRevenue: null,
    techStack: [],
    recentFunding: null,
    location: [contact.city, contact.state, contact.country].map(orNull).filter(Boolean).join(', ') || null,
    sourceRef: contact.id == null ? null : String(contact.id),
  };
}
