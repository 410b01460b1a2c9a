// A local stand-in for the ZoomInfo API, for tests: POST /authenticate exchanges username and
// password for a JWT; POST /search/contact checks the Bearer token and the documented body
// fields, filters its contacts by them and answers { maxResults, totalResults, currentPage, data }.
import { startFakeProvider, type FakeProviderRequest } from '@meetflow/plugin-sdk/testing';

/** The credentials the fake accepts. */
export const FAKE_ZOOMINFO_USER = { username: 'api-user@meetflow.test', password: 'zi-test-password' };

const company = (id: number, name: string, industry: string, employees: number, revenueThousands: number) => ({
  id,
  name,
  industry,
  employees,
  revenueThousands,
});
const ledgerly = company(407531892, 'Ledgerly', 'Finance; Banking; Software', 140, 24_500);
const brightforge = company(380012745, 'Brightforge Analytics', 'Software; Business Intelligence (BI) Software', 85, 12_000);
const harborline = company(112098554, 'Harborline Logistics', 'Transportation; Freight & Logistics Services', 2300, 410_000);

/** The contacts the fake knows, with the firmographics it filters on (not returned by search). */
export const fakeContacts = [
  {
    id: 8839201177,
    firstName: 'Maya',
    middleName: '',
    lastName: 'Okafor',
    jobTitle: 'VP of Sales',
    contactAccuracyScore: 95,
    hasEmail: true,
    hasDirectPhone: true,
    validDate: '2026-10-02T00:00:00Z',
    company: ledgerly,
  },
  {
    id: 8839201178,
    firstName: 'Daniel',
    middleName: '',
    lastName: 'Brandt',
    jobTitle: 'Head of Sales Development',
    contactAccuracyScore: 88,
    hasEmail: true,
    hasDirectPhone: false,
    validDate: '2026-08-14T00:00:00Z',
    company: brightforge,
  },
  {
    id: 8839201179,
    firstName: 'Tom',
    middleName: 'J',
    lastName: 'Whitaker',
    jobTitle: 'VP Sales',
    contactAccuracyScore: 91,
    hasEmail: false,
    hasDirectPhone: true,
    validDate: '2026-09-30T00:00:00Z',
    company: harborline,
  },
  {
    id: 8839201180,
    firstName: 'Lena',
    middleName: '',
    lastName: 'Park',
    jobTitle: 'Sales Operations Manager',
    contactAccuracyScore: 85,
    hasEmail: true,
    hasDirectPhone: false,
    validDate: '2026-07-21T00:00:00Z',
    company: ledgerly,
  },
];

type Contact = (typeof fakeContacts)[number];

/** One request the fake received. */
export type FakeRequest = FakeProviderRequest;

/** A running fake ZoomInfo. */
export interface FakeZoominfo {
  host: string;
  baseUrl: string;
  requests: FakeRequest[];
  /** Makes every JWT issued so far invalid. */
  revokeTokens(): void;
  /** The next `count` searches answer 429 with this Retry-After. */
  rateLimitNext(retryAfter: string, count?: number): void;
  close(): Promise<void>;
}

const anyOf = (expression: unknown) =>
  typeof expression === 'string'
    ? expression
        .split(/\s+OR\s+/)
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean)
    : [];

function matches(contact: Contact, body: Record<string, unknown>): boolean {
  const titles = anyOf(body.jobTitle);
  if (titles.length && !titles.some((title) => contact.jobTitle.toLowerCase().includes(title))) return false;
  const industries = anyOf(body.industryKeywords);
  if (industries.length && !industries.some((industry) => contact.company.industry.toLowerCase().includes(industry))) return false;
  const { employees, revenueThousands } = contact.company;
  if (body.employeeRangeMin !== undefined && employees < Number(body.employeeRangeMin)) return false;
  if (body.employeeRangeMax !== undefined && employees > Number(body.employeeRangeMax)) return false;
  if (body.revenueMin !== undefined && revenueThousands < Number(body.revenueMin)) return false;
  if (body.revenueMax !== undefined && revenueThousands > Number(body.revenueMax)) return false;
  return true;
}

/** Starts the fake on a free loopback port. */
export async function startFakeZoominfo(): Promise<FakeZoominfo> {
  const valid = new Set<string>();
  const limited: string[] = [];
  let issued = 0;
  const fake = await startFakeProvider(({ method, path, headers, body }, answer) => {
    if (method === 'POST' && path === '/authenticate') {
      if (body.username !== FAKE_ZOOMINFO_USER.username || body.password !== FAKE_ZOOMINFO_USER.password) {
        return answer(401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid username or password' });
      }
      issued += 1;
      const jwt = `eyJhbGciOiJIUzI1NiJ9.fake-${issued}.signature`;
      valid.add(jwt);
      return answer(200, { jwt });
    }
    if (method === 'POST' && path === '/search/contact') {
      const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
      if (!bearer || !valid.has(bearer))
        return answer(401, { statusCode: 401, error: 'Unauthorized', message: 'JWT is expired or invalid' });
      const retryAfter = limited.shift();
      if (retryAfter !== undefined)
        return answer(429, { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' }, { 'retry-after': retryAfter });
      const rpp = Number(body.rpp ?? 25);
      const page = Number(body.page ?? 1);
      const found = fakeContacts.filter((contact) => matches(contact, body));
      return answer(200, {
        maxResults: rpp,
        totalResults: found.length,
        currentPage: page,
        data: found
          .slice((page - 1) * rpp, page * rpp)
          .map(({ company: { id, name }, ...contact }) => ({ ...contact, company: { id, name } })),
      });
    }
    answer(404, { statusCode: 404, error: 'Not Found', message: `Cannot ${method} ${path}` });
  }, 'application/json');
  return {
    host: fake.host,
    baseUrl: fake.origin,
    requests: fake.requests,
    close: fake.close,
    revokeTokens: () => valid.clear(),
    rateLimitNext: (retryAfter, count = 1) => {
      for (let index = 0; index < count; index += 1) limited.push(retryAfter);
    },
  };
}
