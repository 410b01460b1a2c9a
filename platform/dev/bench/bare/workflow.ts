// The bare-Temporal baseline's workflow: one activity that does nothing, per item. Bundled by
// ./worker.ts only, never by the product's worker.
import { proxyActivities } from '@temporalio/workflow';

const { noop } = proxyActivities<{ noop(item: number): Promise<number> }>({ startToCloseTimeout: '1 minute' });

/** One item: one activity round trip through the server, nothing else. */
export async function bareItem(item: number): Promise<number> {
  return noop(item);
}
