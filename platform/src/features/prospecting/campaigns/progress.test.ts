import { leadScoringPlugin } from '@meetflow/plugin-lead-scoring';
import { outreachPlugin } from '@meetflow/plugin-outreach';
import { researchPlugin } from '@meetflow/plugin-research';
import { createGuardedHttpClient } from '@meetflow/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueWorkspace } from '../../../../dev/contract/harness.ts';
import { until } from '../../../../dev/contract/poll.ts';
import { mathPlugin, openGate, reachedGate } from '../../../../dev/testing/math-plugin.ts';
import { startSampleSitesServer, type SampleSitesServer } from '../../../../dev/samples/server.ts';
import { serveProductApp } from '../../../../dev/testing/http.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import type { BatchView } from '../../runs/pipelines/batch-view.ts';
import { SAMPLE_OFFER } from '../offer/sample-offer.ts';
import { PROSPECT_PIPELINE } from '../superagent/prospect-pipeline.ts';
import type { CampaignDetailView } from './api-schemas.ts';

// A campaign's figures and its batch's are one computation (the runs domain's batchStanding and
// conditionOutcomes): read mid-batch and at its end, GET /api/campaigns/{id} and GET
// /api/batches/{id} say the same, and "qualified" counts as soon as lead scoring has answered.

/** Where the campaign's batch holds until the test opens it: after scoring, before the copy is written. */
const GATE = 'campaign-progress.after-score';

let samples: SampleSitesServer;
let stack: TestPipelineWorker;
let server: Awaited<ReturnType<typeof serveProductApp>>;
const workspace = uniqueWorkspace('campaign-progress');
const call = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}workspace=${workspace}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) };
};
const ok = async (method: string, path: string, body: unknown, status: number) => {
  const answer = await call(method, path, body);
  expect(answer.status, answer.text).toBe(status);
  return answer.json();
};
const site = (name: string) => `${samples.url}/${name}/`;
const person = (firstName: string, company: string, siteName: string, jobTitle = 'VP of Sales', employeeCount = 90) => ({
  firstName,
  lastName: 'Test',
  company,
  jobTitle,
  employeeCount,
  email: `${firstName.toLowerCase()}@${siteName}.example`,
  website: site(siteName),
});

const campaignOf = async (id: number) => (await call('GET', `/api/campaigns/${id}`)).json() as CampaignDetailView;
const batchOf = async (batchId: string) => (await call('GET', `/api/batches/${batchId}`)).json() as BatchView;
/** A stage's figures, by node id, as both endpoints give them. */
type StageFigures = { nodeId: string; total: number; pending: number; running: number; completed: number; failed: number; skipped: number };
const figures = (stages: Array<StageFigures & { condition: unknown }>) =>
  Object.fromEntries(
    stages.map(({ nodeId, total, pending, running, completed, failed, skipped, condition }) => [
      nodeId,
      { total, pending, running, completed, failed, skipped, condition },
    ]),
  );

/** Reads the campaign and its batch, and checks that they say the same of the same moment. */
async function bothAgree(campaignId: number) {
  const campaign = await campaignOf(campaignId);
  const batch = await batchOf(campaign.batch!.batchId);
  expect(campaign.batch!.running).toBe(batch.status === 'running');
  expect(campaign.batch!.total).toBe(batch.total);
  expect(figures(campaign.batch!.stages)).toEqual(figures(batch.stages));
  const copy = batch.stages.find((stage) => stage.nodeId === 'copy')!;
  // Every prospect was run by this one batch: its outcomes are the batch's figures.
  expect(campaign.results).toMatchObject({
    qualified: copy.condition!.met,
    notQualified: copy.condition!.unmet,
    failed: batch.runs.failed,
    enrolled: batch.stages.find((stage) => stage.nodeId === 'outreach')!.completed,
  });
  return { campaign, batch };
}

