import { createGuardedHttpClient, type Clock, type HttpClient } from '@meetflow/plugin-sdk';
import { runActivity, steppingClock, testDeps } from '@meetflow/plugin-sdk/testing';
import { ApplicationFailure } from '@temporalio/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CrunchbaseConfig } from './config.ts';
import { FAKE_CRUNCHBASE_KEY, startFakeCrunchbase, type FakeCrunchbase } from './fake-crunchbase.ts';
import { sourceCrunchbasePlugin } from './index.ts';

let crunchbase: FakeCrunchbase;
let http: HttpClient;
beforeAll(async () => {
  crunchbase = await startFakeCrunchbase();
  http = createGuardedHttpClient({ allowHosts: [crunchbase.host] });
});
afterAll(() => crunchbase.close());
beforeEach(() => {
  crunchbase.requests.length = 0;
});

const LEDGERLY = '2f5c1a8e-3b7d-4c2a-9e1f-0a6b8d4c2e11';
const search = (criteria: Record<string, unknown>, config: Partial<CrunchbaseConfig> = {}, limit?: number, clock?: Clock) =>
  runActivity(
    sourceCrunchbasePlugin,
    'searchPeople',
    { criteria, ...(limit ? { limit } : {}) },
    testDeps(sourceCrunchbasePlugin, {
      http,
      ...(clock ? { clock } : {}),
      config: { apiKey: FAKE_CRUNCHBASE_KEY, baseUrl: crunchbase.baseUrl, requestsPerMinute: 6000, ...config },
    }) as never,
  );
