import type { Connection } from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { serveForTest } from '../../../../dev/testing/http.ts';
import { memberToken, ownerToken } from '../../../../dev/testing/principal.ts';
import type { Role } from '../../../core/access.ts';
import { systemRunContext } from '../../../core/run-context.ts';
import { createKoaApp } from '../../../core/http/app.ts';
import { sessionsAndTokens } from '../../accounts/auth/authenticate.ts';
import { DEFAULT_SESSION_POLICY } from '../../accounts/auth/sessions.ts';
import { createModels, type Models } from '../../models.ts';
import { installedPlugins } from '../../runs/plugins/installed.ts';
import { recordOutcome } from '../outcomes/record.ts';
import { setWorkspaceConfig } from '../workspace-config/workspace-config.ts';
import type { ExperimentsSummary, ExperimentView } from './api-schemas.ts';
import { countSentTrials, reconcileExperimentCounts } from './counts.ts';
import { creditProspectOutcomes } from './credit.ts';
import { createDecideActivity, DECIDE_ACTIVITY } from './decide.ts';
import { installedDecisionPoints } from './decision-points.ts';
import { DEFAULT_DECLARATION_RULE } from './engine.ts';
import { experimentsRouter } from './routes.ts';

// The experiments routes behind the app's own middleware, called with real API tokens of each
// role, over the run's database; the send-time decision and the crediting of outcomes over the same data.
const [WS, OTHER, SLICED] = ['acme-experiments', 'rival-experiments', 'sliced-experiments'];

let connection: Connection;
let db: Models;
let server: Awaited<ReturnType<typeof serveForTest>>;
const tokens = {} as Record<Exclude<Role, 'owner'> | 'other' | 'sliced', string>;

beforeAll(async () => {
  connection = await openTestDatabase('experiments');
  db = createModels(connection);
  await Promise.all([
    db.workspaces.init(),
    db.apiTokens.init(),
    db.experiments.init(),
    db.experimentDecisions.init(),
    db.outcomeEvents.init(),
    db.workspaceIcp.init(),
  ]);
  for (const role of ['admin', 'sales-ops', 'viewer'] as const) tokens[role] = await memberToken(db, WS, role);
  tokens.other = await ownerToken(db, OTHER);
  tokens.sliced = await memberToken(db, SLICED, 'sales-ops');
  await db.campaigns.create({ workspaceId: WS, id: 1, name: 'Spring', prospectIds: [11, 12] });
  const logger = pino({ level: 'silent' });
  const authenticator = sessionsAndTokens(db, DEFAULT_SESSION_POLICY);
  server = await serveForTest(
    createKoaApp({
      logger,
      authenticator,
      routers: [experimentsRouter({ db, decisionPoints: installedDecisionPoints(installedPlugins) })],
      audit: null,
    }),
  );
});
afterAll(async () => {
  await server?.close();
  await connection?.dropDatabase();
  await connection?.close();
});

