// The bare-Temporal baseline: `items` workflows of one no-op activity each, on the same Temporal
// dev server as the batch, with a worker in a child process like the product's (./bare/worker.ts).
// Its items/s is what this machine's Temporal does with no product code at all: the batch's
// prospects/s is divided by it, measured in the same run.
import { join } from 'node:path';
import { cpuMeter, secondsSince, startChildNode, waitForPoller, type BenchServers, type CpuSplit } from './stack.ts';

/** What one baseline run measured. */
export interface BareResult {
  items: number;
  seconds: number;
  perSecond: number;
  /** CPU seconds of the Temporal server, the baseline's worker, this process (the client) and everything else meanwhile. */
  cpu: CpuSplit;
}

/** Runs `count` tasks with at most `limit` at once. */
async function pool<T>(count: number, limit: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

/** Starts the baseline's worker (bundling its workflow), then returns a function that measures `items` workflows each time it is called. */
export async function startBareTemporal(servers: BenchServers, taskQueue = 'bench-bare') {
  const worker = startChildNode('worker-bare', 'platform/dev/bench/bare/worker.ts', {
    logDir: join(servers.dataDir, 'logs'),
    env: {},
    args: [servers.devstack.temporalAddress, taskQueue],
  });
  await waitForPoller(servers.temporal, taskQueue, worker);
  let round = 0;
  return {
    worker,
    /** Starts `items` workflows (64 start calls in flight) and waits for every result (64 waits in flight). */
    async measure(items: number): Promise<BareResult> {
      round += 1;
      const cpu = cpuMeter({ temporal: servers.devstack.processes.temporal?.pid, worker: worker.pid });
      const started = performance.now();
      const handles = await pool(items, 64, (item) =>
        servers.temporal.workflow.start('bareItem', { taskQueue, workflowId: `bare-${round}-${item}`, args: [item] }),
      );
      await pool(items, 64, (item) => handles[item]!.result());
      const seconds = secondsSince(started);
      return { items, seconds, perSecond: items / seconds, cpu: cpu.stop() };
    },
    stop: () => worker.stop(),
  };
}
