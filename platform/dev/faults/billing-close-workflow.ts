// The fault test's stand-in for `billingCycle` (workflows/src/billing-cycle.ts): the real one sleeps
// until the next UTC month starts, and the Temporal dev server the fault tests run on cannot skip
// time. This one is registered under the same type and started under the cycle's workflow id
// (`billing-cycle:<workspace>`), so the production worker's `billing.closeMonth` accepts its call
// as the cycle's, and closes `month` at once on that worker's task queue. Its start-to-close timeout
// is a minute instead of the cycle's ten, so the close a SIGKILL cut off is retried within the test.
import { proxyActivities } from '@temporalio/workflow';
import type { BillingCycleActivities, CloseMonthResult } from '@meetflow/workflows';

export async function billingCycle(input: { month: string; taskQueue: string }): Promise<CloseMonthResult> {
  const activities = proxyActivities<BillingCycleActivities>({
    taskQueue: input.taskQueue,
    startToCloseTimeout: '1 minute',
    retry: { initialInterval: '1 second', maximumAttempts: 5 },
  });
  return activities['billing.closeMonth']({ month: input.month });
}
