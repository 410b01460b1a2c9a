import { getWorkspaceConfig } from '../config-store/workspace-config.ts';
import type { Models } from '../db/models.ts';
import { DEFAULT_WORKSPACE } from '../db/models/workspace.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import { getWorkspaceIcp } from '../icp/store.ts';
import { recordOutcome } from '../outcomes/record.ts';
import { startPipelineRun, type PipelineRunner } from '../pipelines/runs.ts';
import { PROSPECT_PIPELINE } from './prospect-pipeline.ts';
import { workflowResponse, type StepOutputs, type WorkflowResponse } from './workflow-response.ts';

/** What the sequence is sent as when the workspace names no sender yet. */
const DEFAULT_VALUE_PROPOSITION = 'qualified sales meetings with your ideal customers, paid per attended meeting';

/** The prospect's site: the one on record, else the domain of their work email. */
function websiteOf(prospect: { website: string | null; email: string }): string {
  return prospect.website ?? `https://${prospect.email.split('@')[1]}/`;
}

/** Where processing runs: the models and the pipeline runner. */
export type ProcessDeps = { db: Models; runner: PipelineRunner };

/**
 * Starts the built-in prospect pipeline for one prospect and answers its run id at once (the
 * Workflow Test page follows the run's events). 404 for an unknown prospect, 409 without an ICP.
 */
export async function startProcessProspect(deps: ProcessDeps, workspaceId: string, prospectId: number): Promise<{ runId: string; workflowId: string }> {
  const { db, runner } = deps;
  const prospect = await db.prospects.findOne({ workspaceId, id: prospectId }).lean();
  if (!prospect) throw new NotFoundError(`No prospect ${prospectId} in this workspace`);
  const icp = await getWorkspaceIcp(db, workspaceId);
  const slice = icp?.icpSlices.toSorted((a, b) => b.confidence - a.confidence)[0];
  if (!slice) throw new ConflictError('This workspace has no ICP yet: analyse 3 customer URLs in the ICP Builder first');
  const workspace = await db.workspaces.findOne({ slug: workspaceId }).lean();
  const config = await getWorkspaceConfig(db, workspaceId);

  const run = await startPipelineRun(runner, { workspaceId, definition: PROSPECT_PIPELINE, input: {
    workspaceId, prospectId, website: websiteOf(prospect), icp: slice.criteria, config,
    prospect: { jobTitle: prospect.jobTitle ?? '', company: prospect.company, industry: prospect.industry, employeeCount: prospect.employeeCount },
    contact: { firstName: prospect.firstName, lastName: prospect.lastName, jobTitle: prospect.jobTitle ?? '', company: prospect.company, email: prospect.email },
    sender: { name: workspace?.name ?? DEFAULT_WORKSPACE.name, company: workspace?.name ?? DEFAULT_WORKSPACE.name, valueProposition: DEFAULT_VALUE_PROPOSITION },
  } });
  return { runId: run.runId, workflowId: run.workflowId! };
}

/**
 * The Workflow response of a finished prospect-pipeline run, after writing what it learned: the
 * prospect's score (and industry, when unknown) and one `lead_scored` outcome. Idempotent (the
 * outcome is keyed by run), so the synchronous call and a later result request can both apply it.
 * Null while the run is still going.
 */
export async function finishProcessProspect(deps: ProcessDeps, workspaceId: string, runId: string): Promise<WorkflowResponse | null> {
  const { db } = deps;
  const finished = await db.pipelineRuns.findOne({ workspaceId, runId, pipelineId: PROSPECT_PIPELINE.id }).lean();
  if (!finished) throw new NotFoundError(`No prospect-pipeline run ${runId} in this workspace`);
  if (finished.status === 'running' || finished.status === 'pending') return null;
  const prospectId = (finished.input as { prospectId: number }).prospectId;
  const outputs = Object.fromEntries((await db.stepOutputs.find({ runId }).lean())
    .map((stored) => [stored.nodeId, stored.output])) as StepOutputs;
  const prospect = await db.prospects.findOne({ workspaceId, id: prospectId }).lean();
  if (outputs.score && prospect) {
    // The prospect list shows the score; the learning engine fits weights on the dimensions.
    await db.prospects.updateOne({ workspaceId, id: prospectId }, { $set: { score: outputs.score.totalScore,
      ...(prospect.industry === null && outputs.research?.industry ? { industry: outputs.research.industry, industryLower: outputs.research.industry.toLowerCase() } : {}) } });
    const features = Object.fromEntries(outputs.score.dimensions.filter((d) => d.key !== 'timing').map((d) => [d.key, d.score / 100]));
    await recordOutcome(db, { workspaceId, eventId: `scored-${runId}`, type: 'lead_scored', at: new Date(), prospectId,
      score: outputs.score.totalScore, features: features as never });
  }
  return workflowResponse(finished, outputs);
}

/**
 * Runs the built-in prospect pipeline for one prospect and answers the product's Workflow
 * response. A step that fails (an unreachable site, say) is a `success: false` answer naming it,
 * not an HTTP error: the request itself was fine. The run stays in /api/runs to inspect and rerun.
 */
export async function processProspect(deps: ProcessDeps, workspaceId: string, prospectId: number): Promise<WorkflowResponse> {
  const { runId, workflowId } = await startProcessProspect(deps, workspaceId, prospectId);
  await deps.runner.temporal.workflow.getHandle(workflowId).result().catch(() => undefined); // the run record says how it ended
  const response = await finishProcessProspect(deps, workspaceId, runId);
  if (!response) throw new Error(`prospect-pipeline run ${runId} ended but its record still says it is running`);
  return response;
}
