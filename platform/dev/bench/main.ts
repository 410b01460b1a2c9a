// `npm run bench [-- <part>…] [--cpu-prof]`: the figures of issue #18, each against its target,
// measured in one run on fresh servers (./stack.ts: the embedded database, the Temporal dev
// server, the sample sites; the product's worker and API as child processes). Prints one table
// and writes bench/results.json (figures, nproc, Node and server versions, git commit). Parts,
// in the order they run (all without an argument):
//   ui         the UI's initial JavaScript, gzipped (after `vite build`)
//   agents     research alone on 1,000 local sites; copy alone for 1,000 prospects × 3 emails
//   batch      1,000 prospects through the prospect pipeline as one campaign, between two runs of
//              the bare-Temporal baseline (1,000 one-activity workflows); the worker's peak RSS
//   dashboard  the dashboard's six GETs at 200 requests/s for 30 s over 10,000 prospects and
//              50,000 outcome events; then 200 prospect-list searches
//   fuzz       Schemathesis on every operation of the running app, signed in, over 10,000
//              requests (../fuzz/bench.ts; CI runs a smaller one with another seed)
//   scale      only when named: the batch with 1, then 2 worker processes on one task queue, the
//              same Temporal and database server (a fresh database each), printed side by side
// --cpu-prof writes the child processes' CPU profiles to bench/profiles/<part>/ (read them with
// `npx tsx platform/dev/bench/profile-summary.ts <file>`). Sizes for a quick check of the harness
// (targets are then not judged): BENCH_PROSPECTS (BENCH_BARE_ITEMS sizes its baseline apart), BENCH_DASHBOARD_PROSPECTS, BENCH_EVENTS,
// BENCH_LOAD_SECONDS, BENCH_RATE, BENCH_SEARCHES, BENCH_CHUNK, BENCH_FUZZ_EXAMPLES; BENCH_WORKER_FLAGS
// replaces the batch worker's Node or V8 flags and environment (platform/src/worker/node-flags.ts;
// empty: none), to compare, and BENCH_PROBE_RSS_MB takes a heap summary of the worker when its RSS
// reaches it. Asserts nothing; exits 1 when a part failed to run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../../src/core/paths.ts';
import { WORKER_ENV, WORKER_NODE_FLAGS } from '../../src/worker/node-flags.ts';
import { benchAgents, type AgentsResult } from './agents.ts';
import { startBareTemporal, type BareResult } from './bare.ts';
import { benchBatch, type BatchResult } from './batch.ts';
import { describeProbe } from './heap-summary.ts';
import { benchDashboard, DASHBOARD_GETS, type DashboardResult } from './dashboard.ts';
import { BENCH_FUZZ_EXAMPLES, benchFuzz, type FuzzBenchResult } from '../fuzz/bench.ts';
import { describeProblems, SERVER_ERROR_CHECK } from '../fuzz/schemathesis.ts';
import { provisionDevstack } from '../devstack/provision.ts';
import { environment, formatTable, loadAverage, writeResults, type Figure } from './report.ts';
import { startBenchServers, type BenchServers } from './stack.ts';
import { measureUiSize, type UiSizeResult } from './ui-size.ts';

const PARTS = ['ui', 'agents', 'batch', 'dashboard', 'fuzz', 'scale'] as const;
type Part = (typeof PARTS)[number];
/** Run when no part is named: all but `scale`, which runs the batch twice more. */
const DEFAULT_PARTS = PARTS.filter((part) => part !== 'scale');

const argv = process.argv.slice(2);
const cpuProf = argv.includes('--cpu-prof');
const asked = argv.filter((arg) => !arg.startsWith('--'));
const unknown = argv.filter((arg) => (arg.startsWith('--') ? arg !== '--cpu-prof' : !PARTS.includes(arg as Part)));
if (unknown.length > 0) {
  console.error(`unknown ${unknown.join(', ')}: choose parts among ${PARTS.join(', ')}, and --cpu-prof`);
  process.exit(2);
}
const parts = new Set<Part>(asked.length > 0 ? (asked as Part[]) : DEFAULT_PARTS);