const searchPage = (criteria: Record<string, unknown>, limit: number, page: number) =>
  runActivity(
    sourceCrunchbasePlugin,
    'searchPeople',
    { criteria, limit, page },
    testDeps(sourceCrunchbasePlugin, {
      http,
      config: { apiKey: FAKE_CRUNCHBASE_KEY, baseUrl: crunchbase.baseUrl, requestsPerMinute: 6000 },
    }) as never,
  ) as Promise<{ people: Array<{ firstName: string; sourceRef: string | null }>; sourceTotal: number | null; hasMore: boolean }>;
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('source-crunchbase searchPeople against a fake Crunchbase v4', () => {
  it('searches companies by industry, headcount and revenue, then people by title at those companies', async () => {
    const result = await search(
      { industry: ['Financial Services'], companySize: '51-200', revenue: '$10M-$50M', jobTitles: ['VP'] },
      {},
      10,
    );
    const [organizations, people] = crunchbase.requests;
    expect(crunchbase.requests.map((request) => request.path)).toEqual(['/api/v4/searches/organizations', '/api/v4/searches/people']);
    expect(organizations?.headers['x-cb-user-key']).toBe(FAKE_CRUNCHBASE_KEY);
    expect(organizations?.body.query).toEqual([
      { type: 'predicate', field_id: 'facet_ids', operator_id: 'includes', values: ['company'] },
      { type: 'predicate', field_id: 'category_groups', operator_id: 'includes', values: ['financial-services'] },
      { type: 'predicate', field_id: 'num_employees_enum', operator_id: 'includes', values: ['c_00051_00100', 'c_00101_00250'] },
      { type: 'predicate', field_id: 'revenue_range', operator_id: 'includes', values: ['r_00010000'] },
    ]);
    expect(organizations?.body).toMatchObject({ limit: 200, order: [{ field_id: 'rank_org', sort: 'asc' }] });
    expect(people?.body).toMatchObject({
      limit: 10,
      query: [
        { type: 'predicate', field_id: 'primary_organization', operator_id: 'includes', values: [LEDGERLY] },
        { type: 'predicate', field_id: 'primary_job_title', operator_id: 'contains', values: ['VP'] },
      ],
    });
    expect(result).toEqual({
      sourceTotal: 1,
      hasMore: false,
      people: [
        {
          firstName: 'Maya',
          lastName: 'Okafor',
          jobTitle: 'VP of Sales',
          company: 'Ledgerly',
          companyDomain: 'ledgerly.io',
          email: null,
          linkedinUrl: 'https://www.linkedin.com/in/mayaokafor',
          industry: 'Financial Services',
          employeeCount: null,
          companyRevenue: '$10M to $50M',
          techStack: [],
          recentFunding: true, // last funding 2026-04-01, the test clock is 2026-11-22
          location: 'Austin, Texas, United States',
          sourceRef: 'a1b2c3d4-0001-4a5b-8c9d-0e1f2a3b4c5d',
        },
      ],
    });
  });

  it('without company criteria, searches people first and then looks their companies up by id', async () => {
    const result = await search({ jobTitles: ['VP', 'Head of Sales'] });
    const [people, organizations] = crunchbase.requests;
    expect(people?.path).toBe('/api/v4/searches/people');
    expect(people?.body.query).toEqual([
      { type: 'predicate', field_id: 'primary_job_title', operator_id: 'contains', values: ['VP', 'Head of Sales'] },
    ]);
    expect(organizations?.body.query?.[1]).toMatchObject({ field_id: 'uuid', operator_id: 'includes' });
    expect(organizations?.body.query?.[1]?.values).toHaveLength(3);
    expect(result.sourceTotal).toBe(3);
    expect(
      result.people.map((person) => [
        person.lastName,
        person.company,
        person.industry,
        person.companyDomain,
        person.recentFunding,
        person.location,
      ]),
    ).toEqual([
      ['Okafor', 'Ledgerly', 'Financial Services', 'ledgerly.io', true, 'Austin, Texas, United States'],
      ['Brandt', 'Brightforge Analytics', 'Software', 'brightforge.com', false, 'Berlin, Germany'],
      ['Whitaker', 'Harborline Logistics', 'Transportation', 'harborline.com', null, null],
    ]);
    expect(result.people[2]?.companyRevenue).toBe('$100M to $500M');
  });

  it('answers no people, without a people search, when no company matches', async () => {
    const result = await search({ industry: ['Health Care'], jobTitles: ['VP'] });
    expect(result).toEqual({ people: [], sourceTotal: 0, hasMore: false });
    expect(crunchbase.requests).toHaveLength(1);
  });

  it('fails non-retryably with SourceNotConfigured without an API key, calling nothing', async () => {
    const error = await failureOf(search({ jobTitles: ['VP'] }, { apiKey: '' }));
    expect(error).toBeInstanceOf(ApplicationFailure);
    expect(error).toMatchObject({ type: 'SourceNotConfigured', nonRetryable: true });
    expect(crunchbase.requests).toHaveLength(0);
  });

  it('fails non-retryably with SourceAuthFailed naming Crunchbase when the key is refused', async () => {
    const error = await failureOf(search({ jobTitles: ['VP'] }, { apiKey: 'expired' }));
    expect(error).toMatchObject({ type: 'SourceAuthFailed', nonRetryable: true });
    expect((error as Error).message).toContain(
      'Crunchbase refused the credentials (HTTP 401): Unauthorized. Your user key is invalid or missing.',
    );
  });

  it('on 429 without Retry-After (as Crunchbase sends) assumes a one-minute window and leaves it to Temporal', async () => {
    crunchbase.rateLimitNext();
    const error = await failureOf(search({ jobTitles: ['VP'] }, { maxRetryAfterSeconds: 0 }));
    expect(error).toMatchObject({ type: 'SourceRateLimited', nonRetryable: false, nextRetryDelay: 60_000 });
  });

  it('spaces its two calls by 60 000 / requestsPerMinute ms', async () => {
    const clock = steppingClock('2026-11-22T09:00:00Z');
    await search({ jobTitles: ['VP'] }, { requestsPerMinute: 300 }, undefined, clock);
    expect(crunchbase.requests).toHaveLength(2);
    // One request every 200 ms: the second waits 200 ms on the plugin's clock.
    expect(clock.waits).toEqual([200]);
  });

  it("pages people with Crunchbase's after_id cursor: page 2 follows page 1, without overlap, and says when there is no more", async () => {
    const criteria = { industry: [], jobTitles: [] };
    const everyone = await searchPage(criteria, 50, 1);
    expect(everyone.people.map((person) => person.firstName)).toEqual(['Maya', 'Daniel', 'Tom', 'Lena']);
    expect(everyone.sourceTotal).toBe(4);
    const first = await searchPage(criteria, 1, 1);
    crunchbase.requests.length = 0;
    const second = await searchPage(criteria, 1, 2);
    const peopleRequests = crunchbase.requests.filter((request) => request.path === '/api/v4/searches/people');
    // Page 2 skips the first person (identifiers only), then asks for the page after that person's uuid.
    expect(
      peopleRequests.map((request) => [request.body.limit, request.body.after_id ?? null, request.body.field_ids?.length === 1]),
    ).toEqual([
      [1, null, true],
      [1, first.people[0]?.sourceRef, false],
    ]);
    expect([first.people, second.people].map((people) => people.map((person) => person.firstName))).toEqual([['Maya'], ['Daniel']]);
    expect([first.hasMore, second.hasMore]).toEqual([true, true]);
    const last = await searchPage(criteria, 1, 4);
    expect(last.people.map((person) => person.firstName)).toEqual(['Lena']);
    expect(last.hasMore).toBe(false);
    expect(await searchPage(criteria, 1, 5)).toMatchObject({ people: [], hasMore: false });
  });

  it('reaches a later page by skipping up to 1000 people a request, and answers a page past the end with no people', async () => {
    const criteria = { industry: [], jobTitles: [] };
    const third = await searchPage(criteria, 1, 3);
    const [skip, page] = crunchbase.requests.filter((request) => request.path === '/api/v4/searches/people').map((request) => request.body);
    expect(skip).toMatchObject({ limit: 2, field_ids: ['identifier'] });
    expect(skip?.after_id).toBeUndefined();
    expect(page).toMatchObject({ limit: 1, after_id: 'b1b2c3d4-0002-4a5b-8c9d-0e1f2a3b4c5d' }); // Daniel, the second person
    expect(third).toMatchObject({ people: [{ firstName: 'Tom' }], hasMore: true });
    crunchbase.requests.length = 0;
    // Page 12 of 100 skips 1,100 people: the first search asks for 1,000 (Crunchbase's most), finds 4 and stops there.
    expect(await searchPage(criteria, 100, 12)).toEqual({ people: [], sourceTotal: 4, hasMore: false });
    expect(crunchbase.requests.map((request) => [request.path, request.body.limit])).toEqual([['/api/v4/searches/people', 1000]]);
  });
});