const call = async (as: keyof typeof tokens | null, method: string, path = '', body?: unknown) => {
  const response = await fetch(`${server.url}/api/experiments${path}`, {
    method,
    headers: {
      ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, body: response.ok ? (JSON.parse(text) as ExperimentView) : undefined };
};
const list = async (as: keyof typeof tokens = 'viewer') => {
  const answer = await call(as, 'GET');
  expect(answer.status, answer.text).toBe(200);
  return answer.body as unknown as ExperimentView[];
};
const TEMPLATES = [{ value: 'roi-focused' }, { value: 'pain-point', label: 'Pain point' }];
const decideFor = (workspaceId: string, prospectId: number) =>
  createDecideActivity(db)[DECIDE_ACTIVITY]!({ prospectId }, { run: systemRunContext(workspaceId, 'test') }) as Promise<{
    experimentId: string | null;
    arm: string | null;
    template: string | null;
    source: string;
    decisions: Record<string, string>;
    populations: Record<string, unknown>;
  }>;
const trialsOf = async (name: string) =>
  Object.fromEntries((await list()).find((experiment) => experiment.name === name)!.arms.map((arm) => [arm.id, arm.trials]));
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((total, count) => total + count, 0);

let campaignExperiment: ExperimentView;

describe('/api/experiments: who may do what', () => {
  it('is empty in a new workspace, read by every member and by no anonymous caller', async () => {
    expect(await list()).toEqual([]);
    expect((await call('viewer', 'GET', '/summary')).body).toMatchObject({ running: 0, testsThisMonth: 0, learningScore: null });
    expect((await call(null, 'GET')).status).toBe(401);
    expect((await call(null, 'POST', '', { name: 'x', decisionPoint: 'first-email-template', arms: TEMPLATES })).status).toBe(401);
  });

  it('sales ops and above start one; a viewer may not start, stop or roll back', async () => {
    const body = {
      name: 'Opening template',
      decisionPoint: 'first-email-template',
      arms: TEMPLATES,
      population: { kind: 'campaign', campaignId: 1 },
    };
    expect((await call('viewer', 'POST', '', body)).status).toBe(403);
    const added = await call('sales-ops', 'POST', '', body);
    expect(added.status, added.text).toBe(201);
    campaignExperiment = added.body!;
    expect(campaignExperiment).toMatchObject({
      name: 'Opening template',
      state: 'running',
      population: { kind: 'campaign', campaignId: 1 },
      winner: null,
      change: null,
      createdBy: expect.stringMatching(/^token:/),
      rule: DEFAULT_DECLARATION_RULE,
    });
    expect(campaignExperiment.arms.map((arm) => [arm.id, arm.label, arm.trials, arm.successes])).toEqual([
      ['roi-focused', 'ROI-focused', 0, 0], // the plugin's label when the request names none
      ['pain-point', 'Pain point', 0, 0],
    ]);
    // With no data each arm's posterior is the uniform prior: mean 0.5, a wide interval, an even chance of being best.
    expect(campaignExperiment.arms[0]).toMatchObject({ mean: 0.5, pBest: expect.closeTo(0.5, 2) });
    expect(campaignExperiment.arms[0]!.lower).toBeLessThan(0.05);
    expect(campaignExperiment.arms[0]!.upper).toBeGreaterThan(0.95);
    const id = campaignExperiment.id;
    expect((await call('viewer', 'POST', `/${id}/stop`)).status).toBe(403);
    expect((await call('viewer', 'POST', `/${id}/rollback`)).status).toBe(403);
    expect((await call('viewer', 'GET', `/${id}`)).body).toMatchObject({ id, name: 'Opening template' });
    expect((await call('admin', 'POST', '', { ...body, name: 'Workspace-wide', population: { kind: 'workspace' } })).status).toBe(201);
  });

  it('refuses what cannot be tried, naming why', async () => {
    const base = { name: 'Another', decisionPoint: 'first-email-template', arms: TEMPLATES };
    expect(await call('admin', 'POST', '', { ...base, arms: [{ value: 'roi-focused' }] })).toMatchObject({
      status: 400,
      text: expect.stringContaining('at least two arms'),
    });
    expect(await call('admin', 'POST', '', { ...base, arms: [{ value: 'roi-focused' }, { value: 'made-up' }] })).toMatchObject({
      status: 422,
      text: expect.stringContaining('arms.1.value must be one of roi-focused, pain-point, value-prop'),
    });
    expect(await call('admin', 'POST', '', { ...base, arms: [{ value: 'roi-focused' }, { value: 'roi-focused' }] })).toMatchObject({
      status: 422,
      text: expect.stringContaining('arms.1.id'),
    });
    expect(await call('admin', 'POST', '', { ...base, population: { kind: 'campaign', campaignId: 99 } })).toMatchObject({
      status: 422,
      text: expect.stringContaining('No campaign 99'),
    });
    expect(
      await call('admin', 'POST', '', { ...base, name: 'Opening template', population: { kind: 'campaign', campaignId: 1 } }),
    ).toMatchObject({
      status: 409,
    });
    expect(await call('admin', 'POST', '', { ...base, population: { kind: 'campaign', campaignId: 1 } })).toMatchObject({
      status: 409,
      text: expect.stringContaining('already has a running experiment'),
    });
    // The workspace is the request's: a body naming one is refused, not obeyed.
    expect(await call('admin', 'POST', '', { ...base, workspaceId: OTHER })).toMatchObject({
      status: 400,
      text: expect.stringContaining('workspaceId'),
    });
    expect((await call('admin', 'GET', '/not-an-id')).status).toBe(404);
    expect(await list()).toHaveLength(2);
  });

  it("is the workspace's own: another workspace neither sees nor stops its experiments", async () => {
    expect(await list('other')).toEqual([]);
    expect((await call('other', 'GET', `/${campaignExperiment.id}`)).status).toBe(404);
    expect((await call('other', 'POST', `/${campaignExperiment.id}/stop`)).status).toBe(404);
    expect((await call('other', 'POST', `/${campaignExperiment.id}/rollback`)).status).toBe(404);
    expect((await call('other', 'GET', `?workspace=${WS}`)).status).toBe(404);
  });
});

describe('deciding at send time and crediting outcomes', () => {
  it("decides once per prospect, by the campaign's experiment before the workspace's, and counts the trial once its first email is sent", async () => {
    const first = await decideFor(WS, 11);
    expect(first).toMatchObject({ experimentId: campaignExperiment.id, source: 'experiment' });
    expect(['roi-focused', 'pain-point']).toContain(first.template);
    expect(first.decisions).toEqual({ 'first-email-template': first.template });
    expect(first.populations).toEqual({ 'first-email-template': { kind: 'campaign', campaignId: 1 } });
    expect(await decideFor(WS, 11)).toEqual(first); // a retry or a rerun gets the recorded decision
    const decision = await db.experimentDecisions.findOne({ workspaceId: WS, decisionId: `${campaignExperiment.id}:11` }).lean();
    expect(decision).toMatchObject({
      prospectId: 11,
      arm: first.arm,
      sequenceId: `sequence-${WS}-11`,
      trialCounted: false,
      population: { kind: 'campaign', campaignId: 1 },
    });
    expect(Object.keys(decision!.draws).sort()).toEqual(['pain-point', 'roi-focused']);
    // Decided is not tried: the trial counts when the outbox sends the first email, once however often the send is retried.
    expect(sum(await trialsOf('Opening template'))).toBe(0);
    expect(await countSentTrials(db, { workspaceId: WS, prospectId: 11 })).toBe(1);
    expect(await countSentTrials(db, { workspaceId: WS, prospectId: 11 })).toBe(0);
    expect(await trialsOf('Opening template')).toEqual({
      'roi-focused': first.arm === 'roi-focused' ? 1 : 0,
      'pain-point': first.arm === 'pain-point' ? 1 : 0,
    });
    // A prospect outside the campaign is decided by the workspace-wide experiment; another workspace has none.
    const workspaceWide = (await list()).find((experiment) => experiment.name === 'Workspace-wide')!;
    expect(await decideFor(WS, 30)).toMatchObject({ experimentId: workspaceWide.id, source: 'experiment' });
    // Its email is never sent (turned down in review, say): the decision never counts.
    expect(sum(await trialsOf('Workspace-wide'))).toBe(0);
    expect(await reconcileExperimentCounts(db)).toBe(0);
    expect(await decideFor(OTHER, 11)).toEqual({
      experimentId: null,
      arm: null,
      template: null,
      source: 'none',
      decisions: {},
      populations: {},
    });
  });

  it('credits a positive reply once, a meeting attended more, and nothing for an unsubscribe', async () => {
    const arm = (await decideFor(WS, 12)).arm!;
    await countSentTrials(db, { workspaceId: WS, prospectId: 12 });
    const successes = async () =>
      (await list()).find((experiment) => experiment.id === campaignExperiment.id)!.arms.find((candidate) => candidate.id === arm)!
        .successes;
    const before = await successes();
    await recordOutcome(db, {
      workspaceId: WS,
      eventId: 'reply-12-a',
      type: 'replied',
      at: new Date(),
      prospectId: 12,
      category: 'unsubscribe',
    });
    await creditProspectOutcomes(db, WS, 12);
    expect(await successes()).toBe(before);
    await recordOutcome(db, {
      workspaceId: WS,
      eventId: 'reply-12-b',
      type: 'replied',
      at: new Date(),
      prospectId: 12,
      category: 'interested',
    });
    await creditProspectOutcomes(db, WS, 12);
    await creditProspectOutcomes(db, WS, 12); // again: no second count
    expect(await successes()).toBe(before + 0.75);
    await recordOutcome(db, {
      workspaceId: WS,
      eventId: 'meeting-attendance-12',
      type: 'meeting_attended',
      at: new Date(),
      prospectId: 12,
    });
    await creditProspectOutcomes(db, WS, 12);
    expect(await successes()).toBe(before + 1);
    // A stop between the decision's mark and the count: the start-up reconciliation finds nothing left to count.
    expect(await reconcileExperimentCounts(db)).toBe(0);
  });

  it('declares a winner by the rule, applies it with its evidence when Auto-Apply is on, and rolls it back', async () => {
    const { minTrialsPerArm } = DEFAULT_DECLARATION_RULE;
    // The counts as many sends would leave them: pain-point clearly ahead, every arm past the minimum sample.
    await db.experiments.updateOne(
      { workspaceId: WS, _id: campaignExperiment.id },
      { $set: { 'arms.0.trials': minTrialsPerArm, 'arms.0.successes': 10, 'arms.1.trials': minTrialsPerArm, 'arms.1.successes': 80 } },
    );
    await setWorkspaceConfig(db, WS, 'learningSettings', { automaticCycles: true, autoApply: true, emailReports: false });
    await recordOutcome(db, {
      workspaceId: WS,
      eventId: 'reply-11-a',
      type: 'replied',
      at: new Date(),
      prospectId: 11,
      category: 'interested',
    });
    await creditProspectOutcomes(db, WS, 11);
    const converged = (await call('viewer', 'GET', `/${campaignExperiment.id}`)).body!;
    expect(converged).toMatchObject({ state: 'converged', winner: 'pain-point', endedAt: expect.any(String) });
    expect(converged.change).toMatchObject({ arm: 'pain-point', value: 'pain-point', rolledBackAt: null });
    expect(converged.change!.evidence.pBest['pain-point']).toBeGreaterThanOrEqual(0.95);
    for (const count of converged.change!.evidence.counts) expect(count.trials).toBeGreaterThanOrEqual(minTrialsPerArm);
    // A converged experiment decides no more: while the workspace-wide one runs, it decides; once stopped, the winner stands.
    await db.campaigns.updateOne({ workspaceId: WS, id: 1 }, { $push: { prospectIds: 14 } });
    expect(await decideFor(WS, 14)).toMatchObject({ source: 'experiment' }); // the workspace-wide experiment still runs
    expect((await call('sales-ops', 'POST', `/${(await list()).find((e) => e.name === 'Workspace-wide')!.id}/stop`)).status).toBe(200);
    expect(await decideFor(WS, 14)).toEqual({
      experimentId: campaignExperiment.id,
      arm: 'pain-point',
      template: 'pain-point',
      source: 'applied',
      decisions: { 'first-email-template': 'pain-point' },
      populations: { 'first-email-template': { kind: 'campaign', campaignId: 1 } },
    });
    expect((await call('sales-ops', 'POST', `/${campaignExperiment.id}/stop`)).status).toBe(409);

    // This month: two experiments ran, both ended; the applied winner earns ~8x its control's reward per send.
    const summary = (await call('viewer', 'GET', '/summary')).body as unknown as ExperimentsSummary;
    expect(summary).toMatchObject({ running: 0, finishedThisMonth: 2, testsThisMonth: 2, learningScore: { experiments: 1 } });
    expect(summary.learningScore!.score).toBeGreaterThan(5);
    expect(summary.learningScore!.sends).toBe(converged.arms[1]!.trials);
    const rolled = await call('sales-ops', 'POST', `/${campaignExperiment.id}/rollback`);
    expect(rolled.status, rolled.text).toBe(200);
    expect(rolled.body!.change).toMatchObject({ rolledBackAt: expect.any(String), rolledBackBy: expect.stringMatching(/^token:/) });
    expect((await call('admin', 'POST', `/${campaignExperiment.id}/rollback`)).status).toBe(409);
    expect(await decideFor(WS, 14)).toEqual({
      experimentId: null,
      arm: null,
      template: null,
      source: 'none',
      decisions: {},
      populations: {},
    });
    // Rolled back, nothing applied is left to score: "not enough data yet", never a made-up number.
    expect(((await call('viewer', 'GET', '/summary')).body as unknown as ExperimentsSummary).learningScore).toBeNull();
  });
});

describe('decision points the installed plugins declare', () => {
  it('are listed for every member and checked when an experiment starts', async () => {
    const read = async (as: keyof typeof tokens | null) =>
      fetch(`${server.url}/api/experiments/decision-points`, { headers: as ? { authorization: `Bearer ${tokens[as]}` } : {} });
    expect((await read(null)).status).toBe(401);
    const points = (await (await read('viewer')).json()) as Array<{ id: string; plugin: string; arms: Array<{ value: string }> }>;
    expect(points.map((point) => [point.id, point.plugin, point.arms.map((arm) => arm.value)])).toEqual([
      ['first-email-template', 'outreach', ['roi-focused', 'pain-point', 'value-prop']],
      ['follow-up-gap', 'outreach', ['3', '5', '7']],
      ['opener-angle', 'outreach', ['most-relevant', 'growth', 'stack-and-problems', 'what-they-sell']],
      ['subject-style', 'outreach', ['about-them', 'about-the-offer']],
    ]);
    const base = { name: 'Gap', arms: [{ value: '3' }, { value: '7' }] };
    expect(await call('admin', 'POST', '', { ...base, decisionPoint: 'opener-kind' })).toMatchObject({
      status: 422,
      text: expect.stringContaining('No installed plugin declares decision point "opener-kind"'),
    });
    expect(
      await call('admin', 'POST', '', { ...base, decisionPoint: 'follow-up-gap', arms: [{ value: '3' }, { value: '9' }] }),
    ).toMatchObject({
      status: 422,
      text: expect.stringContaining('arms.1.value must be one of 3, 5, 7'),
    });
  });

  it('decides each running decision point, and a send the stop cut short is counted at start-up', async () => {
    const gap = await call('sales-ops', 'POST', '', {
      ...{ name: 'Follow-up gap', decisionPoint: 'follow-up-gap', arms: [{ value: '3' }, { value: '7' }] },
      population: { kind: 'campaign', campaignId: 1 },
    });
    expect(gap.status, gap.text).toBe(201);
    expect(gap.body!.arms.map((arm) => arm.label)).toEqual(['3 days', '7 days']); // the plugin's labels
    const template = await call('sales-ops', 'POST', '', {
      name: 'Template again',
      decisionPoint: 'first-email-template',
      arms: TEMPLATES,
    });
    expect(template.status, template.text).toBe(201);
    await db.campaigns.updateOne({ workspaceId: WS, id: 1 }, { $push: { prospectIds: { $each: [15, 16] } } });
    const decided = await decideFor(WS, 15);
    expect(Object.keys(decided.decisions).sort()).toEqual(['first-email-template', 'follow-up-gap']);
    expect(['3', '7']).toContain(decided.decisions['follow-up-gap']);
    expect(decided).toMatchObject({ experimentId: template.body!.id, template: decided.decisions['first-email-template'] });
    expect(await countSentTrials(db, { workspaceId: WS, prospectId: 15 })).toBe(2);
    expect(sum(await trialsOf('Follow-up gap'))).toBe(1);
    expect(sum(await trialsOf('Template again'))).toBe(1);
    // Prospect 16's first email went out but the worker stopped before its trials were counted: start-up counts them, once.
    await decideFor(WS, 16);
    await recordOutcome(db, {
      workspaceId: WS,
      eventId: `sent-sequence-${WS}-16-1`,
      type: 'sent',
      at: new Date(),
      prospectId: 16,
      step: 1,
    });
    expect(await reconcileExperimentCounts(db)).toBe(2);
    expect(await reconcileExperimentCounts(db)).toBe(0);
    expect(sum(await trialsOf('Follow-up gap'))).toBe(2);
    expect(sum(await trialsOf('Template again'))).toBe(2);
  });
});

describe('an ICP slice as the population', () => {
  // SLICED's ICP: Fintech (the most confident) and Retail; OTHER's has a slice of its own.
  const slice = (name: string, confidence: number, industry: string[]) => ({
    name,
    description: `${name} customers`,
    confidence,
    estimatedVolume: 100,
    criteria: { industry, companySize: '50-200 employees', jobTitles: ['CFO'], techStack: [], painPoints: [] },
  });
  const icpOf = (workspaceId: string, slices: ReturnType<typeof slice>[]) =>
    db.workspaceIcp.create({ workspaceId, slices, confidence: 0.8, notes: 'test', sourceUrls: [], analyzedAt: new Date() });
  const prospect = (id: number, industry: string | null) =>
    db.prospects.create({
      ...{ workspaceId: SLICED, id, firstName: 'P', lastName: String(id), company: `Co ${id}`, email: `p${id}@co${id}.example` },
      ...{ emailLower: `p${id}@co${id}.example`, industry, industryLower: industry?.toLowerCase() ?? null },
    });
  const start = (name: string, population: unknown, decisionPoint = 'first-email-template') =>
    call('sliced', 'POST', '', {
      name,
      decisionPoint,
      arms: decisionPoint === 'first-email-template' ? TEMPLATES : [{ value: '3' }, { value: '7' }],
      population,
    });
  const ids = {} as Record<'retail' | 'fintechGap' | 'everyone' | 'campaign', string>;

  beforeAll(async () => {
    await icpOf(SLICED, [slice('Retail', 0.5, ['Retail', 'E-commerce']), slice('Fintech', 0.9, ['Financial Services', 'Banking'])]);
    await icpOf(OTHER, [slice('Healthcare', 0.7, ['Hospitals'])]);
    for (const [id, industry] of [
      [41, 'banking'], // Fintech, matched case-insensitively
      [42, 'Retail'],
      [43, 'Retail'], // also in campaign 5
      [44, 'E-commerce'],
      [45, 'Retail'], // in campaign 6, which scores against Fintech only
      [46, null], // no industry: the most confident slice, Fintech
      [47, 'Retail'],
      [48, 'Banking'],
    ] as const)
      await prospect(id, industry);
    await db.campaigns.create({ workspaceId: SLICED, id: 5, name: 'Retail push', prospectIds: [43] });
    await db.campaigns.create({ workspaceId: SLICED, id: 6, name: 'Fintech only', prospectIds: [45], sliceNames: ['Fintech'] });
  });

  it("refuses a slice the workspace's current ICP does not have, naming it, and another workspace's slice names", async () => {
    const refused = await fetch(`${server.url}/api/experiments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.sliced}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        name: 'Elsewhere',
        decisionPoint: 'first-email-template',
        arms: TEMPLATES,
        population: { kind: 'slice', slice: 'Healthcare' }, // OTHER's slice
      }),
    });
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toContain('No ICP slice "Healthcare" in this workspace\'s ICP: one of "Fintech", "Retail"');
    expect(Object.keys(body.fields)).toEqual(['population.slice']);
    // A workspace without an ICP has no slice at all; a blank name is not a slice.
    expect(
      await call('admin', 'POST', '', {
        name: 'No ICP',
        decisionPoint: 'first-email-template',
        arms: TEMPLATES,
        population: { kind: 'slice', slice: 'Retail' },
      }),
    ).toMatchObject({ status: 422, text: expect.stringContaining('has no ICP yet') });
    expect(await start('Blank', { kind: 'slice', slice: '' })).toMatchObject({
      status: 400,
      text: expect.stringContaining('population.slice'),
    });
    expect(await start('Slice and campaign', { kind: 'slice', slice: 'Retail', campaignId: 5 })).toMatchObject({ status: 400 });
    expect(await list('sliced')).toEqual([]);
  });

  it('decides only for the slice’s prospects; a campaign’s experiment wins over it, and it over the workspace’s', async () => {
    const retail = await start('Retail template', { kind: 'slice', slice: 'Retail' });
    expect(retail.status, retail.text).toBe(201);
    expect(retail.body!.population).toEqual({ kind: 'slice', slice: 'Retail' });
    ids.retail = retail.body!.id;
    expect(await start('Retail again', { kind: 'slice', slice: 'Retail' })).toMatchObject({
      status: 409,
      text: expect.stringContaining('already has a running experiment'),
    });
    const fintechGap = await start('Fintech gap', { kind: 'slice', slice: 'Fintech' }, 'follow-up-gap');
    expect(fintechGap.status, fintechGap.text).toBe(201);
    ids.fintechGap = fintechGap.body!.id;

    // Retail's prospects (by industry, e-commerce included) are decided by the Retail experiment; Fintech's are not.
    for (const id of [42, 44])
      expect(await decideFor(SLICED, id)).toMatchObject({
        experimentId: ids.retail,
        source: 'experiment',
        populations: { 'first-email-template': { kind: 'slice', slice: 'Retail' } },
      });
    expect(await db.experimentDecisions.findOne({ workspaceId: SLICED, decisionId: `${ids.retail}:42` }).lean()).toMatchObject({
      population: { kind: 'slice', slice: 'Retail' },
    });
    const fintech = await decideFor(SLICED, 41);
    expect(fintech).toMatchObject({
      experimentId: null,
      source: 'none',
      populations: { 'follow-up-gap': { kind: 'slice', slice: 'Fintech' } },
    });
    expect(Object.keys(fintech.decisions)).toEqual(['follow-up-gap']);
    // Without an industry a prospect is scored against the most confident slice; a campaign naming Fintech only scores a retailer against it.
    for (const id of [46, 45]) expect(Object.keys((await decideFor(SLICED, id)).decisions)).toEqual(['follow-up-gap']);
    // The other workspace's prospect 42 is none of SLICED's slices.
    expect((await decideFor(OTHER, 42)).decisions).toEqual({});

    // With a workspace-wide experiment too: the slice's prospects stay with the slice's, the others take the workspace's.
    const everyone = await start('Everyone', { kind: 'workspace' });
    expect(everyone.status, everyone.text).toBe(201);
    ids.everyone = everyone.body!.id;
    expect(await decideFor(SLICED, 47)).toMatchObject({ experimentId: ids.retail });
    expect(await decideFor(SLICED, 48)).toMatchObject({
      experimentId: ids.everyone,
      populations: { 'first-email-template': { kind: 'workspace' }, 'follow-up-gap': { kind: 'slice', slice: 'Fintech' } },
    });
    // A campaign's experiment wins over the slice's for its own (Retail) prospect.
    const campaign = await start('Campaign template', { kind: 'campaign', campaignId: 5 });
    expect(campaign.status, campaign.text).toBe(201);
    ids.campaign = campaign.body!.id;
    expect(await decideFor(SLICED, 43)).toMatchObject({
      experimentId: ids.campaign,
      populations: { 'first-email-template': { kind: 'campaign', campaignId: 5 } },
    });
  });

  it('applies winners in the same order: the campaign’s, then the slice’s, then the workspace’s', async () => {
    for (const id of Object.values(ids)) expect((await call('sliced', 'POST', `/${id}/stop`)).status).toBe(200);
    const applied = (value: string) => ({
      change: {
        ...{ id: `change-${value}`, arm: value, value, appliedAt: new Date(), rolledBackAt: null, rolledBackBy: null },
        evidence: { pBest: {}, counts: [], reason: 'test' },
      },
    });
    await db.experiments.updateOne({ workspaceId: SLICED, _id: ids.everyone }, { $set: applied('value-prop') });
    await db.experiments.updateOne({ workspaceId: SLICED, _id: ids.retail }, { $set: applied('pain-point') });
    await db.experiments.updateOne({ workspaceId: SLICED, _id: ids.campaign }, { $set: applied('roi-focused') });
    for (const [id, experiment, template] of [
      [49, ids.retail, 'pain-point'], // a new Retail prospect
      [41, ids.everyone, 'value-prop'], // Fintech: no slice winner, the workspace's
      [43, ids.campaign, 'roi-focused'], // in campaign 5
    ] as const) {
      if (id === 49) await prospect(49, 'Retail');
      expect(await decideFor(SLICED, id)).toMatchObject({ experimentId: experiment, template, source: 'applied' });
    }
  });
});
