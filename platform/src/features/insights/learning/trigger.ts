import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { LearningCycleInput } from '@meetflow/workflows';

/** Where learning cycles are started: the Temporal client and the worker's task queue. */
export interface LearningStarter {
  client: Client;
  taskQueue: string;
}

/** The Temporal workflow id of one cycle: per workspace and cycle, so a cycle never starts twice. */
export const learningWorkflowId = (workspaceId: string, cycleId: string) => `learning-cycle-${workspaceId}-${cycleId}`;

/** Starts one learning cycle of a workspace now; it runs on the worker, this returns at once. */
export async function startLearningCycle(
  starter: LearningStarter,
  workspaceId: string,
): Promise<{ cycleId: string; workflowId: string; runId: string }> {
  const cycleId = randomUUID();
  const input: LearningCycleInput = { workspaceId, cycleId };
  const handle = await starter.client.workflow.start('learningCycle', {
    taskQueue: starter.taskQueue,
    workflowId: learningWorkflowId(workspaceId, cycleId),
    args: [input],
  });
  return { cycleId, workflowId: handle.workflowId, runId: handle.firstExecutionRunId };
}
