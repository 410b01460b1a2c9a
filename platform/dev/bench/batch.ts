// The prospect batch: `prospects` sample people who fit the bench's ICP are launched as one
// campaign the way POST /api/campaigns/launch does it (the product's launchCampaign: prospects
// added, campaign created, its batch started), and the production worker — a child process —
// researches each company's own sample site, scores it, writes the copy and enrols the
// prospect in its durable sequence. Timed from the launch call to the batch workflow's end (every
// run recorded finished, its score and outcome written). The worker's RSS is read from /proc
// every 100 ms meanwhile, and its peak (VmHWM, reset at the launch) at the end.
import { setTimeout as sleep } from 'node:timers/promises';
// A CommonJS package whose named exports Node's ESM loader cannot see: its default export is the module.
import protos from '@temporalio/proto';
import type { Client } from '@temporalio/client';
import { TEST_OWNER } from '../testing/principals.ts';
import { installedPlugins } from '../../src/features/runs/plugins/installed.ts';
import { PluginHost } from '../../src/features/runs/plugins/host.ts';
import { BUILTIN_ACTIVITIES } from '../../src/features/steps.ts';
import { LAUNCH_PEOPLE, LaunchCampaignBody } from '../../src/features/prospecting/campaigns/api-schemas.ts';
import { launchCampaign } from '../../src/features/prospecting/campaigns/launch.ts';
import { saveWorkspaceIcp } from '../../src/features/prospecting/icp/store.ts';
import { saveOffer } from '../../src/features/prospecting/offer/offer.ts';
import { SAMPLE_OFFER } from '../../src/features/prospecting/offer/sample-offer.ts';
import { batchWorkflowId } from '../../src/features/runs/pipelines/batches.ts';
import { batchView } from '../../src/features/runs/pipelines/batch-view.ts';
import { BENCH_ICP_ANALYSIS, fittingProspects, launchPerson } from './icp.ts';
import { cpuMeter, logTail, resetPeakRss, rssOf, secondsSince, startProductWorker, type BenchServers, type CpuSplit } from './stack.ts';
import { readProbe, residentByMapping, type ProbeReport } from './heap-summary.ts';
import { PROBE_SIGNAL } from './memory-probe.ts';
import { BUILT_IN_PIPELINES } from '../../src/features/built-in-pipelines.ts';
import { sequenceWorkflowId } from '../../src/features/email/sequences/directory.ts';

const WORKSPACE = 'bench';

/** What the batch measured. */
export interface BatchResult {
  /** Worker processes polling the batch's task queue. */
  workers: number;
  prospects: number;
  chunkSize: number;
  seconds: number;
  perSecond: number;
  /** Sample companies walked to find the fitting ones. */
  scanned: number;
  runs: Record<string, number>;
  qualified: number;
  enrolled: number;
  /** Sequences running once the batch is done: prospectSequence workflows, and the members of sequenceGroup ones. */
  sequencesRunning: number;
  firstFailure: string | null;
  /** The first worker's RSS: the highest 100 ms sample and the kernel's peak (VmHWM) since the launch, in bytes; its RSS before the launch. */
  workerRss: { sampledPeak: number; kernelPeak: number | null; atLaunch: number; samples: number };
  /** CPU seconds each process used during the batch (the worker, `worker2`… with more, the database, Temporal, this process with the sample sites, everything else). */
  cpu: CpuSplit;
  /** Per step: seconds of all its runs added up, and from its first start to its last end. */
  steps: Record<string, { total: number; span: number; count: number }>;
  /** The batch workflow's own workflow tasks over its continue-as-new chain (each task runs in the worker's workflow thread). */
  workflowTasks: WorkflowTaskStats;
  /** What memory-probe.ts reported when the worker's RSS first reached `probe.atRss`, with the RSS and mappings read then. */
  probe?: { rss: { rss: number; peak: number } | null; mappings: Array<{ mapping: string; rss: number }>; report: ProbeReport };
  /** Seconds of the launch call (prospects added, campaign created, runs prepared, batch started), and from the last step's end to the batch's (runs recorded finished, scores and outcomes written). */
  phases: { launch: number; afterLastStep: number | null };
  /**
   * The batch view's data while the batch ran: its progress query (what GET /api/batches/{id}
   * answers from) asked once a second, how many answered, how long they took, and the runs it
   * last saw completed.
   */
  liveView: { asked: number; answered: number; medianMs: number; maxMs: number; lastCompleted: number };
}