const size = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** The sizes the targets are stated for; other sizes check the harness, and their figures are not judged. */
const TARGET_SIZES = {
  prospects: 1_000,
  chunkSize: 25, // POST /api/campaigns/launch's default
  dashboardProspects: 10_000,
  events: 50_000,
  rate: 200,
  loadSeconds: 30,
  searches: 200,
};
const sizes = {
  prospects: size('BENCH_PROSPECTS', TARGET_SIZES.prospects),
  chunkSize: size('BENCH_CHUNK', TARGET_SIZES.chunkSize),
  dashboardProspects: size('BENCH_DASHBOARD_PROSPECTS', TARGET_SIZES.dashboardProspects),
  events: size('BENCH_EVENTS', TARGET_SIZES.events),
  rate: size('BENCH_RATE', TARGET_SIZES.rate),
  loadSeconds: size('BENCH_LOAD_SECONDS', TARGET_SIZES.loadSeconds),
  searches: size('BENCH_SEARCHES', TARGET_SIZES.searches),
};
/** One-activity workflows per bare-Temporal baseline run (default: as many as the batch's prospects; a rate, so a 10,000 batch may take it from fewer). */
const bareItems = size('BENCH_BARE_ITEMS', sizes.prospects);
const atTargetSize = (...keys: Array<keyof typeof sizes>) => keys.every((key) => sizes[key] === TARGET_SIZES[key]);
/** The product's own settings: the production worker and the agents run with every plugin at its defaults. */
const PLUGINS: Record<string, unknown> = {};
/** Chunks in flight in a batch (run-batch.ts's default): the agents alone run as many at once. */
const BATCH_CONCURRENCY = 4;

/**
 * How the product worker starts: its own flags and environment (platform/src/worker/node-flags.ts),
 * or BENCH_WORKER_FLAGS instead (space-separated; `--flag`s for Node or V8 and `NAME=value`s for its
 * environment, e.g. `--optimize-for-size MALLOC_ARENA_MAX=2`; set but empty: none), to compare.
 */
const benchWorkerFlags = process.env.BENCH_WORKER_FLAGS?.split(' ').filter(Boolean);
const workerFlags = benchWorkerFlags ? benchWorkerFlags.filter((token) => !/^\w+=/.test(token)) : WORKER_NODE_FLAGS;
const workerEnv: Readonly<Record<string, string>> = benchWorkerFlags
  ? Object.fromEntries(
      benchWorkerFlags.filter((token) => /^\w+=/.test(token)).map((token) => [token.split('=')[0]!, token.slice(token.indexOf('=') + 1)]),
    )
  : WORKER_ENV;
const workerSettings = [...workerFlags, ...Object.entries(workerEnv).map(([name, value]) => `${name}=${value}`)];
const flagsUsed = workerSettings.length > 0 ? `worker started with ${workerSettings.join(' ')}` : 'worker started with no flags';
/**
 * BENCH_PROBE_RSS_MB: the batch's worker preloads memory-probe.ts, which takes one heap summary
 * (the main thread's snapshot, the workflow thread's heap) once its RSS first reaches this many MB.
 */
