import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { SystemActivities } from './activities.ts';

const { recordSystemCheck } = proxyActivities<SystemActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 5 },
});

/** What the end-to-end check returns. */
export interface SystemCheckResult {
  checkId: string;
  workflowId: string;
  runId: string;
  /** The worker that ran the activity, as hostname:pid. */
  worker: string;
  checkedAt: string;
}

/** Runs one activity that writes to the database: proves client, server, worker and database work together. */
export async function systemCheck(input: { checkId: string }): Promise<SystemCheckResult> {
  const { workflowId, runId } = workflowInfo();
  const stored = await recordSystemCheck({ checkId: input.checkId, workflowId, runId });
  return { checkId: input.checkId, workflowId, runId, ...stored };
}
