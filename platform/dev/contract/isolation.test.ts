import { FAKE_HUBSPOT_TOKEN } from '@meetflow/plugin-crm-hubspot/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_DEFAULTS } from '../../src/features/insights/workspace-config/schemas.ts';
import { configEntries } from '../../src/features/insights/workspace-config/workspace-config.ts';
import { allRouteDocs } from '../../src/api/routes.ts';
import { bodyOf, type ContractClient, type ContractResponse } from './client.ts';
import {
  addMember,
  contractMailbox,
  customerSites,
  issuedInvoice,
  lastMonth,
  postInbound,
  qualifiedProspect,
  inboxMessage,
  rawReply,
  SCORING_PIPELINE,
  signUpPerson,
} from './fixtures.ts';
import { startContractPlatform, uniqueWorkspace, type ContractPlatform } from './harness.ts';
import {
  B_BILLING_ACCOUNT,
  B_EMAILS,
  BO_CSV,
  DISCOVERY,
  LEARNED_RATES,
  SKEWED_WEIGHTS,
  useWorkspaceB,
  type WorkspaceB,
} from './isolation-setup.ts';
import { until } from './poll.ts';
import { routeKey } from './routes.ts';
import { SAMPLE_OFFER } from '../../src/features/prospecting/offer/sample-offer.ts';
import { unsubscribeToken } from '../../src/features/email/sending/unsubscribe-token.ts';
import { openPixelToken } from '../../src/features/email/sending/open-tracking.ts';
import { holdReply } from '../../src/features/email/replies/held-replies.ts';

// Workspace B is used end to end; from workspace A none of it can be listed, read or changed.
let platform: ContractPlatform;
let a: ContractClient;
let b: ContractClient;
let fromB: WorkspaceB;

beforeAll(async () => {
  platform = await startContractPlatform('contract-isolation', { sampleCompanies: 60 });
  [a, b] = [platform.client(uniqueWorkspace('iso-a')), platform.client(uniqueWorkspace('iso-b'))];
  fromB = await useWorkspaceB(platform, b);
}, 120_000);
afterAll(async () => platform?.close());

const statusOf = async (answer: Promise<ContractResponse>) => (await answer).status;
const notFound = async (answer: Promise<ContractResponse>) => expect(await statusOf(answer)).toBe(404);