beforeAll(async () => {
  samples = await startSampleSitesServer({ host: '127.0.0.1', port: 0 });
  stack = await startTestPipelineWorker('campaign-progress', [researchPlugin, leadScoringPlugin, outreachPlugin, mathPlugin], {
    enrollment: true,
    services: { http: createGuardedHttpClient({ allowHosts: [new URL(samples.url).host] }) },
  });
  server = await serveProductApp(stack);
  await ok('POST', '/api/superagent/analyze-icp', { urls: ['pipelinepilot', 'quotewell', 'callcraft'].map(site) }, 200);
  await ok('PUT', '/api/offer', SAMPLE_OFFER, 200);
});
afterAll(async () => {
  openGate(GATE); // never leave a step held, whatever failed
  await server?.close();
  await stack?.stop();
  await samples?.close();
});

describe('a campaign and its batch read the same progress', () => {
  it('mid-batch (scored, copy not yet written) and at its end: the same stages, and qualified as soon as scored', async () => {
    // The prospect pipeline as a workspace may save it, with a step that holds (math.hold) after scoring and before the copy.
    const held = {
      ...PROSPECT_PIPELINE,
      nodes: [...PROSPECT_PIPELINE.nodes, { id: 'gate', label: 'Gate', activity: 'math.hold', input: { n: 1, gate: GATE } }],
      edges: [...PROSPECT_PIPELINE.edges, { from: 'score', to: 'gate' }, { from: 'gate', to: 'copy' }],
    };
    const saved = (await ok('POST', '/api/pipelines', held, 201)) as { version: number };
    const ids: number[] = [];
    for (const entry of [
      person('Ada', 'Pipeline Pilot', 'pipelinepilot'),
      person('Bo', 'Quotewell', 'quotewell'),
      person('Cy', 'Callcraft', 'callcraft'),
      person('Di', 'Kestrel Precision', 'kestrel-precision', 'Intern', 5000),
      person('Ed', 'Gone Corp', 'gone-corp'),
    ])
      ids.push(((await ok('POST', '/api/prospects', entry, 201)) as { id: number }).id);
    const { id: campaignId } = (await ok(
      'POST',
      '/api/campaigns',
      { name: 'Progress', prospectIds: ids, pipelineVersion: saved.version },
      201,
    )) as { id: number };
    await ok('POST', `/api/campaigns/${campaignId}/runs`, { chunkSize: 2 }, 202);

    // Held after scoring: wait until the step beside the gate (apply) has run for every scored prospect.
    await reachedGate(GATE);
    const batchId = (await campaignOf(campaignId)).batch!.batchId;
    await until(
      () => batchOf(batchId),
      (batch) => batch.stages.find((stage) => stage.nodeId === 'apply')!.completed === 4,
      'the apply step of the four scored prospects',
    );
    const midway = await bothAgree(campaignId);
    expect(midway.batch.status).toBe('running');
    const stage = (nodeId: string) => midway.batch.stages.find((entry) => entry.nodeId === nodeId)!;
    expect([stage('research').completed, stage('research').failed, stage('score').completed]).toEqual([4, 1, 4]);
    // Three qualify and one does not, said while the copy step has not run for anyone yet.
    expect(stage('copy')).toMatchObject({ completed: 0, condition: { met: 3, unmet: 1 } });
    expect(midway.campaign.results).toMatchObject({ prospects: 5, qualified: 3, notQualified: 1, failed: 1, enrolled: 0, inProgress: 3 });
    expect(stage('research').condition).toBeNull();

    openGate(GATE);
    const ended = await until(
      () => campaignOf(campaignId),
      (campaign) => !campaign.batch!.running,
      `campaign ${campaignId}'s batch`,
    );
    expect(ended.batch!.running).toBe(false);
    const done = await bothAgree(campaignId);
    expect(done.batch.status).toBe('completed');
    expect(done.campaign.results).toMatchObject({ qualified: 3, notQualified: 1, failed: 1, enrolled: 3, inProgress: 0 });
    expect(done.batch.stages.find((entry) => entry.nodeId === 'copy')).toMatchObject({
      completed: 3,
      skipped: 2,
      condition: { met: 3, unmet: 1 },
    });
  });
});
