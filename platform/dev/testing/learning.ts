// What the learning cycle's tests share (learning-cycle.test.ts, learning-rate.test.ts): a cycle
// run on the test worker to its end. (The models it reads and writes are the platform's:
// `stack.db`, from createModels.)
import type { LearningCycleSummary } from '@meetflow/workflows';
import { learningWorkflowId } from '../../src/features/insights/learning/trigger.ts';
import type { TestPipelineWorker } from './pipeline-worker.ts';

/** Runs one learning cycle on the worker with a fixed cycle id (the refit's split is seeded by it), as the trigger starts it. */
export async function runLearningCycle(stack: TestPipelineWorker, workspaceId: string, cycleId: string): Promise<LearningCycleSummary> {
  const handle = await stack.runner.temporal.workflow.start('learningCycle', {
    taskQueue: stack.runner.taskQueue,
    workflowId: learningWorkflowId(workspaceId, cycleId),
    args: [{ workspaceId, cycleId }],
  });
  return (await handle.result()) as LearningCycleSummary;
}
