// A local stand-in for Crunchbase API v4 searches, for tests: checks the X-cb-user-key header,
// the field_ids, query predicates and limit (1 to 1000), and answers { count, entities } with only the
// asked fields, a page of `limit` entities after the `after_id` entity when one is given.
import { startFakeProvider, type FakeProviderReply, type FakeProviderRequest } from '@meetflow/plugin-sdk/testing';

/** The key the fake accepts. */
export const FAKE_CRUNCHBASE_KEY = 'cb-test-user-key';

type Properties = Record<string, unknown>;
interface Entity {
  uuid: string;
  properties: Properties;
}

const place = (value: string, location_type: string) => ({
  value,
  location_type,
  entity_def_id: 'location',
  permalink: value.toLowerCase().replace(/\W+/g, '-'),
});
const group = (value: string) => ({
  value,
  entity_def_id: 'category_group',
  permalink: value.toLowerCase().replace(/&/g, 'and').replace(/\W+/g, '-'),
});
const organization = (uuid: string, name: string, permalink: string, properties: Properties): Entity => ({
  uuid,
  properties: { identifier: { uuid, value: name, permalink, entity_def_id: 'organization' }, facet_ids: ['company'], ...properties },
});

/** The companies the fake knows. */
export const fakeOrganizations: Entity[] = [
  organization('2f5c1a8e-3b7d-4c2a-9e1f-0a6b8d4c2e11', 'Ledgerly', 'ledgerly', {
    website_url: 'https://www.ledgerly.io',
    category_groups: [group('Financial Services'), group('Software')],
    categories: [{ value: 'FinTech' }, { value: 'Accounting' }],
    num_employees_enum: 'c_00101_00250',
    revenue_range: 'r_00010000',
    last_funding_at: '2026-04-01',
    rank_org: 1840,
    location_identifiers: [place('Austin', 'city'), place('Texas', 'region'), place('United States', 'country')],
  }),
  organization('7a9e4c2b-1d3f-4b8a-8c6e-5f2a1b9d3c44', 'Brightforge Analytics', 'brightforge-analytics', {
    website_url: 'https://brightforge.com',
    category_groups: [group('Software'), group('Data and Analytics')],
    categories: [{ value: 'SaaS' }, { value: 'Analytics' }],
    num_employees_enum: 'c_00051_00100',
    revenue_range: 'r_00001000',
    last_funding_at: '2023-09-15',
    rank_org: 5211,
    location_identifiers: [place('Berlin', 'city'), place('Germany', 'country')],
  }),
  organization('c3d8b1f6-9a2e-4e7c-b5d4-6e1f3a8c7b99', 'Harborline Logistics', 'harborline-logistics', {
    website_url: 'https://www.harborline.com',
    category_groups: [group('Transportation')],
    categories: [{ value: 'Logistics' }],
    num_employees_enum: 'c_01001_05000',
    revenue_range: 'r_00100000',
    rank_org: 9800,
    location_identifiers: [place('Rotterdam', 'city'), place('Netherlands', 'country')],
  }),
];

const person = (
  uuid: string,
  first: string,
  last: string,
  title: string,
  organizationIndex: number,
  properties: Properties = {},
): Entity => {
  const company = fakeOrganizations[organizationIndex]!;
  const identifier = company.properties.identifier as { uuid: string; value: string; permalink: string };
  return {
    uuid,
    properties: {
      identifier: { uuid, value: `${first} ${last}`, permalink: `${first}-${last}`.toLowerCase(), entity_def_id: 'person' },
      first_name: first,
      last_name: last,
      primary_job_title: title,
      primary_organization: { ...identifier, entity_def_id: 'organization' },
      rank_person: 1000 + uuid.charCodeAt(0),
      ...properties,
    },
  };
};

/** The people the fake knows. */
export const fakePeople: Entity[] = [
  person('a1b2c3d4-0001-4a5b-8c9d-0e1f2a3b4c5d', 'Maya', 'Okafor', 'VP of Sales', 0, {
    linkedin: { value: 'https://www.linkedin.com/in/mayaokafor' },
    location_identifiers: [
      place('Austin', 'city'),
      place('Texas', 'region'),
      place('United States', 'country'),
      place('North America', 'continent'),
    ],
  }),
  person('b1b2c3d4-0002-4a5b-8c9d-0e1f2a3b4c5d', 'Daniel', 'Brandt', 'Head of Sales', 1, {
    location_identifiers: [place('Berlin', 'city'), place('Germany', 'country')],
  }),
  person('c1b2c3d4-0003-4a5b-8c9d-0e1f2a3b4c5d', 'Tom', 'Whitaker', 'VP Sales Europe', 2),
  person('d1b2c3d4-0004-4a5b-8c9d-0e1f2a3b4c5d', 'Lena', 'Park', 'Chief Financial Officer', 0),
];

