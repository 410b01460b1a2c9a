// Where a V8 CPU profile's time went: `npx tsx platform/dev/bench/profile-summary.ts <file.cpuprofile> [top=25]`.
// Prints the sampled time split into idle, garbage collection and code; the code's self time by
// area (a package in node_modules, a plugin, the platform, Node's own internals); the functions
// with the most self time; and the inclusive time of the functions the most time is spent under.
// `npm run bench -- --cpu-prof` writes the worker's profiles to bench/profiles/.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { repoRoot } from '../../src/core/paths.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** The area a script belongs to: a package, a plugin, the platform, the workflows, or Node itself. */
export function areaOf(url: string): string {
  if (url === '') return '(native / V8)';
  if (url.startsWith('node:')) return 'node: internals';
  const path = url.startsWith('file://') ? relative(repoRoot, new URL(url).pathname) : url;
  const nodeModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (nodeModules) return nodeModules[1]!;
  const parts = path.split('/');
  if (parts[0] === 'plugins') return `plugins/${parts[1]}`;
  if (parts[0] === 'platform') return parts.slice(0, 4).join('/');
  return parts.slice(0, 2).join('/');
}

/** Milliseconds per node (self time), from the samples and their time deltas. */
function selfTimes(profile: CpuProfile): Map<number, number> {
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));
  return self;
}

export function summariseProfile(profile: CpuProfile, top = 25): string {
  const self = selfTimes(profile);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const total = [...self.values()].reduce((sum, ms) => sum + ms, 0);
  const keyOf = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${relative(repoRoot, url.startsWith('file://') ? new URL(url).pathname : url)}:${lineNumber + 1}` : '';
    return `${functionName || '(anonymous)'} ${where}`.trim();
  };
  const special = (node: ProfileNode) => ['(idle)', '(garbage collector)', '(program)'].includes(node.callFrame.functionName);
  const idle = profile.nodes
    .filter((node) => node.callFrame.functionName === '(idle)')
    .reduce((sum, node) => sum + (self.get(node.id) ?? 0), 0);
  const gc = profile.nodes
    .filter((node) => node.callFrame.functionName === '(garbage collector)')
    .reduce((sum, node) => sum + (self.get(node.id) ?? 0), 0);
  const program = profile.nodes
    .filter((node) => node.callFrame.functionName === '(program)')
    .reduce((sum, node) => sum + (self.get(node.id) ?? 0), 0);
  const busy = total - idle;

  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    if (ms === 0 || special(node)) continue;
    const area = areaOf(node.callFrame.url);
    areas.set(area, (areas.get(area) ?? 0) + ms);
    functions.set(keyOf(node), (functions.get(keyOf(node)) ?? 0) + ms);
  }

  // Inclusive time per function, each sample counted once per function even under recursion.
  const inclusive = new Map<string, number>();
  const walk = (id: number, onStack: Set<string>): number => {
    const node = byId.get(id)!;
    let sum = self.get(id) ?? 0;
    const key = keyOf(node);
    const fresh = !onStack.has(key);
    if (fresh) onStack.add(key);
    for (const child of node.children ?? []) sum += walk(child, onStack);
    if (fresh) {
      onStack.delete(key);
      if (!special(node) && node.callFrame.functionName !== '(root)') inclusive.set(key, (inclusive.get(key) ?? 0) + sum);
    }
    return sum;
  };
  walk(profile.nodes[0]!.id, new Set());

  const ms = (value: number) => `${(value / 1000).toFixed(2).padStart(7)} s`;
  const share = (value: number) => `${((100 * value) / Math.max(busy, 1)).toFixed(1).padStart(5)}%`;
  const lines = [
    `profiled ${ms(total)}: idle ${ms(idle)}, busy ${ms(busy)} (of which garbage collection ${ms(gc)}, V8/native "(program)" ${ms(program)})`,
    '',
    'self time by area (share of busy):',
    ...[...areas]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([area, value]) => `  ${ms(value)} ${share(value)}  ${area}`),
    '',
    'functions by self time:',
    ...[...functions]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, value]) => `  ${ms(value)} ${share(value)}  ${name}`),
    '',
    'functions by inclusive time:',
    ...[...inclusive]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, value]) => `  ${ms(value)} ${share(value)}  ${name}`),
  ];
  return lines.join('\n');
}

if (import.meta.main) {
  const [file, top = '25'] = process.argv.slice(2);
  if (!file) {
    console.error('usage: profile-summary.ts <file.cpuprofile> [top]');
    process.exit(2);
  }
  console.log(summariseProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(top)));
}
