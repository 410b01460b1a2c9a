// `npx tsx platform/dev/bench/heap-summary.ts [--keep] [--typescript=tsx|node] [--node-arg=<flag>… | --no-worker-flags]`: what the idle worker's memory is.
// Starts the bench's fresh servers (./stack.ts) and the production worker as `npm start` runs it,
// waits until it polls its task queue, then prints its resident memory by mapping
// (/proc/<pid>/smaps: V8 and malloc's anonymous memory, the native Temporal core, Node itself)
// and, from inside it (./memory-probe.ts, on SIGWINCH), V8's heap and a heap snapshot summarised:
// self size by node type and by constructor, the loaded source text by package, and the largest
// strings. --keep keeps the snapshot (the path is printed) for Chrome DevTools' Memory tab;
// --typescript=node runs the worker on Node's own type transform instead of tsx; the worker starts
// with its own flags and environment (platform/src/worker/node-flags.ts), which --node-arg flags
// replace and --no-worker-flags leaves out, to compare.
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORKER_ENV, WORKER_NODE_FLAGS } from '../../src/worker/node-flags.ts';
import { PROBE_SIGNAL } from './memory-probe.ts';
import { loadAverage } from './report.ts';
import { logTail, rssOf, startBenchServers, startProductWorker, TYPESCRIPT_LOADERS, type ChildNode } from './stack.ts';

const keep = process.argv.includes('--keep');
const loaderArg = process.argv.find((arg) => arg.startsWith('--typescript='))?.slice('--typescript='.length) ?? 'tsx';
if (!Object.hasOwn(TYPESCRIPT_LOADERS, loaderArg)) {
  console.error(`--typescript=${loaderArg}: choose ${Object.keys(TYPESCRIPT_LOADERS).join(' or ')}`);
  process.exit(2);
}
const loader = loaderArg as keyof typeof TYPESCRIPT_LOADERS;
/** Node or V8 flags for the worker instead of its own, to compare (e.g. --node-arg=--max-semi-space-size=4). */
const givenFlags = process.argv.filter((arg) => arg.startsWith('--node-arg=')).map((arg) => arg.slice('--node-arg='.length));
const ownSettings = givenFlags.length === 0 && !process.argv.includes('--no-worker-flags');
const nodeFlags = ownSettings ? WORKER_NODE_FLAGS : givenFlags;
const workerEnv = ownSettings ? WORKER_ENV : {};
const MB = 1e6;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/** Resident memory of a process by what is mapped: anonymous memory, each shared object, the rest. */
export function residentByMapping(pid: number): Array<{ mapping: string; rss: number }> {
  const totals = new Map<string, number>();
  let current = 'anonymous';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const path = header[1]!.trim();
      current = path === '' ? 'anonymous' : path.startsWith('/') ? path.replace(/^.*node_modules\//, '') : path;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) totals.set(current, (totals.get(current) ?? 0) + Number(rss[1]) * 1024);
  }
  return [...totals].map(([mapping, rss]) => ({ mapping, rss })).sort((a, b) => b.rss - a.rss);
}

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

