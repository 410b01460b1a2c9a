import { bindActivities, createGuardedHttpClient, type Clock, type HttpClient } from '@meetflow/plugin-sdk';
import { mockActivityEnvironment, runActivity, steppingClock, testDeps } from '@meetflow/plugin-sdk/testing';
import { ApplicationFailure } from '@temporalio/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ZoominfoConfig } from './config.ts';
import { FAKE_ZOOMINFO_USER, startFakeZoominfo, type FakeZoominfo } from './fake-zoominfo.ts';
import { sourceZoominfoPlugin } from './index.ts';

let zoominfo: FakeZoominfo;
let http: HttpClient;
beforeAll(async () => {
  zoominfo = await startFakeZoominfo();
  http = createGuardedHttpClient({ allowHosts: [zoominfo.host] });
});
afterAll(() => zoominfo.close());
beforeEach(() => {
  zoominfo.requests.length = 0;
});

const deps = (config: Partial<ZoominfoConfig> = {}, clock?: Clock) =>
  testDeps(sourceZoominfoPlugin, {
    http,
    ...(clock ? { clock } : {}),
    config: {
      username: FAKE_ZOOMINFO_USER.username,
      apiKey: FAKE_ZOOMINFO_USER.password,
      baseUrl: zoominfo.baseUrl,
      requestsPerMinute: 6000,
      ...config,
    },
  }) as never;
const search = (criteria: Record<string, unknown>, config?: Partial<ZoominfoConfig>, limit?: number, clock?: Clock) =>
  runActivity(sourceZoominfoPlugin, 'searchPeople', { criteria, ...(limit ? { limit } : {}) }, deps(config, clock));
