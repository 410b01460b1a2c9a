import { leadScoringPlugin } from '@meetflow/plugin-lead-scoring';
import { outreachPlugin } from '@meetflow/plugin-outreach';
import { researchPlugin } from '@meetflow/plugin-research';
import { createGuardedHttpClient } from '@meetflow/plugin-sdk';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceSamplePlugin } from '@meetflow/plugin-source-sample';
import { prepareSampleSource } from '../../src/features/prospecting/discovery/sample-source.ts';
import { getWorkspaceIcp, saveWorkspaceIcp } from '../../src/features/prospecting/icp/store.ts';
import { startSampleSitesServer, type SampleSitesServer } from '../samples/server.ts';
import { manifest as leadScoringManifest } from '@meetflow/plugin-lead-scoring';
import { startTestPipelineWorker, type TestPipelineWorker } from '../testing/pipeline-worker.ts';
import { SEED_PROSPECTS, seedModels, seedSelection, seedWorkspace, type SeedDeps } from './seed-workspace.ts';
import { getOffer } from '../../src/features/prospecting/offer/offer.ts';
import { SAMPLE_OFFER } from '../../src/features/prospecting/offer/sample-offer.ts';

let samples: SampleSitesServer;
let stack: TestPipelineWorker;
let deps: SeedDeps;

beforeAll(async () => {
  samples = await startSampleSitesServer({ host: '127.0.0.1', port: 0 });
  stack = await startTestPipelineWorker('seed', [researchPlugin, leadScoringPlugin, outreachPlugin, sourceSamplePlugin], {
    enrollment: true,
    settings: { 'source-sample': { batchSize: 300 } },
    services: { http: createGuardedHttpClient({ allowHosts: [new URL(samples.url).host] }) },
  });
  const pluginDeps = { host: stack.host, connection: stack.database, temporal: stack.runner.temporal, taskQueue: stack.runner.taskQueue };
  await prepareSampleSource(pluginDeps, 600);
  deps = {
    db: seedModels(stack.database),
    runner: stack.runner,
    logger: pino({ level: 'silent' }),
    samplesUrl: samples.url,
    ...pluginDeps,
  };
}, 120_000);
afterAll(async () => {
  await stack.stop();
  await samples.close();
});