const probeAtMb = size('BENCH_PROBE_RSS_MB', 0);
const probeDir = probeAtMb > 0 ? mkdtempSync(join(tmpdir(), 'meetflow-batch-probe-')) : undefined;
const probeArgs = ['--import', 'tsx', '--import', fileURLToPath(new URL('./memory-probe.ts', import.meta.url))];
const profileDir = join(repoRoot, 'bench', 'profiles');
const profiling = (part: string) => (cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, part)}`] : undefined);
if (cpuProf) rmSync(profileDir, { recursive: true, force: true });

const figures: Figure[] = [];
const details: Record<string, unknown> = {};
const loads: Record<string, { before: number[]; after: number[] }> = {};
const failures: string[] = [];
const count = (value: number) => value.toLocaleString('en-US');
const judged = (met: boolean, atSize: boolean): Pick<Figure, 'met' | 'note'> =>
  atSize ? { met } : { met: null, note: 'not judged: smaller run' };
const log = (message: string) => console.log(`[bench] ${message}`);

async function part(name: string, measure: () => Promise<void>, failedRows: Array<Pick<Figure, 'id' | 'figure' | 'target'>>) {
  log(`${name}: starting (load average ${loadAverage().join(', ')})`);
  const before = loadAverage();
  try {
    await measure();
  } catch (error) {
    const message = (error as Error).message.split('\n')[0]!;
    // A workflow's failure says why in its causes (a child's, an activity's): each is printed.
    const causes: string[] = [];
    for (let cause = (error as Error).cause; cause instanceof Error && causes.length < 5; cause = cause.cause)
      causes.push(`caused by ${cause.name}: ${cause.message}`);
    failures.push([`${name}: ${(error as Error).stack ?? message}`, ...causes].join('\n'));
    for (const row of failedRows)
      figures.push({ ...row, value: null, unit: '', measured: 'not measured', met: null, note: `failed: ${message}` });
  }
  loads[name] = { before, after: loadAverage() };
}

// On a fresh clone the servers are not installed yet: provisioning comes before the environment is read.
try {
  await provisionDevstack(log);
} catch (error) {
  console.error(`[bench] the local servers cannot be provisioned, so nothing can be measured:\n${(error as Error).message}`);
  process.exit(1);
}
const env = environment();
const startedAt = new Date();
log(
  `${env.nproc} cores, load average ${loadAverage().join(', ')}; ${env.node}; ${env.servers.temporal}; mongo-java-server ${env.servers.mongoJavaServer}`,
);

if (parts.has('ui')) {
  await part(
    'ui',
    async () => {
      const ui: UiSizeResult = measureUiSize(log);
      details.ui = ui;
      const kb = ui.gzipped / 1000;
      figures.push({
        id: 'ui-initial-js',
        figure: 'UI initial JavaScript, gzipped',
        value: kb,
        unit: 'kB',
        measured: `${kb.toFixed(1)} kB (${ui.files.length} files, ${(ui.bytes / 1000).toFixed(0)} kB raw)`,
        target: '≤ 300 kB',
        met: kb <= 300,
      });
    },
    [{ id: 'ui-initial-js', figure: 'UI initial JavaScript, gzipped', target: '≤ 300 kB' }],
  );
}

let servers: BenchServers | undefined;
try {
  if (parts.has('agents') || parts.has('batch') || parts.has('dashboard') || parts.has('scale')) {
    log('starting the servers');
    servers = await startBenchServers();
  }

  if (parts.has('agents')) {
    await part(
      'agents',
      async () => {
        const agents: AgentsResult = await benchAgents(servers!, {
          companies: sizes.prospects,
          concurrency: BATCH_CONCURRENCY,
          plugins: PLUGINS,
          nodeArgs: profiling('agents'),
        });
        details.agents = agents;
        const atSize = atTargetSize('prospects');
        figures.push(
          {
            id: 'research-alone',
            figure: `research alone, ${count(agents.companies)} companies from local sites`,
            value: agents.research.seconds,
            unit: 's',
            measured: `${agents.research.seconds.toFixed(1)} s (${count(agents.research.pagesRead)} pages read, ${BATCH_CONCURRENCY} at a time)`,
            target: '≤ 15 s',
            ...judged(agents.research.seconds <= 15, atSize),
          },
          {
            id: 'copy-alone',
            figure: `copy alone, ${count(agents.copy.sequences)} prospects × 3 emails, lint included`,
            value: agents.copy.seconds,
            unit: 's',
            measured: `${agents.copy.seconds.toFixed(1)} s (${count(agents.copy.emails)} emails)`,
            target: '≤ 5 s',
            ...judged(agents.copy.seconds <= 5 && agents.copy.sequences === sizes.prospects, atSize),
          },
        );
      },
      [
        { id: 'research-alone', figure: 'research alone, 1,000 companies from local sites', target: '≤ 15 s' },
        { id: 'copy-alone', figure: 'copy alone, 1,000 prospects × 3 emails, lint included', target: '≤ 5 s' },
      ],
    );
  }

  if (parts.has('batch')) {
    await part(
      'batch',
      async () => {
        // The baseline runs just before and just after the batch, on the same server; the batch is divided by their mean.
        const bare = await startBareTemporal(servers!);
        const bareRuns: BareResult[] = [];
        let batch: BatchResult;
        try {
          bareRuns.push(await bare.measure(bareItems));
          batch = await benchBatch(servers!, {
            prospects: sizes.prospects,
            chunkSize: sizes.chunkSize,
            plugins: PLUGINS,
            workerFlags,
            workerEnv,
            workerNodeArgs: [...(profiling('batch') ?? []), ...(probeDir ? probeArgs : [])],
            ...(probeDir ? { probe: { dir: probeDir, atRss: probeAtMb * 1e6 } } : {}),
          });
          bareRuns.push(await bare.measure(bareItems));
        } finally {
          await bare.stop();
        }
        const barePerSecond = bareRuns.reduce((sum, result) => sum + result.perSecond, 0) / bareRuns.length;
        const ratio = batch.perSecond / barePerSecond;
        details.batch = batch;
        details.bare = bareRuns;
        details.workerFlags = workerSettings;
        const atSize = atTargetSize('prospects', 'chunkSize');
        const allQualified = batch.qualified === batch.prospects && batch.enrolled === batch.prospects;
        const peakMb = (batch.workerRss.kernelPeak ?? batch.workerRss.sampledPeak) / 1e6;
        // Issue #36's "≤ 40 CPU-seconds in all processes together": the workers, database, Temporal, and the bench with its sample sites.
        const batchCpu = Object.entries(batch.cpu)
          .filter(([name]) => name !== 'others' && name !== 'wall')
          .reduce((sum, [, seconds]) => sum + seconds, 0);
        figures.push(
          {
            id: 'batch-wall',
            figure: `${count(batch.prospects)} prospects, all qualifying: research → score → copy → enrolled`,
            value: batch.seconds,
            unit: 's',
            measured: `${batch.seconds.toFixed(1)} s (${count(batch.qualified)} qualified, ${count(batch.enrolled)} enrolled, ${count(batch.runs.failed ?? 0)} failed)`,
            target: '≤ 30 s',
            ...judged(batch.seconds <= 30 && allQualified && !batch.runs.failed, atSize),
          },
          {
            id: 'batch-vs-bare',
            figure: 'same, prospects/s ÷ bare Temporal items/s',
            value: ratio,
            unit: '×',
            measured: `${ratio.toFixed(2)} (${batch.perSecond.toFixed(1)} ÷ ${barePerSecond.toFixed(1)}/s)`,
            target: '≥ 2.0',
            ...judged(ratio >= 2, atSize),
          },
          {
            id: 'batch-cpu',
            figure: 'same, CPU-seconds of every process it ran on',
            value: batchCpu,
            unit: 'CPU-s',
            measured: `${batchCpu.toFixed(1)} CPU-s (each process's below the table)`,
            target: '≤ 40 CPU-s',
            ...judged(batchCpu <= 40, atSize),
          },
          {
            id: 'worker-rss',
            figure: `worker peak RSS during the ${count(batch.prospects)} batch`,
            value: peakMb,
            unit: 'MB',
            measured:
              `${peakMb.toFixed(0)} MB (${(batch.workerRss.atLaunch / 1e6).toFixed(0)} MB at launch; ${flagsUsed}` +
              `${batch.probe ? '; probed: the peak includes the heap snapshot’s own memory' : ''})`,
            target: '≤ 400 MB',
            ...(batch.probe ? { met: null, note: 'not judged: probed' } : judged(peakMb <= 400, atSize)),
          },
        );
      },
      [
        { id: 'batch-wall', figure: '1,000 prospects, all qualifying: research → score → copy → enrolled', target: '≤ 30 s' },
        { id: 'batch-vs-bare', figure: 'same, prospects/s ÷ bare Temporal items/s', target: '≥ 2.0' },
        { id: 'batch-cpu', figure: 'same, CPU-seconds of every process it ran on', target: '≤ 40 CPU-s' },
        { id: 'worker-rss', figure: 'worker peak RSS during the 1,000 batch', target: '≤ 400 MB' },
      ],
    );
  }

  if (parts.has('dashboard')) {
    await part(
      'dashboard',
      async () => {
        const dashboard: DashboardResult = await benchDashboard(servers!, {
          prospects: sizes.dashboardProspects,
          events: sizes.events,
          rate: sizes.rate,
          seconds: sizes.loadSeconds,
          searches: sizes.searches,
          apiNodeArgs: profiling('dashboard'),
        });
        details.dashboard = dashboard;
        const { load, search } = dashboard;
        figures.push(
          {
            id: 'dashboard-p99',
            figure: `the ${DASHBOARD_GETS.length} dashboard GETs, ${count(dashboard.prospects)} prospects, ${count(dashboard.events)} events, ${sizes.rate}/s for ${sizes.loadSeconds} s`,
            value: load.latency.p99,
            unit: 'ms',
            measured: `p99 ${load.latency.p99.toFixed(1)} ms, ${load.errors} errors (p50 ${load.latency.p50.toFixed(1)} ms, ${load.throughput.toFixed(0)}/s done)`,
            target: 'p99 ≤ 25 ms, 0 errors',
            ...judged(load.latency.p99 <= 25 && load.errors === 0, atTargetSize('dashboardProspects', 'events', 'rate', 'loadSeconds')),
          },
          {
            id: 'search-p99',
            figure: `prospects list search on ${count(dashboard.prospects)} prospects, p99`,
            value: search.p99,
            unit: 'ms',
            measured: `${search.p99.toFixed(1)} ms (p50 ${search.p50.toFixed(1)} ms, ${search.requests} searches)`,
            target: '≤ 50 ms',
            ...judged(search.p99 <= 50, atTargetSize('dashboardProspects', 'searches')),
          },
        );
      },
      [
        {
          id: 'dashboard-p99',
          figure: 'the 6 dashboard GETs, 10,000 prospects, 50,000 events, 200/s for 30 s',
          target: 'p99 ≤ 25 ms, 0 errors',
        },
        { id: 'search-p99', figure: 'prospects list search on 10,000 prospects, p99', target: '≤ 50 ms' },
      ],
    );
  }

  if (parts.has('scale')) {
    const rows = [1, 2].map((workers) => ({
      id: `scale-${workers}`,
      figure: `the batch with ${workers} worker process${workers > 1 ? 'es' : ''} on one task queue`,
      target: 'shown (2 cores: a second worker mostly adds its overhead)',
    }));
    await part(
      'scale',
      async () => {
        const runs: BatchResult[] = [];
        for (const workers of [1, 2])
          runs.push(
            await benchBatch(servers!, {
              prospects: sizes.prospects,
              chunkSize: sizes.chunkSize,
              plugins: PLUGINS,
              workerFlags,
              workerEnv,
              workers,
              name: `scale-${workers}`,
            }),
          );
        details.scale = runs;
        for (const [index, run] of runs.entries()) {
          const workerCpu = Object.entries(run.cpu)
            .filter(([name]) => name.startsWith('worker'))
            .map(([name, seconds]) => `${name} ${seconds.toFixed(1)}`);
          const total = Object.entries(run.cpu)
            .filter(([name]) => !['others', 'wall'].includes(name))
            .reduce((sum, [, seconds]) => sum + seconds, 0);
          figures.push({
            ...rows[index]!,
            value: run.seconds,
            unit: 's',
            measured:
              `${run.seconds.toFixed(1)} s for ${count(run.prospects)} (${count(run.enrolled)} enrolled, ${count(run.runs.failed ?? 0)} failed); ` +
              `${total.toFixed(1)} CPU-s: ${workerCpu.join(', ')}, database ${run.cpu.database?.toFixed(1)}, Temporal ${run.cpu.temporal?.toFixed(1)}, ` +
              `bench ${run.cpu.bench.toFixed(1)}; others used ${(run.cpu.others / run.cpu.wall).toFixed(2)} cores`,
            met: null,
            note: 'shown, not judged',
          });
        }
      },
      rows,
    );
  }
} finally {
  await servers?.close();
}

