// `npm run bench`: 1,000 prospects through research → lead scoring → outreach copy as one batch,
// on this machine's real servers, with the real agent plugins researching the bundled sample
// sites over HTTP. Prints the figures; asserts nothing (targets are read by people, not tests).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGuardedHttpClient } from '@meetflow/plugin-sdk';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import mongoose from 'mongoose';
import { pino } from 'pino';
import { createActivities } from '../activities/index.ts';
import { createModels } from '../db/models.ts';
import { freePort } from '../devstack/ports.ts';
import { startDevstack } from '../devstack/supervisor.ts';
import { startPipelineBatch } from '../pipelines/batches.ts';
import { PluginHost } from '../plugins/host.ts';
import { installedPlugins } from '../plugins/installed.ts';
import { startSampleSitesServer } from '../samples/server.ts';
import { workflowBundle } from '../worker/workflow-bundle.ts';

const PROSPECTS = Number(process.env.BENCH_PROSPECTS ?? 1_000);
const CHUNK = Number(process.env.BENCH_CHUNK ?? 50);
const TITLES = ['VP of Sales', 'Head of Revenue Operations', 'Sales Manager', 'Chief Revenue Officer', 'Account Executive'];

const definition = {
  id: 'prospect-bench', name: 'Research, score, write',
  nodes: [
    { id: 'research', activity: 'research.enrichCompany', input: { website: '{{ input.website }}', maxPages: 2 } },
    { id: 'score', activity: 'lead-scoring.scoreProspect', input: { prospect: '{{ input.prospect }}', research: '{{ research }}', icp: '{{ input.icp }}' } },
    { id: 'copy', activity: 'outreach.writeSequence', when: { path: 'score.totalScore', op: 'gte', value: 70 },
      input: { prospect: '{{ input.contact }}', research: '{{ research }}', scoring: '{{ score }}',
        sender: { name: 'Sam Reyes', company: 'Meetflow', valueProposition: 'qualified meetings without hiring more SDRs' } } },
  ],
  edges: [{ from: 'research', to: 'score' }, { from: 'score', to: 'copy' }],
};

Runtime.install({ logger: new DefaultLogger('ERROR') });
const dataDir = mkdtempSync(join(tmpdir(), 'meetflow-bench-'));
const devstack = await startDevstack({ dataDir, mongoPort: await freePort(), temporalPort: await freePort() });
const samples = await startSampleSitesServer({ host: '127.0.0.1', port: 0 });
const sites = ['pipelinepilot', 'callcraft', 'quotewell', 'kestrel-precision'].map((site) => `${samples.url}/${site}/`);
const database = await mongoose.createConnection(`${devstack.mongoUri}-bench`).asPromise();
const db = createModels(database);
const logger = pino({ level: 'warn' });
try {
  const host = PluginHost.load(installedPlugins);
  const http = createGuardedHttpClient({ allowHosts: [new URL(samples.url).host] });
  const taskQueue = 'bench';
  const worker = await Worker.create({
    connection: await NativeConnection.connect({ address: devstack.temporalAddress }), taskQueue,
    workflowBundle: await workflowBundle(), maxConcurrentActivityTaskExecutions: 8,
    activities: createActivities({ db, plugins: host.activities({ connection: database, http, logger, clock: { now: () => new Date() }, llm: null }) }),
  });
  const running = worker.run();
  const connection = await Connection.connect({ address: devstack.temporalAddress });
  const runner = { db, temporal: new Client({ connection }), taskQueue, activities: host.activityIndex() };

  const inputs = Array.from({ length: PROSPECTS }, (_, index) => ({
    website: sites[index % sites.length],
    prospect: { jobTitle: TITLES[index % TITLES.length], company: `Company ${index}`, employeeCount: 20 + ((index * 37) % 400) },
    contact: { firstName: `Alex${index}`, lastName: 'Doe', jobTitle: TITLES[index % TITLES.length], company: `Company ${index}`, email: `alex${index}@example.com` },
    icp: { industry: ['Software', 'SaaS'], companySize: '50-200 employees', jobTitles: ['VP of Sales', 'Head of Revenue Operations', 'Chief Revenue Officer'],
      techStack: ['HubSpot', 'Stripe', 'Salesforce'], painPoints: ['manual prospecting'] },
  }));
  const started = performance.now();
  const batch = await startPipelineBatch(runner, { workspaceId: 'bench', definition, inputs, chunkSize: CHUNK });
  const progress = await runner.temporal.workflow.getHandle(batch.workflowId).result() as { nodes: Record<string, Record<string, number>> };
  const seconds = (performance.now() - started) / 1000;
  const runs = await db.pipelineRuns.aggregate<{ _id: string; count: number }>([{ $match: { batchId: batch.batchId } }, { $group: { _id: '$status', count: { $sum: 1 } } }]);

  console.log(`\nbench: ${PROSPECTS} prospects, research (2 pages each, local sample sites) → score → copy (when qualified), chunks of ${CHUNK}`);
  console.log(`  wall time           ${seconds.toFixed(1)} s (target ≤ 60 s on 2 cores)`);
  console.log(`  throughput          ${(PROSPECTS / seconds).toFixed(1)} prospects/s`);
  console.log(`  runs by status      ${runs.map(({ _id, count }) => `${_id} ${count}`).join(', ')}`);
  for (const [node, counts] of Object.entries(progress.nodes)) console.log(`  step ${node.padEnd(14)} ${JSON.stringify(counts)}`);
  worker.shutdown();
  await running;
  await connection.close();
} finally {
  await database.dropDatabase();
  await database.close();
  await samples.close();
  await devstack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