describe('seedWorkspace', () => {
  it('fills a new workspace through the product itself: ICP from the customer sites, sample prospects, their pipeline runs', async () => {
    const result = await seedWorkspace(deps, 'seeded');
    expect(result).toMatchObject({ status: 'done', reason: null, processed: SEED_PROSPECTS });
    expect(result.prospectIds).toEqual(Array.from({ length: SEED_PROSPECTS }, (_, index) => index + 1));

    // The copy has an offer to pitch: the sample one, labelled sample.
    expect(await getOffer(stack.db, 'seeded')).toMatchObject({ companyName: SAMPLE_OFFER.companyName, sample: true });
    const icp = await getWorkspaceIcp(stack.db, 'seeded');
    expect(icp?.sourceUrls).toEqual(
      ['pipelinepilot', 'quotewell', 'callcraft', 'kestrel-precision'].map((site) => `${samples.url}/${site}/`),
    );
    const prospects = await stack.db.prospects.find({ workspaceId: 'seeded' }).sort({ id: 1 }).lean();
    expect(prospects).toHaveLength(SEED_PROSPECTS);
    expect(new Set(prospects.map((prospect) => prospect.company)).size).toBe(SEED_PROSPECTS);
    for (const prospect of prospects) {
      expect(prospect).toMatchObject({ sample: true, source: 'apollo' });
      expect(prospect.email).toMatch(/\.example$/);
      expect(prospect.website).toMatch(new RegExp(`^${samples.url}/companies/[a-z0-9-]+\\.example/$`));
      expect(prospect.score, `prospect ${prospect.id} was scored by its pipeline run`).toEqual(expect.any(Number));
    }
    const { qualificationThreshold } = leadScoringManifest.config.parse({});
    expect(result.qualified).toBe(prospects.filter((prospect) => prospect.score! >= qualificationThreshold).length);

    const runs = await stack.db.pipelineRuns.find({ workspaceId: 'seeded' }).lean();
    expect(runs).toHaveLength(SEED_PROSPECTS);
    expect(runs.every((run) => run.pipelineId === 'prospect-pipeline' && run.status === 'completed')).toBe(true);
    // Research read each company's sample site: the score's research is not empty.
    const research = await stack.db.stepOutputs.find({ runId: { $in: runs.map((run) => run.runId) }, nodeId: 'research' }).lean();
    expect(research.filter((stored) => (stored.output as { techStack: string[] }).techStack.length > 0).length).toBeGreaterThan(
      SEED_PROSPECTS / 2,
    );
    const enrolled = runs.filter((run) => run.steps.outreach?.status === 'completed').length;
    expect(enrolled).toBe(result.qualified);

    const [campaign] = await stack.db.campaigns.find({ workspaceId: 'seeded' }).lean();
    expect(campaign).toMatchObject({
      status: 'active',
      prospectIds: result.prospectIds,
      name: expect.stringContaining('(sample prospects)'),
    });
    // The campaign ran them, as one batch: its runs are the ones above.
    expect(campaign!.batches).toEqual([expect.objectContaining({ kind: 'start', prospects: SEED_PROSPECTS })]);
    expect(new Set(runs.map((run) => run.batchId))).toEqual(new Set([campaign!.batches[0]!.batchId]));
  }, 240_000);

  it('never seeds twice: a finished seed adds nothing and runs nothing', async () => {
    const again = await seedWorkspace(deps, 'seeded');
    expect(again.status).toBe('done');
    expect(await stack.db.prospects.countDocuments({ workspaceId: 'seeded' })).toBe(SEED_PROSPECTS);
    expect(await stack.db.pipelineRuns.countDocuments({ workspaceId: 'seeded' })).toBe(SEED_PROSPECTS);
  });

  it('resumes a seed cut short without adding or rerunning what it did before', async () => {
    // Copy the finished workspace's first three prospects as if a restart came after processing them.
    const done = await stack.db.prospects.find({ workspaceId: 'seeded', id: { $lte: 3 } }).lean();
    await stack.db.prospects.insertMany(done.map(({ _id, ...prospect }) => ({ ...prospect, workspaceId: 'resumed' })));
    await stack.db.counters.create({ workspaceId: 'resumed', name: 'prospect', seq: 3 });
    await deps.db.workspaceSeeds.create({ _id: 'resumed', status: 'running' });
    await saveWorkspaceIcp(stack.db, 'resumed', (await getWorkspaceIcp(stack.db, 'seeded'))!);

    const result = await seedWorkspace(deps, 'resumed');
    expect(result.status).toBe('done');
    expect(await stack.db.prospects.countDocuments({ workspaceId: 'resumed' })).toBe(SEED_PROSPECTS);
    // The three found again were scored already: only the other nine ran.
    expect(await stack.db.pipelineRuns.countDocuments({ workspaceId: 'resumed' })).toBe(SEED_PROSPECTS - 3);
  }, 240_000);

  it('leaves a workspace that already has prospects alone', async () => {
    await stack.db.prospects.create({
      workspaceId: 'in-use',
      id: 1,
      firstName: 'Ada',
      lastName: 'Lane',
      company: 'Acme',
      email: 'ada@acme.example',
      emailLower: 'ada@acme.example',
    });
    expect(await seedWorkspace(deps, 'in-use')).toMatchObject({ status: 'skipped', reason: 'the workspace already had prospects' });
    expect(await stack.db.prospects.countDocuments({ workspaceId: 'in-use' })).toBe(1);
  });
});

describe('seedSelection', () => {
  const person = (company: string, matchScore: number, email: string | null = `${company}@x.example`) =>
    ({ company, matchScore, email }) as Parameters<typeof seedSelection>[0][number];

  it('takes one person per company: the eight best, then four spread over the weaker rest', () => {
    const list = [person('a', 99), person('a', 98), ...Array.from({ length: 30 }, (_, index) => person(`c${index}`, 90 - index))];
    const chosen = seedSelection(list);
    expect(chosen.map((prospect) => prospect.company)).toEqual(['a', 'c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c11', 'c16', 'c20', 'c25']);
  });

  it('skips people without an email and takes what there is when the list is short', () => {
    const chosen = seedSelection([person('a', 90, null), person('b', 80), person('c', 70)]);
    expect(chosen.map((prospect) => prospect.company)).toEqual(['b', 'c']);
  });
});