describe('from workspace A, nothing of B is listed or readable', () => {
  it('prospects', async () => {
    const page = await a.get('/api/prospects', { query: { search: 'ada' } });
    expect([bodyOf(page), page.headers.get('x-total-count')]).toEqual([[], '0']);
    await notFound(a.get('/api/prospects/1'));
    await notFound(a.post('/api/prospects/1/sequence', { action: 'stop' })); // B's prospect 1 has a live sequence
  });

  it("the Prospect Pipeline's filters, states, export and bulk actions see nothing of B", async () => {
    expect(bodyOf(await a.get('/api/prospects/filters'))).toMatchObject({ sources: [] });
    expect(bodyOf(await a.get('/api/prospects/states', { query: { ids: '1,2' } }))).toEqual([]);
    const csv = await a.get('/api/prospects/export.csv', { query: { ids: '1,2' } });
    expect(csv.text.trimEnd().split('\r\n')).toHaveLength(1); // the header alone
    expect(await statusOf(a.get('/api/prospects', { query: { campaign: 1 } }))).toBe(422); // B's campaign is no filter of A's
    expect(await statusOf(a.post('/api/prospects/sequences/stop', { selection: { kind: 'ids', ids: [1] } }))).toBe(422);
    expect(bodyOf(await a.post('/api/prospects/sequences/stop', { selection: { kind: 'filter', filter: {} } }))).toEqual({
      selected: 0,
      stopped: 0,
      notRunning: 0,
    });
    await notFound(a.post('/api/campaigns/1/prospects', { selection: { kind: 'filter', filter: {} } }));
    // B's prospect 1 still runs its sequence, and B's campaign holds what it held.
    expect(bodyOf(await b.get('/api/prospects/states', { query: { ids: '1' } }))).toMatchObject([
      { id: 1, sequence: { state: 'running' } },
    ]);
  });

  it("B's campaign cannot be read, run or changed, and B's ICP launches nothing in A", async () => {
    await notFound(a.get('/api/campaigns/1'));
    await notFound(a.get('/api/campaigns/1/prospects'));
    await notFound(a.patch('/api/campaigns/1', { status: 'paused' }));
    await notFound(a.post('/api/campaigns/1/runs', { prospects: 'all' }));
    const launch = await a.post('/api/campaigns/launch', {
      name: 'Borrowed ICP',
      people: [{ firstName: 'Di', lastName: 'Ng', company: 'Quotewell', email: 'di@quotewell.example', source: 'linkedin' }],
    });
    expect([launch.status, launch.text]).toEqual([409, expect.stringContaining('ICP')]);
    expect(bodyOf(await b.get('/api/campaigns/1'))).toMatchObject({ name: 'B only', status: 'draft' });
  });

  it('campaigns, config and templates', async () => {
    expect(bodyOf(await a.get('/api/campaigns'))).toEqual([]);
    expect(bodyOf(await a.get('/api/config'))).toEqual(configEntries(CONFIG_DEFAULTS));
    expect(bodyOf(await a.get('/api/config/scoringWeights'))).toEqual({
      configKey: 'scoringWeights',
      configValue: CONFIG_DEFAULTS.scoringWeights,
    });
    expect(bodyOf(await b.get('/api/config/scoringWeights'))).toEqual({ configKey: 'scoringWeights', configValue: SKEWED_WEIGHTS });
    const templates = bodyOf<Array<{ id: string; performance: { response_rate: number } }>>(await a.get('/api/templates'));
    expect(templates.map((template) => [template.id, template.performance.response_rate])).toEqual(
      Object.entries(CONFIG_DEFAULTS.templatePerformance),
    );
  });

  it("meetings, whose slots stay free in A's own calendar", async () => {
    expect(bodyOf(await a.get('/api/meetings'))).toEqual([]);
    await notFound(a.get(`/api/meetings/${fromB.meetingId}/invite.ics`));
    const { slots } = bodyOf<{ slots: Array<{ start: string }> }>(await a.get('/api/meetings/slots', { query: { count: 3 } }));
    expect(slots.map((slot) => slot.start)).toContain(fromB.meetingSlot);
    // B's prospect 1 is not A's to meet (A has no prospects yet).
    await notFound(
      a.post('/api/meetings', {
        prospectId: 1,
        prospect: { name: 'Ada Lane', email: 'ada@pipelinepilot.example' },
        scheduledAt: slots[0]!.start,
      }),
    );
  });

  it("the outbox: B's emails are not listed in A", async () => {
    const empty = { items: [], total: 0, page: 1, limit: 20 };
    expect(bodyOf(await a.get('/api/outbox'))).toEqual(empty);
    expect(bodyOf(await a.get('/api/outbox', { query: { status: 'pending_review', campaignId: 1 } }))).toEqual(empty);
    const ofB = bodyOf<{ items: Array<{ id: string }> }>(await b.get('/api/outbox', { query: { campaignId: 1 } }));
    expect(ofB.items.map((item) => item.id)).toContain(fromB.outboxId);
  });

  it("what comes up next: B's waiting emails and sequences are not listed in A", async () => {
    expect(bodyOf(await a.get('/api/outbox/next-up'))).toEqual({ items: [] });
  });

  it('pricing slices and bids, and the ICP', async () => {
    expect([bodyOf(await a.get('/api/pricing/slices')), bodyOf(await a.get('/api/pricing/bids'))]).toEqual([[], []]);
    await notFound(a.get('/api/icp'));
  });

  it('pipelines, runs, step outputs, run events and batches', async () => {
    // A lists only the built-ins, and counts none of B's runs of them (B processed a prospect).
    const runsOfBuiltIns = async (client: ContractClient) =>
      bodyOf<Array<{ pipelineId: string; builtIn: boolean; runs: { total: number } | null }>>(await client.get('/api/pipelines'))
        .filter((pipeline) => pipeline.builtIn)
        .map((pipeline) => [pipeline.pipelineId, pipeline.runs && pipeline.runs.total]);
    expect(bodyOf<Array<{ builtIn: boolean }>>(await a.get('/api/pipelines')).every((pipeline) => pipeline.builtIn)).toBe(true);
    expect(await runsOfBuiltIns(a)).toEqual([
      ['prospect-pipeline', 0],
      ['learning-cycle', null],
    ]);
    expect(await runsOfBuiltIns(b)).toEqual([
      ['prospect-pipeline', 1],
      ['learning-cycle', null],
    ]);
    expect(bodyOf(await a.get('/api/runs'))).toEqual([]);
    await notFound(a.get(`/api/pipelines/${SCORING_PIPELINE.id}`));
    await notFound(a.get(`/api/pipelines/${SCORING_PIPELINE.id}/versions`));
    await notFound(a.get(`/api/pipelines/${SCORING_PIPELINE.id}/diff`, { query: { from: 1 } }));
    await notFound(a.post('/api/pipelines/test-runs', { definition: SCORING_PIPELINE, prospectId: 1 }));
    // Checking a draft reads nothing stored: A's answer is about the draft alone.
    expect(bodyOf(await a.post('/api/pipelines/validate', SCORING_PIPELINE))).toEqual({ valid: true, problems: [] });
    await notFound(a.post(`/api/pipelines/${SCORING_PIPELINE.id}/duplicate`, {}));
    await notFound(a.get(`/api/runs/${fromB.runId}`));
    await notFound(a.get(`/api/runs/${fromB.runId}/steps/score/output`));
    await notFound(a.get(`/api/runs/${fromB.runId}/events`));
    await notFound(a.get(`/api/batches/${fromB.batchId}`));
  });

  it('the dashboard, activity and agent performance', async () => {
    expect(bodyOf(await a.get('/api/dashboard/metrics'))).toEqual({
      learning_cycles: 0,
      response_rate: 0,
      meeting_booked: 0,
      learning_score: 0,
    });
    expect([
      bodyOf(await a.get('/api/dashboard/trends')),
      bodyOf(await a.get('/api/dashboard/insights')),
      bodyOf(await a.get('/api/activity')),
    ]).toEqual([[], [], []]);
    const agents = bodyOf<Array<{ agentName: string; performance: { engagement: number | null } }>>(await a.get('/api/agents/status'));
    expect(agents.find((agent) => agent.agentName === 'outreach')?.performance.engagement).toBeNull();
    // B has learned once and has outcomes; A has neither, and has been charged nothing.
    expect(bodyOf(await b.get('/api/learning/status'))).toMatchObject({ lastCycleAt: expect.any(String) });
    expect(bodyOf(await a.get('/api/learning/status'))).toMatchObject({ lastCycleAt: null, pendingOutcomes: 0, pendingScoredLeads: 0 });
    expect(bodyOf(await a.get('/api/pricing/ledger'))).toMatchObject({ meetingsCharged: 0, noShows: 0, bySlice: [], byMonth: [] });
  });

  it("discovery, which scores with A's weights, not B's", async () => {
    const scores = async (client: ContractClient) =>
      bodyOf<{ prospects: Array<{ matchScore: number }> }>(
        await client.post('/api/superagent/discover-prospects', DISCOVERY),
      ).prospects.map((prospect) => prospect.matchScore);
    const [inA, inB, inFresh] = [await scores(a), await scores(b), await scores(platform.client(uniqueWorkspace('iso-fresh')))];
    expect(inA.length).toBeGreaterThan(0);
    expect(inA).toEqual(inFresh);
    expect(inB).not.toEqual(inA); // B's skewed weights do change scores: the comparison above can fail
  });
});