/** A workflow's tasks as its histories record them: from each task's start to its completion, timeout or failure. */
export interface WorkflowTaskStats {
  /** Runs in the continue-as-new chains (the batch's, and each slice's). */
  runs: number;
  /** Child batches it ran its runs in (0: all in its own workflow). */
  slices: number;
  /** History events over the chain, and the size of the largest run's history in bytes (its input carries the batch's state). */
  events: number;
  largestHistoryBytes: number;
  tasks: number;
  medianMs: number;
  maxMs: number;
  timedOut: number;
  failed: number;
}

const proto = protos.temporal;
const EventType = proto.api.enums.v1.EventType;
const millis = (time: { seconds?: { toNumber(): number } | number | null; nanos?: number | null } | null | undefined) => {
  const seconds = time?.seconds ?? 0;
  return (typeof seconds === 'number' ? seconds : seconds.toNumber()) * 1000 + (time?.nanos ?? 0) / 1e6;
};

/**
 * Reads every run of a batch workflow's continue-as-new chain, newest first (each run's start
 * names the one before), and those of its slices' (`<id>-slice-1`, 2, … until one does not exist).
 */
export async function workflowTaskStats(client: Client, workflowId: string): Promise<WorkflowTaskStats> {
  const durations: number[] = [];
  let runs = 0;
  let events = 0;
  let largestHistoryBytes = 0;
  let timedOut = 0;
  let failed = 0;
  let slices = 0;
  const exists = (id: string) =>
    client.workflow
      .getHandle(id)
      .describe()
      .then(
        () => true,
        () => false,
      );
  while (await exists(`${workflowId}-slice-${slices + 1}`)) slices += 1;
  for (const id of [workflowId, ...Array.from({ length: slices }, (_, index) => `${workflowId}-slice-${index + 1}`)]) {
    let runId: string | undefined;
    do {
      const history = await client.workflow.getHandle(id, runId).fetchHistory();
      runs += 1;
      events += history.events?.length ?? 0;
      largestHistoryBytes = Math.max(largestHistoryBytes, proto.api.history.v1.History.encode(history).finish().length);
      let startedAt: number | null = null;
      for (const event of history.events ?? []) {
        if (event.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED) startedAt = millis(event.eventTime);
        const ended =
          event.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED ||
          event.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_TIMED_OUT ||
          event.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED;
        if (ended && startedAt !== null) {
          durations.push(millis(event.eventTime) - startedAt);
          startedAt = null;
        }
        if (event.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_TIMED_OUT) timedOut += 1;
        if (event.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED) failed += 1;
      }
      runId = history.events?.[0]?.workflowExecutionStartedEventAttributes?.continuedExecutionRunId || undefined;
    } while (runId);
  }
  const sorted = durations.toSorted((a, b) => a - b);
  return {
    runs,
    slices,
    events,
    largestHistoryBytes,
    tasks: durations.length,
    medianMs: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
    maxMs: sorted.at(-1) ?? Number.NaN,
    timedOut,
    failed,
  };
}

/** When the last completed step of the runs ended (ms), or null when none completed. */
const lastStepEnd = (runs: Array<{ steps: Record<string, { status: string; endedAt?: Date | null }> }>): number | null => {
  const ends = runs.flatMap((run) =>
    Object.values(run.steps).flatMap((step) => (step.status === 'completed' && step.endedAt ? [step.endedAt.getTime()] : [])),
  );
  return ends.length > 0 ? Math.max(...ends) : null;
};

/** Per node, the runs' step times added up and the node's span, from the run records. */
function stepTimes(runs: Array<{ steps: Record<string, { status: string; startedAt?: Date | null; endedAt?: Date | null }> }>) {
  const times: Record<string, { total: number; first: number; last: number; count: number }> = {};
  for (const run of runs) {
    for (const [node, step] of Object.entries(run.steps)) {
      if (step.status !== 'completed' || !step.startedAt || !step.endedAt) continue;
      const entry = (times[node] ??= { total: 0, first: Infinity, last: 0, count: 0 });
      entry.total += (step.endedAt.getTime() - step.startedAt.getTime()) / 1000;
      entry.first = Math.min(entry.first, step.startedAt.getTime());
      entry.last = Math.max(entry.last, step.endedAt.getTime());
      entry.count += 1;
    }
  }
  return Object.fromEntries(
    Object.entries(times).map(([node, { total, first, last, count }]) => [node, { total, span: (last - first) / 1000, count }]),
  );
}