/** Where a module's URL or path belongs: its npm package, the repo's workspace folder, or Node's own. */
export function packageOf(url: string): string {
  const path = url.replace(/^file:\/\//, '');
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (inModules) return inModules[1]!;
  const inRepo = /\/(platform|workflows|ui|plugins\/[^/]+)\//.exec(path);
  if (inRepo) return `meetflow ${inRepo[1]}`;
  if (/^node:|^internal\//.test(url) || !url.includes('/')) return 'node (built in)';
  return url;
}

/** A heap snapshot summarised by self size (what each object holds itself, not what it keeps alive). */
export function summariseSnapshot(snapshot: HeapSnapshot) {
  const { meta } = snapshot.snapshot;
  const nodeFields = meta.node_fields.length;
  const edgeFields = meta.edge_fields.length;
  const types = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const [typeAt, nameAt, sizeAt, edgeCountAt] = ['type', 'name', 'self_size', 'edge_count'].map((f) => meta.node_fields.indexOf(f)) as [
    number,
    number,
    number,
    number,
  ];
  const [edgeTypeAt, edgeNameAt, toAt] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const { nodes, edges, strings } = snapshot;
  const byType = new Map<string, number>();
  const byConstructor = new Map<string, { count: number; size: number }>();
  const sourceByPackage = new Map<string, { scripts: number; size: number }>();
  const largestStrings: Array<{ size: number; text: string }> = [];
  let total = 0;
  let firstEdge = 0;
  for (let node = 0; node < nodes.length; node += nodeFields) {
    const type = types[nodes[node + typeAt]!]!;
    const name = strings[nodes[node + nameAt]!]!;
    const size = nodes[node + sizeAt]!;
    const edgeCount = nodes[node + edgeCountAt]!;
    total += size;
    byType.set(type, (byType.get(type) ?? 0) + size);
    if (type === 'object' || type === 'closure' || type === 'native' || type === 'array' || type === 'hidden' || type === 'code') {
      const key = type === 'object' ? name : `(${type}) ${name.length > 60 ? `${name.slice(0, 57)}…` : name}`;
      const entry = byConstructor.get(key) ?? { count: 0, size: 0 };
      entry.count += 1;
      entry.size += size;
      byConstructor.set(key, entry);
    }
    if (type === 'string' && size > 200_000) largestStrings.push({ size, text: name.slice(0, 80).replace(/\s+/g, ' ') });
    // A script is a `code` node named by its URL, with its text on a `source` edge.
    if (type === 'code' && (name.startsWith('file://') || name.startsWith('node:') || name.startsWith('/'))) {
      let source = -1;
      let url = '';
      for (let edge = firstEdge; edge < firstEdge + edgeCount * edgeFields; edge += edgeFields) {
        const edgeName = edgeTypes[edges[edge + edgeTypeAt]!] === 'element' ? '' : strings[edges[edge + edgeNameAt]!];
        const to = edges[edge + toAt]!;
        if (edgeName === 'source') source = to;
        if (edgeName === 'name' && types[nodes[to + typeAt]!]!.includes('string')) url = strings[nodes[to + nameAt]!]!;
      }
      if (source >= 0) {
        const entry = sourceByPackage.get(packageOf(url)) ?? { scripts: 0, size: 0 };
        entry.scripts += 1;
        entry.size += nodes[source + sizeAt]!;
        sourceByPackage.set(packageOf(url), entry);
      }
    }
    firstEdge += edgeCount * edgeFields;
  }
  const sorted = <T extends { size: number }>(entries: Iterable<[string, T]>) =>
    [...entries].map(([name, value]) => ({ name, ...value })).sort((a, b) => b.size - a.size);
  return {
    total,
    nodes: nodes.length / nodeFields,
    byType: sorted([...byType].map(([name, size]) => [name, { size }] as [string, { size: number }])),
    byConstructor: sorted(byConstructor).slice(0, 25),
    sourceByPackage: sorted(sourceByPackage).slice(0, 20),
    largestStrings: largestStrings.sort((a, b) => b.size - a.size).slice(0, 10),
  };
}

/** What memory-probe.ts writes on its signal. */
export interface ProbeReport {
  before: NodeJS.MemoryUsage;
  after: NodeJS.MemoryUsage;
  heap: { total_heap_size: number; used_heap_size: number; malloced_memory: number; external_memory: number };
  spaces: Array<{ space_name: string; space_used_size: number; space_size: number }>;
  /** Each worker thread's heap (the workflow thread's isolate), read before the snapshot. */
  threads: Array<{ total_heap_size: number; used_heap_size: number; external_memory: number; malloced_memory: number }>;
  snapshot: string;
}

/** Sends the probe its `n`th signal and resolves with its report once written; the child exiting first fails it with its log. */
export function takeProbe(child: ChildNode, dir: string, n: number): Promise<ProbeReport> {
  const written = watch(dir); // before the signal, so the file's creation cannot be missed
  child.process.kill(PROBE_SIGNAL);
  return readProbe(child, dir, n, written);
}

/** Resolves with the `n`th probe report once written (its signal already sent), failing with the child's log if it exits first. */
export async function readProbe(child: ChildNode, dir: string, n: number, written = watch(dir)): Promise<ProbeReport> {
  const probeFile = join(dir, `probe-${n}.json`);
  // The worker exiting instead (a probe that failed to load) ends the wait with its log.
  const died = child.exited.then((code) => Promise.reject(new Error(`the worker exited (${code}):\n${logTail(child)}`)));
  died.catch(() => undefined); // its later, ordinary exit (worker.stop) is no error
  try {
    while (!existsSync(probeFile)) await Promise.race([once(written, 'change'), died]);
  } finally {
    written.close();
  }
  return JSON.parse(readFileSync(probeFile, 'utf8')) as ProbeReport;
}

/** A probe's report, the process's RSS and mappings read when it was sent, and its snapshot summarised, as printed lines. */
export function describeProbe(
  title: string,
  rss: { rss: number; peak: number } | null,
  mappings: Array<{ mapping: string; rss: number }>,
  report: ProbeReport,
): string {
  const summary = summariseSnapshot(JSON.parse(readFileSync(report.snapshot, 'utf8')) as HeapSnapshot);
  const lines: string[] = [title];
  const row = (label: string, value: string) => lines.push(`  ${label.padEnd(58)} ${value}`);
  row('RSS when probed (VmRSS; VmHWM peak so far)', `${mb(rss?.rss ?? Number.NaN)} (peak ${mb(rss?.peak ?? Number.NaN)})`);
  row('V8 heap, main thread, when probed: used / reserved', `${mb(report.before.heapUsed)} / ${mb(report.before.heapTotal)}`);
  row('V8 heap, main thread, live (after a full GC): used / reserved', `${mb(report.after.heapUsed)} / ${mb(report.after.heapTotal)}`);
  for (const [index, thread] of report.threads.entries())
    row(`V8 heap, worker thread ${index + 1} (workflows): used / reserved`, `${mb(thread.used_heap_size)} / ${mb(thread.total_heap_size)}`);
  row('RSS after the snapshot (writing one costs memory itself)', mb(report.after.rss));
  row('external (Buffers and other off-heap memory V8 is told of)', mb(report.after.external));
  row('  of it ArrayBuffers', mb(report.after.arrayBuffers));
  row('malloc’d by V8 itself', mb(report.heap.malloced_memory));
  lines.push('resident by mapping (top 8; "anonymous" holds every V8 heap, the workflow thread’s too, and malloc)');
  for (const { mapping, rss: resident } of mappings.slice(0, 8)) row(`  ${mapping.slice(-56)}`, mb(resident));
  lines.push('V8 heap spaces, main thread (used)');
  for (const space of report.spaces.filter((s) => s.space_used_size > MB)) row(`  ${space.space_name}`, mb(space.space_used_size));
  lines.push(`heap snapshot, main thread: ${summary.nodes.toLocaleString('en-US')} objects, ${mb(summary.total)} by self size`);
  for (const { name, size } of summary.byType.slice(0, 8)) row(`  ${name}`, mb(size));
  lines.push('by constructor (self size, top 25)');
  for (const { name, count, size } of summary.byConstructor) row(`  ${name.slice(0, 44)} ×${count.toLocaleString('en-US')}`, mb(size));
  lines.push('loaded source text by package (scripts kept in the heap; tsx’s output carries an inline source map)');
  for (const { name, scripts, size } of summary.sourceByPackage) row(`  ${name} (${scripts} scripts)`, mb(size));
  lines.push('largest strings');
  for (const { size, text } of summary.largestStrings) row(`  ${JSON.stringify(text.slice(0, 50))}`, mb(size));
  return lines.join('\n');
}

async function main() {
  const probeDir = mkdtempSync(join(tmpdir(), 'meetflow-heap-'));
  const probe = fileURLToPath(new URL('./memory-probe.ts', import.meta.url));
  const servers = await startBenchServers();
  let report: ProbeReport;
  let mappings: Array<{ mapping: string; rss: number }>;
  let rssIdle: { rss: number; peak: number } | null;
  try {
    const database = await servers.database('memory');
    const worker = await startProductWorker(servers, database, {
      taskQueue: 'memory',
      // The probe is TypeScript too: it is loaded the way the worker is.
      workerFlags: nodeFlags,
      workerEnv,
      nodeArgs: [...TYPESCRIPT_LOADERS[loader], '--import', probe],
      loader,
      env: { MEETFLOW_MEMORY_PROBE_DIR: probeDir },
    });
    rssIdle = rssOf(worker.pid);
    mappings = residentByMapping(worker.pid);
    report = await takeProbe(worker, probeDir, 1);
    await worker.stop();
  } finally {
    await servers.close();
  }
  const settings = [loader, ...nodeFlags, ...Object.entries(workerEnv).map(([name, value]) => `${name}=${value}`)];
  const title = `idle worker (${settings.join(' ')}), ${new Date().toISOString().slice(0, 10)}, load ${loadAverage().join(' ')}`;
  console.log(describeProbe(title, rssIdle, mappings, report));
  if (keep) console.log(`heap snapshot kept: ${report.snapshot}`);
  else rmSync(probeDir, { recursive: true, force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