const KNOWN_FIELDS = new Set([
  'identifier',
  'website_url',
  'category_groups',
  'categories',
  'num_employees_enum',
  'revenue_range',
  'last_funding_at',
  'location_identifiers',
  'first_name',
  'last_name',
  'primary_job_title',
  'primary_organization',
  'linkedin',
  'facet_ids',
  'uuid',
  'rank_org',
  'rank_person',
]);

interface Predicate {
  type: string;
  field_id: string;
  operator_id: string;
  values: string[];
}

function holds(entity: Entity, condition: Predicate): boolean {
  const raw = condition.field_id === 'uuid' ? entity.uuid : entity.properties[condition.field_id];
  const values = (Array.isArray(raw) ? raw : [raw])
    .map((value) => {
      if (value && typeof value === 'object') return [(value as { uuid?: string }).uuid, (value as { permalink?: string }).permalink];
      return [String(value)];
    })
    .flat()
    .filter((value): value is string => Boolean(value));
  if (condition.operator_id === 'includes') return condition.values.some((wanted) => values.includes(wanted));
  if (condition.operator_id === 'contains')
    return condition.values.some((wanted) => values.some((value) => value.toLowerCase().includes(wanted.toLowerCase())));
  return false;
}

/** One request the fake received. */
export type FakeRequest = FakeProviderRequest<{
  field_ids?: string[];
  query?: Predicate[];
  limit?: number;
  order?: unknown;
  after_id?: string;
}>;

/** A running fake Crunchbase. */
export interface FakeCrunchbase {
  host: string;
  /** The base URL to configure, ".../api/v4". */
  baseUrl: string;
  requests: FakeRequest[];
  /** The next `count` searches answer 429 (without Retry-After, as Crunchbase does). */
  rateLimitNext(count?: number): void;
  close(): Promise<void>;
}

function search(collection: Entity[], body: FakeRequest['body'], answer: FakeProviderReply) {
  const fields = body.field_ids ?? [];
  const unknown = fields.find((field) => !KNOWN_FIELDS.has(field));
  if (!fields.length || unknown) return answer(400, [{ code: 'MD100', message: `Invalid field_id: ${unknown ?? '(none)'}` }]);
  const limit = body.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    return answer(400, [{ code: 'MD100', message: `Invalid limit: ${limit} (1 to 1000)` }]);
  const found = collection.filter((entity) => (body.query ?? []).every((condition) => holds(entity, condition)));
  // Like Crunchbase: `after_id` starts the page after that entity; `count` stays the whole match.
  const from = body.after_id ? found.findIndex((entity) => entity.uuid === body.after_id) + 1 : 0;
  if (body.after_id && from === 0) return answer(400, [{ code: 'MD100', message: `Invalid after_id: ${body.after_id}` }]);
  const entities = found.slice(from, from + limit).map((entity) => ({
    uuid: entity.uuid,
    properties: Object.fromEntries(fields.filter((field) => field in entity.properties).map((field) => [field, entity.properties[field]])),
  }));
  answer(200, { count: found.length, entities });
}

/** Starts the fake on a free loopback port. */
export async function startFakeCrunchbase(): Promise<FakeCrunchbase> {
  let limited = 0;
  const fake = await startFakeProvider<FakeRequest['body']>(({ method, path, headers, body }, answer) => {
    if (headers['x-cb-user-key'] !== FAKE_CRUNCHBASE_KEY)
      return answer(401, [{ code: 'LA201', message: 'Unauthorized. Your user key is invalid or missing.' }]);
    if (limited > 0) {
      limited -= 1;
      return answer(429, [{ code: 'LA429', message: 'Rate limit exceeded' }]);
    }
    if (method === 'POST' && path === '/api/v4/searches/organizations') return search(fakeOrganizations, body, answer);
    if (method === 'POST' && path === '/api/v4/searches/people') return search(fakePeople, body, answer);
    answer(404, [{ code: 'MD404', message: 'Not found' }]);
  }, 'application/json');
  return {
    host: fake.host,
    baseUrl: `${fake.origin}/api/v4`,
    requests: fake.requests,
    close: fake.close,
    rateLimitNext: (count = 1) => {
      limited += count;
    },
  };
}
