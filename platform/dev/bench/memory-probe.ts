// Preloaded into a process under measurement (`--import tsx --import <this file>`) by
// heap-summary.ts: on SIGUSR2 it writes what only the process itself can see — its memory usage,
// V8's heap spaces and a heap snapshot (a full GC first) — into MEETFLOW_MEMORY_PROBE_DIR, then
// `probe-<n>.json` last, so the reader knows both files are complete.
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import v8 from 'node:v8';

const dir = process.env.MEETFLOW_MEMORY_PROBE_DIR;
let taken = 0;
if (dir) {
  process.on('SIGUSR2', () => {
    taken += 1;
    const before = process.memoryUsage();
    const snapshot = v8.writeHeapSnapshot(join(dir, `worker-${taken}.heapsnapshot`));
    const report = {
      before,
      after: process.memoryUsage(),
      heap: v8.getHeapStatistics(),
      spaces: v8.getHeapSpaceStatistics(),
      snapshot,
    };
    const file = join(dir, `probe-${taken}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(report));
    renameSync(`${file}.tmp`, file);
  });
}
