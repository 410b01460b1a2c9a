import type { Models } from '../../models.ts';
import type { PipelineRun } from '../../runs/services.ts';
import { PROSPECT_PIPELINE } from '../superagent/prospect-pipeline.ts';
import { parseRunError } from '../../runs/services.ts';

/** What a prospect has come to in its latest prospect-pipeline run. */
export type ProspectOutcome = 'not-processed' | 'pending' | 'running' | 'enrolled' | 'not-qualified' | 'completed' | 'failed';

/** The fields of a run the campaign screens read. */
export type RunSummary = Pick<PipelineRun, 'runId' | 'status' | 'steps' | 'error' | 'batchId'> & {
  input: { prospectId: number };
  createdAt?: Date;
};

/**
 * What a run came to for its prospect, as soon as it is known: failed (a step failed for good, or
 * the run was cancelled with its batch, so Retry failed runs it again), enrolled (its sequence
 * started), not qualified (lead scoring said so: `qualified` false, from conditionOutcomes, or the
 * copy step skipped), else still going or completed. A run of a batch is recorded running until
 * the whole batch ends, so its steps say first what it came to.
 */
export function outcomeOf(run: RunSummary | undefined, qualified?: boolean): ProspectOutcome {
  if (!run) return 'not-processed';
  if (run.status === 'cancelled' || run.status === 'failed') return 'failed';
  if (Object.values(run.steps).some((step) => step.status === 'failed')) return 'failed';
  if (run.steps.outreach?.status === 'completed') return 'enrolled';
  if (qualified === false || run.steps.copy?.status === 'skipped') return 'not-qualified';
  if (run.status === 'pending' || run.status === 'running') return run.status;
  return 'completed';
}

/** The first failed step's error, for a run of a batch still under way (its run error is recorded when the batch ends). */
export function stepError(run: Pick<RunSummary, 'steps'>): string | undefined {
  const [nodeId, step] = Object.entries(run.steps).find(([, candidate]) => candidate.status === 'failed') ?? [];
  return nodeId ? `step "${nodeId}" failed: ${step?.error ?? 'failed'}` : undefined;
}

/**
 * The latest prospect-pipeline run of each of the prospects (any run: a campaign's batch, a
 * Process click or the seed), by prospect id. One query; the newest run wins.
 */
export async function latestRuns(
  db: Pick<Models, 'pipelineRuns'>,
  workspaceId: string,
  prospectIds: readonly number[],
): Promise<Map<number, RunSummary>> {
  const latest = new Map<number, RunSummary>();
  if (prospectIds.length === 0) return latest;
  const runs = await db.pipelineRuns
    .find(
      { workspaceId, pipelineId: PROSPECT_PIPELINE.id, 'input.prospectId': { $in: [...prospectIds] } },
      { runId: 1, status: 1, steps: 1, error: 1, batchId: 1, 'input.prospectId': 1, createdAt: 1 },
    )
    .lean<RunSummary[]>();
  for (const run of runs) {
    const id = run.input.prospectId;
    const seen = latest.get(id);
    if (!seen || (run.createdAt?.getTime() ?? 0) > (seen.createdAt?.getTime() ?? 0)) latest.set(id, run);
  }
  return latest;
}

/** A failure as a user reads it: the step and what it met, without the run's prefix. */
export function failureReason(error: string | undefined): string {
  const { nodeId, message } = parseRunError(error);
  return nodeId ? `${nodeId} failed: ${message}` : message;
}

/** The campaign's prospects its own batches have run (whatever came of it). */
export async function runByCampaign(
  db: Pick<Models, 'pipelineRuns'>,
  workspaceId: string,
  batchIds: readonly string[],
): Promise<Set<number>> {
  if (batchIds.length === 0) return new Set();
  const runs = await db.pipelineRuns
    .find({ workspaceId, batchId: { $in: [...batchIds] } }, { 'input.prospectId': 1 })
    .lean<Array<{ input: { prospectId: number } }>>();
  return new Set(runs.map((run) => run.input.prospectId));
}
