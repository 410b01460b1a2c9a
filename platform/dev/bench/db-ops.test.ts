import { leadScoringPlugin } from '@meetflow/plugin-lead-scoring';
import { outreachPlugin } from '@meetflow/plugin-outreach';
import { researchPlugin } from '@meetflow/plugin-research';
import { createGuardedHttpClient } from '@meetflow/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_OWNER } from '../testing/principals.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../testing/pipeline-worker.ts';
import { startSampleSitesServer, type SampleSitesServer } from '../samples/server.ts';
import { LaunchCampaignBody } from '../../src/features/prospecting/campaigns/api-schemas.ts';
import { launchCampaign } from '../../src/features/prospecting/campaigns/launch.ts';
import { saveWorkspaceIcp } from '../../src/features/prospecting/icp/store.ts';
import { saveOffer } from '../../src/features/prospecting/offer/offer.ts';
import { SAMPLE_OFFER } from '../../src/features/prospecting/offer/sample-offer.ts';
import { batchWorkflowId } from '../../src/features/runs/pipelines/batches.ts';
import { BENCH_ICP_ANALYSIS, fittingProspects, launchPerson } from './icp.ts';
import { countDbOps, dbOpsTable, totalOps } from './db-ops.ts';

// The database round trips of the prospect batch (issue #36, item 2), counted per prospect by
// collection and operation on the real pipeline: research of each company's sample site, scoring,
// the experiment decision, copy, enrolment and the score applied, run as one campaign's batch.
// MEETFLOW_DB_OPS_PRINT=1 prints the table (the README's "round trips per prospect").

const WORKSPACE = 'db-ops';
const PROSPECTS = 20;
const CHUNK = 10;

let samples: SampleSitesServer;
let stack: TestPipelineWorker;
beforeAll(async () => {
  samples = await startSampleSitesServer({ host: '127.0.0.1', port: 0 });
  stack = await startTestPipelineWorker('db-ops', [researchPlugin, leadScoringPlugin, outreachPlugin], {
    enrollment: true,
    services: { http: createGuardedHttpClient({ allowHosts: [new URL(samples.url).host] }) },
  });
  await saveWorkspaceIcp(stack.db, WORKSPACE, BENCH_ICP_ANALYSIS);
  await saveOffer(stack.db, WORKSPACE, SAMPLE_OFFER);
});
afterAll(async () => {
  await stack?.stop();
  await samples?.close();
});

describe('database round trips of a prospect batch', () => {
  it("pays the platform's run records per chunk, not per prospect", { timeout: 240_000 }, async () => {
    const { prospects } = fittingProspects(PROSPECTS);
    const launch = LaunchCampaignBody.parse({
      name: 'Round trips',
      sliceNames: [],
      people: prospects.map((prospect) => launchPerson(samples.url, prospect)),
      chunkSize: CHUNK,
    });
    const counter = countDbOps(stack.database);
    const launched = await launchCampaign({ db: stack.db, runner: stack.runner }, WORKSPACE, TEST_OWNER, launch);
    const progress = (await stack.runner.temporal.workflow.getHandle(batchWorkflowId(launched.batchId)).result()) as {
      nodes: Record<string, Record<string, number>>;
    };
    const rows = counter.stop();
    if (process.env.MEETFLOW_DB_OPS_PRINT) console.log(`${PROSPECTS} prospects, chunks of ${CHUNK}\n${dbOpsTable(rows, PROSPECTS)}`);

    // Every prospect went the whole way, so every step ran for each.
    expect(progress.nodes).toMatchObject({
      research: { completed: PROSPECTS },
      score: { completed: PROSPECTS },
      copy: { completed: PROSPECTS },
      outreach: { completed: PROSPECTS },
      apply: { completed: PROSPECTS },
    });
    // The step runner's own round trips, per chunk attempt (one read of its runs each): runs read, marked running
    // and recorded (3), outputs read and written (2), and none per run. (The apply step's own lineage read,
    // a pipelineruns findOne per prospect, is that built-in step's business, like the plugins' writes.)
    const chunkOps = (collection: string, op: string) =>
      rows.find((row) => row.collection === collection && row.op === op && row.activity === 'executeStepChunk')?.count ?? 0;
    const attempts = chunkOps('pipelineruns', 'find');
    expect(attempts).toBeGreaterThanOrEqual(12); // 6 steps × 2 chunks, and as many again at most if some were retried
    expect(attempts).toBeLessThanOrEqual(24);
    expect(chunkOps('pipelineruns', 'updateMany') + chunkOps('pipelineruns', 'bulkWrite')).toBeLessThanOrEqual(2 * attempts);
    expect(totalOps(rows, { collections: ['stepoutputs'], activity: 'executeStepChunk' })).toBeLessThanOrEqual(2 * attempts);
    expect([chunkOps('pipelineruns', 'updateOne'), chunkOps('stepoutputs', 'findOne'), chunkOps('stepoutputs', 'updateOne')]).toEqual([
      0, 0, 0,
    ]);
    // The launch's prospect.created events: one read, one block of numbers and one insert for the whole launch.
    expect(rows.filter((row) => row.activity === '-' && row.collection === 'events').map(({ op, count }) => ({ op, count }))).toEqual([
      { op: 'find', count: 1 },
      { op: 'insertMany', count: 1 },
    ]);
    // The launch's search keys (every prefix of every new prospect): one bulkWrite for the whole launch.
    expect(rows.filter((row) => row.collection === 'prospect_search_keys').map(({ op, count }) => ({ op, count }))).toEqual([
      { op: 'bulkWrite', count: 1 },
    ]);
  });
});
