import { bindActivities, createGuardedHttpClient, type Clock, type HttpClient } from '@meetflow/plugin-sdk';
import { mockActivityEnvironment, runActivity, steppingClock, testDeps } from '@meetflow/plugin-sdk/testing';
import { ApplicationFailure } from '@temporalio/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_APOLLO_KEY, startFakeApollo, type FakeApollo } from './fake-apollo.ts';
import { sourceApolloPlugin } from './index.ts';
import type { ApolloConfig } from './config.ts';

let apollo: FakeApollo;
let http: HttpClient;
beforeAll(async () => {
  apollo = await startFakeApollo();
  http = createGuardedHttpClient({ allowHosts: [apollo.host] });
});
afterAll(() => apollo.close());
beforeEach(() => {
  apollo.requests.length = 0;
});

const deps = (config: Partial<ApolloConfig> = {}, client = http, clock?: Clock) =>
  testDeps(sourceApolloPlugin, {
    http: client,
    ...(clock ? { clock } : {}),
    config: { apiKey: FAKE_APOLLO_KEY, baseUrl: apollo.baseUrl, requestsPerMinute: 6000, ...config },
  }) as never;
const search = (criteria: Record<string, unknown>, limit?: number, config?: Partial<ApolloConfig>, client?: HttpClient, clock?: Clock) =>
  runActivity(sourceApolloPlugin, 'searchPeople', { criteria, ...(limit ? { limit } : {}) }, deps(config, client, clock));
