import { randomBytes } from 'node:crypto';
import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModels, type Models } from '../../models.ts';
import { secretsBox } from '../../../core/secrets-box.ts';
import { createTemporalClient, type TemporalClient } from '../../../core/temporal/client.ts';
import { createMailbox } from '../../email/mailboxes/mailboxes.ts';
import { jsonClient, serveRouters } from '../../../../dev/testing/prospects-server.ts';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { campaignRunsRouter, campaignsRouter } from './routes.ts';
import { prospectsRouter } from '../prospects/routes.ts';
import { BUILT_IN_PIPELINES } from '../../built-in-pipelines.ts';

let connection: mongoose.Connection;
let db: Models;
// A draft campaign's GET and a PATCH of its fields never ask Temporal: this client points at nothing.
let temporal: TemporalClient;
let server: Awaited<ReturnType<typeof serveRouters>>;
const client = (workspace?: string) => jsonClient(server.url, workspace);
const patch = (workspace: string, id: number, body: unknown) =>
  fetch(`${server.url}/api/campaigns/${id}?workspace=${workspace}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const addMailbox = async (workspace: string, fromAddress: string) =>
  (
    await createMailbox(db, secretsBox(randomBytes(32)), workspace, {
      fromName: 'Alex Morgan',
      fromAddress,
      smtp: { host: 'smtp.brightline.test', port: 587, tls: 'starttls', user: fromAddress },
      password: 'app-password',
    })
  ).id;
const addProspect = async (workspace: string, email: string) => {
  const response = await client(workspace).post('/api/prospects', { firstName: 'Pat', lastName: 'Lee', company: 'Acme', email });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
};

beforeAll(async () => {
  connection = await openTestDatabase('campaigns-api');
  db = createModels(connection);
  await Promise.all([db.prospects.init(), db.counters.init(), db.campaigns.init(), db.mailboxes.init()]);
  temporal = createTemporalClient({ temporalAddress: '127.0.0.1:1', temporalNamespace: 'default' });
  const runner = { db, temporal: temporal.client, taskQueue: 'unused', activities: new Map(), builtIns: BUILT_IN_PIPELINES };
  server = await serveRouters(prospectsRouter(db), campaignsRouter(db), campaignRunsRouter(db, runner));
});
afterAll(async () => {
  await server.close();
  await temporal.connection.close();
  await connection.dropDatabase();
  await connection.close();
});

describe('/api/campaigns', () => {
  it('answers an empty array on a fresh workspace', async () => {
    const response = await client().get('/api/campaigns');
    expect([response.status, await response.json()]).toEqual([200, []]);
  });

  it("creates campaigns with sequential ids over the workspace's prospects and lists them oldest first", async () => {
    const [first, second] = [await addProspect('outreach', 'a@acme.io'), await addProspect('outreach', 'b@acme.io')];
    const created = await client('outreach').post('/api/campaigns', {
      name: '  Q3 fintech push ',
      status: 'active',
      prospectIds: [second, first, second],
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({
      id: 1,
      name: 'Q3 fintech push',
      status: 'active',
      prospectIds: [second, first],
      mailboxIds: [],
    });
    const draft = await client('outreach').post('/api/campaigns', { name: 'Later' });
    expect(await draft.json()).toEqual({ id: 2, name: 'Later', status: 'draft', prospectIds: [], mailboxIds: [] });
    expect(await (await client('outreach').get('/api/campaigns')).json()).toEqual([
      { id: 1, name: 'Q3 fintech push', status: 'active', prospectIds: [second, first], mailboxIds: [] },
      { id: 2, name: 'Later', status: 'draft', prospectIds: [], mailboxIds: [] },
    ]);
  });

  it('refuses prospect ids the workspace does not have, naming them, even when another workspace has them', async () => {
    const theirs = await addProspect('other-team', 'c@acme.io');
    const mine = await addProspect('my-team', 'd@acme.io');
    const response = await client('my-team').post('/api/campaigns', { name: 'Mixed', prospectIds: [mine, 41, theirs + 1, 42] });
    expect([response.status, await response.text()]).toEqual([422, `Unknown prospect ids in this workspace: 41, ${theirs + 1}, 42`]);
    expect(await (await client('my-team').get('/api/campaigns')).json()).toEqual([]);
  });

  it('names each invalid field in a 400', async () => {
    const response = await client().post('/api/campaigns', { name: '', status: 'archived', prospectIds: [1, 'two', 0], owner: 'me' });
    expect(response.status).toBe(400);
    const text = await response.text();
    for (const field of ['name:', 'status:', 'prospectIds.1:', 'prospectIds.2:', 'owner']) expect(text).toContain(field);
  });

  it("keeps workspaces apart: one workspace never lists another's campaigns", async () => {
    expect((await client('north').post('/api/campaigns', { name: 'North only' })).status).toBe(201);
    expect(await (await client('south').get('/api/campaigns')).json()).toEqual([]);
    expect(await (await client('north').get('/api/campaigns')).json()).toMatchObject([{ id: 1, name: 'North only' }]);
  });
});

describe("a campaign's sending mailboxes", () => {
  it('are set on create (repeats dropped), shown in the list and the detail, and replaced by PATCH', async () => {
    const [north, south] = [await addMailbox('senders', 'north@brightline.test'), await addMailbox('senders', 'south@brightline.test')];
    const created = await client('senders').post('/api/campaigns', { name: 'Two mailboxes', mailboxIds: [south, north, south] });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect(await (await client('senders').get('/api/campaigns')).json()).toMatchObject([{ id, mailboxIds: [south, north] }]);
    expect(await (await client('senders').get(`/api/campaigns/${id}`)).json()).toMatchObject({ id, mailboxIds: [south, north] });

    const narrowed = await patch('senders', id, { mailboxIds: [north] });
    expect(narrowed.status).toBe(200);
    expect(await narrowed.json()).toMatchObject({ campaign: { id, name: 'Two mailboxes', mailboxIds: [north] } });
    const cleared = await patch('senders', id, { mailboxIds: [] });
    expect(await cleared.json()).toMatchObject({ campaign: { mailboxIds: [] } });
    // A PATCH that leaves them out keeps them.
    await patch('senders', id, { mailboxIds: [south] });
    expect(await (await patch('senders', id, { name: 'Renamed' })).json()).toMatchObject({
      campaign: { name: 'Renamed', mailboxIds: [south] },
    });
  });

  it('refuses mailbox ids the workspace does not have, naming them, even when another workspace has them', async () => {
    const theirs = await addMailbox('their-team', 'theirs@brightline.test');
    const mine = await addMailbox('our-team', 'ours@brightline.test');
    const refused = await client('our-team').post('/api/campaigns', { name: 'Mixed', mailboxIds: [mine, theirs, 'feedface', theirs] });
    expect([refused.status, await refused.text()]).toEqual([422, `Unknown mailbox ids in this workspace: ${theirs}, feedface`]);
    expect(await (await client('our-team').get('/api/campaigns')).json()).toEqual([]);

    const created = await client('our-team').post('/api/campaigns', { name: 'Ours', mailboxIds: [mine] });
    const { id } = (await created.json()) as { id: number };
    const patched = await patch('our-team', id, { name: 'Not saved', mailboxIds: [theirs] });
    expect([patched.status, await patched.text()]).toEqual([422, `Unknown mailbox ids in this workspace: ${theirs}`]);
    expect(await (await client('our-team').get(`/api/campaigns/${id}`)).json()).toMatchObject({ name: 'Ours', mailboxIds: [mine] });
    // The other workspace sees neither the campaign nor a way to change it.
    expect((await client('their-team').get(`/api/campaigns/${id}`)).status).toBe(404);
    expect((await patch('their-team', id, { mailboxIds: [theirs] })).status).toBe(404);
  });

  it('names an invalid mailboxIds in a 400', async () => {
    const response = await client('senders').post('/api/campaigns', { name: 'Bad', mailboxIds: ['', 7] });
    const text = await response.text();
    expect(response.status).toBe(400);
    for (const field of ['mailboxIds.0:', 'mailboxIds.1:']) expect(text).toContain(field);
  });

  it('reads a campaign saved before the field existed as sending through every active mailbox', async () => {
    await db.campaigns.collection.insertOne({ workspaceId: 'old-docs', id: 1, name: 'Old', status: 'draft', prospectIds: [], batches: [] });
    expect(await (await client('old-docs').get('/api/campaigns')).json()).toEqual([
      { id: 1, name: 'Old', status: 'draft', prospectIds: [], mailboxIds: [] },
    ]);
    expect(await (await client('old-docs').get('/api/campaigns/1')).json()).toMatchObject({ mailboxIds: [] });
  });
});
