// Preloaded into a process under measurement (`--import tsx --import <this file>`) by
// heap-summary.ts and the batch bench (BENCH_PROBE_RSS_MB): on SIGWINCH it writes what only the
// process itself can see — its memory usage, V8's heap spaces, each worker thread's heap (the
// Temporal SDK runs workflows in one: an isolate of its own, outside the main thread's snapshot)
// and a heap snapshot of the main thread (a full GC first) — into MEETFLOW_MEMORY_PROBE_DIR, then
// `probe-<n>.json` last, so the reader knows both files are complete.
import { renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import v8 from 'node:v8';
import type { Worker } from 'node:worker_threads';

/**
 * Not SIGUSR2: the Temporal SDK's runtime shuts the worker down on it (its default shutdown
 * signals). SIGWINCH is ignored by default, so a process without the probe is not harmed by it.
 */
export const PROBE_SIGNAL = 'SIGWINCH';

const dir = process.env.MEETFLOW_MEMORY_PROBE_DIR;
let taken = 0;
if (dir) {
  // The threads started from now on, found by wrapping the constructor on the module object the
  // SDK's CommonJS code reads `Worker` from at each `new`.
  const threadsModule = createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');
  const threads: Worker[] = [];
  const Original = threadsModule.Worker;
  threadsModule.Worker = class extends Original {
    constructor(...args: ConstructorParameters<typeof Original>) {
      super(...args);
      threads.push(this);
      this.once('exit', () => threads.splice(threads.indexOf(this), 1));
    }
  };
  process.on(PROBE_SIGNAL, () => {
    const n = (taken += 1);
    const before = process.memoryUsage();
    // Read before the snapshot, whose full GC and copy would change what the threads hold meanwhile.
    void Promise.all(threads.map((thread) => thread.getHeapStatistics().catch(() => null))).then((threadHeaps) => {
      const snapshot = v8.writeHeapSnapshot(join(dir, `worker-${n}.heapsnapshot`));
      const report = {
        before,
        after: process.memoryUsage(),
        heap: v8.getHeapStatistics(),
        spaces: v8.getHeapSpaceStatistics(),
        threads: threadHeaps.filter((heap) => heap !== null),
        snapshot,
      };
      const file = join(dir, `probe-${n}.json`);
      writeFileSync(`${file}.tmp`, JSON.stringify(report));
      renameSync(`${file}.tmp`, file);
    });
  });
}