const TEST_TIME = '2026-11-22T09:00:00Z';
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('source-apollo searchPeople against a fake Apollo', () => {
  it('maps each Apollo field into a DiscoveredPerson, null where Apollo does not know', async () => {
    const result = await search({ jobTitles: ['VP', 'Head of Sales', 'Chief Revenue Officer'] });
    expect(result.sourceTotal).toBe(4);
    expect(result.people.map((person) => `${person.firstName} ${person.lastName}`)).toEqual([
      'Maya Okafor',
      'Daniel Brandt',
      'Priya Raman',
      'Tom Whitaker',
    ]);
    const [maya, daniel, priya, tom] = result.people;
    expect(maya).toEqual({
      firstName: 'Maya',
      lastName: 'Okafor',
      jobTitle: 'VP of Sales',
      company: 'Ledgerly',
      companyDomain: 'ledgerly.io',
      email: 'maya.okafor@ledgerly.io',
      linkedinUrl: 'http://www.linkedin.com/in/mayaokafor',
      industry: 'financial services',
      employeeCount: 140,
      companyRevenue: '24.5M',
      techStack: ['Salesforce', 'Hubspot'],
      recentFunding: true, // funded 2026-04-01, the test clock is 2026-11-22
      location: 'Austin, Texas, United States',
      sourceRef: '64a1f0c2d3e4b5a6c7d8e9f0',
    });
    expect(daniel).toMatchObject({ email: null, recentFunding: false, company: 'Brightforge Analytics' }); // locked placeholder email; funded 2023
    expect(priya).toMatchObject({ email: null, linkedinUrl: null, location: 'India' });
    expect(tom).toMatchObject({ recentFunding: null, employeeCount: 2300, techStack: ['SAP'] });
  });

  it('sends the documented endpoint, header and body fields for the criteria', async () => {
    const result = await search(
      {
        industry: ['Financial Services'],
        companySize: '51-200 employees',
        revenue: '$10M-$50M',
        techStack: ['Salesforce', 'Google Analytics'],
        jobTitles: ['VP of Sales'],
        painPoints: ['manual invoicing'],
      },
      10,
    );
    expect(apollo.requests).toHaveLength(1);
    const [request] = apollo.requests;
    expect(request?.path).toBe('/api/v1/mixed_people/search');
    expect(request?.headers['x-api-key']).toBe(FAKE_APOLLO_KEY);
    expect(request?.body).toEqual({
      page: 1,
      per_page: 10,
      person_titles: ['VP of Sales'],
      q_organization_keyword_tags: ['Financial Services'],
      organization_num_employees_ranges: ['51,200'],
      revenue_range: { min: 10_000_000, max: 50_000_000 },
      currently_using_any_of_technology_uids: ['salesforce', 'google_analytics'],
    });
    expect(result.people.map((person) => person.lastName)).toEqual(['Okafor']);
    expect(result.sourceTotal).toBe(1);
  });

  it('asks for one page of `limit` people and reports the total Apollo has', async () => {
    const result = await search({}, 2);
    expect(apollo.requests[0]?.body).toMatchObject({ page: 1, per_page: 2 });
    expect(result.people).toHaveLength(2);
    expect(result.sourceTotal).toBe(5);
    expect(result.hasMore).toBe(true);
  });

  it("pages with Apollo's page field: each page follows the last without overlap, and the last says there is no more", async () => {
    const page = (number: number) =>
      runActivity(sourceApolloPlugin, 'searchPeople', { criteria: {}, limit: 2, page: number }, deps()) as Promise<{
        people: Array<{ firstName: string; lastName: string }>;
        hasMore: boolean;
      }>;
    const everyone = (await search({}, 50)).people.map((person) => `${person.firstName} ${person.lastName}`);
    expect(everyone).toHaveLength(5);
    apollo.requests.length = 0;
    const pages = [await page(1), await page(2), await page(3), await page(4)];
    expect(apollo.requests.map((request) => request.body.page)).toEqual([1, 2, 3, 4]);
    expect(pages.map((answer) => answer.people.map((person) => `${person.firstName} ${person.lastName}`))).toEqual([
      everyone.slice(0, 2),
      everyone.slice(2, 4),
      everyone.slice(4),
      [],
    ]);
    expect(pages.map((answer) => answer.hasMore)).toEqual([true, true, false, false]);
  });

  it("without Apollo's pagination, reads a full page (saved contacts and people together) as having more", async () => {
    const record = (id: string) => ({ id, first_name: 'Ada', last_name: id, organization: { name: 'Acme' } });
    const noPagination: HttpClient = {
      request: async (url) => ({
        url,
        status: 200,
        headers: {},
        contentType: 'application/json',
        redirects: [],
        body: JSON.stringify({ contacts: [record('Contact')], people: [record('Person')] }),
      }),
    };
    const answerOf = (limit: number) =>
      search({}, limit, {}, noPagination) as Promise<{ people: Array<{ lastName: string }>; sourceTotal: number | null; hasMore: boolean }>;
    const full = await answerOf(2);
    expect(full).toMatchObject({ sourceTotal: null, hasMore: true });
    expect(full.people.map((person) => person.lastName)).toEqual(['Contact', 'Person']);
    expect(await answerOf(3)).toMatchObject({ hasMore: false });
  });

  it('fails non-retryably with SourceNotConfigured without an API key, calling nothing', async () => {
    const error = await failureOf(search({ jobTitles: ['VP'] }, undefined, { apiKey: '' }));
    expect(error).toBeInstanceOf(ApplicationFailure);
    expect(error).toMatchObject({ type: 'SourceNotConfigured', nonRetryable: true });
    expect(apollo.requests).toHaveLength(0);
  });

  it('fails non-retryably with SourceAuthFailed naming Apollo when the key is refused', async () => {
    const error = await failureOf(search({ jobTitles: ['VP'] }, undefined, { apiKey: 'revoked-key' }));
    expect(error).toMatchObject({ type: 'SourceAuthFailed', nonRetryable: true });
    expect((error as Error).message).toMatch(/^Apollo refused the credentials \(HTTP 401\): Invalid access credentials\./);
  });

  it('on 429 waits what Retry-After asks (within the cap), then fails retryably', async () => {
    apollo.rateLimitNext('1');
    const clock = steppingClock(TEST_TIME);
    const error = await failureOf(search({ jobTitles: ['VP'] }, undefined, { maxRetryAfterSeconds: 5 }, undefined, clock));
    expect(clock.waits).toEqual([1_000]);
    expect(error).toMatchObject({ type: 'SourceRateLimited', nonRetryable: false });
    expect((error as ApplicationFailure).nextRetryDelay).toBeUndefined();
    expect((await search({ jobTitles: ['VP'] })).people.length).toBeGreaterThan(0); // the retry goes through
  });

  it('on 429 beyond the cap leaves the rest of the wait to Temporal (nextRetryDelay)', async () => {
    apollo.rateLimitNext('120');
    const clock = steppingClock(TEST_TIME);
    const error = await failureOf(search({ jobTitles: ['VP'] }, undefined, { maxRetryAfterSeconds: 0 }, undefined, clock));
    expect(clock.waits).toEqual([]); // nothing waited here
    expect(error).toMatchObject({ type: 'SourceRateLimited', nonRetryable: false, nextRetryDelay: 120_000 });
  });

  it('retries (retryable SourceUnavailable) when Apollo answers a server error', async () => {
    const failing: HttpClient = {
      request: async (url) => ({ url, status: 503, headers: {}, contentType: 'text/html', body: '<h1>503</h1>', redirects: [] }),
    };
    const error = await failureOf(search({ jobTitles: ['VP'] }, undefined, {}, failing));
    expect(error).toMatchObject({
      type: 'SourceUnavailable',
      nonRetryable: false,
      message: 'Apollo is unavailable (HTTP 503); will retry',
    });
  });

  it('spaces requests by 60 000 / requestsPerMinute ms across searches of one plugin instance', async () => {
    const clock = steppingClock(TEST_TIME);
    const bound = bindActivities(sourceApolloPlugin, deps({ requestsPerMinute: 300 }, http, clock))['source-apollo.searchPeople'];
    const environment = mockActivityEnvironment();
    for (let call = 0; call < 3; call += 1) await environment.run(bound!, { criteria: { jobTitles: ['VP'] } });
    expect(apollo.requests).toHaveLength(3);
    // 300 per minute is one request every 200 ms: the second and the third each wait 200 ms on the plugin's clock.
    expect(clock.waits).toEqual([200, 200]);
  });
});
