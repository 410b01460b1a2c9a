// A local stand-in for Apollo's people search, for tests: checks the x-api-key header and the
// documented body fields, filters its people by them and answers pages shaped like Apollo's.
import { startFakeProvider, type FakeProviderRequest } from '@meetflow/plugin-sdk/testing';

/** The key the fake accepts. */
export const FAKE_APOLLO_KEY = 'apollo-test-key';

const organizations = {
  ledgerly: {
    id: '5f2a9c1e8b7d4a0012ab34cd',
    name: 'Ledgerly',
    website_url: 'http://www.ledgerly.io',
    primary_domain: 'ledgerly.io',
    industry: 'financial services',
    keywords: ['fintech', 'accounts payable', 'saas'],
    estimated_num_employees: 140,
    annual_revenue_printed: '24.5M',
    annual_revenue: 24_500_000,
    latest_funding_round_date: '2026-04-01T00:00:00.000+00:00',
    current_technologies: [
      { uid: 'salesforce', name: 'Salesforce', category: 'CRM' },
      { uid: 'hubspot', name: 'Hubspot', category: 'Marketing Automation' },
    ],
  },
  brightforge: {
    id: '60b8e2f47c1a3b00a1d2e3f4',
    name: 'Brightforge Analytics',
    website_url: 'http://www.brightforge.com',
    primary_domain: 'brightforge.com',
    industry: 'computer software',
    keywords: ['saas', 'analytics', 'b2b'],
    estimated_num_employees: 85,
    annual_revenue_printed: '12M',
    annual_revenue: 12_000_000,
    latest_funding_round_date: '2023-09-15T00:00:00.000+00:00',
    current_technologies: [
      { uid: 'salesforce', name: 'Salesforce', category: 'CRM' },
      { uid: 'google_analytics', name: 'Google Analytics', category: 'Analytics and Tracking' },
    ],
  },
  harborline: {
    id: '61c0d3a5e9f2b800c4d5e6a7',
    name: 'Harborline Logistics',
    website_url: 'http://www.harborline.com',
    primary_domain: 'harborline.com',
    industry: 'logistics & supply chain',
    keywords: ['freight', 'logistics'],
    estimated_num_employees: 2300,
    annual_revenue_printed: '410M',
    annual_revenue: 410_000_000,
    latest_funding_round_date: null,
    current_technologies: [{ uid: 'sap', name: 'SAP', category: 'ERP' }],
  },
};

/** The people the fake knows, in Apollo's answer shape. */
export const fakeApolloPeople = [
  {
    id: '64a1f0c2d3e4b5a6c7d8e9f0',
    first_name: 'Maya',
    last_name: 'Okafor',
    name: 'Maya Okafor',
    title: 'VP of Sales',
    email: 'maya.okafor@ledgerly.io',
    email_status: 'verified',
    linkedin_url: 'http://www.linkedin.com/in/mayaokafor',
    city: 'Austin',
    state: 'Texas',
    country: 'United States',
    organization_id: organizations.ledgerly.id,
    organization: organizations.ledgerly,
  },
  {
    id: '64a1f0c2d3e4b5a6c7d8e9f1',
    first_name: 'Daniel',
    last_name: 'Brandt',
    name: 'Daniel Brandt',
    title: 'Head of Sales Development',
    email: 'email_not_unlocked@domain.com',
    email_status: 'verified',
    linkedin_url: 'http://www.linkedin.com/in/danielbrandt',
    city: 'Berlin',
    state: 'Berlin',
    country: 'Germany',
    organization_id: organizations.brightforge.id,
    organization: organizations.brightforge,
  },
  {
    id: '64a1f0c2d3e4b5a6c7d8e9f2',
    first_name: 'Priya',
    last_name: 'Raman',
    name: 'Priya Raman',
    title: 'Chief Revenue Officer',
    email: null,
    email_status: 'unavailable',
    linkedin_url: null,
    city: null,
    state: null,
    country: 'India',
    organization_id: organizations.brightforge.id,
    organization: organizations.brightforge,
  },
  {
    id: '64a1f0c2d3e4b5a6c7d8e9f3',
    first_name: 'Tom',
    last_name: 'Whitaker',
    name: 'Tom Whitaker',
    title: 'VP Sales',
    email: 'tom.whitaker@harborline.com',
    email_status: 'verified',
    linkedin_url: 'http://www.linkedin.com/in/tomwhitaker',
    city: 'Rotterdam',
    state: 'South Holland',
    country: 'Netherlands',
    organization_id: organizations.harborline.id,
    organization: organizations.harborline,
  },
  {
    id: '64a1f0c2d3e4b5a6c7d8e9f4',
    first_name: 'Lena',
    last_name: 'Park',
    name: 'Lena Park',
    title: 'Sales Operations Manager',
    email: 'lena.park@ledgerly.io',
    email_status: 'verified',
    linkedin_url: 'http://www.linkedin.com/in/lenapark',
    city: 'Seattle',
    state: 'Washington',
    country: 'United States',
    organization_id: organizations.ledgerly.id,
    organization: organizations.ledgerly,
  },
];

