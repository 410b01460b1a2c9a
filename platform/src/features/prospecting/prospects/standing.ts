import type { Client } from '@temporalio/client';
import type { z } from 'zod';
import type { Models } from '../../models.ts';
import { sequenceAddresses, sequenceStatesOf, type SequenceAddress, type SequenceDeps } from '../../email/services.ts';
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
 * The workspace's sequences: those running alone as Temporal's visibility store lists them (a page
 * per thousand; closed ones stay listed for the namespace's retention period, as long as their
 * state can be asked at all), and the members of groups as the sequence directory records them.
 * Every one, or only those still running.
 */
export async function workspaceSequences(deps: SequenceDeps, workspaceId: string, only?: 'running'): Promise<SequenceRuns> {
  const prefix = sequencePrefix(workspaceId);
  const query = `WorkflowType = 'prospectSequence' AND WorkflowId STARTS_WITH '${prefix}'${only ? ` AND ExecutionStatus = 'Running'` : ''}`;
  const found: SequenceRuns = new Map();
  for await (const workflow of deps.temporal.workflow.list({ query, pageSize: 1000 })) {
    const rest = workflow.workflowId.slice(prefix.length);
    if (!/^[1-9]\d*$/.test(rest)) continue;
    found.set(Number(rest), workflow.status.name === 'RUNNING' ? 'running' : 'ended');
  }
  const members = await deps.db.sequenceDirectory
    .find({ workspaceId, ...(only ? { endedAt: null } : {}) }, { prospectId: 1, workflowId: 1, endedAt: 1, _id: 0 })
    .lean();
  for (const entry of members)
    if (entry.workflowId !== `${prefix}${entry.prospectId}`) found.set(entry.prospectId, entry.endedAt ? 'ended' : 'running');
  return found;
}

/**
 * The sequences of some prospects of the workspace (at most a page's): one visibility query, one
 * directory read, whose addresses come back with them (to ask the sequences' states without reading it again).
 */
async function sequencesOf(
  deps: SequenceDeps,
  workspaceId: string,
  ids: readonly number[],
): Promise<{ found: SequenceRuns; addresses: ReadonlyMap<number, SequenceAddress> }> {
  const found: SequenceRuns = new Map();
  if (ids.length === 0) return { found, addresses: new Map() };
  const prefix = sequencePrefix(workspaceId);
  const query = `WorkflowType = 'prospectSequence' AND WorkflowId IN (${ids.map((id) => `'${prefix}${id}'`).join(', ')})`;
  const [addresses] = await Promise.all([
    sequenceAddresses(deps.db, workspaceId, ids),
    (async () => {
      for await (const workflow of deps.temporal.workflow.list({ query })) {
        found.set(Number(workflow.workflowId.slice(prefix.length)), workflow.status.name === 'RUNNING' ? 'running' : 'ended');
      }
    })(),
  ]);
  for (const [id, address] of addresses) if (address.kind === 'member') found.set(id, address.endedAt ? 'ended' : 'running');
  return { found, addresses };
}

type State = z.infer<typeof ProspectState>;

/**
 * Where each of the prospects stands (a page's rows): its latest run's status, and its sequence's
 * state asked of the workflow itself (only for those that have one). A workflow that does not
 * answer (no worker) leaves its live state out rather than failing the page.
 */
export async function prospectStates(
  deps: { db: Pick<Models, 'pipelineRuns' | 'sequenceDirectory'>; temporal: Client },
  workspaceId: string,
  ids: readonly number[],
): Promise<State[]> {
  const [runs, { found: sequences, addresses }] = await Promise.all([
    latestRuns(deps.db, workspaceId, ids),
    sequencesOf(deps, workspaceId, ids),
  ]);
  // One question per group of sequences (one per sequence alone); a workflow that does not answer leaves its rows' live states out.
  const live = await sequenceStatesOf(
    deps,
    workspaceId,
    ids.filter((id) => sequences.has(id)),
    addresses,
    'null',
  );
  return ids.map((id): State => {
    const run = runs.get(id);
    const state = sequences.get(id);
    const now = live.get(id) ?? null;
    const sequence: State['sequence'] = state ? { state, status: now?.status ?? null, sentSteps: now ? now.sentSteps.length : null } : null;
    return { id, status: statusOf(run), runId: run?.runId ?? null, sequence };
  });
}
