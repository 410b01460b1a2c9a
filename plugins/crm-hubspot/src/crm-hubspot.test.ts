import { bindActivities, CRM_FAILURES, isCrmFailure, validatePlugins, type ActivityContext, type CrmExclusion } from '@meetflow/plugin-sdk';
import { authorizationRequest, exchangeCode, type OAuthTokens } from '@meetflow/plugin-sdk/oauth';
import { followAuthorization } from '@meetflow/plugin-sdk/oauth/testing';
import { steppingClock, testDeps } from '@meetflow/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hubSpotCrm, type HubSpotAccount, type HubSpotConfig } from './index.ts';
import { FAKE_HUBSPOT_CLIENT, FAKE_HUBSPOT_SEED, FAKE_HUBSPOT_TOKEN, startFakeHubSpot, type FakeHubSpot } from './testing.ts';

// Every test runs against the local fake HubSpot (./testing.ts), on the test's stepping clock: a
// wait (Retry-After, back-off) moves that clock instead of taking time, and the fake's OAuth
// tokens expire on it.

const context = (): Omit<ActivityContext, 'run'> => ({
  heartbeat() {},
  signal: new AbortController().signal,
  attempt: 1,
  lastHeartbeat: undefined,
});

let clock: ReturnType<typeof steppingClock>;
let fake: FakeHubSpot;
const tokenAccount: HubSpotAccount = { privateAppToken: FAKE_HUBSPOT_TOKEN };

beforeEach(async () => {
  clock = steppingClock('2026-11-29T10:00:00Z');
  fake = await startFakeHubSpot({ now: () => clock.now() });
});
afterEach(() => fake.close());

function activities(config: Partial<HubSpotConfig> = {}) {
  const deps = testDeps(hubSpotCrm, {
    clock,
    config: {
      baseUrl: fake.baseUrl,
      oauthTokenUrl: fake.tokenUrl,
      oauthAuthorizeUrl: fake.authorizeUrl,
      clientId: FAKE_HUBSPOT_CLIENT.clientId,
      clientSecret: FAKE_HUBSPOT_CLIENT.clientSecret,
      timeoutSeconds: 5,
      ...config,
    },
  });
  const bound = bindActivities(hubSpotCrm, deps, context);
  const call =
    <T>(name: string) =>
    (input: unknown) =>
      bound[`crm-hubspot.${name}`]!(input) as Promise<T>;
  type Writes = { results: Array<{ externalId: string; crmId: string; created: boolean }>; refreshedTokens?: OAuthTokens };
  return {
    upsertCompanies: call<Writes>('upsertCompanies'),
    upsertContacts: call<Writes>('upsertContacts'),
    logActivity: call<{ crmId: string; created: boolean; refreshedTokens?: OAuthTokens }>('logActivity'),
    listExclusions: call<{ exclusions: CrmExclusion[]; nextCursor: string | null; refreshedTokens?: OAuthTokens }>('listExclusions'),
  };
}

