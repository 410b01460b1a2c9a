import { leadScoringPlugin } from '@meetflow/plugin-lead-scoring';
import { outreachPlugin } from '@meetflow/plugin-outreach';
import { researchPlugin } from '@meetflow/plugin-research';
import { createGuardedHttpClient } from '@meetflow/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSampleSitesServer, type SampleSitesServer } from '../../../../dev/samples/server.ts';
import { serveProductApp } from '../../../../dev/testing/http.ts';
import { SAMPLE_OFFER } from '../offer/sample-offer.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { TEST_OWNER, testRunContext } from '../../../../dev/testing/principals.ts';
import { recordOutcome } from '../../insights/outcomes/record.ts';
import { startPipelineBatch } from '../../runs/pipelines/batches.ts';
import type { PipelineRun } from '../../runs/pipelines/run-model.ts';
import { APPLY_SCORE_ACTIVITY, createApplyScoreActivity } from './apply-score.ts';
import { prospectRunInputs } from './process-prospect.ts';
import { PROSPECT_PIPELINE, PROSPECT_PIPELINE_V2 } from './prospect-pipeline.ts';

let samples: SampleSitesServer;
let stack: TestPipelineWorker;
let server: Awaited<ReturnType<typeof serveProductApp>>;
const send = async (method: string, path: string, body: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
};
const post = (path: string, body: unknown) => send('POST', path, body);
const site = (name: string) => `${samples.url}/${name}/`;
const prospect = (overrides: Record<string, unknown>) =>
  post('/api/prospects', {
    firstName: 'Ada',
    lastName: 'Lane',
    company: 'Pipeline Pilot',
    jobTitle: 'VP of Sales',
    employeeCount: 90,
    ...overrides,
  });

/** The `lead_scored` outcomes of a prospect, by event id. */
const scoredEvents = async (prospectId: number) =>
  (await stack.db.outcomeEvents.find({ workspaceId: 'default', type: 'lead_scored', prospectId: String(prospectId) }).lean())
    .map((event) => event.eventId)
    .sort();
const scoreOf = async (prospectId: number) => (await stack.db.prospects.findOne({ workspaceId: 'default', id: prospectId }).lean())?.score;
/** A run once its workflow has ended (every step settled and recorded). */
async function ended(runId: string): Promise<PipelineRun> {
  await stack.runner.temporal.workflow
    .getHandle(`pipeline-run-${runId}`)
    .result()
    .catch(() => undefined); // the run record says how it ended
  return (await stack.db.pipelineRuns.findOne({ workspaceId: 'default', runId }).lean<PipelineRun>())!;
}
const rerun = async (runId: string, body: Record<string, unknown>) => {
  const answer = await post(`/api/runs/${runId}/rerun`, body);
  expect(answer.status, answer.text).toBe(201);
  return ended((JSON.parse(answer.text) as { runId: string }).runId);
};
/** The output the apply step stored for a run. */
const applied = async (runId: string) => (await stack.db.stepOutputs.findOne({ runId, nodeId: 'apply' }).lean())?.output;

beforeAll(async () => {
  samples = await startSampleSitesServer({ host: '127.0.0.1', port: 0 });
  stack = await startTestPipelineWorker('process-prospect', [researchPlugin, leadScoringPlugin, outreachPlugin], {
    enrollment: true,
    services: { http: createGuardedHttpClient({ allowHosts: [new URL(samples.url).host] }) },
  });
  server = await serveProductApp(stack);
});
afterAll(async () => {
  await server.close();
  await stack.stop();
  await samples.close();
});

