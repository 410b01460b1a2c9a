// A local stand-in for the ZoomInfo API, for tests: POST /authenticate exchanges username and
// password for a JWT; POST /search/contact checks the Bearer token and the documented body
// fields, filters its contacts by them and answers { maxResults, totalResults, currentPage, data }.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The credentials the fake accepts. */
export const FAKE_ZOOMINFO_USER = { username: 'api-user@meetflow.test', password: 'zi-test-password' };

const company = (id: number, name: string, industry: string, employees: number, revenueThousands: number) => ({ id, name, industry, employees, revenueThousands });
const ledgerly = company(407531892, 'Ledgerly', 'Finance; Banking; Software', 140, 24_500);
const brightforge = company(380012745, 'Brightforge Analytics', 'Software; Business Intelligence (BI) Software', 85, 12_000);
const harborline = company(112098554, 'Harborline Logistics', 'Transportation; Freight & Logistics Services', 2300, 410_000);

/** The contacts the fake knows, with the firmographics it filters on (not returned by search). */
export const fakeContacts = [
  { id: 8839201177, firstName: 'Maya', middleName: '', lastName: 'Okafor', jobTitle: 'VP of Sales', contactAccuracyScore: 95, hasEmail: true, hasDirectPhone: true, validDate: '2026-10-02T00:00:00Z', company: ledgerly },
  { id: 8839201178, firstName: 'Daniel', middleName: '', lastName: 'Brandt', jobTitle: 'Head of Sales Development', contactAccuracyScore: 88, hasEmail: true, hasDirectPhone: false, validDate: '2026-08-14T00:00:00Z', company: brightforge },
  { id: 8839201179, firstName: 'Tom', middleName: 'J', lastName: 'Whitaker', jobTitle: 'VP Sales', contactAccuracyScore: 91, hasEmail: false, hasDirectPhone: true, validDate: '2026-09-30T00:00:00Z', company: harborline },
  { id: 8839201180, firstName: 'Lena', middleName: '', lastName: 'Park', jobTitle: 'Sales Operations Manager', contactAccuracyScore: 85, hasEmail: true, hasDirectPhone: false, validDate: '2026-07-21T00:00:00Z', company: ledgerly },
];

type Contact = (typeof fakeContacts)[number];

/** One request the fake received. */
export interface FakeRequest { at: number; path: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }

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

const anyOf = (expression: unknown) => (typeof expression === 'string' ? expression.split(/\s+OR\s+/).map((part) => part.trim().toLowerCase()).filter(Boolean) : []);

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

function answer(response: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(payload));
}

/** Starts the fake on a free loopback port. */
export async function startFakeZoominfo(): Promise<FakeZoominfo> {
  const requests: FakeRequest[] = [];
  const valid = new Set<string>();
  const limited: string[] = [];
  let issued = 0;
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => { raw += chunk.toString('utf8'); });
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      const body = raw ? JSON.parse(raw) as Record<string, unknown> : {};
      requests.push({ at: Date.now(), path, headers: request.headers, body });
      if (request.method === 'POST' && path === '/authenticate') {
        if (body.username !== FAKE_ZOOMINFO_USER.username || body.password !== FAKE_ZOOMINFO_USER.password) {
          return answer(response, 401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid username or password' });
        }
        issued += 1;
        const jwt = `eyJhbGciOiJIUzI1NiJ9.fake-${issued}.signature`;
        valid.add(jwt);
        return answer(response, 200, { jwt });
      }
      if (request.method === 'POST' && path === '/search/contact') {
        const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        if (!bearer || !valid.has(bearer)) return answer(response, 401, { statusCode: 401, error: 'Unauthorized', message: 'JWT is expired or invalid' });
        const retryAfter = limited.shift();
        if (retryAfter !== undefined) return answer(response, 429, { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' }, { 'retry-after': retryAfter });
        const rpp = Number(body.rpp ?? 25);
        const page = Number(body.page ?? 1);
        const found = fakeContacts.filter((contact) => matches(contact, body));
        return answer(response, 200, {
          maxResults: rpp, totalResults: found.length, currentPage: page,
          data: found.slice((page - 1) * rpp, page * rpp).map(({ company: { id, name }, ...contact }) => ({ ...contact, company: { id, name } })),
        });
      }
      answer(response, 404, { statusCode: 404, error: 'Not Found', message: `Cannot ${request.method} ${path}` });
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolveListen) => server.once('listening', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`, baseUrl: `http://127.0.0.1:${port}`, requests,
    revokeTokens: () => valid.clear(),
    rateLimitNext: (retryAfter, count = 1) => { for (let index = 0; index < count; index += 1) limited.push(retryAfter); },
    close: () => new Promise((resolveClose) => { server.closeAllConnections(); server.close(() => resolveClose()); }),
  };
}