export async function benchBatch(
  servers: BenchServers,
  options: {
    prospects: number;
    chunkSize: number;
    plugins: Record<string, unknown>;
    /** The worker's Node and V8 flags and environment variables (the product's own, node-flags.ts, unless given). */
    workerFlags?: readonly string[];
    workerEnv?: Readonly<Record<string, string>>;
    /** More Node arguments for the worker (--cpu-prof, the memory probe's preload). */
    workerNodeArgs?: string[];
    /** Worker processes on the batch's task queue (default 1): `npm run bench -- scale` runs 1 and 2. */
    workers?: number;
    /** The database's and task queue's name (default `batch`): each run of `scale` has its own. */
    name?: string;
    /** Signal the worker's memory probe (preloaded by `workerNodeArgs`, writing into `dir`) once its RSS first reaches `atRss` bytes. */
    probe?: { dir: string; atRss: number };
  },
): Promise<BatchResult> {
  const name = options.name ?? 'batch';
  const taskQueue = `bench-${name}`;
  const database = await servers.database(name);
  const { db } = database;
  await saveWorkspaceIcp(db, WORKSPACE, BENCH_ICP_ANALYSIS);
  await saveOffer(db, WORKSPACE, SAMPLE_OFFER);
  const { prospects: fitting, scanned } = fittingProspects(options.prospects);
  // The route takes at most LAUNCH_PEOPLE people a call (its body stays under the API's 1 MB); a
  // larger bench batch is checked by the route's schema in parts of that many and launched whole
  // through the product's launchCampaign, as a campaign of that many prospects runs (POST
  // /api/campaigns with their ids takes 10,000, and its runs one batch of them).
  const parts = Array.from({ length: Math.ceil(fitting.length / LAUNCH_PEOPLE) }, (_, index) =>
    LaunchCampaignBody.parse({
      name: 'Bench batch',
      sliceNames: [],
      people: fitting
        .slice(index * LAUNCH_PEOPLE, (index + 1) * LAUNCH_PEOPLE)
        .map((prospect) => launchPerson(servers.samples.url, prospect)),
      chunkSize: options.chunkSize,
    }),
  );
  const launch = { ...parts[0]!, people: parts.flatMap((part) => part.people) };
  // Every worker joins the same task queue, as more workers join a deployment's: the batch's chunks go to whichever polls.
  const workers = await Promise.all(
    Array.from({ length: options.workers ?? 1 }, (_, index) =>
      startProductWorker(servers, database, {
        taskQueue,
        plugins: options.plugins,
        workerFlags: options.workerFlags,
        workerEnv: options.workerEnv,
        nodeArgs: options.workerNodeArgs,
        ...(options.probe ? { env: { MEETFLOW_MEMORY_PROBE_DIR: options.probe.dir } } : {}),
        instance: index + 1,
      }),
    ),
  );
  const worker = workers[0]!;
  try {
    const runner = {
      db,
      temporal: servers.temporal,
      taskQueue,
      activities: PluginHost.load(installedPlugins, options.plugins).activityIndex(BUILTIN_ACTIVITIES),
      builtIns: BUILT_IN_PIPELINES,
    };
    const atLaunch = rssOf(worker.pid)?.rss ?? Number.NaN;
    const reset = resetPeakRss(worker.pid);
    let sampledPeak = atLaunch;
    let samples = 0;
    let sampling = true;
    let probed: Omit<NonNullable<BatchResult['probe']>, 'report'> | undefined;
    const sampler = (async () => {
      while (sampling) {
        const now = rssOf(worker.pid);
        if (now) sampledPeak = Math.max(sampledPeak, now.rss);
        if (now && options.probe && !probed && now.rss >= options.probe.atRss) {
          probed = { rss: now, mappings: residentByMapping(worker.pid) };
          worker.process.kill(PROBE_SIGNAL);
        }
        samples += 1;
        await sleep(100);
      }
    })();

    const { processes } = servers.devstack;
    const cpu = cpuMeter({
      ...Object.fromEntries(workers.map((each, index) => [index === 0 ? 'worker' : `worker${index + 1}`, each.pid])),
      database: processes.mongo?.pid,
      temporal: processes.temporal?.pid,
    });
    const started = performance.now();
    const launched = await launchCampaign({ db, runner }, WORKSPACE, TEST_OWNER, launch);
    const launchSeconds = secondsSince(started);
    const handle = servers.temporal.workflow.getHandle(batchWorkflowId(launched.batchId));
    const liveView = { asked: 0, answered: 0, ms: [] as number[], lastCompleted: 0 };
    // The batch page's own read (GET /api/batches/{id}), once a second, as a user watching it.
    const viewing = (async () => {
      while (sampling) {
        const asked = performance.now();
        liveView.asked += 1;
        try {
          const view = await batchView({ db, temporal: servers.temporal }, WORKSPACE, launched.batchId);
          liveView.ms.push(performance.now() - asked);
          liveView.answered += 1;
          liveView.lastCompleted = view.runs.completed;
        } catch {
          // Unanswered: counted as asked only.
        }
        await sleep(1_000);
      }
    })();
    // A worker that dies (killed by a signal, out of memory) fails the run instead of leaving it waiting.
    const died = Promise.race(workers.map((each) => each.exited.then((code) => ({ each, code })))).then(({ each, code }) =>
      Promise.reject(
        new Error(`${each.logFile}: a worker exited (${code ?? each.process.signalCode}) during the batch:\n${logTail(each)}`),
      ),
    );
    died.catch(() => undefined); // the workers' ordinary stop after the batch is no error
    const progress = (await Promise.race([handle.result(), died])) as {
      nodes: Record<string, Record<string, number>>;
    };
    const seconds = secondsSince(started);
    const endedAt = Date.now();
    const cpuSplit = cpu.stop();
    sampling = false;
    await sampler;
    await viewing;
    const kernelPeak = reset ? (rssOf(worker.pid)?.peak ?? null) : null;
    const probe = probed && options.probe ? { ...probed, report: await readProbe(worker, options.probe.dir, 1) } : undefined;

    const stepRecords = await db.pipelineRuns.find({ workspaceId: WORKSPACE, batchId: launched.batchId }, { steps: 1 }).lean();
    const lastEnd = lastStepEnd(stepRecords);
    const runs = await db.pipelineRuns.aggregate<{ _id: string; count: number }>([
      { $match: { workspaceId: WORKSPACE, batchId: launched.batchId } },
      { $group: { _id: '$status', count: { $sum: 1 } } },
    ]);
    const failure = await db.pipelineRuns.findOne({ workspaceId: WORKSPACE, batchId: launched.batchId, status: 'failed' }).lean();
    // Sequences alone (their own workflows) and groups' members (the sequence directory's entries not ended).
    const [{ count: alone }, members] = await Promise.all([
      servers.temporal.workflow.count(`WorkflowType = 'prospectSequence' AND ExecutionStatus = 'Running' AND TaskQueue = '${taskQueue}'`),
      db.sequenceDirectory.find({ workspaceId: WORKSPACE, endedAt: null }, { prospectId: 1, workflowId: 1, _id: 0 }).lean(),
    ]);
    // Entries of sequences alone are counted above, by Temporal.
    const sequencesRunning = alone + members.filter((entry) => entry.workflowId !== sequenceWorkflowId(WORKSPACE, entry.prospectId)).length;
    return {
      workers: workers.length,
      prospects: launched.total,
      chunkSize: options.chunkSize,
      seconds,
      perSecond: launched.total / seconds,
      scanned,
      runs: Object.fromEntries(runs.map(({ _id, count }) => [_id, count])),
      qualified: progress.nodes.copy?.completed ?? 0,
      enrolled: progress.nodes.outreach?.completed ?? 0,
      sequencesRunning,
      firstFailure: failure ? (failure.error ?? JSON.stringify(failure.steps)) : null,
      workerRss: { sampledPeak, kernelPeak, atLaunch, samples },
      workflowTasks: await workflowTaskStats(servers.temporal, batchWorkflowId(launched.batchId)),
      ...(probe ? { probe } : {}),
      cpu: cpuSplit,
      steps: stepTimes(stepRecords),
      phases: { launch: launchSeconds, afterLastStep: lastEnd === null ? null : (endedAt - lastEnd) / 1000 },
      liveView: {
        asked: liveView.asked,
        answered: liveView.answered,
        medianMs: [...liveView.ms].sort((a, b) => a - b)[Math.floor(liveView.ms.length / 2)] ?? Number.NaN,
        maxMs: liveView.ms.length > 0 ? Math.max(...liveView.ms) : Number.NaN,
        lastCompleted: liveView.lastCompleted,
      },
    };
  } finally {
    await Promise.all(workers.map((each) => each.stop()));
  }
}
