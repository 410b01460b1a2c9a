// Pipedrive connected and synced through the platform, as crm.test.ts does HubSpot, against the
// local fake Pipedrive (plugins/crm-pipedrive/src/testing.ts): connected with its form's fields, the
// plugin called in process as the worker calls it, the sync as its workflow on the run's Temporal server.
import {
  FAKE_PIPEDRIVE_FIELDS,
  FAKE_PIPEDRIVE_SEED,
  FAKE_PIPEDRIVE_TOKEN,
  startFakePipedrive,
  type FakePipedrive,
} from '@meetflow/plugin-crm-pipedrive/testing';
import { steppingClock } from '@meetflow/plugin-sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveRouters } from '../../../../dev/testing/http.ts';
import { publishEvent } from '../../../core/events.ts';
import { systemRunContext } from '../../../core/run-context.ts';
import { industryExclusions, withCrmExclusions } from '../../prospecting/discovery/exclusions.ts';
import { PluginHost } from '../../runs/plugins/host.ts';
import { installedPlugins } from '../../runs/plugins/installed.ts';
import { openCrmSecret } from './connection-secret.ts';
import { connectCrm } from './connections.ts';
import { crmRouter } from './routes.ts';
import { syncPage } from './sync.ts';
import { crmWorkspace as workspace, startCrmTestbed, type CrmTestbed } from '../../../../dev/testing/crm-testbed.ts';

let fake: FakePipedrive;
let bed: CrmTestbed;
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  fake = await startFakePipedrive();
  // The fake listens on loopback: the plugin sends its token only to addresses this pattern allows.
  const host = PluginHost.load(installedPlugins, {
    'crm-pipedrive': { apiDomainPattern: '^http://127\\.0\\.0\\.1:\\d+$', timeoutSeconds: 5 },
  });
  bed = await startCrmTestbed('crm-pipedrive', host);
  ({ url, close } = await serveRouters(crmRouter({ ...bed.deps(), workflows: { client: bed.client, taskQueue: bed.taskQueue } })));
}, 60_000);

afterAll(async () => {
  await close?.();
  await bed?.stop();
  await fake?.close();
});

/** The connect form's fields, as a user fills them in for the fake's company. */
const form = (apiToken = FAKE_PIPEDRIVE_TOKEN) => ({ apiDomain: fake.apiDomain, apiToken, ...FAKE_PIPEDRIVE_FIELDS });
const connect = (workspaceId: string) => connectCrm(bed.deps(), workspaceId, { pluginId: 'crm-pipedrive', account: form() }, 'user:test');
const organizationsWithKey = (key: string) =>
  fake.organizations().filter((organization) => organization.custom_fields[FAKE_PIPEDRIVE_FIELDS.organizationIdField] === key);
const personsWithEmail = (email: string) => fake.persons().filter((person) => person.emails.some((entry) => entry.value === email));

