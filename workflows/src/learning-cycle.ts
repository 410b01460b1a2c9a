import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { LearningActivities, LearningCycleInput, LearningCycleSummary } from './activities.ts';

const retry = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 };
const { gatherOutcomes, applyLearningResult } = proxyActivities<LearningActivities>({ startToCloseTimeout: '5 minutes', retry });
const plugins = proxyActivities<Record<string, (input: unknown, extra: { run: unknown }) => Promise<unknown>>>({
  startToCloseTimeout: '1 minute',
  retry,
});

/**
 * One learning cycle of a workspace: gather the outcomes since the last cycle, let the learning
 * engine learn from them (idempotent per cycle id, so a retry never learns twice), then write
 * the parts it applied into the workspace config and its lines into Recent Activity.
 */
export async function learningCycle(input: LearningCycleInput): Promise<LearningCycleSummary> {
  const { workspaceId } = input;
  const cycleId = input.cycleId ?? workflowInfo().workflowId; // a scheduled run's id is unique per run
  const gathered = await gatherOutcomes({ workspaceId, cycleId });
  // The engine's workspace is the cycle's, given as its run context (the platform runs the cycle: a
  // schedule or a member's trigger started it for this workspace), never inside its input.
  const run = { workspaceId, runId: cycleId, principal: { kind: 'system', id: 'system:learning-cycle', role: 'system' }, deadline: null };
  const result = await plugins['learning-engine.runLearningCycle']!({ cycleId, ...gathered }, { run });
  return await applyLearningResult({ workspaceId, cycleId, result });
}
