import { ApplicationFailure, patched, proxyActivities } from '@temporalio/workflow';
import type { PipelineActivities } from './activities.ts';
import {
  conditionHolds,
  splitReference,
  watchedPaths,
  type PipelineDefinition,
  type PipelineNode,
  type StepStatus,
} from './pipeline/index.ts';

/** A prepared run: its record exists in MongoDB, the definition is its snapshot. */
export interface RunPipelineInput {
  runId: string;
  definition: PipelineDefinition;
  /** Steps already completed by the run this one restarts from (their outputs were copied). */
  completedSteps?: Record<string, Record<string, unknown>>;
}

/** Each step's final status. */
export interface RunPipelineResult {
  runId: string;
  status: 'completed' | 'failed';
  steps: Record<string, StepStatus>;
}

const RETRY = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 5 } as const;
const { startRun, finishRun } = proxyActivities<PipelineActivities>({ startToCloseTimeout: '30 seconds', retry: RETRY });

/** Marks runs that schedule each step as soon as its own parents are done (runs recorded before it replay wave by wave). */
export const TRUE_DAG_PATCH = 'pipeline-true-dag';

/**
 * The pipeline interpreter: runs a definition's nodes in dependency order, independent
 * branches in parallel, each step as soon as its own parents have finished (a slow branch
 * holds back only what depends on it); a node whose condition fails, or whose parent did not
 * complete, is skipped. A failed step fails the run (after the other branches finish) with the step named.
 */
export async function runPipeline({ runId, definition, completedSteps = {} }: RunPipelineInput): Promise<RunPipelineResult> {
  const parents = new Map<string, string[]>(definition.nodes.map((node) => [node.id, []]));
  for (const edge of definition.edges) parents.get(edge.to)?.push(edge.from);
  const watch = watchedPaths(definition);
  const status: Record<string, StepStatus> = Object.fromEntries(definition.nodes.map((node) => [node.id, 'pending']));
  const summaries: Record<string, Record<string, unknown>> = { ...completedSteps };
  for (const nodeId of Object.keys(completedSteps)) status[nodeId] = 'completed';
  const settled: Record<string, 'skipped' | 'failed'> = {};
  let firstError: string | undefined;

  const runNode = async (node: PipelineNode) => {
    const parentStatuses = (parents.get(node.id) ?? []).map((parent) => status[parent]);
    const watched = node.when && splitReference(node.when.path);
    const conditionMet = !node.when || !watched || conditionHolds(node.when, summaries[watched.source]?.[watched.path]);
    if (parentStatuses.some((parent) => parent !== 'completed') || !conditionMet) {
      status[node.id] = settled[node.id] = 'skipped';
      return;
    }
    status[node.id] = 'running';
    const { executeStep } = proxyActivities<PipelineActivities>({
      startToCloseTimeout: node.timeout ?? '5 minutes',
      ...(node.heartbeatTimeout ? { heartbeatTimeout: node.heartbeatTimeout } : {}),
      retry: { ...RETRY, ...node.retry },
    });
    try {
      summaries[node.id] = await executeStep({ runId, nodeId: node.id, watch: watch[node.id] ?? [] });
      status[node.id] = 'completed';
    } catch (error) {
      status[node.id] = settled[node.id] = 'failed';
      const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
      firstError ??= `step "${node.id}" (${node.activity}) failed: ${cause}`;
    }
  };

  await startRun({ runId });
  if (patched(TRUE_DAG_PATCH)) {
    // Each node waits for its own parents only, then runs (seeded steps are done already).
    const byId = new Map(definition.nodes.map((node) => [node.id, node]));
    const settledNodes = new Map<string, Promise<void>>();
    const settle = (node: PipelineNode): Promise<void> => {
      let settling = settledNodes.get(node.id);
      if (!settling) {
        settling = Promise.all((parents.get(node.id) ?? []).map((parent) => settle(byId.get(parent)!))).then(() =>
          status[node.id] === 'pending' ? runNode(node) : undefined,
        );
        settledNodes.set(node.id, settling);
      }
      return settling;
    };
    await Promise.all(definition.nodes.map(settle));
  } else {
    // Runs recorded before the patch: wave by wave, as they were scheduled then.
    for (;;) {
      const ready = definition.nodes.filter(
        (node) =>
          status[node.id] === 'pending' &&
          (parents.get(node.id) ?? []).every((parent) => !['pending', 'running'].includes(status[parent] ?? 'pending')),
      );
      if (ready.length === 0) break;
      await Promise.all(ready.map(runNode));
    }
  }
  const runStatus = firstError ? 'failed' : 'completed';
  await finishRun({ runId, status: runStatus, settled, error: firstError });
  if (firstError) throw ApplicationFailure.create({ type: 'PipelineStepFailed', message: firstError, nonRetryable: true });
  return { runId, status: runStatus, steps: status };
}
