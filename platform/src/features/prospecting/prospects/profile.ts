import type { Client } from '@temporalio/client';
import type { Models } from '../../models.ts';
import { PROSPECT_PIPELINE, PROSPECT_STEPS } from '../superagent/prospect-pipeline.ts';
import type { StepOutputs } from '../superagent/workflow-response.ts';
import { findProspect } from './prospects.ts';
import { sequenceStateOf, type OutboxStatus } from '../../email/services.ts';
import { ownTimes } from '../../runs/services.ts';
import type { ProfileEmailStatus } from './api-schemas.ts';

/** A researched fact with where it was read. */
export interface ProfileFact {
  id: string;
  kind: string;
  value: string;
  confidence: number;
  evidence: { url: string; snippet: string };
}
type ResearchOutput = { website: string; facts?: ProfileFact[]; confidence: number };

/** A step's email as the outbox holds it: what was sent or waits to be, and the copy as written when a reviewer changed it. */
type WrittenEmail = {
  step: number;
  status: OutboxStatus;
  subject: string;
  body: string;
  original?: { subject: string; body: string } | null;
};

/**
 * The sequence as the panel shows it: each step written to the outbox shows that email (what was
 * sent or waits to be, with a reviewer's edits) and its outbox status; a step not written yet shows
 * the copy as written, `planned` while the sequence may still reach it and `stopped` once it has
 * ended (stopped or completed) without it.
 */
function sequenceOf(
  steps: NonNullable<StepOutputs['copy']>['sequence'],
  written: readonly WrittenEmail[],
  state: Awaited<ReturnType<typeof sequenceStateOf>>,
) {
  const ended = state?.status === 'stopped' || state?.status === 'completed';
  return {
    state,
    emails: steps.map((email) => {
      const row = written.find((candidate) => candidate.step === email.step);
      const status: ProfileEmailStatus = row?.status ?? (ended ? 'stopped' : 'planned');
      return row
        ? { ...email, subject: row.subject, body: row.body, status, edited: Boolean(row.original) }
        : { ...email, status, edited: false };
    }),
  };
}

/** The runs of the prospect pipeline for a prospect shown at most (newest first). */
const RUNS_SHOWN = 10;

/** What the detail panel reads: the prospect, its pipeline runs and their outputs, and its emails. */
export type ProfileDb = Pick<Models, 'prospects' | 'pipelineRuns' | 'stepOutputs' | 'outbox' | 'sequenceDirectory'>;

/**
 * Everything the prospect's detail panel shows: the prospect, the facts of its latest research
 * (each with its evidence), the latest score with every dimension's points and reason, its
 * sequence (the emails written, which were queued or sent, and the live state), and its runs.
 */
export async function prospectProfile(deps: { db: ProfileDb; temporal: Client }, workspaceId: string, prospectId: number) {
  const { db, temporal } = deps;
  const prospect = await findProspect(db, workspaceId, prospectId);
  const runs = await db.pipelineRuns
    .find(
      { workspaceId, pipelineId: PROSPECT_PIPELINE.id, 'input.prospectId': prospectId },
      { runId: 1, status: 1, startedAt: 1, endedAt: 1, error: 1, batchId: 1, steps: 1 },
    )
    .sort({ startedAt: -1 })
    .limit(RUNS_SHOWN)
    .lean();
  // The newest run that produced each output: a failed rerun does not hide the last good research.
  const outputs = await db.stepOutputs.find({ runId: { $in: runs.map((run) => run.runId) } }).lean();
  const latest = <K extends keyof StepOutputs>(nodeId: K) =>
    runs.map((run) => outputs.find((stored) => stored.runId === run.runId && stored.nodeId === nodeId)).find(Boolean)?.output as
      StepOutputs[K] | undefined;
  const research = latest(PROSPECT_STEPS.research) as (StepOutputs[typeof PROSPECT_STEPS.research] & ResearchOutput) | undefined;
  const score = latest('score');
  const copy = latest('copy');
  const written = await db.outbox.find({ workspaceId, prospectId }, { step: 1, status: 1, subject: 1, body: 1, original: 1 }).lean();
  return {
    prospect,
    research: research ? { website: research.website, confidence: research.confidence, facts: research.facts ?? [] } : null,
    score: score
      ? {
          totalScore: score.totalScore,
          priority: score.priority,
          qualified: score.qualified,
          reasoning: score.reasoning,
          dimensions: score.dimensions,
        }
      : null,
    sequence: copy ? await sequenceOf(copy.sequence, written, await sequenceStateOf(deps, workspaceId, prospectId)) : null,
    runs: runs.map((run) => ({
      runId: run.runId,
      status: run.status,
      startedAt: ownTimes(run).startedAt?.toISOString() ?? null,
      error: run.error ?? null,
    })),
  };
}