// Last and on servers of its own (the fuzz test's global setup starts them), after the others' are gone.
if (parts.has('fuzz')) {
  const row = {
    id: 'fuzz',
    figure: 'Schemathesis, every operation, signed in',
    target: '≥ 10,000 requests, 0 responses ≥ 500, 0 failed checks',
  };
  await part(
    'fuzz',
    async () => {
      const examples = size('BENCH_FUZZ_EXAMPLES', BENCH_FUZZ_EXAMPLES);
      const fuzz: FuzzBenchResult = benchFuzz(log, examples);
      details.fuzz = fuzz;
      const problems = fuzz.failures.length + fuzz.errors.length;
      const serverErrors = fuzz.failures.filter((failure) => SERVER_ERROR_CHECK.test(failure.checks)).length;
      figures.push({
        ...row,
        value: fuzz.requests,
        unit: 'requests',
        measured:
          `${count(fuzz.requests)} requests in ${fuzz.seconds.toFixed(0)} s over ${fuzz.operations.tested} of ${fuzz.operations.total} operations; ` +
          `${serverErrors} operations answered ≥ 500, ${problems} problems`,
        ...judged(
          fuzz.requests >= 10_000 && problems === 0 && fuzz.operations.tested === fuzz.operations.total,
          examples === BENCH_FUZZ_EXAMPLES,
        ),
      });
    },
    [row],
  );
}