describe('POST /api/superagent/process-prospect', () => {
  it('names what is missing: the body, the ICP, the prospect', async () => {
    expect(await post('/api/superagent/process-prospect', { prospectId: 'one' })).toMatchObject({
      status: 400,
      text: expect.stringContaining('prospectId'),
    });
    expect((await prospect({ email: 'first@pipelinepilot.example', website: site('pipelinepilot') })).status).toBe(201);
    expect(await post('/api/superagent/process-prospect', { prospectId: 1 })).toEqual({
      status: 409,
      text: 'This workspace has no ICP yet: analyse 3 customer URLs in the ICP Builder first',
    });
    const icp = await post('/api/superagent/analyze-icp', { urls: ['pipelinepilot', 'quotewell', 'callcraft'].map(site) });
    expect(icp.status).toBe(200);
    expect(await post('/api/superagent/process-prospect', { prospectId: 99 })).toEqual({
      status: 404,
      text: 'No prospect 99 in this workspace',
    });
    // Copy pitches the workspace's own offer: until it says what it sells, nothing is started.
    expect(await post('/api/superagent/process-prospect', { prospectId: 1 })).toEqual({
      status: 409,
      text: expect.stringContaining('This workspace has not said what it sells yet'),
    });
    expect(await stack.db.pipelineRuns.countDocuments({ workspaceId: 'default' })).toBe(0);
    expect((await send('PUT', '/api/offer', SAMPLE_OFFER)).status).toBe(200);
  });

  it("researches, scores, writes and enrols a qualified prospect, answering the spec's Workflow response", async () => {
    const { status, text } = await post('/api/superagent/process-prospect', { prospectId: 1 });
    expect(status).toBe(200);
    const answer = JSON.parse(text);
    expect(answer).toMatchObject({
      success: true,
      error: null,
      data: {
        research: {
          enrichedData: {
            companyInfo: expect.stringContaining('Pipeline Pilot'),
            techStack: expect.arrayContaining(['HubSpot', 'Stripe']),
          },
        },
        scoring: { priority: 'High', reasoning: expect.stringMatching(/^Score \d+\/100/) },
        content: { sequence: expect.any(Array), overallStrategy: expect.any(String) },
        outreach: {
          campaignId: 'sequence-default-1',
          channels: ['email'],
          deliveryStatus: expect.stringMatching(/^scheduled: first email on day \d+$/),
        },
        metrics: { contentGenerated: true, outreachTriggered: true },
      },
    });
    expect(answer.data.scoring.totalScore).toBeGreaterThanOrEqual(70);
    expect(answer.data.metrics.finalScore).toBe(answer.data.scoring.totalScore);
    expect(answer.data.content.sequence).toHaveLength(3);
    // The emails pitch the workspace's offer and sign as its sender (the lint and the cited facts are the outreach plugin's tests).
    const emails = answer.data.content.sequence as Array<{ body: string }>;
    for (const email of emails) expect(email.body).toContain('Alex Morgan');
    expect(emails[0]!.body).toContain(SAMPLE_OFFER.companyName);
    expect(emails[0]!.body).toContain(SAMPLE_OFFER.oneLiner);
    expect(emails.map((email) => email.body).join('\n')).not.toMatch(/Meetflow|Default workspace/);
    // …and every email cites researched facts, sentence by sentence (the copy step's stored output).
    const copy = await stack.db.stepOutputs.findOne({ runId: answer.runId, nodeId: 'copy' }).lean();
    const written = (copy?.output as { sequence: Array<{ sentences: Array<{ factIds: string[] }> }> }).sequence;
    for (const email of written) expect(email.sentences.some((sentence) => sentence.factIds.length > 0)).toBe(true);
    expect(answer.data.recommendations).toContainEqual(expect.stringMatching(/^Sequence enrolled: 3 emails on days/));

    const sequence = stack.runner.temporal.workflow.getHandle('sequence-default-1');
    expect((await sequence.describe()).status.name).toBe('RUNNING');
    expect(await sequence.query('state')).toMatchObject({ status: 'active', sentSteps: [], nextStep: 1 });
    expect(JSON.parse(await (await fetch(`${server.url}/api/prospects/1`)).text())).toMatchObject({
      score: answer.data.scoring.totalScore,
    });
    // The run's own apply step wrote the score and one outcome keyed by the run, before the route answered.
    expect(await scoredEvents(1)).toEqual([`scored-${answer.runId}`]);
    expect(await stack.db.pipelineRuns.findOne({ workspaceId: 'default', runId: answer.runId }).lean()).toMatchObject({
      pipelineId: 'prospect-pipeline',
      pipelineVersion: PROSPECT_PIPELINE.version,
      status: 'completed',
      steps: { apply: { status: 'completed', attempts: 1 } },
    });
    expect(await applied(answer.runId)).toEqual({
      prospectId: 1,
      applied: true,
      score: answer.data.scoring.totalScore,
      outcomeEventId: `scored-${answer.runId}`,
    });
  });

  it("serves the prospect's profile: facts with their evidence, every score dimension, the sequence and its runs", async () => {
    const response = await fetch(`${server.url}/api/prospects/1/profile`);
    expect(response.status).toBe(200);
    const profile = (await response.json()) as {
      research: { facts: Array<{ kind: string; value: string; evidence: { url: string; snippet: string } }> };
      score: { totalScore: number; dimensions: Array<{ key: string; score: number; reason: string }> };
      sequence: { state: { status: string }; emails: Array<{ step: number; status: string; subject: string }> };
      runs: Array<{ runId: string; status: string }>;
    };
    expect(profile.research.facts.length).toBeGreaterThan(3);
    for (const fact of profile.research.facts) expect(fact.evidence.url).toContain(site('pipelinepilot'));
    // The research step found Stripe on the site (the Workflow response's tech stack above), and says where.
    expect(profile.research.facts.filter((fact) => fact.kind === 'tech' && fact.value.includes('Stripe'))).toHaveLength(1);
    expect(profile.score.dimensions).toHaveLength(5);
    expect(profile.score.dimensions.every((dimension) => dimension.reason.length > 0)).toBe(true);
    // Enrolled, nothing sent yet: step 1 waits for its day.
    expect(profile.sequence.state).toMatchObject({ status: 'active' });
    expect(profile.sequence.emails.map((email) => [email.step, email.status])).toEqual([
      [1, 'planned'],
      [2, 'planned'],
      [3, 'planned'],
    ]);
    expect(profile.runs).toEqual([expect.objectContaining({ status: 'completed' })]);
    expect((await fetch(`${server.url}/api/prospects/99/profile`)).status).toBe(404);
  });

  it('never enrols a prospect twice', async () => {
    const again = JSON.parse((await post('/api/superagent/process-prospect', { prospectId: 1 })).text);
    expect(again.data.outreach).toMatchObject({ campaignId: 'sequence-default-1', deliveryStatus: 'already-enrolled' });
    expect(again.data.recommendations).toContain('The prospect was already in a sequence: nothing was sent twice.');
    expect(again.data.recommendations).not.toContainEqual(expect.stringMatching(/^Sequence enrolled/));
  });

  it('scores an unqualified prospect without writing to them, and says why', async () => {
    expect(
      (
        await prospect({
          email: 'intern@kestrel.example',
          company: 'Kestrel Precision',
          jobTitle: 'Intern',
          employeeCount: 5000,
          website: site('kestrel-precision'),
        })
      ).status,
    ).toBe(201);
    const answer = JSON.parse((await post('/api/superagent/process-prospect', { prospectId: 2 })).text);
    expect(answer).toMatchObject({ success: true, data: { metrics: { contentGenerated: false, outreachTriggered: false } } });
    expect(answer.data.scoring.totalScore).toBeLessThan(70);
    expect(answer.data.content).toBeUndefined();
    expect(answer.data.recommendations).toContainEqual(expect.stringMatching(/^Score \d+ is below the qualification threshold \(70\)/));
    // Not contacted, but scored: the apply step hangs off the score, not the copy.
    expect(await scoreOf(2)).toBe(answer.data.scoring.totalScore);
    expect(await scoredEvents(2)).toEqual([`scored-${answer.runId}`]);
  });

  it('answers success false naming the step when the site cannot be researched', async () => {
    expect((await prospect({ email: 'x@nowhere.example', company: 'Nowhere', website: 'http://127.0.0.1:1/' })).status).toBe(201);
    const answer = JSON.parse((await post('/api/superagent/process-prospect', { prospectId: 3 })).text);
    expect(answer).toMatchObject({
      success: false,
      error: expect.stringContaining('step "research" (research.enrichCompany) failed'),
      data: { metrics: { finalScore: 0, contentGenerated: false, outreachTriggered: false } },
    });
    // Nothing scored, nothing applied.
    expect((await ended(answer.runId)).steps.apply).toMatchObject({ status: 'skipped' });
    expect([await scoreOf(3), await scoredEvents(3)]).toEqual([null, []]);
  });

  it('with wait: false answers the run id at once; the result is 202 while it runs, then the Workflow response, applied once', async () => {
    expect((await prospect({ email: 'later@quotewell.example', company: 'Quotewell', website: site('quotewell') })).status).toBe(201);
    const started = await post('/api/superagent/process-prospect', { prospectId: 4, wait: false });
    expect(started.status).toBe(202);
    const { runId } = JSON.parse(started.text) as { runId: string };
    const result = async () => {
      const response = await fetch(`${server.url}/api/superagent/process-prospect/${runId}`);
      return { status: response.status, body: JSON.parse(await response.text()) as Record<string, unknown> };
    };
    const first = await result();
    // Research reads a real site: the first look normally finds the run still going.
    if (first.status === 202) expect(first.body).toEqual({ runId, status: 'running' });
    else expect(first.status).toBe(200);
    // Nobody waits on the run in the server: the run itself applies its score before it ends.
    await ended(runId);
    expect((await scoredEvents(4)).length).toBe(1);
    const answer = (await result()).body as { runId: string; success: boolean; data: { scoring: { totalScore: number } } };
    expect(answer).toMatchObject({ runId, success: true });
    // Fetched twice: reading the result writes nothing; one scored outcome, the score on the prospect.
    expect((await result()).status).toBe(200);
    expect(await scoredEvents(4)).toEqual([`scored-${runId}`]);
    expect(JSON.parse(await (await fetch(`${server.url}/api/prospects/4`)).text())).toMatchObject({
      score: answer.data.scoring.totalScore,
    });

    const unknown = await fetch(`${server.url}/api/superagent/process-prospect/no-such-run`);
    expect([unknown.status, await unknown.text()]).toEqual([404, 'No prospect-pipeline run no-such-run in this workspace']);
    const elsewhere = await fetch(`${server.url}/api/superagent/process-prospect/${runId}?workspace=other`);
    expect(elsewhere.status).toBe(404);
  });
});