describe('connecting Pipedrive', () => {
  const post = (workspaceId: string, account: Record<string, string>) =>
    fetch(`${url}/api/crm?workspace=${workspaceId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pluginId: 'crm-pipedrive', account }),
    });

  it('refuses a token Pipedrive refuses with a 422, storing nothing', async () => {
    const id = workspace();
    const refused = await post(id, form('0000000000000000000000000000000000000000'));
    expect(refused.status).toBe(422);
    expect(await refused.text()).toMatch(/^The CRM refused the token \(.+\): check it, or connect again\. Nothing was connected\.$/);
    expect(await bed.connectionOf(id)).toBeNull();
  });

  it('connects with its form: 201, the company address and field keys kept, the API token sealed only', async () => {
    const id = workspace();
    const created = await post(id, form());
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ pluginId: 'crm-pipedrive', provider: 'Pipedrive', auth: 'fields', secretSet: true });
    const stored = (await bed.connectionOf(id))!;
    expect(stored.fields).toEqual({ apiDomain: fake.apiDomain, ...FAKE_PIPEDRIVE_FIELDS });
    expect(JSON.stringify(stored)).not.toContain(FAKE_PIPEDRIVE_TOKEN);
    expect(openCrmSecret(bed.box, stored)).toEqual({ apiToken: FAKE_PIPEDRIVE_TOKEN });
  });
});

describe('the Pipedrive sync', () => {
  it('writes one organization, one person each, and the email sent and the meeting booked once, however often it runs', async () => {
    const id = workspace();
    await bed.prospect(id, 1, 'jane.doe@acme-robotics.test', 'Acme Robotics', 'https://www.acme-robotics.test/about');
    await bed.prospect(id, 2, 'omar.lee@acme-robotics.test', 'Acme Robotics', null);
    await bed.emailSent(id, 1, '64b000000000000000000001');
    await bed.meetingBooked(id, 2, 'mtg-1');
    await connect(id);

    const first = await bed.syncNow(id);
    expect(first.sync).toMatchObject({ error: null, cursor: 4, counts: { created: 5, updated: 0, failed: 0 } });
    const organization = organizationsWithKey('company:acme-robotics.test');
    expect(organization).toHaveLength(1);
    expect(organization[0]!.custom_fields[FAKE_PIPEDRIVE_FIELDS.organizationDomainField]).toBe('acme-robotics.test');
    expect(personsWithEmail('jane.doe@acme-robotics.test').map((person) => person.org_id)).toEqual([organization[0]!.id]);
    expect(personsWithEmail('omar.lee@acme-robotics.test')).toHaveLength(1);
    const logged = () =>
      fake
        .activityLog()
        .filter((entry) => /<!-- meetflow:(email:64b000000000000000000001|meeting:mtg-1) -->/.test(entry.note ?? ''))
        .map((entry) => [entry.type, entry.personEmail]);
    expect(logged()).toEqual([
      ['email', 'jane.doe@acme-robotics.test'],
      ['meeting', 'omar.lee@acme-robotics.test'],
    ]);

    // A page redone (its answer lost before the cursor moved): the records are found, the activities skipped.
    await bed.db.crmConnections.updateOne({ workspaceId: id }, { $set: { 'sync.cursor': 0 } });
    const again = await bed.syncNow(id);
    expect(again.sync).toMatchObject({ error: null, cursor: 4, counts: { created: 0, updated: 3, skipped: 2, failed: 0 } });
    expect(organizationsWithKey('company:acme-robotics.test')).toHaveLength(1);
    expect(personsWithEmail('jane.doe@acme-robotics.test')).toHaveLength(1);
    expect(personsWithEmail('omar.lee@acme-robotics.test')).toHaveLength(1);
    expect(logged()).toHaveLength(2);
    const log = await bed.db.crmSyncLog.find({ workspaceId: id }).lean();
    expect(log.map((row) => [row.object, row.externalId, row.error, Boolean(row.crmId)]).sort()).toEqual([
      ['company', 'company:acme-robotics.test', null, true],
      ['contact', 'prospect:1', null, true],
      ['contact', 'prospect:2', null, true],
      ['email', 'email:64b000000000000000000001', null, true],
      ['meeting', 'meeting:mtg-1', null, true],
    ]);
  });

  it("waits a 429's Retry-After and goes on", async () => {
    const id = workspace();
    await bed.prospect(id, 1, 'rae.kim@quill.test', 'Quill', 'https://quill.test');
    await connect(id);
    const clock = steppingClock('2026-11-30T09:00:00Z');
    fake.fail({ status: 429, retryAfter: '7', path: '/organizations/search' });
    const page = await syncPage(bed.deps({ clock }), id);
    expect(clock.waits).toContain(7_000);
    expect(page.counts).toMatchObject({ created: 2, failed: 0 });
    expect((await bed.connectionOf(id))?.sync.cursor).toBe(1);
    expect(organizationsWithKey('company:quill.test')).toHaveLength(1);
  });

  it("labels a scored person with Meetflow's stage while it has no label, never over a user's label or its own", async () => {
    const id = workspace();
    const [jane, omar] = ['jane.doe@labels.test', 'omar.lee@labels.test'];
    await bed.prospect(id, 1, jane, 'Labels Inc', 'https://labels.test');
    await bed.prospect(id, 2, omar, 'Labels Inc', null);
    await connect(id);
    const syncAll = async () => {
      while ((await syncPage(bed.deps(), id)).more);
    };
    const staged = (prospectId: number, stage: 'qualified' | 'disqualified', key: string) =>
      publishEvent(bed.db, systemRunContext(id, 'test'), {
        type: 'prospect.stage_changed',
        key,
        data: { prospectId, stage, score: stage === 'qualified' ? 81 : 22 },
      });
    const labelId = (name: string) => fake.personLabels().find((label) => label.label === name)?.id;
    const labelsOf = (email: string) => personsWithEmail(email).map((person) => person.label_ids);
    await syncAll();
    expect(labelsOf(jane)).toEqual([[]]);

    // A user labels Omar in Pipedrive before Meetflow scores him.
    fake.edit('person', personsWithEmail(omar)[0]!.id, { label_ids: [labelId('Warm lead')] });
    await staged(1, 'qualified', 'score-1');
    await staged(2, 'disqualified', 'score-2');
    await syncAll();
    expect(labelsOf(jane)).toEqual([[labelId('Meetflow: qualified')]]);
    expect(labelsOf(omar)).toEqual([[labelId('Warm lead')]]);

    // Rescored, and every page redone: the label stays as written, and each label exists once.
    await staged(1, 'disqualified', 'score-3');
    await bed.db.crmConnections.updateOne({ workspaceId: id }, { $set: { 'sync.cursor': 0 } });
    await syncAll();
    expect(labelsOf(jane)).toEqual([[labelId('Meetflow: qualified')]]);
    const names = fake.personLabels().map((label) => label.label);
    expect(names.filter((name) => name.startsWith('Meetflow: ')).sort()).toEqual(['Meetflow: disqualified', 'Meetflow: qualified']);
    const log = await bed.db.crmSyncLog.find({ workspaceId: id, object: 'contact' }).lean();
    expect(log.map((row) => [row.externalId, row.error]).sort()).toEqual([
      ['prospect:1', null],
      ['prospect:2', null],
    ]);
  });

  it("reads the won deal's customer and the open deal, and discovery leaves them out; the lost deal it does not", async () => {
    const id = workspace();
    await connect(id);
    const synced = await bed.syncNow(id);
    expect(synced.sync).toMatchObject({ error: null, exclusions: { count: 2 } });
    const exclusions = await withCrmExclusions(industryExclusions([]), bed.db, id);
    const person = (email: string, companyDomain: string) => ({ email, companyDomain, industry: null });
    const { won, open, lost } = FAKE_PIPEDRIVE_SEED;
    expect(exclusions.reasonOf(person('ana@elsewhere.test', won.domain))).toBe('inCrm');
    expect(exclusions.reasonOf(person(won.email, 'elsewhere.test'))).toBe('inCrm');
    expect(exclusions.reasonOf(person('ben@elsewhere.test', open.domain))).toBe('inCrm');
    expect(exclusions.reasonOf(person(open.email, 'elsewhere.test'))).toBe('inCrm');
    expect(exclusions.reasonOf(person(lost.email, lost.domain))).toBeNull();
    const rows = await bed.db.crmExclusions.find({ workspaceId: id }).lean();
    expect(rows.map((row) => row.reason).sort()).toEqual(['customer', 'open-deal']);
  });
});
