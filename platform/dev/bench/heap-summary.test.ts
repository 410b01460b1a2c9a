import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { packageOf, residentByMapping, summariseSnapshot, type ProbeReport } from './heap-summary.ts';
import { PROBE_SIGNAL } from './memory-probe.ts';
import { rssOf } from './stack.ts';

const meta = {
  node_fields: ['type', 'name', 'id', 'self_size', 'edge_count', 'trace_node_id', 'detachedness'],
  node_types: [['hidden', 'array', 'string', 'object', 'code', 'closure', 'regexp', 'number', 'native', 'synthetic']] as [string[]],
  edge_fields: ['type', 'name_or_index', 'to_node'],
  edge_types: [['context', 'element', 'property', 'internal', 'hidden', 'shortcut', 'weak']] as [string[]],
};

describe('packageOf', () => {
  it('names the npm package, the repo folder, or Node itself', () => {
    expect(packageOf('file:///app/node_modules/@faker-js/faker/dist/index.js')).toBe('@faker-js/faker');
    expect(packageOf('file:///app/node_modules/mongoose/lib/model.js')).toBe('mongoose');
    expect(packageOf('file:///app/plugins/research/src/index.ts')).toBe('meetflow plugins/research');
    expect(packageOf('/app/platform/src/worker/main.ts')).toBe('meetflow platform');
    expect(packageOf('node:internal/deps/undici/undici')).toBe('node (built in)');
  });
});

describe('summariseSnapshot', () => {
  it('sums self sizes by type and constructor and gives each script’s source to its package', () => {
    // strings: 0 '', 1 Widget, 2 the script's URL, 3 its source, 4 'source', 5 'name'
    const strings = ['', 'Widget', 'file:///app/node_modules/left-pad/index.js', 'x'.repeat(300), 'source', 'name'];
    const code = 4;
    const string = 2;
    const object = 3;
    const property = 2;
    const fields = meta.node_fields.length;
    // Rows of meta.node_fields: a Widget, another, the script (two edges), its source text, its URL.
    const rows = [
      [object, 1, 1, 40, 0, 0, 0],
      [object, 1, 3, 60, 0, 0, 0],
      [code, 2, 5, 100, 2, 0, 0],
      [string, 3, 7, 250_000, 0, 0, 0],
      [string, 2, 9, 64, 0, 0, 0],
    ];
    const nodes = rows.flat();
    const edges = [property, 4, 3 * fields, property, 5, 4 * fields];
    const summary = summariseSnapshot({ snapshot: { meta }, nodes, edges, strings });
    expect(summary.nodes).toBe(5);
    expect(summary.total).toBe(40 + 60 + 100 + 250_000 + 64);
    expect(summary.byType).toEqual([
      { name: 'string', size: 250_064 },
      { name: 'object', size: 100 }, // a tie keeps the order first seen
      { name: 'code', size: 100 },
    ]);
    expect(summary.byConstructor.find((entry) => entry.name === 'Widget')).toEqual({ name: 'Widget', count: 2, size: 100 });
    expect(summary.sourceByPackage).toEqual([{ name: 'left-pad', scripts: 1, size: 250_000 }]);
    expect(summary.largestStrings).toEqual([{ size: 250_000, text: 'x'.repeat(80) }]);
  });
});

describe('residentByMapping', () => {
  it('accounts for the whole resident set of a process', () => {
    const mappings = residentByMapping(process.pid);
    const total = mappings.reduce((sum, { rss }) => sum + rss, 0);
    const { rss } = rssOf(process.pid)!;
    expect(mappings.some(({ mapping }) => mapping === 'anonymous')).toBe(true);
    expect(Math.abs(total - rss) / rss).toBeLessThan(0.1); // read a moment apart
  });
});

describe('memory-probe.ts', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('writes the process’s memory usage, its worker threads’ heaps and a heap snapshot the summary reads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'meetflow-probe-test-'));
    dirs.push(dir);
    const probe = fileURLToPath(new URL('./memory-probe.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        probe,
        '-e',
        // A thread as the Temporal SDK starts its workflow thread: required, constructed after the preload.
        'const { Worker } = require("node:worker_threads"); new Worker("setInterval(() => {}, 1000)", { eval: true }).once("online", () => console.log("ready"))',
      ],
      {
        env: { ...process.env, MEETFLOW_MEMORY_PROBE_DIR: dir },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      await once(child.stdout!, 'data'); // the preload has run: its handler is installed
      const written = watch(dir);
      child.kill(PROBE_SIGNAL);
      while (!existsSync(join(dir, 'probe-1.json'))) await once(written, 'change');
      written.close();
      const report = JSON.parse(readFileSync(join(dir, 'probe-1.json'), 'utf8')) as ProbeReport;
      expect(report.after.heapUsed).toBeGreaterThan(0);
      expect(report.threads).toHaveLength(1);
      expect(report.threads[0]!.used_heap_size).toBeGreaterThan(0);
      const summary = summariseSnapshot(JSON.parse(readFileSync(report.snapshot, 'utf8')));
      expect(summary.total).toBeGreaterThan(report.after.heapUsed / 2);
      expect(summary.sourceByPackage.map(({ name }) => name)).toContain('node (built in)');
    } finally {
      child.kill('SIGKILL');
    }
  });
});
