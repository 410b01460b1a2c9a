import { bindActivities, CRM_FAILURES, isCrmFailure, validatePlugins, type ActivityContext, type CrmExclusion } from '@meetflow/plugin-sdk';
import { authorizationRequest, exchangeCodeForGrant, type OAuthTokens } from '@meetflow/plugin-sdk/oauth';
import { followAuthorization } from '@meetflow/plugin-sdk/oauth/testing';
import { steppingClock, testDeps } from '@meetflow/plugin-sdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { salesforceCrm, type SalesforceAccount, type SalesforceConfig } from './index.ts';
import { FAKE_SALESFORCE_CLIENT, FAKE_SALESFORCE_SEED, startFakeSalesforce, type FakeSalesforce } from './testing.ts';

// Every test runs against the local fake Salesforce org (./testing.ts), connected through its
// OAuth endpoints, on the test's stepping clock: waits move that clock, and sessions expire on it.

const context = (): Omit<ActivityContext, 'run'> => ({
  heartbeat() {},
  signal: new AbortController().signal,
  attempt: 1,
  lastHeartbeat: undefined,
});

let clock: ReturnType<typeof steppingClock>;
let fake: FakeSalesforce;
const running: FakeSalesforce[] = [];
afterEach(() => Promise.all(running.splice(0).map((server) => server.close())));

/** A fresh org and a connected account (the code grant with PKCE, as the platform's connect flow will do). */
async function connected(options: { sessionSeconds?: number; queryBatchSize?: number } = {}): Promise<SalesforceAccount> {
  clock = steppingClock('2026-11-29T10:00:00Z');
  fake = await startFakeSalesforce({ now: () => clock.now(), ...options });
  running.push(fake);
  const config = {
    authorizationEndpoint: fake.authorizeUrl,
    tokenEndpoint: fake.tokenUrl,
    ...FAKE_SALESFORCE_CLIENT,
    scopes: ['api', 'refresh_token'],
  };
  const redirectUri = 'http://127.0.0.1:3000/api/integrations/crm/callback';
  const { url, codeVerifier } = authorizationRequest(config, { redirectUri, state: 's' });
  const { code } = await followAuthorization(url);
  const { tokens: oauth, answered } = await exchangeCodeForGrant(
    { ...config, defaultLifetimeSeconds: 3600 },
    { code, redirectUri, codeVerifier },
    { now: () => clock.now() },
  );
  // Where the org lives comes with the grant (the platform stores it as instanceUrl); the tokens never come in `answered`.
  expect(answered.instance_url).toBe(fake.instanceUrl);
  expect(Object.keys(answered)).not.toContain('access_token');
  expect(Object.keys(answered)).not.toContain('refresh_token');
  return { instanceUrl: fake.instanceUrl, oauth };
}

function activities(config: Partial<SalesforceConfig> = {}) {
  const deps = testDeps(salesforceCrm, {
    clock,
    config: {
      instanceUrlPattern: '^http://127\\.0\\.0\\.1:\\d+$',
      oauthTokenUrl: fake.tokenUrl,
      oauthAuthorizeUrl: fake.authorizeUrl,
      clientId: FAKE_SALESFORCE_CLIENT.clientId,
      clientSecret: FAKE_SALESFORCE_CLIENT.clientSecret,
      timeoutSeconds: 5,
      ...config,
    },
  });
  const bound = bindActivities(salesforceCrm, deps, context);
  const call =
    <T>(name: string) =>
    (input: unknown) =>
      bound[`crm-salesforce.${name}`]!(input) as Promise<T>;
  type Writes = { results: Array<{ externalId: string; crmId: string; created: boolean }>; refreshedTokens?: OAuthTokens };
  return {
    upsertCompanies: call<Writes>('upsertCompanies'),
    upsertContacts: call<Writes>('upsertContacts'),
    logActivity: call<{ crmId: string; created: boolean; refreshedTokens?: OAuthTokens }>('logActivity'),
    listExclusions: call<{ exclusions: CrmExclusion[]; nextCursor: string | null; refreshedTokens?: OAuthTokens }>('listExclusions'),
  };
}

