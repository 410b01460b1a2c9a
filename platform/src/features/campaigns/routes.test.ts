import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignModel } from './model.ts';
import { counterModel } from '../../core/db/counter.ts';
import { savedPipelineModel } from '../pipelines/model.ts';
import { prospectModel } from '../prospects/model.ts';
import { jsonClient, serveRouters } from '../../../dev/testing/prospects-server.ts';
import { openTestDatabase } from '../../../dev/testing/database.ts';
import { campaignsRouter } from './routes.ts';
import { prospectsRouter } from '../prospects/routes.ts';

let connection: mongoose.Connection;
let server: Awaited<ReturnType<typeof serveRouters>>;
const client = (workspace?: string) => jsonClient(server.url, workspace);
const addProspect = async (workspace: string, email: string) => {
  const response = await client(workspace).post('/api/prospects', { firstName: 'Pat', lastName: 'Lee', company: 'Acme', email });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
};

beforeAll(async () => {
  connection = await openTestDatabase('campaigns-api');
  const db = {
    prospects: prospectModel(connection),
    counters: counterModel(connection),
    campaigns: campaignModel(connection),
    pipelines: savedPipelineModel(connection),
  };
  await Promise.all([db.prospects.init(), db.counters.init(), db.campaigns.init()]);
  server = await serveRouters(prospectsRouter(db), campaignsRouter(db));
});
afterAll(async () => {
  await server.close();
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
    expect(await created.json()).toEqual({ id: 1, name: 'Q3 fintech push', status: 'active', prospectIds: [second, first] });
    const draft = await client('outreach').post('/api/campaigns', { name: 'Later' });
    expect(await draft.json()).toEqual({ id: 2, name: 'Later', status: 'draft', prospectIds: [] });
    expect(await (await client('outreach').get('/api/campaigns')).json()).toEqual([
      { id: 1, name: 'Q3 fintech push', status: 'active', prospectIds: [second, first] },
      { id: 2, name: 'Later', status: 'draft', prospectIds: [] },
    ]);
  });

  it('refuses prospect ids the workspace does not have, naming them, even when another workspace has them', async () => {
    const theirs = await addProspect('other-team', 'c@acme.io');
    const mine = await addProspect('my-team', 'd@acme.io');
    const response = await client('my-team').post('/api/campaigns', { name: 'Mixed', prospectIds: [mine, 41, theirs + 1, 42] });
    expect([response.status, await response.text()]).toEqual([400, `Unknown prospect ids in this workspace: 41, ${theirs + 1}, 42`]);
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
