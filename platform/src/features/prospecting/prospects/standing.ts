import type { Client } from '@temporalio/client';
import type { z } from 'zod';
import type { Models } from '../../models.ts';
import { sequenceStateOf } from '../../email/services.ts';
import { conditionOf } from '../../runs/services.ts';
import { latestRuns, outcomeOf, type RunSummary } from '../campaigns/outcomes.ts';
import { PROSPECT_PIPELINE, PROSPECT_STEPS } from '../superagent/prospect-pipeline.ts';
import type { ProspectState, ProspectStatus } from './api-schemas.ts';

// Where prospects stand, from the two places that know: the prospect pipeline's runs (their
// latest run's outcome, as the campaign page reads it) and Temporal (their sequence workflows,
// listed by its visibility store, so a filter on them never asks each workflow).

/** A prospect's status by its latest run: the campaign page's outcome, with queued and running as one. */
export function statusOf(run: RunSummary | undefined): ProspectStatus {
  const outcome = outcomeOf(run, run ? conditionOf(run.steps[PROSPECT_STEPS.copy]) : undefined);
  return outcome === 'pending' || outcome === 'running' ? 'in-progress' : outcome;
}

/**
 * The status of every prospect of the workspace the prospect pipeline has run for (the others are
 * not processed): one read of its runs' summaries (ids, statuses, step records), newest wins.
 */
export async function workspaceStatuses(db: Pick<Models, 'pipelineRuns'>, workspaceId: string): Promise<Map<number, ProspectStatus>> {
  const runs = await db.pipelineRuns
    .find(
      { workspaceId, pipelineId: PROSPECT_PIPELINE.id },
      { runId: 1, status: 1, steps: 1, error: 1, 'input.prospectId': 1, createdAt: 1, _id: 0 },
    )
    .lean<RunSummary[]>();
  const latest = new Map<number, RunSummary>();
  for (const run of runs) {
    const id = run.input?.prospectId;
    if (typeof id !== 'number') continue;
    const seen = latest.get(id);
    if (!seen || (run.createdAt?.getTime() ?? 0) > (seen.createdAt?.getTime() ?? 0)) latest.set(id, run);
  }
  return new Map([...latest].map(([id, run]) => [id, statusOf(run)]));
}

/**
 * The start of a workspace's sequence workflow ids: email's `sequenceWorkflowId` is this and the
 * prospect id (standing.test.ts holds them together). A slug holds hyphens, so only an id that is
 * all digits after it is the workspace's own ("sequence-acme-" also starts "sequence-acme-eu-7").
 */
export const sequencePrefix = (workspaceId: string) => `sequence-${workspaceId}-`;

/** Whether a prospect's sequence runs (active or paused) or has ended (completed, stopped), by prospect id. */
export type SequenceRuns = Map<number, 'running' | 'ended'>;

/**
 * The workspace's sequences as Temporal's visibility store lists them (a page per thousand):
 * every one, or only those still running. Closed workflows stay listed for the namespace's
 * retention period, as long as their state can be asked at all.
 */
export async function workspaceSequences(temporal: Client, workspaceId: string, only?: 'running'): Promise<SequenceRuns> {
  const prefix = sequencePrefix(workspaceId);
  const query = `WorkflowType = 'prospectSequence' AND WorkflowId STARTS_WITH '${prefix}'${only ? ` AND ExecutionStatus = 'Running'` : ''}`;
  const found: SequenceRuns = new Map();
  for await (const workflow of temporal.workflow.list({ query, pageSize: 1000 })) {
    const rest = workflow.workflowId.slice(prefix.length);
    if (!/^[1-9]\d*$/.test(rest)) continue;
    found.set(Number(rest), workflow.status.name === 'RUNNING' ? 'running' : 'ended');
  }
  return found;
}

/** The sequences of some prospects of the workspace (at most a page's), in one visibility query. */
async function sequencesOf(temporal: Client, workspaceId: string, ids: readonly number[]): Promise<SequenceRuns> {
  const found: SequenceRuns = new Map();
  if (ids.length === 0) return found;
  const prefix = sequencePrefix(workspaceId);
  const query = `WorkflowType = 'prospectSequence' AND WorkflowId IN (${ids.map((id) => `'${prefix}${id}'`).join(', ')})`;
  for await (const workflow of temporal.workflow.list({ query })) {
    found.set(Number(workflow.workflowId.slice(prefix.length)), workflow.status.name === 'RUNNING' ? 'running' : 'ended');
  }
  return found;
}

type State = z.infer<typeof ProspectState>;

/**
 * Where each of the prospects stands (a page's rows): its latest run's status, and its sequence's
 * state asked of the workflow itself (only for those that have one). A workflow that does not
 * answer (no worker) leaves its live state out rather than failing the page.
 */
export async function prospectStates(
  deps: { db: Pick<Models, 'pipelineRuns'>; temporal: Client },
  workspaceId: string,
  ids: readonly number[],
): Promise<State[]> {
  const [runs, sequences] = await Promise.all([latestRuns(deps.db, workspaceId, ids), sequencesOf(deps.temporal, workspaceId, ids)]);
  return Promise.all(
    ids.map(async (id): Promise<State> => {
      const run = runs.get(id);
      const listed = sequences.get(id);
      let sequence: State['sequence'] = null;
      if (listed) {
        const live = await sequenceStateOf(deps.temporal, workspaceId, id).catch(() => null);
        sequence = { state: listed, status: live?.status ?? null, sentSteps: live ? live.sentSteps.length : null };
      }
      return { id, status: statusOf(run), runId: run?.runId ?? null, sequence };
    }),
  );
}
