import { bindActivities, CRM_FAILURES, isCrmFailure, validatePlugins, type ActivityContext, type CrmExclusion } from '@meetflow/plugin-sdk';
import { authorizationRequest, exchangeCode, type OAuthTokens } from '@meetflow/plugin-sdk/oauth';
import { followAuthorization } from '@meetflow/plugin-sdk/oauth/testing';
import { steppingClock, testDeps } from '@meetflow/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pipedriveCrm, type PipedriveAccount, type PipedriveConfig } from './index.ts';
import {
  FAKE_PIPEDRIVE_CLIENT,
  FAKE_PIPEDRIVE_FIELDS,
  FAKE_PIPEDRIVE_SEED,
  FAKE_PIPEDRIVE_TOKEN,
  startFakePipedrive,
  type FakePipedrive,
} from './testing.ts';

// Every test runs against the local fake Pipedrive (./testing.ts), on the test's stepping clock: a
// wait (Retry-After, back-off) moves that clock instead of taking time.

const context = (): Omit<ActivityContext, 'run'> => ({
  heartbeat() {},
  signal: new AbortController().signal,
  attempt: 1,
  lastHeartbeat: undefined,
});

let clock: ReturnType<typeof steppingClock>;
let fake: FakePipedrive;
let account: PipedriveAccount;

beforeEach(async () => {
  clock = steppingClock('2026-11-29T10:00:00Z');
  fake = await startFakePipedrive({ now: () => clock.now() });
  account = { apiDomain: fake.apiDomain, apiToken: FAKE_PIPEDRIVE_TOKEN, ...FAKE_PIPEDRIVE_FIELDS };
});
afterEach(() => fake.close());

function activities(config: Partial<PipedriveConfig> = {}) {
  const deps = testDeps(pipedriveCrm, {
    clock,
    config: {
      apiDomainPattern: '^http://127\\.0\\.0\\.1:\\d+$',
      oauthTokenUrl: fake.tokenUrl,
      oauthAuthorizeUrl: fake.authorizeUrl,
      clientId: FAKE_PIPEDRIVE_CLIENT.clientId,
      clientSecret: FAKE_PIPEDRIVE_CLIENT.clientSecret,
      timeoutSeconds: 5,
      ...config,
    },
  });
  const bound = bindActivities(pipedriveCrm, deps, context);
  const call =
    <T>(name: string) =>
    (input: unknown) =>
      bound[`crm-pipedrive.${name}`]!(input) as Promise<T>;
  type Writes = { results: Array<{ externalId: string; crmId: string; created: boolean }>; refreshedTokens?: OAuthTokens };
  return {
    upsertCompanies: call<Writes>('upsertCompanies'),
    upsertContacts: call<Writes>('upsertContacts'),
    logActivity: call<{ crmId: string; created: boolean; refreshedTokens?: OAuthTokens }>('logActivity'),
    listExclusions: call<{ exclusions: CrmExclusion[]; nextCursor: string | null; refreshedTokens?: OAuthTokens }>('listExclusions'),
  };
}

const acme = { externalId: 'company:acme', domain: 'acme.test', name: 'Acme Robotics' };
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
  body: 'Hi Jane,\nshort question <3',
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

