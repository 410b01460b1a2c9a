import { leadScoringPlugin } from '@meetflow/plugin-lead-scoring';
import { outreachPlugin } from '@meetflow/plugin-outreach';
import { researchPlugin } from '@meetflow/plugin-research';
import { createGuardedHttpClient } from '@meetflow/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSampleSitesServer, type SampleSitesServer } from '../../../../dev/samples/server.ts';
import { serveProductApp } from '../../../../dev/testing/http.ts';
import { SAMPLE_OFFER } from '../offer/sample-offer.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';

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
    expect(await stack.db.outcomeEvents.countDocuments({ workspaceId: 'default', type: 'lead_scored', prospectId: '1' })).toBe(1);
    expect(await stack.db.pipelineRuns.findOne({ workspaceId: 'default', runId: answer.runId }).lean()).toMatchObject({
      pipelineId: 'prospect-pipeline',
      status: 'completed',
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
  });

  it('answers success false naming the step when the site cannot be researched', async () => {
    expect((await prospect({ email: 'x@nowhere.example', company: 'Nowhere', website: 'http://127.0.0.1:1/' })).status).toBe(201);
    const answer = JSON.parse((await post('/api/superagent/process-prospect', { prospectId: 3 })).text);
    expect(answer).toMatchObject({
      success: false,
      error: expect.stringContaining('step "research" (research.enrichCompany) failed'),
      data: { metrics: { finalScore: 0, contentGenerated: false, outreachTriggered: false } },
    });
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
    await expect.poll(async () => (await result()).status, { timeout: 30_000, interval: 250 }).toBe(200);
    const answer = (await result()).body as { runId: string; success: boolean; data: { scoring: { totalScore: number } } };
    expect(answer).toMatchObject({ runId, success: true });
    // Fetched twice (and applied once more in the background): one scored outcome, the score on the prospect.
    expect(await stack.db.outcomeEvents.countDocuments({ workspaceId: 'default', type: 'lead_scored', prospectId: '4' })).toBe(1);
    expect(JSON.parse(await (await fetch(`${server.url}/api/prospects/4`)).text())).toMatchObject({
      score: answer.data.scoring.totalScore,
    });

    const unknown = await fetch(`${server.url}/api/superagent/process-prospect/no-such-run`);
    expect([unknown.status, await unknown.text()]).toEqual([404, 'No prospect-pipeline run no-such-run in this workspace']);
    const elsewhere = await fetch(`${server.url}/api/superagent/process-prospect/${runId}?workspace=other`);
    expect(elsewhere.status).toBe(404);
  });
});
