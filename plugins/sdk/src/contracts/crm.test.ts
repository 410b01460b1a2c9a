import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startLoopbackServer, type LoopbackAnswer } from '../oauth/testing.ts';
import { CRM_ACTIVITIES, defineManifest, definePlugin, type AnyPlugin } from '../manifest.ts';
import { serverOnly } from '../step-config.ts';
import { steppingClock } from '../testing.ts';
import { manifestProblems } from '../validate.ts';
import {
  CRM_FAILURES,
  crmActivitySchema,
  crmClient,
  crmCompanySchema,
  crmRequest,
  crmTokensSchema,
  isCrmFailure,
  type CrmHttpSettings,
} from './crm.ts';

function crmPlugin(id: string, overrides: Record<string, unknown>): AnyPlugin {
  const account = z.object({ apiToken: z.string().optional(), oauth: crmTokensSchema.optional() });
  const output = z.object({ refreshedTokens: crmTokensSchema.optional() });
  const activity = { description: 'Does it', access: 'internal', input: z.object({ account }), output, inProcess: true };
  const manifest = defineManifest({
    id,
    name: 'Sample CRM',
    version: '1.0.0',
    description: 'A CRM for tests',
    kind: 'crm',
    ui: { icon: 'database', color: '#000000', category: 'CRMs' },
    crm: {
      displayName: 'Sample CRM',
      credentials: [
        { key: 'apiToken', label: 'API token', secret: true },
        { key: 'oauth', label: 'Connection', secret: true },
      ],
      credentialsTest: 'A wrong token fails with CrmAuthRefused.',
      oauth: {
        authorizationEndpoint: 'https://crm.example/oauth/authorize',
        tokenEndpoint: 'https://crm.example/oauth/token',
        scopes: ['write'],
        clientIdEnv: 'MEETFLOW_SAMPLE_CLIENT_ID',
        clientSecretEnv: 'MEETFLOW_SAMPLE_CLIENT_SECRET',
        tokensField: 'oauth',
      },
      idempotency: { company: 'by id', contact: 'by email', activity: 'by marker' },
    },
    config: z.object({
      clientId: serverOnly(z.string().default('').describe('Client id.')),
      clientSecret: serverOnly(z.string().default('').describe('Client secret.')),
    }),
    activities: Object.fromEntries(CRM_ACTIVITIES.map((name) => [name, activity])) as Record<string, typeof activity>,
  } as never);
  return definePlugin({ ...(manifest as object), ...overrides } as never, () => ({}) as never) as unknown as AnyPlugin;
}

describe('the crm plugin kind', () => {
  it('accepts a CRM with its section, OAuth and every CRM activity in-process', () => {
    expect(manifestProblems(crmPlugin('crm-sample', {}))).toEqual([]);
  });

  it('names every missing part of a CRM section', () => {
    const base = crmPlugin('crm-base', {}).manifest;
    const { listExclusions: _left, ...activities } = base.activities;
    const odd = crmPlugin('crm-odd', {
      crm: {
        ...base.crm,
        displayName: '',
        idempotency: { company: 'by id', contact: '' },
        oauth: { ...base.crm!.oauth, tokenEndpoint: 'http://crm.example/token', clientIdEnv: 'CLIENT_ID', tokensField: 'tokens' },
      },
      config: z.object({ clientSecret: serverOnly(z.string().default('').describe('Client secret.')) }),
      activities: { ...activities, logActivity: { ...activities.logActivity!, inProcess: false, access: 'public' } },
    });
    expect(manifestProblems(odd)).toEqual([
      'crm.displayName is missing',
      'crm.idempotency.contact is missing (how a second write of one contact finds the first)',
      'crm.idempotency.activity is missing (how a second write of one activity finds the first)',
      'crm.oauth.tokenEndpoint must be an https URL',
      'crm.oauth.clientIdEnv must name an environment variable (MEETFLOW_…)',
      'an OAuth CRM\'s config has a server-only string field "clientId" (from crm.oauth.clientIdEnv)',
      'crm.oauth.tokensField "tokens" is not one of crm.credentials',
      'a CRM\'s upsertCompanies takes the OAuth tokens as its account\'s "tokens"',
      'a CRM\'s upsertContacts takes the OAuth tokens as its account\'s "tokens"',
      'a CRM\'s logActivity takes the OAuth tokens as its account\'s "tokens"',
      "a CRM's logActivity is inProcess (its input carries the account's secret)",
      'a CRM plugin provides the listExclusions activity',
    ]);
    expect(manifestProblems(crmPlugin('crm-bare', { crm: undefined }))).toEqual([
      'a CRM plugin needs a crm section (displayName, credentials, credentialsTest, idempotency)',
    ]);
    // A plugin of kind crm that is no CRM at all (no section, no CRM activity) is not held to it.
    const plain = { say: { description: 'Says it', access: 'public', input: z.object({}), output: z.object({}) } };
    expect(manifestProblems(crmPlugin('crm-plain', { crm: undefined, activities: plain }))).toEqual([]);
    expect(manifestProblems(crmPlugin('not-a-crm', { kind: 'agent' }))).toContain('only a plugin of kind "crm" declares a crm section');
  });
});