describe('from workspace A, nothing of B can be changed', () => {
  it("prospects: B's ids are unknown to replies, processing and campaigns; B's emails are free in A", async () => {
    await notFound(a.post('/api/replies', { prospectId: 1, body: 'Please remove me.' }));
    await notFound(a.post('/api/superagent/process-prospect', { prospectId: 1 }));
    await notFound(a.get(`/api/superagent/process-prospect/${fromB.processRunId}`));
    await notFound(a.get('/api/prospects/1/profile'));
    const campaign = await a.post('/api/campaigns', { name: 'Borrowed', prospectIds: [1] });
    expect([campaign.status, campaign.text]).toEqual([422, expect.stringContaining('1')]);
    expect(bodyOf(await a.post('/api/prospects', { ...qualifiedProspect(platform), lastName: 'InA' }))).toMatchObject({
      id: 1,
      lastName: 'InA',
    });
    const imported = await a.request('POST', '/api/prospects/import', { raw: { contentType: 'text/csv', text: BO_CSV } });
    expect(bodyOf(imported)).toMatchObject({ imported: 1, failed: 0, prospects: [2] });
    expect(bodyOf(await b.get('/api/prospects/1'))).toMatchObject({ lastName: 'Lane' });
    expect(bodyOf(await b.get('/api/prospects'))).toHaveLength(2);
  });

  it("meetings: B's meeting cannot be marked; A books the same time for itself", async () => {
    await notFound(a.post(`/api/meetings/${fromB.meetingId}/outcome`, { outcome: 'cancelled' }));
    const booked = await a.post('/api/meetings', {
      prospectId: 1,
      prospect: { name: 'Ada InA', email: 'ada@pipelinepilot.example' },
      scheduledAt: fromB.meetingSlot,
    });
    expect(booked.status).toBe(201);
    expect(bodyOf(await b.get('/api/meetings'))).toEqual([expect.objectContaining({ id: fromB.meetingId, status: 'scheduled' })]);
  });

  it("config: A's saves and resets leave B's values", async () => {
    expect((await a.delete('/api/config/templatePerformance')).status).toBe(200);
    expect((await a.put('/api/config/cadenceTiming', { configValue: { step1: 1, step2: 2, step3: 3 } })).status).toBe(200);
    expect(bodyOf(await b.get('/api/config'))).toEqual(
      expect.arrayContaining([
        { configKey: 'templatePerformance', configValue: LEARNED_RATES },
        { configKey: 'cadenceTiming', configValue: CONFIG_DEFAULTS.cadenceTiming },
      ]),
    );
    // Every key's own routes from A, back to the defaults: B's values stay.
    for (const key of Object.keys(CONFIG_DEFAULTS) as Array<keyof typeof CONFIG_DEFAULTS>) {
      expect((await a.put(`/api/config/${key}`, { configValue: CONFIG_DEFAULTS[key] })).status).toBe(200);
      expect(bodyOf(await a.get(`/api/config/${key}`))).toEqual({ configKey: key, configValue: CONFIG_DEFAULTS[key] });
      expect((await a.delete(`/api/config/${key}`)).status).toBe(200);
    }
    expect(bodyOf(await b.get('/api/config'))).toEqual(
      expect.arrayContaining([{ configKey: 'templatePerformance', configValue: LEARNED_RATES }]),
    );
  });

  it("offer: A sees none of B's, and A's save leaves B's", async () => {
    expect(bodyOf(await a.get('/api/offer'))).toEqual({ offer: null });
    const saved = await a.put('/api/offer', { ...SAMPLE_OFFER, companyName: 'Workspace A Co' });
    expect(saved.status).toBe(200);
    expect(bodyOf(await b.get('/api/offer'))).toMatchObject({ offer: { companyName: 'Workspace B Co' } });
  });

  it("mailboxes: B's is neither listed, tested, changed nor removed from A; A may send from the same address", async () => {
    expect(bodyOf(await a.get('/api/mailboxes'))).toEqual([]);
    await notFound(a.post(`/api/mailboxes/${fromB.mailboxId}/test`));
    await notFound(a.post(`/api/mailboxes/${fromB.mailboxId}/check-inbox`));
    await notFound(a.patch(`/api/mailboxes/${fromB.mailboxId}`, { fromName: 'Taken over', password: 'guessed' }));
    await notFound(a.delete(`/api/mailboxes/${fromB.mailboxId}`));
    const own = await a.post('/api/mailboxes', contractMailbox(1, 'sales@workspace-b.example'));
    expect(own.status).toBe(201);
    expect(bodyOf<Array<{ id: string }>>(await a.get('/api/mailboxes')).map((mailbox) => mailbox.id)).toEqual([
      bodyOf<{ id: string }>(own).id,
    ]);
    expect(bodyOf(await b.get('/api/mailboxes'))).toEqual([
      expect.objectContaining({ id: fromB.mailboxId, fromName: 'Ada Lane', lastTest: null }),
    ]);
  });

  it("calendars: B's is neither listed, tested nor disconnected from A; A connects its own", async () => {
    expect(bodyOf<{ calendars: unknown[] }>(await a.get('/api/calendars')).calendars).toEqual([]);
    await notFound(a.post(`/api/calendars/${fromB.calendarId}/test`));
    await notFound(a.delete(`/api/calendars/${fromB.calendarId}`));
    // B's connected calendar does not stop A starting a Google sign-in of its own (the state is bound to A; oauth.test.ts finishes one).
    expect(bodyOf<{ authorizationUrl: string }>(await a.post('/api/oauth/calendar-google/start')).authorizationUrl).toMatch(
      /^https:\/\/accounts\.google\.com\//,
    );
    const { url: serverUrl, username, password } = platform.caldav;
    const own = await a.post('/api/calendars', { pluginId: 'calendar-caldav', account: { serverUrl, username, password } });
    expect(own.status).toBe(201);
    const ownId = bodyOf<{ id: string }>(own).id;
    expect(bodyOf(await a.post(`/api/calendars/${ownId}/test`))).toEqual({ ok: true });
    expect(bodyOf<{ calendars: Array<{ id: string }> }>(await b.get('/api/calendars')).calendars.map((calendar) => calendar.id)).toEqual([
      fromB.calendarId,
    ]);
    expect((await a.delete(`/api/calendars/${ownId}`)).status).toBe(200);
    expect(bodyOf<{ calendars: unknown[] }>(await b.get('/api/calendars')).calendars).toHaveLength(1);
  });

  it("CRMs: B's is neither listed, tested, synced nor disconnected from A; A connects its own", async () => {
    expect(bodyOf<{ connection: unknown; log: unknown[] }>(await a.get('/api/crm'))).toMatchObject({ connection: null, log: [] });
    await notFound(a.post(`/api/crm/${fromB.crmId}/test`));
    await notFound(a.post(`/api/crm/${fromB.crmId}/sync`));
    await notFound(a.delete(`/api/crm/${fromB.crmId}`));
    const own = await a.post('/api/crm', { pluginId: 'crm-hubspot', account: { privateAppToken: FAKE_HUBSPOT_TOKEN } });
    expect(own.status).toBe(201);
    const ownId = bodyOf<{ id: string }>(own).id;
    expect((await a.post(`/api/crm/${ownId}/sync`)).status).toBe(202);
    expect(bodyOf<{ connection: { id: string } }>(await b.get('/api/crm')).connection.id).toBe(fromB.crmId);
    expect((await a.delete(`/api/crm/${ownId}`)).status).toBe(200);
    expect(bodyOf<{ connection: { id: string } | null }>(await b.get('/api/crm')).connection?.id).toBe(fromB.crmId);
  });

  it("sending forecast: A's counts its own mailboxes and waiting emails, never B's", async () => {
    // Before: B has one mailbox and an email waiting for review; A has neither (its mailbox test runs separately).
    const ofB = bodyOf<{ mailboxes: number; waiting: number }>(await b.get('/api/sending/forecast'));
    expect(ofB.waiting).toBeGreaterThanOrEqual(1);
    const ofA = bodyOf<{ mailboxes: number; waiting: number }>(await a.get('/api/sending/forecast', { query: { emails: 5 } }));
    const ownMailboxes = bodyOf<unknown[]>(await a.get('/api/mailboxes')).length;
    expect(ofA).toMatchObject({ mailboxes: ownMailboxes, waiting: 0 });
  });

  it("outbox: B's email waiting for review is neither approved nor rejected from A, and A's approve-all leaves it", async () => {
    await notFound(a.post(`/api/outbox/${fromB.outboxId}/approve`, { subject: 'Taken over' }));
    await notFound(a.post(`/api/outbox/${fromB.outboxId}/reject`));
    expect(bodyOf(await a.post('/api/outbox/approve-all', { campaignId: 1 }))).toEqual({ approved: 0 }); // B's campaign 1
    expect(bodyOf(await a.post('/api/outbox/approve-all', {}))).toEqual({ approved: 0 });
    const waiting = bodyOf<{ items: unknown[] }>(await b.get('/api/outbox', { query: { status: 'pending_review', campaignId: 1 } }));
    expect(waiting.items).toContainEqual(
      expect.objectContaining({
        id: fromB.outboxId,
        status: 'pending_review',
        subject: B_EMAILS.pendingSubject,
        edited: false,
        reviewedBy: null,
      }),
    );
  });

  it("inbound: each workspace's webhook secret opens its own webhook only, a reply to B's email threads to nobody in A, and A's rotation leaves B's secret", async () => {
    const settings = async (client: ContractClient) => bodyOf<{ url: string; secret: string }>(await client.get('/api/inbound/settings'));
    const [ofA, ofB] = [await settings(a), await settings(b)];
    expect(ofA.secret).not.toBe(ofB.secret);
    expect(ofA.url).toContain(`/api/inbound/email?workspace=${a.workspace}`);
    // Not a prospect of either workspace: only the thread (In-Reply-To B's sent email) could tie it to B's Bo.
    const reply = rawReply('someone@elsewhere.example', 'Who gave you my address?', fromB.sentMessageId);
    expect((await postInbound(a, reply, ofA.secret, b.workspace)).status).toBe(401);
    expect(bodyOf(await postInbound(a, reply, ofA.secret))).toEqual({ kind: 'reply', matched: false, from: 'someone@elsewhere.example' });
    const rotated = bodyOf<{ secret: string }>(await a.post('/api/inbound/settings/rotate'));
    expect((await settings(a)).secret).toBe(rotated.secret);
    expect((await settings(b)).secret).toBe(ofB.secret);
  });

  it("held replies: B's are neither listed nor decided from A", async () => {
    const id = await holdReply(platform.stack.db, b.workspace, {
      key: 'iso-held',
      prospectId: 2,
      from: 'bo@quotewell.example',
      fromName: 'Bo',
      subject: 'Re: hello',
      text: 'Please remove me from your list.',
      messageId: null,
      receivedAt: new Date(),
    });
    expect(bodyOf(await a.get('/api/replies/held'))).toEqual({ items: [], total: 0 });
    await notFound(a.post(`/api/replies/held/${id}/confirm`));
    await notFound(a.post(`/api/replies/held/${id}/dismiss`));
    expect(bodyOf(await b.get('/api/replies/held'))).toMatchObject({ items: [{ id, status: 'held' }], total: 1 });
    expect(await platform.stack.db.suppressions.countDocuments({ workspaceId: a.workspace })).toBe(0);
  });

  it("inbox: B's replies are neither listed, read, answered, booked nor closed from A", async () => {
    const created = await platform.stack.db.inboxMessages.create(
      inboxMessage(b.workspace, 'iso-inbox', { id: 2, email: 'bo@quotewell.example' }, 'Monday at 10:00 works.'),
    );
    const id = String(created._id);
    expect(bodyOf(await a.get('/api/inbox', { query: { status: 'all' } }))).toEqual({ items: [], total: 0, open: 0 });
    await notFound(a.get(`/api/inbox/${id}`));
    await notFound(a.post(`/api/inbox/${id}/reply`, { body: 'Hello from A' }));
    await notFound(a.post(`/api/inbox/${id}/book`, { scheduledAt: '2030-01-07T10:00:00Z' }));
    for (const action of ['not-interested', 'suppress', 'archive']) await notFound(a.post(`/api/inbox/${id}/${action}`));
    expect(bodyOf(await b.get(`/api/inbox/${id}`))).toMatchObject({ message: { id, status: 'open', resolution: null } });
    expect(await platform.stack.db.outbox.countDocuments({ workspaceId: b.workspace, step: { $gte: 200 } })).toBe(0);
  });

  it("unsubscribe: B's link rewritten to name A is refused, and suppresses nothing in A", async () => {
    const signature = unsubscribeToken(platform.box, { workspaceId: b.workspace, prospectId: 2, email: 'bo@quotewell.example' }).split(
      '.',
    )[1];
    const forged = `${Buffer.from(JSON.stringify([a.workspace, 2, 'bo@quotewell.example'])).toString('base64url')}.${signature}`;
    const refused = await a.post(`/api/unsubscribe/${forged}`, undefined, { workspace: null, anonymous: true });
    expect([refused.status, refused.text]).toEqual([404, expect.stringContaining('This unsubscribe link is not valid')]);
    expect(await platform.stack.db.suppressions.countDocuments({ workspaceId: a.workspace })).toBe(0);
  });

  it("open pixel: B's pixel rewritten to name A is refused, and counts no open in A", async () => {
    const sequenceId = `sequence-${b.workspace}-2`;
    const signature = openPixelToken(platform.box, { workspaceId: b.workspace, prospectId: 2, sequenceId, step: 1 }).split('.')[1];
    const forged = `${Buffer.from(JSON.stringify([a.workspace, 2, sequenceId, 1])).toString('base64url')}.${signature}`;
    const refused = await a.get(`/api/o/${forged}`, { workspace: null, anonymous: true });
    expect([refused.status, refused.text]).toEqual([404, expect.stringContaining('This open-tracking link is not valid')]);
    expect(await platform.stack.db.outcomeEvents.countDocuments({ workspaceId: a.workspace, type: 'opened' })).toBe(0);
  });

  it("suppression list: B's entries are neither listed nor removable from A, and A's own list is A's", async () => {
    expect(bodyOf(await a.get('/api/suppressions'))).toEqual({ items: [], total: 0, page: 1, limit: 25, byReason: [] });
    expect(bodyOf(await a.get('/api/suppressions', { query: { search: 'blocked', reason: 'B only' } }))).toMatchObject({ total: 0 });
    await notFound(a.delete(`/api/suppressions/${encodeURIComponent(fromB.suppressed)}`));
    expect(bodyOf(await a.post('/api/suppressions', { entries: [fromB.suppressed] }))).toEqual({ added: 1, alreadyPresent: 0 });
    expect(bodyOf(await a.get('/api/suppressions'))).toMatchObject({ items: [{ email: fromB.suppressed, reason: 'manual' }], total: 1 });
    expect(bodyOf(await b.get('/api/suppressions'))).toMatchObject({ items: [{ email: fromB.suppressed, reason: 'B only' }], total: 1 });
  });

  it("pricing: B's slice takes no bid from A, and a body naming B cannot act from ?workspace=A", async () => {
    const bid = { sliceId: 'standard', baseBid: 3, maxDailyMeetings: 50, dailyBudgetCap: 1000 };
    await notFound(a.post('/api/pricing/bid', bid));
    const crossed = await a.post('/api/pricing/bid', { ...bid, workspaceId: b.workspace });
    expect([crossed.status, crossed.text]).toEqual([400, expect.stringContaining('workspace')]);
    // Named in the body alone, B is a workspace A's caller is not a member of.
    const bodyOnly = await a.post('/api/pricing/bid', { ...bid, workspaceId: b.workspace }, { workspace: null });
    expect([bodyOnly.status, bodyOnly.text]).toEqual([404, `Workspace "${b.workspace}" not found.`]);
    expect(bodyOf(await b.get('/api/pricing/bids'))).toEqual([
      expect.objectContaining({ sliceId: 'standard', baseBid: 2, maxDailyMeetings: 7 }),
    ]);
  });

  it("billing: A sees neither B's account nor its invoice, and a body naming B is refused", async () => {
    expect(bodyOf(await a.get('/api/billing/account'))).toEqual({ account: null });
    expect(bodyOf(await a.get('/api/billing/upcoming'))).toMatchObject({ lines: [], totalMinor: 0 });
    const crossed = await a.put('/api/billing/account', { ...B_BILLING_ACCOUNT, workspaceId: b.workspace });
    expect([crossed.status, crossed.text]).toEqual([400, expect.stringContaining('workspaceId')]);
    expect(bodyOf(await b.get('/api/billing/account'))).toMatchObject({
      account: { companyName: 'Workspace B Co', taxId: 'FR12345678901' },
    });
    // B's issued invoice: A lists none, and issuing that month in A finds A's own state (no account), never B's invoice.
    await issuedInvoice(platform.pluginDeps.connection, b.workspace, lastMonth());
    expect(bodyOf(await a.get('/api/billing/invoices'))).toEqual({ invoices: [] });
    await notFound(a.get('/api/billing/invoices', { workspace: b.workspace }));
    await notFound(a.post('/api/billing/invoices', { month: lastMonth() }, { workspace: b.workspace }));
    const own = await a.post('/api/billing/invoices', { month: lastMonth() });
    expect([own.status, own.text]).toEqual([422, expect.stringContaining('no billing account')]);
    expect(bodyOf(await b.get('/api/billing/invoices'))).toMatchObject({ invoices: [{ month: lastMonth(), number: 'MF-CONTRACT-1' }] });
  });

  it("billing: A reads neither B's invoice lines, its dunning nor its payment method, and cannot open B's payment-method page", async () => {
    // B's invoice of last month (stored by the case above, or here when this one runs alone).
    if ((await b.get(`/api/billing/invoices/${lastMonth()}/lines`, {})).status === 404)
      await issuedInvoice(platform.pluginDeps.connection, b.workspace, lastMonth());
    expect(bodyOf(await b.get(`/api/billing/invoices/${lastMonth()}/lines`))).toMatchObject({ lines: [{ amountMinor: 12_000 }] });
    const own = await a.get(`/api/billing/invoices/${lastMonth()}/lines`);
    expect([own.status, own.text]).toEqual([404, `No invoice was issued for ${lastMonth()}.`]);
    await notFound(a.get(`/api/billing/invoices/${lastMonth()}/lines`, { workspace: b.workspace }));
    await notFound(a.get('/api/billing/payment-method', { workspace: b.workspace }));
    await notFound(a.get('/api/billing/dunning', { workspace: b.workspace }));
    await notFound(a.get('/api/billing/prepay', { workspace: b.workspace }));
    // A's own pre-pay: A has no billing account, whatever B's is.
    expect(bodyOf(await a.get('/api/billing/prepay'))).toMatchObject({ mode: 'off', amountMinor: 0, lines: [] });
    await notFound(a.post('/api/billing/payment-method/setup', undefined, { workspace: b.workspace }));
  });

  it("pipelines and runs: B's cannot be run, batched or rerun; A's own versions start at 1", async () => {
    await notFound(a.post(`/api/pipelines/${SCORING_PIPELINE.id}/runs`, {}));
    await notFound(a.post(`/api/pipelines/${SCORING_PIPELINE.id}/batches`, { inputs: [{}] }));
    await notFound(a.post(`/api/runs/${fromB.runId}/rerun`, {}));
    await notFound(a.post(`/api/batches/${fromB.batchId}/retry-failed`));
    await notFound(a.post(`/api/batches/${fromB.batchId}/cancel`));
    expect(bodyOf(await a.post('/api/pipelines', SCORING_PIPELINE))).toMatchObject({ pipelineId: SCORING_PIPELINE.id, version: 1 });
    expect(bodyOf<unknown[]>(await b.get('/api/runs'))).toHaveLength(3); // process-prospect's, the scoring run and the batch's one
  });

  it("the ICP: A's own analysis leaves B's, and B's never lets A process a prospect", async () => {
    expect(await statusOf(a.post('/api/superagent/process-prospect', { prospectId: 1 }))).toBe(409);
    const sites = [...customerSites(platform), `${platform.samples.url}/kestrel-precision/`];
    const inA = bodyOf<{ icpSlices: unknown[] }>(await a.post('/api/superagent/analyze-icp', { urls: sites }));
    const inB = bodyOf<{ icpSlices: unknown[] }>(await b.get('/api/icp'));
    expect([inA.icpSlices.length, inB.icpSlices.length]).toEqual([2, 1]);
    // A's edit of its second slice: B has none at that index, and B's one slice is untouched.
    expect(await statusOf(a.patch('/api/icp/slices/1', { techStack: ['Only A'] }))).toBe(200);
    expect(bodyOf(await b.get('/api/icp'))).toEqual(inB);
  });

  it("learning: A's cycle is A's alone", async () => {
    expect((await a.post('/api/learning/trigger')).status).toBe(202);
    await until(
      async () => bodyOf<{ learning_cycles: number }>(await a.get('/api/dashboard/metrics')).learning_cycles,
      (cycles) => cycles === 1,
      "A's cycle",
    );
    expect(bodyOf(await b.get('/api/dashboard/metrics'))).toMatchObject({ learning_cycles: 1, meeting_booked: 1 });
    // B's applied scoring refit is neither shown to A nor rolled back from A.
    const weights = CONFIG_DEFAULTS.scoringWeights;
    await platform.stack.db.scoringRefits.create({
      ...{ workspaceId: b.workspace, cycleId: 'b-refit', at: new Date(), before: weights, proposed: weights, reason: 'applied' },
      ...{ better: true, applied: true, autoApply: true, status: 'applied', aucBefore: 0.6, aucAfter: 0.7, z: 2 },
      ...{ sampleSize: 1000, meetings: 100, trainSize: 700, heldOutSize: 300, heldOutMeetings: 30, minMeetings: 20, minSampleSize: 100 },
    });
    expect(bodyOf<{ scoringRefit: { cycleId: string } | null }>(await a.get('/api/learning/status')).scoringRefit?.cycleId).not.toBe(
      'b-refit',
    );
    expect((await a.post('/api/learning/refits/b-refit/rollback')).status).toBe(404);
    expect(
      bodyOf<{ scoringRefit: { rolledBackAt: string | null } }>(await b.get('/api/learning/status')).scoringRefit.rolledBackAt,
    ).toBeNull();
  });

  it("API tokens: B's are neither listed nor revocable from A, and A's token cannot act in B", async () => {
    const [ofA, ofB] = [
      bodyOf<Array<{ id: string }>>(await a.get('/api/tokens')),
      bodyOf<Array<{ id: string }>>(await b.get('/api/tokens')),
    ];
    expect(ofA.map((token) => token.id)).not.toContain(ofB[0]!.id);
    await notFound(a.delete(`/api/tokens/${ofB[0]!.id}`));
    expect(bodyOf<unknown[]>(await b.get('/api/tokens'))).toHaveLength(ofB.length);
    const named = await a.get('/api/prospects', { workspace: b.workspace });
    expect([named.status, named.text]).toEqual([404, `Workspace "${b.workspace}" not found.`]);
    await notFound(a.post('/api/tokens', { name: 'into B', role: 'viewer' }, { workspace: b.workspace }));
  });

  it("members and invitations: B's are neither listed nor changeable from A", async () => {
    const person = await signUpPerson(b, 'b-member');
    await addMember(b, person, 'sales-ops');
    const { id: invitationOfB } = bodyOf<{ id: string }>(await b.post('/api/invitations', { role: 'viewer' }));
    expect(bodyOf(await a.get('/api/members'))).toEqual([]);
    expect(bodyOf(await a.get('/api/invitations'))).toEqual([]);
    await notFound(a.patch(`/api/members/${person.userId}`, { role: 'admin' }));
    await notFound(a.delete(`/api/members/${person.userId}`));
    await notFound(a.delete(`/api/invitations/${invitationOfB}`));
    expect(bodyOf<Array<{ role: string }>>(await b.get('/api/members'))).toEqual([expect.objectContaining({ role: 'sales-ops' })]);
    expect(bodyOf<unknown[]>(await b.get('/api/invitations'))).toHaveLength(1);
    expect((await a.post('/api/invitations', { role: 'viewer' })).status).toBe(201); // A's own
  });

  it("audit trail: A's lists A's changes only", async () => {
    const actions = bodyOf<Array<{ action: string; request: unknown }>>(await a.get('/api/audit', { query: { limit: 200 } }));
    expect(actions.length).toBeGreaterThan(0);
    expect(JSON.stringify(actions)).not.toContain('b-member');
    expect(bodyOf<Array<{ action: string }>>(await b.get('/api/audit', { query: { limit: 200 } })).map((entry) => entry.action)).toContain(
      'POST /api/invitations/accept',
    );
  });

  it("experiments: B's are not listed, read, stopped or rolled back from A, and A may use the same names", async () => {
    const experiment = {
      name: 'Only in B',
      decisionPoint: 'first-email-template',
      arms: [{ value: 'roi-focused' }, { value: 'pain-point' }],
    };
    const created = await b.post('/api/experiments', experiment);
    expect(created.status).toBe(201);
    const id = bodyOf<{ id: string }>(created).id;
    expect(bodyOf(await a.get('/api/experiments'))).toEqual([]);
    expect(bodyOf(await a.get('/api/experiments/summary'))).toMatchObject({ running: 0, testsThisMonth: 0 });
    // The decision points are the installed plugins', not B's: A reads the same list.
    expect(bodyOf(await a.get('/api/experiments/decision-points'))).toEqual(bodyOf(await b.get('/api/experiments/decision-points')));
    expect((await a.get(`/api/experiments/${id}`)).status).toBe(404);
    expect((await a.post(`/api/experiments/${id}/stop`)).status).toBe(404);
    expect((await a.post(`/api/experiments/${id}/rollback`)).status).toBe(404);
    expect((await a.post('/api/experiments', experiment)).status).toBe(201);
    expect(bodyOf<Array<{ name: string; state: string }>>(await b.get('/api/experiments'))).toMatchObject([
      { name: 'Only in B', state: 'running' },
    ]);
  });

  it("experiments: one workspace's ICP slice names start no experiment in the other", async () => {
    const namesOf = async (client: ContractClient) => {
      const icp = await client.get('/api/icp'); // 404 while the workspace has no ICP (when run alone)
      return icp.status === 200 ? bodyOf<{ icpSlices: Array<{ name: string }> }>(icp).icpSlices.map((slice) => slice.name) : [];
    };
    const [inA, inB] = [await namesOf(a), await namesOf(b)];
    const onlyIn = (mine: string[], theirs: string[]) => mine.filter((name) => !theirs.includes(name));
    const cases = [...onlyIn(inB, inA).map((slice) => ({ from: a, slice })), ...onlyIn(inA, inB).map((slice) => ({ from: b, slice }))];
    expect(cases.length).toBeGreaterThan(0);
    for (const { from, slice } of cases) {
      const refused = await from.post('/api/experiments', {
        name: `Slice ${slice}`,
        decisionPoint: 'follow-up-gap',
        arms: [{ value: '3' }, { value: '7' }],
        population: { kind: 'slice', slice },
      });
      expect([refused.status, refused.text]).toEqual([422, expect.stringContaining(`No ICP slice "${slice}"`)]);
    }
    const own = await b.post('/api/experiments', {
      name: 'Slice of B',
      decisionPoint: 'follow-up-gap',
      arms: [{ value: '3' }, { value: '7' }],
      population: { kind: 'slice', slice: inB[0] },
    });
    expect(own.status, own.text).toBe(201);
    expect(
      bodyOf<unknown[]>(await a.get('/api/experiments')).some((experiment) => (experiment as { name: string }).name === 'Slice of B'),
    ).toBe(false);
  });

  it("webhooks: B's endpoints and deliveries are not listed in A, nor changed, rotated, replayed or deleted from it", async () => {
    const created = await b.post('/api/webhooks', { url: 'http://127.0.0.1:9/only-b', events: ['prospect.created'] });
    expect(created.status).toBe(201);
    const id = bodyOf<{ endpoint: { id: string } }>(created).endpoint.id;
    const delivery = await platform.stack.db.webhookDeliveries.create({
      workspaceId: b.workspace,
      publicId: 'whd_b0b0b0b0b0b0b0b0b0b0b0b0',
      key: `${id}:evt_isolation`,
      endpointId: id,
      eventId: 'evt_isolation',
      eventType: 'prospect.created',
      status: 'failed',
    });
    expect(bodyOf(await a.get('/api/webhooks'))).toEqual([]);
    expect(bodyOf(await a.get('/api/webhooks/deliveries'))).toEqual([]);
    expect((await a.patch(`/api/webhooks/${id}`, { enabled: false })).status).toBe(404);
    expect((await a.post(`/api/webhooks/${id}/rotate-secret`)).status).toBe(404);
    expect((await a.post(`/api/webhooks/deliveries/${delivery.publicId}/replay`)).status).toBe(404);
    expect((await a.delete(`/api/webhooks/${id}`)).status).toBe(404);
    expect((await a.post('/api/webhooks', { url: 'http://127.0.0.1:9/only-a', events: ['email.sent'] })).status).toBe(201);
    expect(bodyOf(await b.get('/api/webhooks'))).toMatchObject([{ id, url: 'http://127.0.0.1:9/only-b', enabled: true }]);
    expect(bodyOf(await b.get('/api/webhooks/deliveries'))).toMatchObject([{ id: delivery.publicId, status: 'failed' }]);
  });

  it("booking links: B's is neither read nor withdrawn from A, and a booking through it reaches nothing of A's", async () => {
    const ofB = bodyOf<{ url: string; state: string }>(await b.get('/api/booking-links/1'));
    expect(ofB.state).toBe('open');
    const token = ofB.url.split('/book/')[1]!;
    const fromA = await a.get('/api/booking-links/1'); // A's own prospect 1: its own link, or none
    expect(fromA.text).not.toContain(token);
    await a.delete('/api/booking-links/1');
    expect(bodyOf<{ state: string }>(await b.get('/api/booking-links/1')).state).toBe('open');
    const meetingsOfA = bodyOf(await a.get('/api/meetings'));
    const page = await a.get(`/api/book/${token}`, { workspace: a.workspace, anonymous: true });
    expect(page.status).toBe(200);
    const { slots } = bodyOf<{ slots: Array<{ start: string }> }>(page);
    // Naming A changes nothing: the token's workspace, B, is the only one it acts in.
    expect((await a.post(`/api/book/${token}`, { start: slots[1]!.start }, { workspace: a.workspace, anonymous: true })).status).toBe(201);
    expect(bodyOf(await a.get('/api/meetings'))).toEqual(meetingsOfA);
    expect(bodyOf<Array<{ prospectId: number; scheduledAt: string }>>(await b.get('/api/meetings'))).toContainEqual(
      expect.objectContaining({ prospectId: 1, scheduledAt: new Date(slots[1]!.start).toISOString() }),
    );
  });

  it('A has called every workspace-scoped route', () => {
    const called = new Set([...a.seen].map((seen) => seen.replace(/ \d+$/, '')));
    const scoped = allRouteDocs.filter((doc) => doc.query && 'workspace' in doc.query.shape).map(routeKey);
    expect(scoped.filter((route) => !called.has(route))).toEqual([]);
  });
});
