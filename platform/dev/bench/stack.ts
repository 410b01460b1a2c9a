// What the benchmarks run on: this machine's real servers (the embedded database and the Temporal
// dev server, started fresh in a temporary folder), the sample company sites, and the product's
// own processes started as children — the production worker (`platform/src/worker/main.ts`) and
// the production API (`platform/src/api/main.ts`), configured through their environment as
// `npm start` configures them — so what is measured (their time, their memory) is theirs alone.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Connection } from '@temporalio/client';
import mongoose from 'mongoose';
import { createModels, type Models } from '../../src/features/models.ts';
import { repoRoot } from '../../src/core/paths.ts';
import { WORKER_ENV, WORKER_NODE_FLAGS } from '../../src/worker/node-flags.ts';
import { freePort } from '../devstack/ports.ts';
import { startOnFreePorts, type Devstack } from '../devstack/supervisor.ts';
import { startSampleSitesServer, type SampleSitesServer } from '../samples/server.ts';

/** One benchmark's own database on the embedded server. */
export interface BenchDatabase {
  uri: string;
  connection: mongoose.Connection;
  db: Models;
}

/** The servers one `npm run bench` shares between its parts. */
export interface BenchServers {
  dataDir: string;
  devstack: Devstack;
  samples: SampleSitesServer;
  temporal: Client;
  /** A database of its own for one part (`meetflow-<name>`), dropped when the servers close. */
  database(name: string): Promise<BenchDatabase>;
  close(): Promise<void>;
}

