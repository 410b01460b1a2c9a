// What the CRM sync writes after a prospect's creation — its scoring stage, its replies, a meeting
// cancelled — against the local fake HubSpot (plugins/crm-hubspot/src/testing.ts), one page at a
// time as the crmSync workflow's activity runs it (crm.test.ts drives the workflow itself).
import { randomBytes } from 'node:crypto';
import { FAKE_HUBSPOT_TOKEN, startFakeHubSpot, type FakeHubSpot } from '@meetflow/plugin-crm-hubspot/testing';
import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { publishEvent, type NewEvent } from '../../../core/events.ts';
import { systemRunContext } from '../../../core/run-context.ts';
import { secretsBox } from '../../../core/secrets-box.ts';
import { recordInboxMessage } from '../../email/inbox/record.ts';
import { createModels, type Models } from '../../models.ts';
import { installedPlugins } from '../../runs/plugins/installed.ts';
import { PluginHost } from '../../runs/plugins/host.ts';
import { connectCrm } from './connections.ts';
import { syncPage } from './sync.ts';

const box = secretsBox(randomBytes(32));
let database: mongoose.Connection;
let db: Models;
let fake: FakeHubSpot;
let host: PluginHost;

beforeAll(async () => {
  fake = await startFakeHubSpot();
  host = PluginHost.load(installedPlugins, { 'crm-hubspot': { baseUrl: fake.baseUrl, timeoutSeconds: 5 } });
  database = await openTestDatabase('crm-changes');
  db = createModels(database);
  await Promise.all(Object.values(db).map((model) => model.init()));
});

afterAll(async () => {
  await fake?.close();
  await database?.dropDatabase();
  await database?.close();
});

const deps = () => ({ db, secrets: box, host });
const workspace = () => `crm-changes-${randomBytes(4).toString('hex')}`;
const publish = (workspaceId: string, event: NewEvent) => publishEvent(db, systemRunContext(workspaceId, 'test'), event);

/** A prospect and its prospect.created event; the workspace connected to the fake HubSpot once. */
async function prospect(workspaceId: string, id: number, email: string) {
  const [firstName, lastName] = email.split('@')[0]!.split('.');
  await db.prospects.create({ workspaceId, id, firstName, lastName, company: 'Acme Robotics', email, emailLower: email, website: null });
  await publish(workspaceId, {
    type: 'prospect.created',
    key: String(id),
    data: { prospect: { id, firstName, lastName, email, company: 'Acme Robotics', jobTitle: null, source: null } },
  });
}
const staged = (workspaceId: string, prospectId: number, stage: 'qualified' | 'disqualified', key: string) =>
  publish(workspaceId, { type: 'prospect.stage_changed', key, data: { prospectId, stage, score: stage === 'qualified' ? 81 : 22 } });
const connect = (workspaceId: string) =>
  connectCrm(deps(), workspaceId, { pluginId: 'crm-hubspot', account: { privateAppToken: FAKE_HUBSPOT_TOKEN } }, 'user:test');

/** Runs pages until the cursor has reached the last event. */
async function syncAll(workspaceId: string) {
  const counts = { created: 0, updated: 0, skipped: 0, failed: 0 };
  for (let page = await syncPage(deps(), workspaceId); ; page = await syncPage(deps(), workspaceId)) {
    for (const key of Object.keys(counts) as Array<keyof typeof counts>) counts[key] += page.counts[key];
    if (!page.more) return counts;
  }
}
const contactOf = (email: string) => fake.objects('contacts').find((contact) => contact.properties.email === email)!;
const redo = (workspaceId: string) => db.crmConnections.updateOne({ workspaceId }, { $set: { 'sync.cursor': 0 } });