describe('the apply step: each run applies its score once, however it is run', () => {
  /** Prospect 2's first run (scored below the threshold: nothing is sent, so reruns are quick). */
  const firstRunOf2 = async () =>
    (await stack.db.pipelineRuns
      .findOne({ workspaceId: 'default', pipelineId: 'prospect-pipeline', 'input.prospectId': 2 })
      .sort({ createdAt: 1 })
      .lean<PipelineRun>())!;

  it('a retried attempt writes the same score and no second outcome', async () => {
    const run = await firstRunOf2();
    const score = (await stack.db.stepOutputs.findOne({ runId: run.runId, nodeId: 'score' }).lean())!.output;
    const apply = createApplyScoreActivity(stack.db)[APPLY_SCORE_ACTIVITY]!;
    const context = { run: { ...testRunContext('default'), runId: run.runId } };
    const input = { prospectId: 2, score, industry: null };
    await stack.db.prospects.updateOne({ workspaceId: 'default', id: 2 }, { $set: { score: null } });
    const first = await apply(input, context);
    expect(await apply(input, context)).toEqual(first);
    expect(await scoreOf(2)).toBe((score as { totalScore: number }).totalScore);
    expect(await scoredEvents(2)).toEqual([`scored-${run.runId}`]);
    // The workspace is the run context's: another workspace's context finds no prospect 2 there and writes nothing.
    const elsewhere = { run: { ...testRunContext('another'), runId: run.runId } };
    expect(await apply(input, elsewhere)).toMatchObject({ applied: false, outcomeEventId: null });
    expect(await stack.db.outcomeEvents.countDocuments({ workspaceId: 'another' })).toBe(0);
  });

  it('a rerun from a step, or whole, counts the prospect once: from the score it applies again, from the copy not at all', async () => {
    const first = await firstRunOf2();
    const total = await scoreOf(2);
    await stack.db.prospects.updateOne({ workspaceId: 'default', id: 2 }, { $set: { score: null } });

    // From the score: scored and applied again (the score is back), the outcome still the first run's.
    const fromScore = await rerun(first.runId, { fromStep: 'score' });
    expect(fromScore).toMatchObject({ status: 'completed', restartedFrom: { runId: first.runId, nodeId: 'score' } });
    expect(fromScore.steps.apply).toMatchObject({ status: 'completed', attempts: 1 });
    expect(await applied(fromScore.runId)).toMatchObject({ applied: true, outcomeEventId: `scored-${first.runId}` });
    expect(await scoreOf(2)).toBe(total);

    // From the copy (after the score): the apply step is not run again, its output is the first run's.
    const fromCopy = await rerun(fromScore.runId, { fromStep: 'copy' });
    expect(fromCopy).toMatchObject({ status: 'completed' });
    expect(fromCopy.steps.apply).toMatchObject({ status: 'completed', attempts: 0 });

    // Whole, a rerun of a rerun: still the first run's outcome.
    const whole = await rerun(fromCopy.runId, {});
    expect(whole).toMatchObject({ status: 'completed', retryOf: fromCopy.runId, steps: { apply: { status: 'completed', attempts: 1 } } });
    expect(await applied(whole.runId)).toMatchObject({ outcomeEventId: `scored-${first.runId}` });
    expect(await scoredEvents(2)).toEqual([`scored-${first.runId}`]);

    // A rerun for another prospect (a new input) is that prospect's first scoring.
    const [input] = await prospectRunInputs(stack.db, 'default', [
      (await stack.db.prospects.findOne({ workspaceId: 'default', id: 4 }).lean())!,
    ]);
    const other = await rerun(first.runId, { input });
    expect(await applied(other.runId)).toMatchObject({ prospectId: 4, outcomeEventId: `scored-${other.runId}` });
    expect((await scoredEvents(4)).length).toBe(2);
  });

  it('a rerun of a version 2 run runs version 3: its apply step runs, keyed as the outside applier keyed that run', async () => {
    // A run of version 2 as it was recorded, its score applied from outside the run (`scored-<run>`).
    const source = await firstRunOf2();
    const runId = `v2-${source.runId}`;
    const { apply: _none, ...v2Steps } = source.steps;
    const { _id, __v, createdAt, updatedAt, ...recorded } = source as PipelineRun & { _id: unknown; __v: unknown };
    await stack.db.pipelineRuns.create({
      ...recorded,
      runId,
      workflowId: `pipeline-run-${runId}`,
      pipelineVersion: 2,
      definition: PROSPECT_PIPELINE_V2,
      steps: v2Steps,
    });
    for (const nodeId of Object.keys(v2Steps)) {
      const stored = await stack.db.stepOutputs.findOne({ runId: source.runId, nodeId }).lean();
      if (stored) await stack.db.stepOutputs.create({ runId, nodeId, output: stored.output });
    }
    const score = (await stack.db.stepOutputs.findOne({ runId, nodeId: 'score' }).lean())!.output as { totalScore: number };
    await recordOutcome(stack.db, {
      workspaceId: 'default',
      eventId: `scored-${runId}`,
      type: 'lead_scored',
      at: new Date(),
      prospectId: 2,
      score: score.totalScore,
    });
    const before = await scoredEvents(2);

    const again = await rerun(runId, { fromStep: 'copy' });
    expect(again).toMatchObject({ status: 'completed', pipelineVersion: PROSPECT_PIPELINE.version });
    expect(again.definition.nodes.map((node) => node.id)).toEqual(PROSPECT_PIPELINE.nodes.map((node) => node.id));
    // Version 2 had no apply step to seed: it runs, and finds the outcome the old applier recorded.
    expect(again.steps.apply).toMatchObject({ status: 'completed', attempts: 1 });
    expect(await applied(again.runId)).toMatchObject({ applied: true, outcomeEventId: `scored-${runId}` });
    expect(await scoredEvents(2)).toEqual(before);
  });

  it('a batch applies each run once: one outcome per run, the scores on the prospects', async () => {
    const created = await Promise.all(
      ['callcraft', 'pipelinepilot'].map(
        async (name, index) =>
          JSON.parse((await prospect({ email: `batch${index}@${name}.example`, company: name, website: site(name) })).text) as {
            id: number;
          },
      ),
    );
    const records = await stack.db.prospects.find({ workspaceId: 'default', id: { $in: created.map(({ id }) => id) } }).lean();
    const inputs = await prospectRunInputs(stack.db, 'default', records);
    const batch = await startPipelineBatch(stack.runner, {
      workspaceId: 'default',
      principal: TEST_OWNER,
      definition: PROSPECT_PIPELINE,
      inputs,
      chunkSize: 1,
    });
    const progress = await stack.runner.temporal.workflow.getHandle(batch.workflowId).result();
    expect(progress.nodes.apply).toEqual({ completed: 2 });
    for (const runId of batch.runIds) {
      const id = ((await stack.db.pipelineRuns.findOne({ workspaceId: 'default', runId }).lean())!.input as { prospectId: number })
        .prospectId;
      expect(created.map((made) => made.id)).toContain(id);
      expect(await scoredEvents(id)).toEqual([`scored-${runId}`]);
      const scored = (await stack.db.stepOutputs.findOne({ runId, nodeId: 'score' }).lean())!.output as { totalScore: number };
      expect(await scoreOf(id)).toBe(scored.totalScore);
    }
  });
});
