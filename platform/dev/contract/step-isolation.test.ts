// The tenant-isolation suite for pipeline steps (#29): every activity a pipeline can name, placed by
// a member of workspace A in every way a definition, a run input, a batch or a rerun allows, aimed
// at workspace V's data, reads, writes, charges and sends nothing of V. The platform decides the
// workspace (the run's) and the authority (who started it); inputs never carry either.
import { WorkflowNotFoundError } from '@temporalio/client';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityAccess } from '@meetflow/plugin-sdk';
import { SAMPLE_OFFER } from '../../src/features/prospecting/offer/sample-offer.ts';
import { sequenceWorkflowId } from '../../src/features/email/sequences/enrollment.ts';
import { memberToken } from '../testing/principal.ts';
import { bodyOf, ContractClient, type ContractResponse } from './client.ts';
import { customerSites, endedRun, SCORING_INPUT, SCORING_PIPELINE, type RunView } from './fixtures.ts';
import { startContractPlatform, uniqueWorkspace, type ContractPlatform } from './harness.ts';
import { useWorkspaceB, type WorkspaceB } from './isolation-setup.ts';
import { openApiCheck } from './openapi-check.ts';
import { until } from './poll.ts';

/** What the victim workspace holds, for a step to aim at. */
interface Victim extends WorkspaceB {
  workspace: string;
  /** Sites the victim's ICP was built from. */
  sites: string[];
}

/** A node of a draft pipeline. */
interface DraftNode {
  id: string;
  activity: string;
  input: Record<string, unknown>;
}

/**
 * How one activity is tried: its input aimed at the victim wherever the input can name something
 * stored (a meeting, a slice, a prospect, a cycle), and the steps its input needs before it.
 */
interface StepCase {
  input: (victim: Victim) => Record<string, unknown>;
  before?: (victim: Victim) => DraftNode[];
}

const CRITERIA = { industry: ['Software'], companySize: '50-200', jobTitles: ['VP of Sales'], techStack: [], painPoints: [], revenue: '' };
const sourceSearch: StepCase = { input: () => ({ criteria: CRITERIA, limit: 5 }) };
const research = (victim: Victim): DraftNode[] => [
  { id: 'research', activity: 'research.enrichCompany', input: { website: victim.sites[0]! } },
];

/**
 * One case per activity in the catalog. The suite fails when an installed activity has none: a new
 * activity is tried here before it ships.
 */
