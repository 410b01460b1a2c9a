// The CRM connection, its durable sync and discovery's exclusions, against the local fake HubSpot
// (plugins/crm-hubspot/src/testing.ts): the plugin is the installed one, called in process as the
// worker calls it; the sync runs as its workflow on the run's Temporal server.
import { bodyParser } from '@koa/bodyparser';
import { CRM_FAILURES } from '@meetflow/plugin-sdk';
import { steppingClock } from '@meetflow/plugin-sdk/testing';
import { FAKE_HUBSPOT_SEED, FAKE_HUBSPOT_TOKEN, startFakeHubSpot, type FakeHubSpot } from '@meetflow/plugin-crm-hubspot/testing';
import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import Koa from 'koa';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveForTest } from '../../../../dev/testing/http.ts';
import type { Authenticator, Role } from '../../../core/access.ts';
import { authentication } from '../../../core/http/access-check.ts';
import { errorMiddleware } from '../../../core/http/error-middleware.ts';
import type { SecretsBox } from '../../../core/secrets-box.ts';
import type { Models } from '../../models.ts';
import { industryExclusions, withCrmExclusions } from '../../prospecting/discovery/exclusions.ts';
import { installedPlugins } from '../../runs/plugins/installed.ts';
import { PluginHost } from '../../runs/plugins/host.ts';
import { connectCrm, crmProviders, disconnectCrm, testCrm } from './connections.ts';
import type { CrmConnection } from './model.ts';
import { crmRouter } from './routes.ts';
import { workspaceOfRun } from './run.ts';
import { syncPage } from './sync.ts';
import { crmWorkspace as workspace, startCrmTestbed, type CrmTestbed } from '../../../../dev/testing/crm-testbed.ts';

let bed: CrmTestbed;
let db: Models;
let box: SecretsBox;
let fake: FakeHubSpot;
let host: PluginHost;

beforeAll(async () => {
  fake = await startFakeHubSpot();
  host = PluginHost.load(installedPlugins, { 'crm-hubspot': { baseUrl: fake.baseUrl, timeoutSeconds: 5 } });
  bed = await startCrmTestbed('crm', host);
  ({ db, box } = bed);
}, 60_000);

afterAll(async () => {
  await bed?.stop();
  await fake?.close();
});

const deps: CrmTestbed['deps'] = (over) => bed.deps(over);
const connect = (workspaceId: string) =>
  connectCrm(deps(), workspaceId, { pluginId: 'crm-hubspot', account: { privateAppToken: FAKE_HUBSPOT_TOKEN } }, 'user:test');
const connectionOf = (workspaceId: string) => bed.connectionOf(workspaceId);
const prospect: CrmTestbed['prospect'] = (...args) => bed.prospect(...args);
const emailSent: CrmTestbed['emailSent'] = (...args) => bed.emailSent(...args);
const meetingBooked: CrmTestbed['meetingBooked'] = (...args) => bed.meetingBooked(...args);
const syncNow = (workspaceId: string) => bed.syncNow(workspaceId);

const withKey = (type: 'companies' | 'contacts', key: string) =>
  fake.objects(type).filter((object) => object.properties.meetflow_id === key);