const acme = { externalId: 'company:acme', domain: 'https://www.Acme.test/about', name: 'Acme Robotics', employees: 120 };
const jane = {
  externalId: 'prospect:jane',
  email: 'Jane.Doe@acme.test',
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

/** The failure a promise rejects with. */
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

/** Every page of exclusions, following the cursor. */
async function allExclusions(list: ReturnType<typeof activities>['listExclusions'], account: HubSpotAccount) {
  const all: CrmExclusion[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: { exclusions: CrmExclusion[]; nextCursor: string | null } = await list({ account, cursor });
    all.push(...page.exclusions);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor !== null && pages < 20);
  expect(cursor).toBeNull();
  return { all, pages };
}

describe('crm-hubspot', () => {
  it('has a manifest the platform accepts', () => {
    expect(() => validatePlugins([hubSpotCrm])).not.toThrow();
  });

  it('upserts a company twice as one record, keyed by meetflow_id in a batch upsert', async () => {
    const { upsertCompanies } = activities();
    const first = await upsertCompanies({ account: tokenAccount, companies: [acme] });
    const second = await upsertCompanies({ account: tokenAccount, companies: [{ ...acme, name: 'Acme Robotics Inc.' }] });
    expect(first.results).toEqual([{ externalId: 'company:acme', crmId: expect.any(String), created: true }]);
    expect(second.results).toEqual([{ externalId: 'company:acme', crmId: first.results[0]!.crmId, created: false }]);
    const stored = fake.objects('companies').filter((company) => company.properties.meetflow_id === 'company:acme');
    expect(stored).toHaveLength(1);
    // The name HubSpot holds is not empty, so the second sync leaves it: the CRM wins.
    expect(stored[0]!.properties).toMatchObject({ name: 'Acme Robotics', domain: 'acme.test', numberofemployees: '120' });
    // The second sync had nothing to fill, so it wrote nothing.
    expect(fake.requests.filter((request) => request.url.pathname.endsWith('/batch/upsert'))).toHaveLength(1);
  });

  it('leaves a field a user edited in HubSpot and fills only the empty ones', async () => {
    const { upsertCompanies } = activities();
    const [written] = (await upsertCompanies({ account: tokenAccount, companies: [{ ...acme, employees: null }] })).results;
    fake.edit('companies', written!.crmId, { name: 'ACME (renamed by sales)' });
    await upsertCompanies({ account: tokenAccount, companies: [acme] });
    expect(fake.objects('companies').find((company) => company.id === written!.crmId)!.properties).toMatchObject({
      name: 'ACME (renamed by sales)',
      numberofemployees: '120',
    });
  });

  it('upserts a contact twice as one record keyed by email, with meetflow_id, associated with its company', async () => {
    const { upsertCompanies, upsertContacts } = activities();
    const [company] = (await upsertCompanies({ account: tokenAccount, companies: [acme] })).results;
    const first = await upsertContacts({ account: tokenAccount, contacts: [jane] });
    const second = await upsertContacts({ account: tokenAccount, contacts: [jane] });
    expect(first.results[0]).toMatchObject({ externalId: 'prospect:jane', created: true });
    expect(second.results[0]).toEqual({ externalId: 'prospect:jane', crmId: first.results[0]!.crmId, created: false });
    const stored = fake.objects('contacts').filter((contact) => contact.properties.email === 'jane.doe@acme.test');
    expect(stored).toHaveLength(1);
    expect(stored[0]!.properties).toMatchObject({ firstname: 'Jane', lastname: 'Doe', jobtitle: 'VP Sales', meetflow_id: 'prospect:jane' });
    const associate = fake.requests.filter(
      (request) => request.url.pathname === '/crm/v4/associations/contacts/companies/batch/associate/default',
    );
    expect(JSON.parse(associate[0]!.body)).toEqual({ inputs: [{ from: { id: first.results[0]!.crmId }, to: { id: company!.crmId } }] });
  });

  it('logs an email once although the answer to its create was lost and the call retried', async () => {
    const { upsertCompanies, upsertContacts, logActivity } = activities();
    await upsertCompanies({ account: tokenAccount, companies: [acme] });
    await upsertContacts({ account: tokenAccount, contacts: [jane] });
    fake.fail({ status: 502, method: 'POST', path: '/crm/v3/objects/emails', afterCommit: true });
    const lost = await failureOf(logActivity({ account: tokenAccount, activity: email }));
    expect(lost.type).toBe(CRM_FAILURES.unavailable);
    expect(lost.nonRetryable).toBe(false);
    const retried = await logActivity({ account: tokenAccount, activity: email });
    const again = await logActivity({ account: tokenAccount, activity: email });
    expect(retried.created).toBe(false);
    expect(again).toMatchObject({ crmId: retried.crmId, created: false });
    const log = fake.activityLog();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      kind: 'email',
      contactEmails: ['jane.doe@acme.test'],
      properties: { meetflow_id: 'email:jane:1', hs_email_subject: 'Robots that pick faster', hs_email_direction: 'EMAIL' },
    });
  });

  it('logs a meeting on the contact with its start and end', async () => {
    const { upsertContacts, logActivity } = activities();
    await upsertContacts({ account: tokenAccount, contacts: [{ ...jane, companyExternalId: null }] });
    const meeting = {
      ...email,
      externalId: 'meeting:jane:1',
      kind: 'meeting',
      subject: 'Intro call',
      at: '2026-12-02T15:00:00Z',
      endAt: '2026-12-02T15:30:00Z',
    };
    expect((await logActivity({ account: tokenAccount, activity: meeting })).created).toBe(true);
    expect(fake.activityLog()).toEqual([
      expect.objectContaining({
        kind: 'meeting',
        contactEmails: ['jane.doe@acme.test'],
        properties: expect.objectContaining({ hs_meeting_start_time: '2026-12-02T15:00:00Z', hs_meeting_end_time: '2026-12-02T15:30:00Z' }),
      }),
    ]);
  });

  it('refuses to log an activity for a contact HubSpot does not have, saying to upsert it first', async () => {
    const failure = await failureOf(activities().logActivity({ account: tokenAccount, activity: email }));
    expect(failure.type).toBe(CRM_FAILURES.refused);
    expect(failure.message).toContain('upsert it first');
  });

  it('waits the Retry-After of a 429 on its clock, then succeeds', async () => {
    fake.fail({ status: 429, retryAfter: '7', path: '/batch/upsert' });
    const { results } = await activities().upsertCompanies({ account: tokenAccount, companies: [acme] });
    expect(results[0]!.created).toBe(true);
    expect(clock.waits).toEqual([7000]);
  });

  it('fails retryably, carrying Retry-After, when the wait asked is longer than it waits in process', async () => {
    fake.fail({ status: 429, retryAfter: '120', path: '/batch/upsert' });
    const failure = await failureOf(activities().upsertCompanies({ account: tokenAccount, companies: [acme] }));
    expect(failure).toMatchObject({ type: CRM_FAILURES.unavailable, nonRetryable: false, nextRetryDelay: 120_000 });
    expect(failure.details[0]).toEqual({ status: 429, retryAfterSeconds: 120 });
    expect(clock.waits).toEqual([]);
  });

  it('fails retryably after backing off 1 s, 2 s when HubSpot keeps answering 5xx', async () => {
    fake.fail({ status: 503, count: 10, path: '/batch/read' });
    const failure = await failureOf(activities().upsertCompanies({ account: tokenAccount, companies: [acme] }));
    expect(failure).toMatchObject({ type: CRM_FAILURES.unavailable, nonRetryable: false });
    expect(failure.message).toBe('upserting companies: HubSpot answered 503, try again later');
    expect(clock.waits).toEqual([1000, 2000]);
    expect(fake.requests.filter((request) => request.url.pathname.endsWith('/batch/read'))).toHaveLength(3);
  });

  it('fails for good, asking to reconnect, with a wrong token', async () => {
    const failure = await failureOf(activities().upsertCompanies({ account: { privateAppToken: 'pat-na1-wrong' }, companies: [acme] }));
    expect(failure).toMatchObject({ type: CRM_FAILURES.authRefused, nonRetryable: true });
    expect(failure.message).toContain('reconnect the account');
  });

  it('names the property HubSpot refused in plain words, not retryable', async () => {
    const failure = await failureOf(
      activities({ idProperty: 'meetflow_key' }).upsertCompanies({ account: tokenAccount, companies: [acme] }),
    );
    expect(failure).toMatchObject({ type: CRM_FAILURES.invalid, nonRetryable: true });
    expect(failure.message).toContain('the field "meetflow_key"');
    expect(failure.details[0]).toMatchObject({ status: 400, field: 'meetflow_key' });
  });

  it('lists the customer, the company with an open deal and the customer contact, not the closed-lost one, page by page', async () => {
    const { all, pages } = await allExclusions(activities({ pageSize: 1 }).listExclusions, tokenAccount);
    expect(all.map(({ reason, domain, email: address }) => ({ reason, domain, email: address }))).toEqual([
      { reason: 'customer', domain: FAKE_HUBSPOT_SEED.customer.domain, email: null },
      { reason: 'open-deal', domain: FAKE_HUBSPOT_SEED.openDeal.domain, email: null },
      { reason: 'customer', domain: null, email: FAKE_HUBSPOT_SEED.customerContact },
    ]);
    expect(all.some((exclusion) => exclusion.domain === FAKE_HUBSPOT_SEED.closedLost.domain)).toBe(false);
    expect(pages).toBeGreaterThanOrEqual(3);
  });

  it('refuses a cursor it did not give', async () => {
    const failure = await failureOf(activities().listExclusions({ account: tokenAccount, cursor: 'deals:9' }));
    expect(failure).toMatchObject({ type: CRM_FAILURES.invalid, details: [{ field: 'cursor' }] });
  });

  describe('with OAuth', () => {
    async function connect(): Promise<OAuthTokens> {
      const config = {
        authorizationEndpoint: fake.authorizeUrl,
        tokenEndpoint: fake.tokenUrl,
        ...FAKE_HUBSPOT_CLIENT,
        scopes: ['crm.objects.companies.write'],
      };
      const redirectUri = 'http://127.0.0.1:3000/api/integrations/crm/callback';
      const { url, codeVerifier } = authorizationRequest(config, { redirectUri, state: 'state-1' });
      const { code } = await followAuthorization(url);
      return exchangeCode(config, { code, redirectUri, codeVerifier }, { now: () => clock.now() });
    }

    it('refreshes an expired access token before the call, and answers the new tokens to be sealed', async () => {
      const tokens = await connect();
      const { upsertCompanies } = activities();
      const fresh = await upsertCompanies({ account: { oauth: tokens }, companies: [acme] });
      expect(fresh.refreshedTokens).toBeUndefined();
      await clock.sleep(31 * 60 * 1000); // the fake's tokens last 30 minutes
      const later = await upsertCompanies({ account: { oauth: tokens }, companies: [acme] });
      expect(later.results[0]!.created).toBe(false);
      expect(later.refreshedTokens?.accessToken).toBeDefined();
      expect(later.refreshedTokens!.accessToken).not.toBe(tokens.accessToken);
      expect(fake.oauth.tokenRequests.map((request) => request.grant_type)).toEqual(['authorization_code', 'refresh_token']);
    });

    it('refreshes once and retries when HubSpot answers 401 to a token it thinks expired early', async () => {
      const tokens = await connect();
      const stale = { ...tokens, accessToken: 'revoked-early' };
      const { results, refreshedTokens } = await activities().upsertCompanies({ account: { oauth: stale }, companies: [acme] });
      expect(results[0]!.created).toBe(true);
      expect(refreshedTokens).toBeDefined();
    });

    it('asks to reconnect when the grant was revoked (invalid_grant)', async () => {
      const tokens = await connect();
      fake.oauth.revokeGrants();
      await clock.sleep(31 * 60 * 1000);
      const failure = await failureOf(activities().upsertCompanies({ account: { oauth: tokens }, companies: [acme] }));
      expect(failure).toMatchObject({ type: CRM_FAILURES.authRefused, nonRetryable: true });
    });
  });
});