const acme = { externalId: 'company:acme', domain: 'acme.test', name: 'Acme Robotics', employees: 120 };
const jane = {
  externalId: 'prospect:jane',
  email: 'jane.doe@acme.test',
  name: 'Jane Doe',
  title: 'VP Sales',
  companyExternalId: 'company:acme',
};
const email = {
  externalId: 'email:jane:1',
  kind: 'email',
  contactExternalId: 'prospect:jane',
  contactEmail: 'jane.doe@acme.test',
  subject: 'Robots that pick faster',
  body: 'Hi Jane, …',
  at: '2026-11-29T09:30:00Z',
};

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(isCrmFailure(error)).toBe(true);
  return error as {
    type: string;
    message: string;
    nonRetryable: boolean;
    nextRetryDelay?: unknown;
    details: Array<Record<string, unknown>>;
  };
}

describe('crm-salesforce', () => {
  it('has a manifest the platform accepts', () => {
    expect(() => validatePlugins([salesforceCrm])).not.toThrow();
  });

  it('upserts an Account twice as one record by Meetflow_Id__c, in one collection upsert, leaving what a user changed', async () => {
    const account = await connected();
    const { upsertCompanies } = activities();
    const first = await upsertCompanies({ account, companies: [acme, { externalId: 'company:beta', domain: 'beta.test', name: 'Beta' }] });
    expect(first.results.map((result) => result.created)).toEqual([true, true]);
    fake.edit('Account', first.results[0]!.crmId, { Name: 'ACME (renamed by sales)', Website: null });
    const second = await upsertCompanies({ account, companies: [acme] });
    expect(second.results).toEqual([{ externalId: 'company:acme', crmId: first.results[0]!.crmId, created: false }]);
    const stored = fake.records('Account').filter((record) => record.Meetflow_Id__c === 'company:acme');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ Name: 'ACME (renamed by sales)', Website: 'acme.test', NumberOfEmployees: 120 });
    expect(fake.requests.filter((request) => request.url.pathname.endsWith('/composite/sobjects/Account/Meetflow_Id__c'))).toHaveLength(2);
  });

  it('upserts a Contact twice as one, linked to its Account by the Account’s Meetflow_Id__c', async () => {
    const account = await connected();
    const { upsertCompanies, upsertContacts } = activities();
    const [company] = (await upsertCompanies({ account, companies: [acme] })).results;
    const first = await upsertContacts({ account, contacts: [jane] });
    const second = await upsertContacts({ account, contacts: [jane] });
    expect(first.results[0]!.created).toBe(true);
    expect(second.results[0]).toEqual({ externalId: 'prospect:jane', crmId: first.results[0]!.crmId, created: false });
    const stored = fake.records('Contact').filter((record) => record.Email === 'jane.doe@acme.test');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      FirstName: 'Jane',
      LastName: 'Doe',
      Title: 'VP Sales',
      AccountId: company!.crmId,
      Meetflow_Id__c: 'prospect:jane',
    });
  });

  it('claims a Contact a user made with the same email instead of making a second one', async () => {
    const account = await connected();
    const made = fake.insert('Contact', { FirstName: 'Jane', LastName: 'Doe-Smith', Email: 'Jane.Doe@acme.test', Title: 'Head of Sales' });
    const { results } = await activities().upsertContacts({ account, contacts: [{ ...jane, companyExternalId: null }] });
    expect(results[0]).toEqual({ externalId: 'prospect:jane', crmId: made.Id, created: false });
    expect(fake.records('Contact').filter((record) => String(record.Email).toLowerCase() === 'jane.doe@acme.test')).toHaveLength(1);
    expect(fake.records('Contact').find((record) => record.Id === made.Id)).toMatchObject({
      LastName: 'Doe-Smith',
      Title: 'Head of Sales',
      Meetflow_Id__c: 'prospect:jane',
    });
  });

  it("writes Meetflow's stage into a Contact's empty Description, never over one a user wrote", async () => {
    const account = await connected();
    const { upsertContacts } = activities();
    const omar = { ...jane, externalId: 'prospect:omar', email: 'omar.lee@acme.test', name: 'Omar Lee', companyExternalId: null };
    fake.insert('Contact', { LastName: 'Lee', Email: 'omar.lee@acme.test', Description: 'Met at SaaStr' });
    await upsertContacts({ account, contacts: [{ ...jane, companyExternalId: null }] });
    await upsertContacts({
      account,
      contacts: [
        { ...jane, companyExternalId: null, stage: 'qualified' },
        { ...omar, stage: 'disqualified' },
      ],
    });
    // Rescored: the Description holds Meetflow's first stage now, and the CRM's value wins.
    await upsertContacts({ account, contacts: [{ ...jane, companyExternalId: null, stage: 'disqualified' }] });
    const description = (email: string) => fake.records('Contact').find((record) => record.Email === email)?.Description;
    expect(description('jane.doe@acme.test')).toBe('Meetflow lead scoring: qualified');
    expect(description('omar.lee@acme.test')).toBe('Met at SaaStr');
  });

  it('logs an email as a completed Task once, although the answer to its upsert was lost', async () => {
    const account = await connected();
    const { upsertCompanies, upsertContacts, logActivity } = activities();
    await upsertCompanies({ account, companies: [acme] });
    await upsertContacts({ account, contacts: [jane] });
    fake.fail({ status: 503, method: 'PATCH', path: '/sobjects/Task/', afterCommit: true });
    const logged = await logActivity({ account, activity: email });
    expect(clock.waits).toEqual([1000]);
    const again = await logActivity({ account, activity: email });
    expect(again).toMatchObject({ crmId: logged.crmId, created: false });
    const log = fake.activityLog();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      type: 'Task',
      Subject: 'Email: Robots that pick faster',
      Status: 'Completed',
      TaskSubtype: 'Email',
      ActivityDate: '2026-11-29',
      contactEmail: 'jane.doe@acme.test',
    });
  });

  it('logs a meeting as an Event with its start and end', async () => {
    const account = await connected();
    const { upsertContacts, logActivity } = activities();
    await upsertContacts({ account, contacts: [{ ...jane, companyExternalId: null }] });
    const meeting = {
      ...email,
      externalId: 'meeting:jane:1',
      kind: 'meeting',
      subject: 'Intro call',
      at: '2026-12-02T15:00:00Z',
      endAt: '2026-12-02T15:30:00Z',
    };
    expect((await logActivity({ account, activity: meeting })).created).toBe(true);
    expect(fake.activityLog()).toEqual([
      expect.objectContaining({
        type: 'Event',
        StartDateTime: '2026-12-02T15:00:00.000Z',
        EndDateTime: '2026-12-02T15:30:00.000Z',
        contactEmail: 'jane.doe@acme.test',
      }),
    ]);
  });

  it('refreshes the access token when it expires and answers the new tokens to be sealed', async () => {
    const account = await connected();
    const { upsertCompanies } = activities();
    expect((await upsertCompanies({ account, companies: [acme] })).refreshedTokens).toBeUndefined();
    await clock.sleep(2 * 3600 * 1000 + 1000); // past the session timeout (the fake's 2 hours)
    const later = await upsertCompanies({ account, companies: [acme] });
    expect(later.results[0]!.created).toBe(false);
    expect(later.refreshedTokens!.accessToken).not.toBe(account.oauth.accessToken);
    expect(later.refreshedTokens!.refreshToken).toBe(account.oauth.refreshToken);
    expect(fake.oauth.tokenRequests.map((request) => request.grant_type)).toEqual(['authorization_code', 'refresh_token']);
  });

  it('refreshes once and retries when a session ends before its expected time (401 INVALID_SESSION_ID)', async () => {
    const account = await connected({ sessionSeconds: 600 });
    await clock.sleep(15 * 60 * 1000); // the org's 10-minute session is over; the token is taken to last an hour
    const { results, refreshedTokens } = await activities().upsertCompanies({ account, companies: [acme] });
    expect(results[0]!.created).toBe(true);
    expect(refreshedTokens).toBeDefined();
    expect(fake.requests.filter((request) => request.url.pathname.endsWith('/query')).length).toBe(2);
  });

  it('asks to reconnect when the refresh token was revoked', async () => {
    const account = await connected();
    fake.oauth.revokeGrants();
    await clock.sleep(3 * 3600 * 1000);
    const failure = await failureOf(activities().upsertCompanies({ account, companies: [acme] }));
    expect(failure).toMatchObject({ type: CRM_FAILURES.authRefused, nonRetryable: true });
  });

  it('waits the Retry-After of a 429 on its clock, then succeeds', async () => {
    const account = await connected();
    fake.fail({ status: 429, retryAfter: '3', path: '/composite/sobjects/' });
    expect((await activities().upsertCompanies({ account, companies: [acme] })).results[0]!.created).toBe(true);
    expect(clock.waits).toEqual([3000]);
  });

  it('treats the API limit (403 REQUEST_LIMIT_EXCEEDED) as retryable, never as a refused login', async () => {
    const account = await connected();
    fake.fail({ status: 403, limit: true, count: 5, path: '/query' });
    const failure = await failureOf(activities().upsertCompanies({ account, companies: [acme] }));
    expect(failure).toMatchObject({ type: CRM_FAILURES.unavailable, nonRetryable: false, details: [{ status: 403 }] });
    expect(clock.waits).toEqual([1000, 2000]);
  });

  it('fails retryably when Salesforce keeps answering 5xx', async () => {
    const account = await connected();
    fake.fail({ status: 500, count: 5, path: '/query' });
    const failure = await failureOf(activities().listExclusions({ account, cursor: null }));
    expect(failure).toMatchObject({ type: CRM_FAILURES.unavailable, nonRetryable: false });
  });

  it('names the field Salesforce refused, not retryable', async () => {
    const account = await connected();
    const failure = await failureOf(
      activities().upsertContacts({ account, contacts: [{ ...jane, name: 'Jane Doe', companyExternalId: 'company:missing' }] }),
    );
    expect(failure).toMatchObject({ type: CRM_FAILURES.invalid, nonRetryable: true });
    expect(failure.message).toContain('Foreign key external ID: company:missing not found');
    const missingField = await failureOf(
      activities({ externalIdField: 'Meetflow_Key__c' }).upsertCompanies({ account, companies: [acme] }),
    );
    expect(missingField).toMatchObject({ type: CRM_FAILURES.invalid, details: [{ status: 400, field: 'Meetflow_Key__c' }] });
  });

  it('sends the token to a Salesforce address only', async () => {
    const account = await connected();
    const before = fake.requests.length;
    const failure = await failureOf(
      activities({ instanceUrlPattern: '^https://[a-z0-9.-]+\\.my\\.salesforce\\.com$' }).upsertCompanies({ account, companies: [acme] }),
    );
    expect(failure).toMatchObject({ type: CRM_FAILURES.invalid, details: [{ field: 'instanceUrl' }] });
    expect(fake.requests.length).toBe(before);
  });

  it('lists Accounts of type Customer and open Opportunities, page by page, not the Closed Lost one', async () => {
    const account = await connected({ queryBatchSize: 1 });
    fake.insert('Account', { Name: 'Second customer', Website: 'https://second.test', Type: 'Customer' });
    const list = activities().listExclusions;
    const all: CrmExclusion[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { exclusions: CrmExclusion[]; nextCursor: string | null } = await list({ account, cursor });
      all.push(...page.exclusions);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(cursor).toBeNull();
    expect(all.map(({ reason, domain, name }) => ({ reason, domain, name }))).toEqual([
      { reason: 'customer', domain: FAKE_SALESFORCE_SEED.customer.domain, name: FAKE_SALESFORCE_SEED.customer.name },
      { reason: 'customer', domain: 'second.test', name: 'Second customer' },
      { reason: 'open-deal', domain: FAKE_SALESFORCE_SEED.openDeal.domain, name: FAKE_SALESFORCE_SEED.openDeal.name },
    ]);
    expect(pages).toBe(3);
  });
});