describe("the sync follows a prospect's changes", () => {
  it("writes the scoring stage to HubSpot's Lead status while it is empty, never over a user's value, once however often it runs", async () => {
    const id = workspace();
    const [jane, omar, lena] = ['jane.doe@stage-one.test', 'omar.lee@stage-one.test', 'lena.berg@stage-one.test'];
    await prospect(id, 1, jane);
    await prospect(id, 2, omar);
    await connect(id);
    await syncAll(id);
    expect(contactOf(jane).properties.hs_lead_status ?? null).toBeNull();

    // A user sets Omar's lead status in HubSpot before Meetflow scores him.
    fake.edit('contacts', contactOf(omar).id, { hs_lead_status: 'IN_PROGRESS' });
    await staged(id, 1, 'qualified', 'scored-1');
    await staged(id, 2, 'disqualified', 'scored-2');
    await prospect(id, 3, lena);
    await staged(id, 3, 'disqualified', 'scored-3');
    const counts = await syncAll(id);
    expect(counts).toMatchObject({ created: 1, failed: 0 });
    expect(contactOf(jane).properties.hs_lead_status).toBe('OPEN');
    expect(contactOf(omar).properties.hs_lead_status).toBe('IN_PROGRESS');
    expect(contactOf(lena).properties.hs_lead_status).toBe('UNQUALIFIED');

    // Rescored later: the status Meetflow wrote is now HubSpot's value, and a user may have kept it, so it stays.
    await staged(id, 1, 'disqualified', 'scored-1-again');
    await syncAll(id);
    expect(contactOf(jane).properties.hs_lead_status).toBe('OPEN');

    // Every page redone: one contact each, nothing created.
    await redo(id);
    expect(await syncAll(id)).toMatchObject({ created: 0, failed: 0 });
    for (const email of [jane, omar, lena])
      expect(fake.objects('contacts').filter((contact) => contact.properties.email === email)).toHaveLength(1);
    const log = await db.crmSyncLog.find({ workspaceId: id, object: 'contact' }).lean();
    expect(log.map((row) => [row.externalId, row.error]).sort()).toEqual([
      ['prospect:1', null],
      ['prospect:2', null],
      ['prospect:3', null],
    ]);
  });

  it('logs a reply as an incoming email and a cancelled meeting as its own entry, each once', async () => {
    const id = workspace();
    const email = 'ines.moreau@replies.test';
    await prospect(id, 7, email);
    const messageId = '<CAF+reply-7@mail.replies.test>';
    const receivedAt = new Date('2026-11-28T09:30:00.000Z');
    await recordInboxMessage(
      db,
      id,
      {
        key: `reply-7-${messageId}`,
        prospectId: 7,
        from: email,
        subject: 'Re: Robots that pick faster',
        body: 'Sounds good, Thursday works for us.',
        receivedAt,
        source: 'pasted',
      },
      { category: 'interested', action: 'stop', confidence: 0.9, meetingIntent: 0.8, returnDate: null },
    );
    await publish(id, {
      type: 'reply.received',
      key: `reply-7-${messageId}`,
      occurredAt: receivedAt,
      data: { prospectId: 7, messageId, classification: { category: 'interested', confidence: 0.9 } },
    });
    const scheduledAt = '2026-12-03T14:00:00.000Z';
    await publish(id, {
      type: 'meeting.booked',
      key: 'mtg-7',
      data: { meetingId: 'mtg-7', prospectId: 7, scheduledAt, meetingUrl: null },
    });
    await publish(id, { type: 'meeting.cancelled', key: 'mtg-7', data: { meetingId: 'mtg-7', prospectId: 7, scheduledAt } });
    await connect(id);

    expect(await syncAll(id)).toMatchObject({ created: 5, failed: 0 }); // company, contact, reply, meeting, cancellation
    const mine = () => fake.activityLog().filter((entry) => entry.contactEmails.includes(email));
    const reply = mine().find((entry) => entry.kind === 'email');
    expect(reply?.properties).toMatchObject({
      hs_email_direction: 'INCOMING_EMAIL',
      hs_email_subject: 'Re: Robots that pick faster',
      hs_email_text: 'Sounds good, Thursday works for us.',
      hs_timestamp: receivedAt.toISOString(),
    });
    expect(
      mine()
        .filter((entry) => entry.kind === 'meeting')
        .map((entry) => [entry.properties.meetflow_id, entry.properties.hs_meeting_title, entry.properties.hs_meeting_start_time]),
    ).toEqual([
      ['meeting:mtg-7', 'Meeting with ines moreau', scheduledAt],
      ['meeting-cancelled:mtg-7', 'Cancelled: meeting with ines moreau', scheduledAt],
    ]);

    await redo(id);
    expect(await syncAll(id)).toMatchObject({ created: 0, skipped: 3, failed: 0 });
    expect(mine()).toHaveLength(3);
  });
});
