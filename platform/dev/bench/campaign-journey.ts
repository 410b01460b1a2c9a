// `npm run bench -- journey`: the landing page's first promise end to end on the embedded default —
// 3 customer URLs → ICP → discovery of 1,000 people (the sample source plugin, paged to the
// target) → a launched campaign whose batch researches, scores, writes to and enrols each of them,
// all through the real API. Prints the figures; asserts nothing.
import { pino } from 'pino';
import { startApi } from '../../src/api/server.ts';
import { ownerToken } from '../testing/principal.ts';
import { loadConfig } from '../../src/core/config.ts';
import { freePort } from '../devstack/ports.ts';
import { SAMPLE_DB_DEFAULTS } from '@meetflow/plugin-source-sample/generator';
import { prepareSampleSource } from '../../src/features/discovery/sample-source.ts';
import { secondsSince, startBenchStack } from './stack.ts';
import { SAMPLE_OFFER } from '../../src/features/offer/sample-offer.ts';

const TARGET = Number(process.env.BENCH_TARGET ?? 1_000);
const PAGES = Number(process.env.BENCH_PAGES ?? 3);
const WORKSPACE = 'journey';

const stack = await startBenchStack('journey', { research: { maxPages: PAGES } });
try {
  let started = performance.now();
  const pluginDeps = { host: stack.host, connection: stack.database, temporal: stack.temporal, taskQueue: stack.taskQueue };
  await prepareSampleSource(pluginDeps, SAMPLE_DB_DEFAULTS.companies);
  const generated = secondsSince(started);
  const config = loadConfig({
    MONGODB_URI: stack.databaseUri,
    TEMPORAL_ADDRESS: stack.devstack.temporalAddress,
    TEMPORAL_TASK_QUEUE: stack.taskQueue,
    PORT: String(await freePort()),
    LOG_LEVEL: 'silent',
    MEETFLOW_SAMPLES_URL: stack.samples.url,
    MEETFLOW_SEED: 'off',
    MEETFLOW_SAMPLE_COMPANIES: String(SAMPLE_DB_DEFAULTS.companies),
    MEETFLOW_PLUGINS_CONFIG: JSON.stringify({ research: { maxPages: PAGES } }),
  });
  const api = await startApi(config, pino({ level: 'silent' }));
  const token = await ownerToken(stack.db, WORKSPACE);
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${api.url}${path}${path.includes('?') ? '&' : '?'}workspace=${WORKSPACE}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  };
  try {
    for (let attempt = 0; (await fetch(`${api.url}/api/health`)).status !== 200; attempt++) {
      if (attempt > 100) throw new Error('the API did not become healthy');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const urls = ['pipelinepilot', 'quotewell', 'callcraft'].map((site) => `${stack.samples.url}/${site}/`);
    started = performance.now();
    const icp = await call<{ icpSlices: Array<{ name: string; criteria: Record<string, unknown> }> }>(
      'POST',
      '/api/superagent/analyze-icp',
      { urls },
    );
    const analysed = secondsSince(started);
    await call('PUT', '/api/offer', SAMPLE_OFFER);
    const slice = icp.icpSlices[0]!;

    started = performance.now();
    const found = await call<{
      prospects: Array<Record<string, unknown> & { email: string; enrichmentData: { employeeCount: number | null } }>;
      shortfall: string | null;
      sample: boolean;
    }>('POST', '/api/superagent/discover-prospects', {
      icpCriteria: { ...slice.criteria, revenue: '' },
      sources: ['linkedin'],
      targetCount: TARGET,
    });
    const discovered = secondsSince(started);

    const people = found.prospects.map((person) => ({
      firstName: person.firstName,
      lastName: person.lastName,
      jobTitle: person.jobTitle || null,
      company: person.company,
      email: person.email,
      industry: person.industry,
      website: person.website,
      linkedinUrl: person.linkedinUrl,
      employeeCount: person.enrichmentData.employeeCount,
      source: person.source,
      sample: person.sample,
    }));
    started = performance.now();
    const launched = await call<{ campaignId: number; total: number }>('POST', '/api/campaigns/launch', {
      name: 'Bench journey',
      sliceNames: [slice.name],
      people,
      chunkSize: 50,
    });
    const accepted = secondsSince(started);
    type Detail = {
      batch: { running: boolean; stages: Array<{ label: string; done: number; total: number }> };
      results: Record<string, number>;
      skipped: Array<{ reason: string; count: number }>;
    };
    let detail: Detail;
    for (;;) {
      detail = await call<Detail>('GET', `/api/campaigns/${launched.campaignId}`);
      if (!detail.batch.running) break;
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // as often as the campaign screen reads it
    }
    const finished = secondsSince(started);
    // Where the time went: the last step of any run, and the scores being written before the runs are recorded finished.
    const runs = await stack.db.pipelineRuns
      .find(
        {
          workspaceId: WORKSPACE,
          batchId: (await stack.db.campaigns.findOne({ workspaceId: WORKSPACE, id: launched.campaignId }).lean())!.batches[0]!.batchId,
        },
        { steps: 1, endedAt: 1, startedAt: 1 },
      )
      .lean();
    const lastStep = Math.max(
      ...runs.flatMap((run) =>
        Object.values(run.steps)
          .filter((step) => step.status === 'completed' || step.status === 'failed')
          .map((step) => step.endedAt?.getTime() ?? 0),
      ),
    );
    const firstStart = Math.min(...runs.map((run) => run.startedAt?.getTime() ?? Infinity));
    const recorded = Math.min(...runs.map((run) => run.endedAt?.getTime() ?? Infinity));

    console.log(
      `\nbench journey: 3 customer URLs → ICP → ${TARGET.toLocaleString('en-US')} people discovered → one campaign launched and run (embedded default, sample data)`,
    );
    console.log(
      `  sample database     ${SAMPLE_DB_DEFAULTS.companies.toLocaleString('en-US')} companies ready in ${generated} s (once per install; npm start does it in the background)`,
    );
    console.log(`  ICP from 3 URLs     ${analysed} s → ${icp.icpSlices.length} slice(s); using "${slice.name}"`);
    console.log(
      `  discovery           ${discovered} s → ${found.prospects.length.toLocaleString('en-US')} people${found.shortfall ? ` (${found.shortfall})` : ''}`,
    );
    console.log(
      `  launch accepted     ${accepted} s (${launched.total.toLocaleString('en-US')} prospects added, campaign created, batch started)`,
    );
    console.log(`  launch → all run    ${finished} s (every prospect researched, scored, written to and enrolled if qualified)`);
    console.log(
      `  of which            ${((lastStep - firstStart) / 1000).toFixed(1)} s from the first run starting to the last step done, ${((recorded - lastStep) / 1000).toFixed(1)} s writing scores and outcomes before the runs are recorded finished`,
    );
    console.log(`  results             ${JSON.stringify(detail.results)}`);
    console.log(`  stages              ${detail.batch.stages.map((stage) => `${stage.label} ${stage.done}/${stage.total}`).join(', ')}`);
    for (const skip of detail.skipped.slice(0, 5)) console.log(`  no sequence         ${skip.count} × ${skip.reason}`);
  } finally {
    await api.close();
  }
} finally {
  await stack.close();
}