type Person = (typeof fakeApolloPeople)[number];

/** One request the fake received. */
export type FakeRequest = FakeProviderRequest;

/** A running fake Apollo. */
export interface FakeApollo {
  host: string;
  /** The base URL to configure, ".../api/v1". */
  baseUrl: string;
  requests: FakeRequest[];
  /** The next `count` searches answer 429 with this Retry-After. */
  rateLimitNext(retryAfter: string, count?: number): void;
  close(): Promise<void>;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

function matches(person: Person, body: Record<string, unknown>): boolean {
  const titles = strings(body.person_titles).map((title) => title.toLowerCase());
  if (titles.length && !titles.some((title) => person.title.toLowerCase().includes(title))) return false;
  const tags = strings(body.q_organization_keyword_tags).map((tag) => tag.toLowerCase());
  const organization = person.organization;
  const haystack = [organization.industry, ...organization.keywords].join(' ');
  if (tags.length && !tags.some((tag) => haystack.includes(tag))) return false;
  const ranges = strings(body.organization_num_employees_ranges).map((range) => range.split(',').map(Number));
  if (
    ranges.length &&
    !ranges.some(([min = 0, max = Infinity]) => organization.estimated_num_employees >= min && organization.estimated_num_employees <= max)
  )
    return false;
  const revenue = body.revenue_range as { min?: number; max?: number } | undefined;
  if (revenue && (organization.annual_revenue < (revenue.min ?? 0) || organization.annual_revenue > (revenue.max ?? Infinity)))
    return false;
  const technologies = strings(body.currently_using_any_of_technology_uids);
  if (technologies.length && !organization.current_technologies.some((technology) => technologies.includes(technology.uid))) return false;
  return true;
}

/** Starts the fake on a free loopback port. */
export async function startFakeApollo(): Promise<FakeApollo> {
  const limited: string[] = [];
  const fake = await startFakeProvider(({ method, path, headers, body }, answer) => {
    if (method !== 'POST' || path !== '/api/v1/mixed_people/search') return answer(404, { error: 'Not found' });
    if (headers['x-api-key'] !== FAKE_APOLLO_KEY) return answer(401, { error: 'Invalid access credentials.' });
    const retryAfter = limited.shift();
    if (retryAfter !== undefined)
      return answer(
        429,
        { message: 'The maximum number of api calls allowed for api/v1/mixed_people/search is 50 times per minute.' },
        { 'retry-after': retryAfter },
      );
    const page = Number(body.page ?? 1);
    const perPage = Number(body.per_page ?? 10);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) return answer(422, { error: 'per_page must be between 1 and 100' });
    const found = fakeApolloPeople.filter((person) => matches(person, body));
    answer(200, {
      breadcrumbs: [],
      partial_results_only: false,
      disable_eu_prospecting: false,
      contacts: [],
      people: found.slice((page - 1) * perPage, page * perPage),
      pagination: { page, per_page: perPage, total_entries: found.length, total_pages: Math.ceil(found.length / perPage) },
    });
  });
  return {
    host: fake.host,
    baseUrl: `${fake.origin}/api/v1`,
    requests: fake.requests,
    close: fake.close,
    rateLimitNext: (retryAfter, count = 1) => {
      for (let index = 0; index < count; index += 1) limited.push(retryAfter);
    },
  };
}