describe('the CRM records', () => {
  it('reads a domain from a website address, and refuses what is not one', () => {
    expect(crmCompanySchema.parse({ externalId: 'c:1', domain: 'https://www.Acme.io/about?x=1', name: 'Acme' }).domain).toBe('acme.io');
    expect(crmCompanySchema.safeParse({ externalId: 'c:1', domain: 'not a domain', name: 'Acme' }).success).toBe(false);
    expect(crmCompanySchema.safeParse({ externalId: "c'1", domain: 'acme.io', name: 'Acme' }).success).toBe(false);
  });

  it('refuses a meeting that ends before it starts', () => {
    const meeting = {
      externalId: 'm:1',
      kind: 'meeting',
      contactExternalId: 'p:1',
      contactEmail: 'a@b.io',
      subject: 'Call',
      at: '2026-12-01T10:00:00Z',
    };
    expect(crmActivitySchema.safeParse({ ...meeting, endAt: '2026-12-01T09:00:00Z' }).success).toBe(false);
    expect(crmActivitySchema.parse(meeting)).toMatchObject({ endAt: null, body: '', direction: 'outgoing' });
  });
});

describe('crmRequest', () => {
  async function serve(answers: LoopbackAnswer[]) {
    const server = await startLoopbackServer(() => answers.shift() ?? { status: 200, body: { ok: true } });
    return server;
  }
  const settings = (clock = steppingClock('2026-11-29T10:00:00Z')): CrmHttpSettings => ({
    provider: 'Sample',
    clock,
    timeoutMs: 2000,
    attempts: 3,
    maxRetryAfterSeconds: 30,
    readError: (body) => (body && typeof body === 'object' && 'field' in body ? { field: String(body.field), message: 'bad value' } : {}),
  });
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a failure');
      },
      (error: unknown) => {
        expect(isCrmFailure(error)).toBe(true);
        return error as { type: string; message: string; nonRetryable: boolean; nextRetryDelay?: unknown };
      },
    );

  it('honours a Retry-After given as an HTTP date, on the clock', async () => {
    const clock = steppingClock('2026-11-29T10:00:00Z');
    const server = await serve([{ status: 429, headers: { 'retry-after': 'Sun, 29 Nov 2026 10:00:12 GMT' } }]);
    const response = await crmRequest(settings(clock), { method: 'GET', url: `${server.origin}/x`, doing: 'reading', idempotent: true });
    expect(response.body).toEqual({ ok: true });
    expect(clock.waits).toEqual([12_000]);
    await server.close();
  });

  it('does not repeat a create after a 5xx (the retry must look it up first)', async () => {
    const clock = steppingClock('2026-11-29T10:00:00Z');
    const server = await serve([{ status: 503 }]);
    const failure = await failureOf(
      crmRequest(settings(clock), { method: 'POST', url: `${server.origin}/x`, body: {}, doing: 'creating', idempotent: false }),
    );
    expect(failure).toMatchObject({ type: CRM_FAILURES.unavailable, nonRetryable: false });
    expect(server.requests).toHaveLength(1);
    expect(clock.waits).toEqual([]);
    await server.close();
  });

  it('fails retryably when the CRM cannot be reached', async () => {
    const server = await serve([]);
    const url = `${server.origin}/x`;
    await server.close();
    const failure = await failureOf(crmRequest(settings(), { method: 'GET', url, doing: 'reading', idempotent: true }));
    expect(failure).toMatchObject({ type: CRM_FAILURES.unavailable, message: 'reading: Sample could not be reached' });
  });

  it('names the field of a 422 and calls any other 4xx refused', async () => {
    const server = await serve([
      { status: 422, body: { field: 'email' } },
      { status: 404, body: {} },
    ]);
    const invalid = await failureOf(
      crmRequest(settings(), { method: 'POST', url: `${server.origin}/x`, body: {}, doing: 'writing', idempotent: true }),
    );
    expect(invalid).toMatchObject({
      type: CRM_FAILURES.invalid,
      nonRetryable: true,
      message: 'writing: Sample refused the field "email" (422): bad value',
    });
    const refused = await failureOf(
      crmRequest(settings(), { method: 'GET', url: `${server.origin}/x`, doing: 'reading', idempotent: true }),
    );
    expect(refused).toMatchObject({ type: CRM_FAILURES.refused, nonRetryable: true });
    await server.close();
  });

  it('refreshes OAuth tokens due to expire before the call, with the header built from the new token', async () => {
    const clock = steppingClock('2026-11-29T10:00:00Z');
    const server = await serve([]);
    const client = crmClient(settings(clock), {
      kind: 'oauth',
      tokens: { accessToken: 'old', refreshToken: 'r', expiresAt: '2026-11-29T10:00:30Z' },
      refresh: async (tokens) => ({ ...tokens, accessToken: 'new', expiresAt: '2026-11-29T11:00:00Z' }),
      headers: (token) => ({ authorization: `Bearer ${token}` }),
    });
    await client.request({ method: 'GET', url: `${server.origin}/x`, doing: 'reading', idempotent: true });
    expect(server.requests[0]!.headers.authorization).toBe('Bearer new');
    expect(client.refreshedTokens()?.accessToken).toBe('new');
    await server.close();
  });
});
