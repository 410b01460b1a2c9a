// `npm run bench`: 1,000 prospects through the prospect pipeline (research → lead scoring → outreach
// copy → sequence enrolment) as one batch, on this machine's real servers, with the real agent
// plugins researching each sample company's own site over HTTP. Prints the figures; asserts nothing (targets are read by people, not tests).
import { getWorkspaceConfig } from '../../src/features/workspace-config/workspace-config.ts';
import { defaultSampleCompany } from '@meetflow/plugin-source-sample/generator';
import { startPipelineBatch } from '../../src/features/pipelines/batches.ts';
import { sampleCompanySiteUrl } from '../samples/company-site.ts';
import { PROSPECT_PIPELINE } from '../../src/features/superagent/prospect-pipeline.ts';
import { startBenchStack } from './stack.ts';

const PROSPECTS = Number(process.env.BENCH_PROSPECTS ?? 1_000);
const CHUNK = Number(process.env.BENCH_CHUNK ?? 50);
/** Pages the research agent reads per site (its own default is 6; a sample company's site has 2–3). */
const PAGES = Number(process.env.BENCH_PAGES ?? 3);
const WORKSPACE = 'bench';

const stack = await startBenchStack('bench', { research: { maxPages: PAGES } });
const { db, samples, runner, temporal, taskQueue } = stack;
try {
  const config = await getWorkspaceConfig(db, WORKSPACE);

  const icp = {
    industry: ['Sales technology', 'Software & SaaS', 'Marketing technology'],
    companySize: '20-500 employees',
    jobTitles: ['VP of Sales', 'Head of Revenue Operations', 'Chief Revenue Officer', 'Sales Manager'],
    techStack: ['HubSpot', 'Stripe', 'Salesforce', 'Segment'],
    painPoints: ['manual prospecting'],
  };
  const offer = {
    companyName: 'Meetflow',
    oneLiner: 'books qualified meetings without hiring more SDRs',
    valueProps: [
      { pain: 'manual prospect research', value: 'your reps only talk to accounts that fit' },
      { pain: 'slow ramp for new reps', value: 'new hires have meetings in their first week' },
    ],
    personas: { titles: [] },
    callToAction: { meetingMinutes: 20 },
    senderName: 'Sam Reyes',
  };
  // The product's own pipeline (research → score → copy → enrol), with the run inputs process-prospect gives it.
  // A thousand different companies of the sample database, each researched on its own sample site.
  const inputs = Array.from({ length: PROSPECTS }, (_, index) => {
    const {
      company,
      people: [person],
    } = defaultSampleCompany(index);
    const { jobTitle, firstName, lastName, email } = person!;
    return {
      workspaceId: WORKSPACE,
      prospectId: index + 1,
      website: sampleCompanySiteUrl(samples.url, company.domain),
      icp,
      config,
      offer,
      prospect: { jobTitle, company: company.name, industry: null, employeeCount: company.employeeCount },
      contact: { firstName, lastName, jobTitle, company: company.name, email },
    };
  });
  const started = performance.now();
  const batch = await startPipelineBatch(runner, { workspaceId: WORKSPACE, definition: PROSPECT_PIPELINE, inputs, chunkSize: CHUNK });
  const progress = (await runner.temporal.workflow.getHandle(batch.workflowId).result()) as {
    nodes: Record<string, Record<string, number>>;
  };
  const seconds = (performance.now() - started) / 1000;
  const runs = await db.pipelineRuns.aggregate<{ _id: string; count: number }>([
    { $match: { batchId: batch.batchId } },
    { $group: { _id: '$status', count: { $sum: 1 } } },
  ]);
  // Enrolled sequences wait on durable timers (step 1 goes out on the cadence's first day); count them on the server.
  const enrolled = progress.nodes.outreach?.completed ?? 0;
  const { count: waiting } = await temporal.workflow.count(
    `WorkflowType = 'prospectSequence' AND ExecutionStatus = 'Running' AND TaskQueue = '${taskQueue}'`,
  );

  console.log(
    `\nbench: ${PROSPECTS} prospects through the prospect pipeline — research (up to ${PAGES} pages of each company's sample site) → score → copy and`,
  );
  console.log(`       sequence enrolment (score ≥ 70) — as one batch in chunks of ${CHUNK}`);
  console.log(`  sequences queued    ${seconds.toFixed(1)} s (target ≤ 60 s on 2 cores)`);
  console.log(`  throughput          ${(PROSPECTS / seconds).toFixed(1)} prospects/s`);
  console.log(`  runs by status      ${runs.map(({ _id, count }) => `${_id} ${count}`).join(', ')}`);
  for (const [node, counts] of Object.entries(progress.nodes)) console.log(`  step ${node.padEnd(14)} ${JSON.stringify(counts)}`);
  const failure = await db.pipelineRuns.findOne({ workspaceId: WORKSPACE, batchId: batch.batchId, status: 'failed' }).lean();
  if (failure) console.log(`  first failure       ${failure.error ?? JSON.stringify(failure.steps)}`);
  console.log(
    `  sequences running   ${waiting} on the Temporal server (${enrolled} enrolled by the batch), each waiting on its first timer`,
  );
} finally {
  await stack.close();
}