describe('connecting a CRM', () => {
  it('lists HubSpot and Pipedrive with their forms and their sign-ins, Salesforce with OAuth only', () => {
    const providers = crmProviders(host);
    // No OAuth client is set up on this host: the variables to set are named.
    expect(providers.find((p) => p.pluginId === 'crm-hubspot')).toMatchObject({
      connectWith: ['fields', 'oauth'],
      fields: [{ key: 'privateAppToken', secret: true }],
      oauth: { configured: false, missing: ['MEETFLOW_HUBSPOT_CLIENT_ID', 'MEETFLOW_HUBSPOT_CLIENT_SECRET'] },
    });
    // Its sign-in asks first for the form's settings that are not secret (its two field keys: no sign-in answers them).
    expect(providers.find((p) => p.pluginId === 'crm-pipedrive')).toMatchObject({
      connectWith: ['fields', 'oauth'],
      oauth: { configured: false, missing: ['MEETFLOW_PIPEDRIVE_CLIENT_ID', 'MEETFLOW_PIPEDRIVE_CLIENT_SECRET'] },
    });
    expect(providers.find((p) => p.pluginId === 'crm-salesforce')).toMatchObject({ connectWith: ['oauth'], fields: [] });
  });

  it('stores the token sealed only after the CRM answered; a refused token is a 422 and an unreachable CRM a 503, nothing stored', async () => {
    const id = workspace();
    const refused = connectCrm(deps(), id, { pluginId: 'crm-hubspot', account: { privateAppToken: 'pat-wrong' } }, null);
    await expect(refused).rejects.toMatchObject({ name: 'UnprocessableError', message: expect.stringContaining('refused the token') });
    const closed = PluginHost.load(installedPlugins, { 'crm-hubspot': { baseUrl: 'http://127.0.0.1:9', timeoutSeconds: 1 } });
    const unreachable = connectCrm(
      deps({ host: closed, clock: steppingClock('2026-11-30T00:00:00Z') }),
      id,
      {
        pluginId: 'crm-hubspot',
        account: { privateAppToken: FAKE_HUBSPOT_TOKEN },
      },
      null,
    );
    await expect(unreachable).rejects.toMatchObject({ name: 'ServiceUnavailableError' });
    expect(await connectionOf(id)).toBeNull();
    await expect(
      connectCrm(deps(), id, { pluginId: 'crm-salesforce', account: { instanceUrl: 'https://x.my.salesforce.com' } }, null),
    ).rejects.toMatchObject({ name: 'UnprocessableError', message: expect.stringContaining('OAuth') });
    await expect(connectCrm(deps(), id, { pluginId: 'crm-hubspot', account: { apiKey: 'x' } }, null)).rejects.toMatchObject({
      name: 'InputError',
    });

    const connected = await connect(id);
    expect(connected.fields).toEqual({});
    expect(JSON.stringify(await connectionOf(id))).not.toContain(FAKE_HUBSPOT_TOKEN);
    expect(await testCrm(deps(), id, connected.publicId)).toEqual({ ok: true });
    await expect(connect(id)).rejects.toMatchObject({ name: 'ConflictError' });
  });
});