// The table in the issue's order, whatever order the parts ran in.
const ORDER = [
  'batch-wall',
  'batch-vs-bare',
  'batch-cpu',
  'research-alone',
  'copy-alone',
  'dashboard-p99',
  'search-p99',
  'worker-rss',
  'ui-initial-js',
  'fuzz',
  'scale-1',
  'scale-2',
];
figures.sort((a, b) => ORDER.indexOf(a.id) - ORDER.indexOf(b.id));
const finishedAt = new Date();
const file = writeResults({
  startedAt: startedAt.toISOString(),
  finishedAt: finishedAt.toISOString(),
  ...env,
  loadAverage: loads,
  sizes,
  targetSizes: TARGET_SIZES,
  figures,
  details,
  failures,
});
console.log(
  `\nbench: ${env.nproc} cores, load average ${loadAverage().join(', ')} at the end; ${env.node}; ${env.servers.temporal}; ` +
    `mongo-java-server ${env.servers.mongoJavaServer}; commit ${env.git.commit?.slice(0, 12)}${env.git.uncommittedChanges ? ` + ${env.git.uncommittedChanges} uncommitted changes` : ''}`,
);
console.log(formatTable(figures));
// What the table's figures came with: how busy the machine was, and where the batch's time went.
const cores = (cpu: { others: number; wall: number }) => (cpu.others / cpu.wall).toFixed(2);
const batch = details.batch as BatchResult | undefined;
if (batch) {
  const { cpu, steps, phases } = batch;
  console.log(
    `\nbatch: launch ${phases.launch.toFixed(1)} s; ${Object.entries(steps)
      .map(([node, step]) => `${node} ${step.span.toFixed(1)} s`)
      .join(', ')} (each from its first run's start to its last run's end); ${
      phases.afterLastStep === null ? 'no step completed' : `${phases.afterLastStep.toFixed(1)} s after the last step`
    }`,
  );
  console.log(
    `       CPU seconds: worker ${cpu.worker?.toFixed(1)}, database ${cpu.database?.toFixed(1)}, Temporal ${cpu.temporal?.toFixed(1)}, ` +
      `bench and sample sites ${cpu.bench.toFixed(1)}; other processes used ${cores(cpu)} of the ${env.nproc} cores meanwhile`,
  );
  const bare = details.bare as BareResult[];
  console.log(`       bare Temporal: ${bare.map((run) => `${run.perSecond.toFixed(1)}/s`).join(' before, ')} after`);
  const tasks = batch.workflowTasks;
  console.log(
    `       ${flagsUsed}; peak RSS ${((batch.workerRss.kernelPeak ?? batch.workerRss.sampledPeak) / 1e6).toFixed(0)} MB; ` +
      `the batch workflow${tasks.slices > 0 ? ` and its ${tasks.slices} slices` : ''}: ${tasks.runs} runs, ${count(tasks.events)} history events (largest history ${(tasks.largestHistoryBytes / 1e6).toFixed(1)} MB), ` +
      `${tasks.tasks} workflow tasks (median ${tasks.medianMs.toFixed(0)} ms, slowest ${tasks.maxMs.toFixed(0)} ms, ${tasks.timedOut} timed out, ${tasks.failed} failed)`,
  );
  const view = batch.liveView;
  console.log(
    `       batch view while it ran: ${view.answered} of ${view.asked} reads of GET /api/batches/{id} answered (one a second; median ${view.medianMs.toFixed(0)} ms, ` +
      `slowest ${view.maxMs.toFixed(0)} ms), the last seeing ${count(view.lastCompleted)} runs completed`,
  );
  if (batch.probe) {
    const title = `\nthe worker when its RSS first reached ${probeAtMb} MB in the batch (memory-probe.ts; the heap snapshot in ${probeDir})`;
    console.log(describeProbe(title, batch.probe.rss, batch.probe.mappings, batch.probe.report));
  }
}
const dashboard = details.dashboard as DashboardResult | undefined;
if (dashboard) {
  const { load, loadCpu } = dashboard;
  console.log(
    `\ndashboard load: ${load.throughput.toFixed(0)} answers/s over ${load.connections} connections, sends at most ${load.sendLag.max.toFixed(1)} ms late (p99 ${load.sendLag.p99.toFixed(1)} ms); ` +
      `CPU seconds: API ${loadCpu.api?.toFixed(1)}, database ${loadCpu.database?.toFixed(1)}, load generator ${loadCpu.bench.toFixed(1)}; other processes used ${cores(loadCpu)} cores`,
  );
}
const fuzz = details.fuzz as FuzzBenchResult | undefined;
if (fuzz) {
  console.log(`\nfuzz: ${fuzz.command} (${fuzz.wallSeconds.toFixed(0)} s with the servers' start)`);
  const problems = describeProblems(fuzz);
  if (problems) console.log(problems.replace(/^/gm, '  '));
}
console.log(`\nwritten to ${file}${cpuProf ? `; CPU profiles in ${profileDir}` : ''}`);
for (const failure of failures) console.error(`\n[bench] ${failure}`);
if (failures.length > 0) process.exitCode = 1;