const CASES: Record<string, StepCase> = {
  'research.enrichCompany': { input: (victim) => ({ website: victim.sites[0]! }) },
  'lead-scoring.scoreProspect': { input: () => ({ prospect: SCORING_INPUT.prospect, icp: SCORING_INPUT.icp }) },
  'lead-scoring.matchPeople': {
    input: () => ({
      icp: CRITERIA,
      people: [
        {
          person: {
            ...{ firstName: 'Ada', lastName: 'Lane', jobTitle: 'VP of Sales', company: 'Pipeline Pilot', companyDomain: null, email: null },
            ...{ linkedinUrl: null, industry: 'Software', employeeCount: 90, companyRevenue: null, techStack: [], recentFunding: null },
            ...{ location: null, sourceRef: null },
          },
          source: 'linkedin',
        },
      ],
    }),
  },
  'outreach.writeSequence': {
    before: research,
    input: () => ({
      prospect: {
        firstName: 'Ada',
        lastName: 'Lane',
        jobTitle: 'VP of Sales',
        company: 'Pipeline Pilot',
        email: 'ada@pipelinepilot.example',
      },
      research: '{{ research }}',
      offer: SAMPLE_OFFER,
    }),
  },
  'outreach.templates': { input: () => ({}) },
  'engagement-analysis.classifyReply': {
    input: () => ({
      subject: 'Re: hello',
      body: 'Sounds interesting',
      from: 'ada@pipelinepilot.example',
      receivedAt: '2026-11-20T10:00:00Z',
    }),
  },
  'meeting-booking.proposeSlots': { input: () => ({ count: 5 }) },
  'meeting-booking.bookMeeting': {
    // The victim's own slot and prospect: booked, it would clash with the victim's meeting.
    input: (victim) => ({
      prospectId: 1,
      prospect: { name: 'Ada Lane', email: 'ada@pipelinepilot.example' },
      start: victim.meetingSlot,
      idempotencyKey: 'the-victims-slot',
    }),
  },
  'meeting-booking.markOutcome': { input: (victim) => ({ meetingId: victim.meetingId, outcome: 'cancelled' }) },
  'meeting-booking.listMeetings': { input: () => ({}) },
  'meeting-booking.invitation': { input: (victim) => ({ meetingId: victim.meetingId }) },
  'meeting-booking.moveMeeting': {
    // The victim's meeting moved a day later: it must stay where it is.
    input: (victim) => ({ meetingId: victim.meetingId, start: new Date(Date.parse(victim.meetingSlot) + 86_400_000).toISOString() }),
  },
  'learning-engine.runLearningCycle': { input: () => ({ cycleId: 'stolen', outcomes: {} }) },
  'learning-engine.listCycles': { input: () => ({ limit: 100 }) },
  'ppm-pricing.estimatePrice': { input: () => ({ baseBid: 1, qualityScore: 0.5, pm: 0.5, floor: 10, cap: 100, basePrice: 30 }) },
  'ppm-pricing.upsertSlice': {
    input: () => ({ sliceId: 'standard', sliceName: 'Taken over', tier: 'standard', qualityScore: 0.1, leadsVolume: 1 }),
  },
  'ppm-pricing.listSlices': { input: () => ({}) },
  'ppm-pricing.internalSliceEconomics': { input: () => ({ sliceId: 'standard' }) },
  'ppm-pricing.upsertBid': { input: () => ({ sliceId: 'standard', baseBid: 3, maxDailyMeetings: 50, dailyBudgetCap: 10000 }) },
  'ppm-pricing.listBids': { input: () => ({}) },
  'ppm-pricing.chargeMeeting': {
    input: (victim) => ({ meetingId: victim.meetingId, sliceId: 'standard', outcome: 'completed', attendedAt: victim.meetingSlot }),
  },
  'ppm-pricing.ledgerSummary': { input: () => ({}) },
  'ppm-pricing.ledgerEntries': { input: () => ({ from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' }) },
  'ppm-pricing.recomputeSlice': {
    input: () => ({ sliceId: 'standard', booked: 10, attended: 0, qualifiedLeads: 0, leadsVolume: 10 }),
  },
  'source-linkedin.searchPeople': sourceSearch,
  'source-crunchbase.searchPeople': sourceSearch,
  'source-apollo.searchPeople': sourceSearch,
  'source-zoominfo.searchPeople': sourceSearch,
  'source-sample.searchPeople': sourceSearch,
  'source-sample.prepare': { input: () => ({ companies: 1 }) },
  // The victim's prospect, scored by no run of the victim's: applied in A's own workspace (to A's prospect 1, if any), never V's.
  'platform.applyProspectScore': {
    input: () => ({
      prospectId: 1,
      score: { totalScore: 99, dimensions: [{ key: 'companySize', score: 99 }] },
      industry: 'Taken over',
    }),
  },
  // The victim's prospect (in a campaign of the victim's): decided in A's own workspace (A has no experiment: none), never V's.
  'platform.decideExperimentArm': { input: () => ({ prospectId: 2 }) },
  // The victim's prospect with a live sequence, and an address outside both workspaces.
  'platform.enrollSequence': {
    input: () => ({
      prospectId: 2,
      email: 'outsider@elsewhere.example',
      sequence: [{ step: 1, dayOffset: 0, subject: 'Hello from someone else', body: 'Sent from a borrowed mailbox?' }],
    }),
  },
};

let platform: ContractPlatform;
let victim: Victim;
/** The attacker: an owner of workspace A (a fresh sign-up's role), and a sales-ops member of A. */
let owner: ContractClient;
let salesOps: ContractClient;
let catalog: Map<string, ActivityAccess>;

/** A client of workspace A signed in with an API token of `role` there (made by the product's token code). */
function memberOf(workspace: string, role: 'owner' | 'sales-ops'): ContractClient {
  let token: Promise<string> | undefined;
  const credential = () => (token ??= memberToken(platform.stack.db, workspace, role));
  return new ContractClient(platform.url, workspace, openApiCheck(platform.document), credential);
}

/**
 * Everything of the victim's workspace the database holds, collection by collection: read with the
 * driver (no mongoose middleware), every document naming the workspace, in a stable order.
 */
async function victimData(connection: Connection, workspace: string): Promise<Record<string, unknown[]>> {
  const collections = (await connection.db!.listCollections().toArray()).map((collection) => collection.name).sort();
  const data: Record<string, unknown[]> = {};
  for (const name of collections) {
    const documents = await connection
      .db!.collection(name)
      .find({ $or: [{ workspaceId: workspace }, { workspace }, { _id: workspace as never }] })
      .sort({ _id: 1 })
      .toArray();
    if (documents.length > 0) data[name] = JSON.parse(JSON.stringify(documents.map(withoutOwnSync(name)))) as unknown[];
  }
  return data;
}

/**
 * The victim's own calendarSync workflow (its read-back every minute) writes where it got to
 * (`sync`, `updatedAt`) while A's steps run: that is the victim's sync, not A reaching in, so
 * those two fields are left out; every other field of the account is still compared.
 */
const withoutOwnSync =
  (collection: string) =>
  (document: Record<string, unknown>): Record<string, unknown> => {
    if (collection !== 'calendarAccounts') return document;
    const { sync: _sync, updatedAt: _updatedAt, ...rest } = document;
    return rest;
  };

/** A one-step draft (with the steps its input needs first), as the editor's Test run sends it. */
function draftOf(activity: string, input: Record<string, unknown>, before: DraftNode[] = []) {
  const step: DraftNode = { id: 'step', activity, input };
  return {
    id: `try-${activity.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`,
    name: `Try ${activity}`,
    nodes: [...before, step],
    edges: before.map((node) => ({ from: node.id, to: 'step' })),
  };
}

/** A refusal: its status and the one line of text it says (which names where each problem is). */
const refusal = (answer: ContractResponse) => [answer.status, answer.text];

const testRun = (client: ContractClient, definition: unknown, input: unknown = {}) =>
  client.post('/api/pipelines/test-runs', { definition, input });

/** The run to its end, and every step output it stored (as its owner reads them). */
async function finishedOutputs(client: ContractClient, runId: string): Promise<{ run: RunView; outputs: string }> {
  const run = await endedRun(client, runId);
  const outputs: unknown[] = [];
  for (const [nodeId, step] of Object.entries(run.steps)) {
    if (step.status !== 'completed') continue;
    outputs.push(bodyOf(await client.get(`/api/runs/${runId}/steps/${nodeId}/output`)));
  }
  return { run, outputs: JSON.stringify({ run, outputs }) };
}

/**
 * What of the victim an answer must never hold, and no input gave: its slug, its meeting's
 * invitation UID and link, its mailbox, emails, suppressions, offer and people.
 */
async function victimMarkers(of: Victim): Promise<string[]> {
  const meeting = await platform.stack.database.db!.collection('plugin_meeting_booking_meetings').findOne({ workspaceId: of.workspace });
  if (!meeting) throw new Error("the victim's meeting is not stored");
  return [
    ...[of.workspace, String(meeting.icsUid), String(meeting.meetingUrl), of.mailboxId, of.outboxId, of.sentMessageId, of.suppressed],
    ...['Workspace B Co', 'bo@quotewell.example', 'Bo Reyes'],
  ];
}

beforeAll(async () => {
  platform = await startContractPlatform('step-isolation', { sampleCompanies: 60 });
  const victimClient = platform.client(uniqueWorkspace('victim'));
  const held = await useWorkspaceB(platform, victimClient);
  victim = { ...held, workspace: victimClient.workspace, sites: customerSites(platform) };
  // Nothing of the victim's may still be moving when its data is read: its runs and its batch end first.
  await endedRun(victimClient, held.processRunId);
  await until(
    async () => bodyOf<{ status: string }>(await victimClient.get(`/api/batches/${held.batchId}`)).status,
    (status) => status !== 'running' && status !== 'pending',
    "the victim's batch",
  );
  const attacker = uniqueWorkspace('attacker');
  [owner, salesOps] = [memberOf(attacker, 'owner'), memberOf(attacker, 'sales-ops')];
  catalog = new Map([...platform.stack.runner.activities].map(([name, options]) => [name, options.access]));
}, 240_000);
afterAll(async () => platform?.close());

describe('every activity of the catalog, aimed at another workspace', () => {
  it('has a case: a new activity is tried here before it ships', () => {
    expect([...catalog.keys()].sort()).toEqual(Object.keys(CASES).sort());
  });

  it('refuses a step whose input names a workspace, for every activity, before anything runs', async () => {
    for (const [activity, trial] of Object.entries(CASES)) {
      const aimed = { ...trial.input(victim), workspaceId: victim.workspace };
      const answer = await testRun(owner, draftOf(activity, aimed, trial.before?.(victim)));
      expect([activity, ...refusal(answer)]).toEqual([
        activity,
        422,
        expect.stringContaining('node "step" input field "workspaceId": a step runs in the workspace of its run, which no input can set'),
      ]);
    }
  });

  it('refuses a run input, a batch input and a rerun input that name a workspace', async () => {
    const pipeline = { ...SCORING_PIPELINE, id: 'attacker-scoring' };
    bodyOf(await owner.post('/api/pipelines', pipeline));
    const aimed = { ...SCORING_INPUT, workspaceId: victim.workspace };
    const nested = { ...SCORING_INPUT, prospect: { ...SCORING_INPUT.prospect, workspaceId: victim.workspace } };
    const refusedAt = (path: string) => [422, expect.stringMatching(new RegExp(`^${path}: a run acts in the workspace it is started in`))];
    expect(refusal(await owner.post(`/api/pipelines/${pipeline.id}/runs`, { input: aimed }))).toEqual(refusedAt('input.workspaceId'));
    const deep = await owner.post(`/api/pipelines/${pipeline.id}/runs`, { input: nested });
    expect(refusal(deep)).toEqual(refusedAt('input.prospect.workspaceId'));
    const batch = await owner.post(`/api/pipelines/${pipeline.id}/batches`, { inputs: [SCORING_INPUT, aimed] });
    expect(refusal(batch)).toEqual(refusedAt('inputs.1.workspaceId'));
    const draft = await testRun(
      owner,
      draftOf('lead-scoring.scoreProspect', { prospect: '{{ input.prospect }}', icp: '{{ input.icp }}' }),
      aimed,
    );
    expect(refusal(draft)).toEqual(refusedAt('input.workspaceId'));

    const first = bodyOf<RunView>(await owner.post(`/api/pipelines/${pipeline.id}/runs`, { input: SCORING_INPUT }));
    await endedRun(owner, first.runId);
    const rerun = await owner.post(`/api/runs/${first.runId}/rerun`, { input: aimed });
    expect(refusal(rerun)).toEqual(refusedAt('input.workspaceId'));
    // The victim's own run is not there to rerun from A, with or without a workspace in the input.
    expect((await owner.post(`/api/runs/${victim.runId}/rerun`, {})).status).toBe(404);
    expect((await owner.post(`/api/batches/${victim.batchId}/retry-failed`)).status).toBe(404);
  });

  // One test per activity (each with its own time limit: the catalog grows with every feature),
  // between a snapshot of the victim's data and the check that none of it changed.
  let before: Record<string, unknown[]>;
  let markers: string[];
  const ran: string[] = [];

  it("takes the victim's data as it is before any of A's steps runs", async () => {
    before = await victimData(platform.stack.database, victim.workspace);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['pipelineruns', 'prospects', 'plugin_meeting_booking_meetings']));
    markers = await victimMarkers(victim);
    expect(markers.length).toBeGreaterThan(0);
  });

  it.each(Object.keys(CASES))(
    "runs %s in A's own workspace, showing nothing of the victim (or refuses it as internal)",
    async (activity) => {
      const trial = CASES[activity]!;
      const access = catalog.get(activity)!;
      const definition = draftOf(activity, trial.input(victim), trial.before?.(victim));
      const answer = await testRun(owner, definition);
      if (access === 'internal') {
        expect(refusal(answer)).toEqual([422, expect.stringContaining("is the platform's own (internal)")]);
        return;
      }
      const { run, outputs } = await finishedOutputs(owner, bodyOf<RunView>(answer).runId);
      ran.push(`${activity}: ${run.steps.step?.status}`);
      for (const marker of markers) expect(outputs.includes(marker), `${activity}'s run shows "${marker}" of the victim`).toBe(false);
    },
  );

  it('after every step: nothing of the victim was read, written, charged or sent', async () => {
    // Each placeable activity really ran (a run that never reached its step would prove nothing).
    expect(ran.length).toBe([...catalog.values()].filter((access) => access !== 'internal').length);
    expect(ran.filter((line) => line.endsWith(': completed')).length).toBeGreaterThan(ran.length / 2);
    // The learning schedule and trigger act in the caller's own workspace only: naming the victim's is not being a member of it.
    expect((await owner.post('/api/learning/trigger', undefined, { workspace: victim.workspace })).status).toBe(404);

    expect(await victimData(platform.stack.database, victim.workspace)).toEqual(before);
    // No sequence of the victim's prospect was started from A: A's enrolment started A's own.
    const temporal = platform.stack.runner.temporal;
    await expect(temporal.workflow.getHandle(sequenceWorkflowId(victim.workspace, 2)).describe()).rejects.toThrow(WorkflowNotFoundError);
    await temporal.workflow.getHandle(sequenceWorkflowId(owner.workspace, 2)).describe();
  });
});

describe("a member's role bounds what their pipelines may do", () => {
  it('the palette offers a sales-ops member only what sales ops may place', async () => {
    const plugins = bodyOf<Array<{ activities: Array<{ qualifiedName: string; access: ActivityAccess; placeable: boolean }> }>>(
      await salesOps.get('/api/plugins'),
    );
    const offered = plugins.flatMap((plugin) => plugin.activities);
    for (const activity of offered) {
      expect([activity.qualifiedName, activity.placeable]).toEqual([
        activity.qualifiedName,
        activity.access === 'public' || activity.access === 'sales-ops',
      ]);
    }
    const asOwner = bodyOf<typeof plugins>(await owner.get('/api/plugins')).flatMap((plugin) => plugin.activities);
    expect(asOwner.filter((activity) => activity.placeable).length).toBeGreaterThan(
      offered.filter((activity) => activity.placeable).length,
    );
  });

  it('refuses a sales-ops member an admin or internal step when saving, test-running, running, batching and rerunning', async () => {
    for (const [activity, access] of catalog) {
      if (access !== 'admin' && access !== 'internal') continue;
      const definition = draftOf(activity, CASES[activity]!.input(victim));
      const expected = access === 'admin' ? 403 : 422;
      expect([activity, (await testRun(salesOps, definition)).status]).toEqual([activity, expected]);
      expect([activity, (await salesOps.post('/api/pipelines', definition)).status]).toEqual([activity, expected]);
      const validation = bodyOf<{ valid: boolean; problems: Array<{ at: string }> }>(
        await salesOps.post('/api/pipelines/validate', definition),
      );
      expect([activity, validation.valid]).toEqual([activity, false]);
      expect(
        validation.problems.map((problem) => problem.at),
        activity,
      ).toContain('nodes.step.activity');
    }
    // An owner's saved pipeline with an admin step: a sales-ops member cannot run, batch or rerun it.
    const bids = { ...draftOf('ppm-pricing.upsertBid', { sliceId: 'standard', baseBid: 1 }), id: 'owners-bid' };
    bodyOf(await owner.post('/api/pipelines', bids));
    expect((await salesOps.post('/api/pipelines/owners-bid/runs', { input: {} })).status).toBe(403);
    expect((await salesOps.post('/api/pipelines/owners-bid/batches', { inputs: [{}] })).status).toBe(403);
    const ownersRun = bodyOf<RunView>(await owner.post('/api/pipelines/owners-bid/runs', { input: {} }));
    await endedRun(owner, ownersRun.runId);
    expect((await salesOps.post(`/api/runs/${ownersRun.runId}/rerun`, {})).status).toBe(403);
    // What sales ops may place still runs for them.
    const listed = bodyOf<RunView>(await testRun(salesOps, draftOf('ppm-pricing.listBids', {})));
    expect((await endedRun(salesOps, listed.runId)).status).toBe('completed');
  });
});