describe('crm-pipedrive', () => {
  it('has a manifest the platform accepts', () => {
    expect(() => validatePlugins([pipedriveCrm])).not.toThrow();
  });

  it("upserts a company twice as one organization, found by Meetflow's id in its custom field", async () => {
    const { upsertCompanies } = activities();
    const first = await upsertCompanies({ account, companies: [acme] });
    const second = await upsertCompanies({ account, companies: [{ ...acme, name: 'Acme Robotics Inc.' }] });
    expect(first.results).toEqual([{ externalId: 'company:acme', crmId: expect.any(String), created: true }]);
    expect(second.results).toEqual([{ externalId: 'company:acme', crmId: first.results[0]!.crmId, created: false }]);
    const stored = fake
      .organizations()
      .filter((organization) => organization.custom_fields[FAKE_PIPEDRIVE_FIELDS.organizationIdField] === 'company:acme');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: 'Acme Robotics',
      custom_fields: { [FAKE_PIPEDRIVE_FIELDS.organizationDomainField]: 'acme.test' },
    });
  });

  it('fills a field emptied in Pipedrive and leaves the ones a user set', async () => {
    const { upsertCompanies, upsertContacts } = activities();
    const [company] = (await upsertCompanies({ account, companies: [acme] })).results;
    const [person] = (await upsertContacts({ account, contacts: [jane] })).results;
    fake.edit('person', Number(person!.crmId), { job_title: 'Chief Revenue Officer', org_id: null });
    await upsertContacts({ account, contacts: [jane] });
    expect(fake.persons().find((candidate) => candidate.id === Number(person!.crmId))).toMatchObject({
      job_title: 'Chief Revenue Officer',
      org_id: Number(company!.crmId),
    });
  });

  it('upserts a contact twice as one person, found by email, linked to its organization', async () => {
    const { upsertCompanies, upsertContacts } = activities();
    const [company] = (await upsertCompanies({ account, companies: [acme] })).results;
    const first = await upsertContacts({ account, contacts: [jane] });
    const second = await upsertContacts({ account, contacts: [{ ...jane, email: 'JANE.DOE@acme.test' }] });
    expect(second.results[0]).toEqual({ externalId: 'prospect:jane', crmId: first.results[0]!.crmId, created: false });
    const stored = fake.persons().filter((person) => person.emails.some((address) => address.value === 'jane.doe@acme.test'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Jane Doe', job_title: 'VP Sales', org_id: Number(company!.crmId) });
  });

  describe("Meetflow's stage as a person label", () => {
    const omar = { ...jane, externalId: 'prospect:omar', email: 'omar.lee@acme.test', name: 'Omar Lee', companyExternalId: null };
    const lena = { ...jane, externalId: 'prospect:lena', email: 'lena.berg@acme.test', name: 'Lena Berg', companyExternalId: null };
    const labelId = (name: string) => fake.personLabels().find((label) => label.label === name)?.id;
    const labelsOf = (address: string) => fake.persons().find((person) => person.emails[0]?.value === address)?.label_ids;
    const fieldReads = () => fake.requests.filter((request) => request.method === 'GET' && request.url.pathname === '/api/v2/personFields');
    const optionAdds = () => fake.requests.filter((request) => request.url.pathname === '/api/v2/personFields/label_ids/options');

    it('adds the two labels once, labels a person that has none, and never replaces a label a user set or its own', async () => {
      const { upsertCompanies, upsertContacts } = activities();
      await upsertCompanies({ account, companies: [acme] });
      await upsertContacts({ account, contacts: [omar, lena] });
      // A user labels Omar in Pipedrive before Meetflow scores him.
      const omarId = fake.persons().find((person) => person.emails[0]?.value === omar.email)!.id;
      fake.edit('person', omarId, { label_ids: [labelId('Hot lead')] });

      await upsertContacts({
        account,
        contacts: [
          { ...jane, stage: 'qualified' },
          { ...omar, stage: 'disqualified' },
          { ...lena, stage: 'disqualified' },
        ],
      });
      const qualified = labelId('Meetflow: qualified');
      const disqualified = labelId('Meetflow: disqualified');
      expect(fake.personLabels().map((label) => label.label)).toEqual([
        'Customer',
        'Hot lead',
        'Warm lead',
        'Cold lead',
        'Meetflow: qualified',
        'Meetflow: disqualified',
      ]);
      expect(labelsOf(jane.email)).toEqual([qualified]);
      expect(labelsOf(omar.email)).toEqual([labelId('Hot lead')]);
      expect(labelsOf(lena.email)).toEqual([disqualified]);

      // Rescored: the label Meetflow wrote may be the team's by now, so it stays.
      await upsertContacts({ account, contacts: [{ ...jane, stage: 'disqualified' }] });
      expect(labelsOf(jane.email)).toEqual([qualified]);
      expect(fieldReads()).toHaveLength(1);
      expect(optionAdds()).toHaveLength(1);
    });

    it('reads the labels again after ten minutes, finding its own by name, and writes nothing for a contact without a stage', async () => {
      const { upsertContacts } = activities();
      await upsertContacts({ account, contacts: [{ ...jane, companyExternalId: null, stage: 'qualified' }] });
      await clock.sleep(10 * 60_000 + 1);
      await upsertContacts({ account, contacts: [{ ...lena, stage: 'qualified' }] });
      await upsertContacts({ account, contacts: [omar] });
      expect(fieldReads()).toHaveLength(2);
      expect(optionAdds()).toHaveLength(1);
      expect(labelsOf(lena.email)).toEqual([labelId('Meetflow: qualified')]);
      expect(labelsOf(omar.email)).toEqual([]);
    });

    it('names the labels an admin must create when Pipedrive will not add them, and writes nobody of that batch', async () => {
      fake.fail({ status: 403, path: '/personFields/label_ids/options', error: 'You do not have permission to edit data fields' });
      const { upsertContacts } = activities();
      const failure = await failureOf(upsertContacts({ account, contacts: [omar, { ...lena, stage: 'qualified' }] }));
      expect(failure).toMatchObject({ type: CRM_FAILURES.invalid, nonRetryable: true, details: [{ status: 403, field: 'label_ids' }] });
      expect(failure.message).toContain('You do not have permission to edit data fields');
      expect(failure.message).toContain('an admin must create the person labels "Meetflow: qualified" and "Meetflow: disqualified"');
      expect(fake.persons().filter((person) => [omar.email, lena.email].includes(person.emails[0]!.value))).toEqual([]);
      expect(fake.personLabels().map((label) => label.label)).not.toContain('Meetflow: qualified');
    });
  });

  it('logs an email once although the answer to its create was lost and the call retried', async () => {
    const { upsertCompanies, upsertContacts, logActivity } = activities();
    await upsertCompanies({ account, companies: [acme] });
    await upsertContacts({ account, contacts: [jane] });
    fake.fail({ status: 500, method: 'POST', path: '/api/v2/activities', afterCommit: true });
    const lost = await failureOf(logActivity({ account, activity: email }));
    expect(lost).toMatchObject({ type: CRM_FAILURES.unavailable, nonRetryable: false });
    const retried = await logActivity({ account, activity: email });
    expect(retried.created).toBe(false);
    const log = fake.activityLog();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      type: 'email',
      subject: 'Robots that pick faster',
      personEmail: 'jane.doe@acme.test',
      due_date: '2026-11-29',
      due_time: '09:30',
      done: true,
      note: 'Hi Jane,<br>short question &lt;3<!-- meetflow:email:jane:1 -->',
    });
  });

  it('logs a future meeting as not done, with its duration', async () => {
    const { upsertContacts, logActivity } = activities();
    await upsertContacts({ account, contacts: [{ ...jane, companyExternalId: null }] });
    const meeting = {
      ...email,
      externalId: 'meeting:jane:1',
      kind: 'meeting',
      subject: 'Intro call',
      at: '2026-12-02T15:00:00Z',
      endAt: '2026-12-02T15:45:00Z',
    };
    expect((await logActivity({ account, activity: meeting })).created).toBe(true);
    expect(fake.activityLog()).toEqual([expect.objectContaining({ type: 'meeting', duration: '00:45', done: false, due_time: '15:00' })]);
  });

  it('waits the Retry-After of a 429 on its clock, then succeeds', async () => {
    fake.fail({ status: 429, retryAfter: '4', path: '/organizations/search' });
    const { results } = await activities().upsertCompanies({ account, companies: [acme] });
    expect(results[0]!.created).toBe(true);
    expect(clock.waits).toEqual([4000]);
  });

  it('fails retryably after backing off when Pipedrive keeps answering 5xx', async () => {
    fake.fail({ status: 502, count: 10, path: '/organizations/search' });
    const failure = await failureOf(activities({ attempts: 4 }).upsertCompanies({ account, companies: [acme] }));
    expect(failure).toMatchObject({ type: CRM_FAILURES.unavailable, nonRetryable: false, details: [{ status: 502 }] });
    expect(clock.waits).toEqual([1000, 2000, 4000]);
  });

  it('fails for good, asking to reconnect, with a wrong API token', async () => {
    const failure = await failureOf(activities().upsertCompanies({ account: { ...account, apiToken: 'wrong' }, companies: [acme] }));
    expect(failure).toMatchObject({ type: CRM_FAILURES.authRefused, nonRetryable: true });
  });

  it('names the custom field Pipedrive refused, not retryable', async () => {
    const failure = await failureOf(
      activities().upsertCompanies({ account: { ...account, organizationDomainField: 'no_such_field' }, companies: [acme] }),
    );
    expect(failure).toMatchObject({ type: CRM_FAILURES.invalid, nonRetryable: true, details: [{ status: 400, field: 'no_such_field' }] });
    expect(failure.message).toContain('the field "no_such_field"');
  });

  it('sends the token to a Pipedrive address only', async () => {
    const failure = await failureOf(
      activities({ apiDomainPattern: '^https://[a-z0-9-]+\\.pipedrive\\.com$' }).upsertCompanies({ account, companies: [acme] }),
    );
    expect(failure).toMatchObject({ type: CRM_FAILURES.invalid, details: [{ field: 'apiDomain' }] });
    expect(fake.requests).toHaveLength(0);
  });

  it('lists the open and the won deals, page by page, not the lost one', async () => {
    const list = activities({ pageSize: 1 }).listExclusions;
    const all: CrmExclusion[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page: { exclusions: CrmExclusion[]; nextCursor: string | null } = await list({ account, cursor });
      all.push(...page.exclusions);
      cursor = page.nextCursor;
      if (cursor === null) break;
    }
    expect(cursor).toBeNull();
    expect(all.map(({ reason, domain, email: address, name }) => ({ reason, domain, email: address, name }))).toEqual([
      {
        reason: 'open-deal',
        domain: FAKE_PIPEDRIVE_SEED.open.domain,
        email: FAKE_PIPEDRIVE_SEED.open.email,
        name: FAKE_PIPEDRIVE_SEED.open.organization,
      },
      {
        reason: 'customer',
        domain: FAKE_PIPEDRIVE_SEED.won.domain,
        email: FAKE_PIPEDRIVE_SEED.won.email,
        name: FAKE_PIPEDRIVE_SEED.won.organization,
      },
    ]);
  });

  it('refreshes an expired OAuth token (client_secret_basic) and answers the new tokens', async () => {
    const config = {
      authorizationEndpoint: fake.authorizeUrl,
      tokenEndpoint: fake.tokenUrl,
      ...FAKE_PIPEDRIVE_CLIENT,
      scopes: ['contacts:full'],
    };
    const redirectUri = 'http://127.0.0.1:3000/api/integrations/crm/callback';
    const { url, codeVerifier } = authorizationRequest(config, { redirectUri, state: 's' });
    const { code } = await followAuthorization(url);
    const tokens = await exchangeCode(config, { code, redirectUri, codeVerifier }, { now: () => clock.now() });
    const { apiToken: _token, ...fields } = account;
    await clock.sleep(2 * 3600 * 1000);
    const answer = await activities().upsertCompanies({ account: { ...fields, oauth: tokens }, companies: [acme] });
    expect(answer.results[0]!.created).toBe(true);
    expect(answer.refreshedTokens?.accessToken).not.toBe(tokens.accessToken);
    const refresh = fake.requests.find(
      (request) => request.url.pathname === '/oauth/token' && request.body.includes('grant_type=refresh_token'),
    );
    expect(refresh?.headers.authorization).toMatch(/^Basic /);
  });
});