/** Starts the embedded database, the Temporal dev server and the sample sites, fresh, in a temporary folder. */
export async function startBenchServers(): Promise<BenchServers> {
  const { devstack, dataDir } = await startOnFreePorts('meetflow-bench-');
  const samples = await startSampleSitesServer({ host: '127.0.0.1', port: 0 });
  const connection = await Connection.connect({ address: devstack.temporalAddress });
  const temporal = new Client({ connection });
  const opened: mongoose.Connection[] = [];
  return {
    dataDir,
    devstack,
    samples,
    temporal,
    async database(name) {
      const uri = `${devstack.mongoUri}-${name}`;
      const database = await mongoose.createConnection(uri).asPromise();
      opened.push(database);
      const db = createModels(database);
      // Every index built before anything is written: the embedded database can fail an insert
      // that races an index build on its collection (ConcurrentModificationException).
      await Promise.all(Object.values(db).map((model) => model.init()));
      return { uri, connection: database, db };
    },
    async close() {
      await connection.close();
      for (const database of opened) {
        await database.dropDatabase().catch(() => undefined);
        await database.close();
      }
      await samples.close();
      await devstack.stop();
      // BENCH_KEEP_DATA=1 keeps the servers' data and the children's logs, for a look after a failure.
      if (process.env.BENCH_KEEP_DATA) console.log(`[bench] data and logs kept in ${dataDir}`);
      else rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A child Node process of the bench (a worker, the API, an agent runner). */
export interface ChildNode {
  pid: number;
  process: ChildProcess;
  /** Its stdout and stderr, in the bench's folder. */
  logFile: string;
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
  /** SIGINT, then SIGKILL after `graceMs`; resolves once it has exited (a --cpu-prof profile is written at a clean exit). */
  stop(graceMs?: number): Promise<void>;
}

// What the children must not inherit from the shell that ran the bench: they get exactly the configuration given.
const PRODUCT_VARIABLES = /^(MEETFLOW_|MONGODB_URI$|TEMPORAL_|PORT$|HOST$|LOG_LEVEL$|NODE_ENV$|NODE_OPTIONS$)/;

/** How a child runs TypeScript: tsx (what `npm start` does), or Node's own type transform (a comparison in heap-summary.ts). */
export const TYPESCRIPT_LOADERS = {
  tsx: ['--import', 'tsx'],
  node: ['--experimental-transform-types', '--disable-warning=ExperimentalWarning'],
} as const;

/** Starts `node --import tsx <entry>` with `env` over a clean environment; `nodeArgs` go before the entry (e.g. --cpu-prof). */
export function startChildNode(
  name: string,
  entry: string,
  options: { env: Record<string, string>; logDir: string; nodeArgs?: string[]; args?: string[]; loader?: keyof typeof TYPESCRIPT_LOADERS },
): ChildNode {
  const environment = Object.fromEntries(Object.entries(process.env).filter(([key]) => !PRODUCT_VARIABLES.test(key)));
  mkdirSync(options.logDir, { recursive: true });
  const logFile = join(options.logDir, `${name}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), ...TYPESCRIPT_LOADERS[options.loader ?? 'tsx'], join(repoRoot, entry), ...(options.args ?? [])],
    {
      cwd: repoRoot,
      env: { ...environment, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  return {
    pid: child.pid!,
    process: child,
    logFile,
    exited,
    async stop(graceMs = 30_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      log.end();
    },
  };
}

/** The last lines of a child's log, for an error message. */
export function logTail(child: ChildNode, lines = 20): string {
  try {
    return readFileSync(child.logFile, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Waits until a worker polls `taskQueue` (as Temporal sees it), failing early when the child exits. */
export async function waitForPoller(temporal: Client, taskQueue: string, child: ChildNode, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.process.exitCode !== null)
      throw new Error(`${child.logFile}: the worker exited (${child.process.exitCode}):\n${logTail(child)}`);
    const { pollers } = await temporal.connection.workflowService.describeTaskQueue({
      namespace: 'default',
      taskQueue: { name: taskQueue },
      taskQueueType: 1, // workflow tasks: every worker polls them
    });
    if (pollers.length > 0) return;
    if (Date.now() > deadline) throw new Error(`no worker polled ${taskQueue} within ${timeoutMs / 1000} s:\n${logTail(child)}`);
    await sleep(200);
  }
}

/** The production worker (`platform/src/worker/main.ts`) as a child process, on `database` and its own task queue. */
export async function startProductWorker(
  servers: BenchServers,
  database: BenchDatabase,
  options: {
    taskQueue: string;
    plugins?: Record<string, unknown>;
    /** The worker's Node and V8 flags and its own environment variables: the product's (node-flags.ts) unless given, e.g. to compare. */
    workerFlags?: readonly string[];
    workerEnv?: Readonly<Record<string, string>>;
    /** More Node arguments after those (e.g. --cpu-prof, a measurement's preload). */
    nodeArgs?: string[];
    mailAllowHosts?: readonly string[];
    /** More environment for a measurement's own preload (e.g. memory-probe.ts's folder). */
    env?: Record<string, string>;
    loader?: keyof typeof TYPESCRIPT_LOADERS;
    /** Which of several workers on the task queue this is (its log's name); the first is unnumbered. */
    instance?: number;
  },
): Promise<ChildNode> {
  const suffix = options.instance && options.instance > 1 ? `-${options.instance}` : '';
  const worker = startChildNode(`worker-${options.taskQueue}${suffix}`, 'platform/src/worker/main.ts', {
    logDir: join(servers.dataDir, 'logs'),
    nodeArgs: [...(options.workerFlags ?? WORKER_NODE_FLAGS), ...(options.nodeArgs ?? [])],
    loader: options.loader,
    env: {
      MONGODB_URI: database.uri,
      TEMPORAL_ADDRESS: servers.devstack.temporalAddress,
      TEMPORAL_TASK_QUEUE: options.taskQueue,
      MEETFLOW_DATA_DIR: servers.dataDir,
      MEETFLOW_HTTP_ALLOW_HOSTS: new URL(servers.samples.url).host,
      MEETFLOW_PLUGINS_CONFIG: JSON.stringify(options.plugins ?? {}),
      MEETFLOW_MAIL_ALLOW_HOSTS: (options.mailAllowHosts ?? []).join(','),
      LOG_LEVEL: 'warn',
      ...(options.workerEnv ?? WORKER_ENV),
      ...options.env,
    },
  });
  await waitForPoller(servers.temporal, options.taskQueue, worker);
  return worker;
}

/** The production API (`platform/src/api/main.ts`) as a child process on `database`; resolves once /api/health answers 200. */
export function startProductApi(
  servers: BenchServers,
  database: BenchDatabase,
  options: { taskQueue: string; nodeArgs?: string[] },
): Promise<ChildNode & { url: string }> {
  return startApiProcess({
    mongoUri: database.uri,
    temporalAddress: servers.devstack.temporalAddress,
    dataDir: servers.dataDir,
    ...options,
  });
}

/**
 * The production API as a child process (`name` in its logs) on a database and Temporal server of
 * the caller's, with no seed, demo owner, mail server or sample data; resolves once it answers
 * (200, or 503 while no worker polls its task queue: the API itself answers, which is all a caller
 * of the API alone needs), failing with its log's tail if it exits or takes over 120 s.
 */
export async function startApiProcess(options: {
  name?: string;
  mongoUri: string;
  temporalAddress: string;
  dataDir: string;
  taskQueue: string;
  nodeArgs?: string[];
}): Promise<ChildNode & { url: string }> {
  const name = options.name ?? 'api';
  const port = await freePort();
  const api = startChildNode(name, 'platform/src/api/main.ts', {
    logDir: join(options.dataDir, 'logs'),
    nodeArgs: options.nodeArgs,
    env: {
      PORT: String(port),
      MONGODB_URI: options.mongoUri,
      TEMPORAL_ADDRESS: options.temporalAddress,
      TEMPORAL_TASK_QUEUE: options.taskQueue,
      MEETFLOW_DATA_DIR: options.dataDir,
      MEETFLOW_SEED: 'off',
      MEETFLOW_DEMO: 'off',
      MEETFLOW_MAIL: 'off',
      MEETFLOW_SAMPLE_COMPANIES: '0',
      LOG_LEVEL: 'warn',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (api.process.exitCode !== null) throw new Error(`${name} exited (${api.process.exitCode}):\n${logTail(api)}`);
    const status = await fetch(`${url}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200 || status === 503) break;
    if (Date.now() > deadline) throw new Error(`${name} did not answer within 120 s:\n${logTail(api)}`);
    await sleep(200); // a child process starting: there is no event to wait on but its port
  }
  return Object.assign(api, { url });
}

/** Resident set size of a process now (VmRSS), and its peak since start or the last {@link resetPeakRss} (VmHWM), in bytes. */
export function rssOf(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return null;
  }
}

/** Resets a process's peak RSS (VmHWM) to its current RSS (Linux: `echo 5 > /proc/<pid>/clear_refs`); false when not possible. */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Seconds since `started` (a performance.now() reading). */
export const secondsSince = (started: number) => (performance.now() - started) / 1000;

/** The `fraction` quantile (0–1) of some values (nearest rank). */
export function quantile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

const TICKS_PER_SECOND = 100; // USER_HZ: the unit of /proc/<pid>/stat and /proc/stat times on Linux

/** CPU seconds (user + system) a process has used so far, or null when it is gone. */
function cpuSecondsOf(pid: number): number | null {
  try {
    // The fields after the command name (which may hold spaces) start after its closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime, stime
  } catch {
    return null;
  }
}

/** Busy CPU seconds of the whole machine so far (every core: all but idle and I/O wait). */
function machineBusySeconds(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
}

/** Where the CPU went over an interval: seconds per named process, this bench process, and the rest of the machine. */
export type CpuSplit = Record<string, number> & { bench: number; others: number; wall: number };

/** Starts counting CPU time of `pids` (by name), this process and the machine; `stop()` gives the split since. */
export function cpuMeter(pids: Record<string, number | undefined>) {
  const wall = performance.now();
  const machine = machineBusySeconds();
  const bench = process.cpuUsage();
  const at = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, pid ? cpuSecondsOf(pid) : null]));
  return {
    stop(): CpuSplit {
      const split: Record<string, number> = {};
      for (const [name, pid] of Object.entries(pids)) {
        const now = pid ? cpuSecondsOf(pid) : null;
        if (now !== null && at[name] !== null) split[name] = now - at[name]!;
      }
      const used = process.cpuUsage(bench);
      const benchSeconds = (used.user + used.system) / 1e6;
      const ours = Object.values(split).reduce((sum, seconds) => sum + seconds, 0) + benchSeconds;
      return {
        ...split,
        bench: benchSeconds,
        others: Math.max(0, machineBusySeconds() - machine - ours),
        wall: secondsSince(wall),
      } as CpuSplit;
    },
  };
}

/**
 * `reads` calls of `read`, one after another, timed: wall milliseconds a call, and the CPU
 * milliseconds a call of the database (its pid) and of this process (the caller's part).
 */
export async function timeSequentialReads(read: () => Promise<unknown>, reads: number, database: number | undefined) {
  const cpu = cpuMeter({ database });
  const started = performance.now();
  for (let index = 0; index < reads; index++) await read();
  const ms = (performance.now() - started) / reads;
  const used = cpu.stop();
  return { ms, databaseMs: ((used.database ?? Number.NaN) * 1_000) / reads, callerMs: (used.bench * 1_000) / reads };
}