describe('the sync', () => {
  it('writes companies, contacts, the email sent and the meeting booked once, however often it runs', async () => {
    const id = workspace();
    await prospect(id, 1, 'jane.doe@acme-robotics.test', 'Acme Robotics', 'https://www.acme-robotics.test/about');
    await prospect(id, 2, 'omar.lee@acme-robotics.test', 'Acme Robotics', null);
    await emailSent(id, 1, '64b000000000000000000001');
    await meetingBooked(id, 2, 'mtg-1');
    await connect(id);

    const first = await syncNow(id);
    expect(first.sync).toMatchObject({ error: null, cursor: 4, counts: { created: 5, updated: 0, failed: 0 } });
    expect(withKey('companies', 'company:acme-robotics.test')).toHaveLength(1);
    expect(withKey('contacts', 'prospect:1')).toHaveLength(1);
    expect(withKey('contacts', 'prospect:2')).toHaveLength(1);
    const logged = () =>
      fake
        .activityLog()
        .filter((entry) => ['email:64b000000000000000000001', `meeting:mtg-1`].includes(entry.properties.meetflow_id ?? ''));
    expect(logged().map((entry) => [entry.kind, entry.contactEmails])).toEqual([
      ['email', ['jane.doe@acme-robotics.test']],
      ['meeting', ['omar.lee@acme-robotics.test']],
    ]);

    // Nothing new: the cursor leaves nothing to do, so nothing is sent to the CRM.
    const requests = fake.requests.length;
    expect((await syncNow(id)).sync.counts).toEqual({ created: 0, updated: 0, skipped: 0, failed: 0 });
    expect(fake.requests.filter((request) => request.url.pathname.includes('/batch/upsert')).length).toBeLessThanOrEqual(
      fake.requests.slice(0, requests).filter((request) => request.url.pathname.includes('/batch/upsert')).length,
    );

    // A page redone (its answer lost before the cursor moved): upserts find their records, activities are skipped.
    await db.crmConnections.updateOne({ workspaceId: id }, { $set: { 'sync.cursor': 0 } });
    const again = await syncNow(id);
    expect(again.sync.counts).toMatchObject({ created: 0, updated: 3, skipped: 2, failed: 0 });
    expect(withKey('companies', 'company:acme-robotics.test')).toHaveLength(1);
    expect(withKey('contacts', 'prospect:1')).toHaveLength(1);
    expect(logged()).toHaveLength(2);

    const log = await db.crmSyncLog.find({ workspaceId: id }).lean();
    expect(log.map((row) => [row.object, row.externalId, row.error]).sort()).toEqual([
      ['company', 'company:acme-robotics.test', null],
      ['contact', 'prospect:1', null],
      ['contact', 'prospect:2', null],
      ['email', 'email:64b000000000000000000001', null],
      ['meeting', 'meeting:mtg-1', null],
    ]);
    expect(log.every((row) => row.crmId)).toBe(true);
  });

  it('reads the CRM customers and open deals, and discovery leaves them out', async () => {
    const id = workspace();
    await connect(id);
    const synced = await syncNow(id);
    expect(synced.sync.exclusions.count).toBeGreaterThanOrEqual(2);
    const exclusions = await withCrmExclusions(industryExclusions([]), db, id);
    const person = (email: string, companyDomain: string) => ({ email, companyDomain, industry: null });
    expect(exclusions.reasonOf(person('ana@ledgerly.io', FAKE_HUBSPOT_SEED.customer.domain))).toBe('inCrm');
    expect(exclusions.reasonOf(person('ben@brightforge.com', FAKE_HUBSPOT_SEED.openDeal.domain))).toBe('inCrm');
    expect(exclusions.reasonOf(person(FAKE_HUBSPOT_SEED.customerContact, 'elsewhere.test'))).toBe('inCrm');
    // A lost deal excludes nothing; nor does another workspace's CRM.
    expect(exclusions.reasonOf(person('cy@harborline.com', FAKE_HUBSPOT_SEED.closedLost.domain))).toBeNull();
    const other = await withCrmExclusions(industryExclusions([]), db, workspace());
    expect(other.reasonOf(person('ana@ledgerly.io', 'ledgerly.io'))).toBeNull();
    // Disconnecting drops them.
    await disconnectCrm(deps(), id, synced.publicId);
    expect((await withCrmExclusions(industryExclusions([]), db, id)).reasonOf(person('ana@ledgerly.io', 'ledgerly.io'))).toBeNull();
  });

  it("waits a 429's Retry-After and goes on; a longer one fails the page retryably after it, the cursor kept", async () => {
    const id = workspace();
    await prospect(id, 1, 'rae.kim@quill.test', 'Quill', 'https://quill.test');
    await connect(id);
    const clock = steppingClock('2026-11-30T09:00:00Z');
    fake.fail({ status: 429, retryAfter: '120', path: '/companies/batch/upsert' });
    const failure = await syncPage(deps({ clock }), id).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: CRM_FAILURES.unavailable, nonRetryable: false });
    // The activity's retry waits what the CRM asked (Temporal's nextRetryDelay), not its own back-off.
    expect((failure as ApplicationFailure).nextRetryDelay).toBe(120_000);
    expect((await connectionOf(id))?.sync.cursor).toBe(0);

    fake.fail({ status: 429, retryAfter: '7', path: '/companies/batch/upsert' });
    const page = await syncPage(deps({ clock }), id);
    expect(clock.waits).toContain(7_000);
    expect(page.counts).toMatchObject({ created: 2, failed: 0 });
    expect((await connectionOf(id))?.sync.cursor).toBe(1);
    expect(withKey('companies', 'company:quill.test')).toHaveLength(1);
  });

  it('stops when the CRM refuses the token, saying to reconnect', async () => {
    const id = workspace();
    await prospect(id, 1, 'sol.park@tern.test', 'Tern', 'https://tern.test');
    const connected = await connect(id);
    const { sealCrmSecret } = await import('./connection-secret.ts');
    await db.crmConnections.updateOne(
      { workspaceId: id },
      { $set: { secret: sealCrmSecret(box, { workspaceId: id, publicId: connected.publicId }, { privateAppToken: 'pat-revoked' }) } },
    );
    const synced = await syncNow(id);
    expect(synced.sync.error).toMatch(/reconnect the account/);
    expect(synced.sync.cursor).toBe(0);
  });

  it('takes its workspace from the workflow that runs it, never from an input', async () => {
    const silent = { logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} } };
    const other = new MockActivityEnvironment(
      { workflowType: 'runPipeline', workflowExecution: { workflowId: 'crm-sync:victim', runId: 'r' } },
      silent,
    );
    await expect(other.run(async () => workspaceOfRun())).rejects.toMatchObject({ type: 'NotACrmSync' });
    const own = new MockActivityEnvironment(
      { workflowType: 'crmSync', workflowExecution: { workflowId: 'crm-sync:ws-a', runId: 'r' } },
      silent,
    );
    expect(await own.run(async () => workspaceOfRun())).toBe('ws-a');
  });
});