/** One plugin instance (one token cache, one throttle), searched several times. */
const instance = (config?: Partial<ZoominfoConfig>, clock?: Clock) => {
  const bound = bindActivities(sourceZoominfoPlugin, deps(config, clock))['source-zoominfo.searchPeople']!;
  return (criteria: Record<string, unknown>) => mockActivityEnvironment().run(bound, { criteria });
};
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('source-zoominfo searchPeople against a fake ZoomInfo', () => {
  it('authenticates, then searches contacts with the documented body fields, and maps each field', async () => {
    const result = await search(
      { industry: ['Software'], companySize: '51-200', revenue: '$10M-$50M', jobTitles: ['VP', 'Head of Sales'] },
      {},
      10,
    );
    const [authenticate, contacts] = zoominfo.requests;
    expect(authenticate).toMatchObject({
      path: '/authenticate',
      body: { username: FAKE_ZOOMINFO_USER.username, password: FAKE_ZOOMINFO_USER.password },
    });
    expect(contacts?.path).toBe('/search/contact');
    expect(contacts?.headers.authorization).toBe('Bearer eyJhbGciOiJIUzI1NiJ9.fake-1.signature');
    expect(contacts?.body).toEqual({
      rpp: 10,
      page: 1,
      jobTitle: 'VP OR Head of Sales',
      industryKeywords: 'Software',
      employeeRangeMin: '51',
      employeeRangeMax: '200',
      revenueMin: 10_000,
      revenueMax: 50_000,
    });
    expect(result).toEqual({
      sourceTotal: 2,
      hasMore: false,
      people: [
        {
          firstName: 'Maya',
          lastName: 'Okafor',
          jobTitle: 'VP of Sales',
          company: 'Ledgerly',
          companyDomain: null,
          email: null,
          linkedinUrl: null,
          industry: null,
          employeeCount: null,
          companyRevenue: null,
          techStack: [],
          recentFunding: null,
          location: null,
          sourceRef: '8839201177',
        },
        {
          firstName: 'Daniel',
          lastName: 'Brandt',
          jobTitle: 'Head of Sales Development',
          company: 'Brightforge Analytics',
          companyDomain: null,
          email: null,
          linkedinUrl: null,
          industry: null,
          employeeCount: null,
          companyRevenue: null,
          techStack: [],
          recentFunding: null,
          location: null,
          sourceRef: '8839201178',
        },
      ],
    });
  });

  it('keeps the JWT for later searches and authenticates again after 55 minutes', async () => {
    let now = new Date('2026-11-22T09:00:00Z');
    const searchOnce = instance({}, { now: () => now });
    await searchOnce({ jobTitles: ['VP'] });
    await searchOnce({ jobTitles: ['VP'] });
    now = new Date('2026-11-22T09:56:00Z');
    await searchOnce({ jobTitles: ['VP'] });
    expect(zoominfo.requests.map((request) => request.path)).toEqual([
      '/authenticate',
      '/search/contact',
      '/search/contact',
      '/authenticate',
      '/search/contact',
    ]);
  });

  it('authenticates once more when ZoomInfo revokes the JWT early', async () => {
    const searchOnce = instance();
    await searchOnce({ jobTitles: ['VP'] });
    zoominfo.revokeTokens();
    const result = (await searchOnce({ jobTitles: ['VP'] })) as { people: unknown[] };
    expect(result.people).toHaveLength(2);
    expect(zoominfo.requests.map((request) => request.path)).toEqual([
      '/authenticate',
      '/search/contact',
      '/search/contact',
      '/authenticate',
      '/search/contact',
    ]);
  });

  it('fails non-retryably with SourceNotConfigured without username or password, calling nothing', async () => {
    for (const missing of [{ apiKey: '' }, { username: '' }]) {
      const error = await failureOf(search({ jobTitles: ['VP'] }, missing));
      expect(error).toBeInstanceOf(ApplicationFailure);
      expect(error).toMatchObject({ type: 'SourceNotConfigured', nonRetryable: true });
    }
    expect(zoominfo.requests).toHaveLength(0);
  });

  it('fails non-retryably with SourceAuthFailed naming ZoomInfo when the password is refused', async () => {
    const error = await failureOf(search({ jobTitles: ['VP'] }, { apiKey: 'wrong' }));
    expect(error).toMatchObject({ type: 'SourceAuthFailed', nonRetryable: true });
    expect((error as Error).message).toContain('ZoomInfo refused the credentials (HTTP 401): Invalid username or password');
  });

  it('on 429 waits what Retry-After asks (within the cap), then fails retryably', async () => {
    zoominfo.rateLimitNext('1');
    const clock = steppingClock('2026-11-22T09:00:00Z');
    const error = await failureOf(search({ jobTitles: ['VP'] }, { maxRetryAfterSeconds: 10 }, undefined, clock));
    expect(clock.waits).toEqual([10, 1_000]); // the search's spacing after the sign-in (6000 a minute), then Retry-After
    expect(error).toMatchObject({ type: 'SourceRateLimited', nonRetryable: false, nextRetryDelay: undefined });
  });

  it('spaces authenticate and search by 60 000 / requestsPerMinute ms', async () => {
    const clock = steppingClock('2026-11-22T09:00:00Z');
    await search({ jobTitles: ['VP'] }, { requestsPerMinute: 300 }, undefined, clock);
    expect(zoominfo.requests.map((request) => request.path)).toEqual(['/authenticate', '/search/contact']);
    // One request every 200 ms: the search waits 200 ms after the sign-in, on the plugin's clock.
    expect(clock.waits).toEqual([200]);
  });

  it("pages contacts with ZoomInfo's page field and says when there is no more", async () => {
    const criteria = { industry: ['Software'], companySize: '51-200', revenue: '$10M-$50M', jobTitles: ['VP', 'Head of Sales'] };
    const page = (number: number) =>
      runActivity(sourceZoominfoPlugin, 'searchPeople', { criteria, limit: 1, page: number }, deps()) as Promise<{
        people: Array<{ firstName: string }>;
        hasMore: boolean;
      }>;
    const [first, second, beyond] = [await page(1), await page(2), await page(3)];
    expect(
      zoominfo.requests.filter((request) => request.path === '/search/contact').map((request) => [request.body.page, request.body.rpp]),
    ).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
    expect([first, second, beyond].map((answer) => [answer.people.map((person) => person.firstName), answer.hasMore])).toEqual([
      [['Maya'], true],
      [['Daniel'], false],
      [[], false],
    ]);
  });
});