describe('/api/crm', () => {
  const a = workspace();
  const b = workspace();
  const members: Record<string, Record<string, Role>> = { alice: { [a]: 'owner' }, vic: { [a]: 'viewer' }, bob: { [b]: 'admin' } };
  const asHeader: Authenticator = async (ctx) => {
    const who = ctx.get('x-test-as');
    return {
      id: `user:${who}`,
      kind: 'user',
      userId: who,
      roleIn: async (slug) => members[who]?.[slug] ?? null,
      defaultWorkspace: async () => Object.keys(members[who] ?? {})[0] ?? null,
      describe: async () => who,
    };
  };
  let url: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const app = new Koa();
    app.silent = true;
    app.use(errorMiddleware(pino({ level: 'silent' })));
    app.use(authentication(asHeader));
    app.use(bodyParser({ enableTypes: ['json'] }));
    const router = crmRouter({ db, secrets: box, host, workflows: { client: bed.client, taskQueue: bed.taskQueue } });
    app.use(router.routes()).use(router.allowedMethods());
    ({ url, close } = await serveForTest(app));
  });
  afterAll(() => close());
  const call = (who: string, method: string, path: string, workspaceId: string, body?: unknown) =>
    fetch(`${url}${path}?workspace=${workspaceId}`, {
      method,
      headers: { 'x-test-as': who, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('lets admins connect, test, sync and disconnect; viewers only read; another workspace can do nothing with it', async () => {
    const connectBody = { pluginId: 'crm-hubspot', account: { privateAppToken: FAKE_HUBSPOT_TOKEN } };
    expect((await call('vic', 'POST', '/api/crm', a, connectBody)).status).toBe(403);
    const created = await call('alice', 'POST', '/api/crm', a, connectBody);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const seen = (await (await call('vic', 'GET', '/api/crm', a)).json()) as { connection: { id: string; secretSet: boolean } };
    expect(seen.connection).toMatchObject({ id, secretSet: true });
    expect(JSON.stringify(seen)).not.toContain(FAKE_HUBSPOT_TOKEN);
    for (const [method, path] of [
      ['POST', `/api/crm/${id}/sync`],
      ['POST', `/api/crm/${id}/test`],
      ['DELETE', `/api/crm/${id}`],
    ] as const) {
      expect((await call('vic', method, path, a)).status, `viewer ${method} ${path}`).toBe(403);
      expect((await call('bob', method, path, b)).status, `B ${method} ${path}`).toBe(404);
      expect((await call('bob', method, path, a)).status, `B in A ${method} ${path}`).toBe(404);
    }
    expect((await call('bob', 'GET', '/api/crm', a)).status).toBe(404);
    expect(((await (await call('bob', 'GET', '/api/crm', b)).json()) as { connection: unknown }).connection).toBeNull();
    expect((await call('alice', 'POST', `/api/crm/${id}/sync`, a)).status).toBe(202);
    expect(await (await call('alice', 'POST', `/api/crm/${id}/test`, a)).json()).toEqual({ ok: true });
    expect((await call('alice', 'DELETE', `/api/crm/${id}`, a)).status).toBe(200);
    expect(((await (await call('vic', 'GET', '/api/crm', a)).json()) as { connection: unknown }).connection).toBeNull();
  });

  it('disconnecting a typed token asks nothing of HubSpot and tells the user to revoke the token there', async () => {
    const created = await call('alice', 'POST', '/api/crm', a, {
      pluginId: 'crm-hubspot',
      account: { privateAppToken: FAKE_HUBSPOT_TOKEN },
    });
    const { id } = (await created.json()) as { id: string };
    // The first sync the connect asked for may call HubSpot: wait until it ended, so any later call is the disconnect's.
    await vi.waitFor(
      async () => {
        const connection = await db.crmConnections.findOne({ workspaceId: a }).lean<CrmConnection>();
        if (!connection?.sync.at || connection.sync.running) throw new Error('not synced yet');
      },
      { timeout: 60_000, interval: 100 },
    );
    const requests = fake.requests.length;
    const removed = await call('alice', 'DELETE', `/api/crm/${id}`, a);
    expect([removed.status, await removed.json()]).toEqual([
      200,
      {
        removed: true,
        revoked: false,
        warning:
          'Meetflow deleted its copy of the token you typed in, but cannot revoke it: revoke it in HubSpot yourself if nothing else uses it.',
      },
    ]);
    expect(fake.requests.slice(requests)).toEqual([]);
  });
});
