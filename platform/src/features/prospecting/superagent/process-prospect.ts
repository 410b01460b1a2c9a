import { ACROSS_WORKSPACES, type RunPrincipal } from '@meetflow/plugin-sdk';
import { getWorkspaceConfig } from '../../accounts/workspace-config/workspace-config.ts';
import type { Models } from '../../../core/db/models.ts';
import { requireOffer } from '../offer/offer.ts';
import { ConflictError, NotFoundError } from '../../../core/errors.ts';
import { getWorkspaceIcp } from '../icp/store.ts';
import { recordOutcome } from '../../insights/outcomes/record.ts';
import { startPipelineRun, type PipelineRunner } from '../../runs/pipelines/runs.ts';
import type { Prospect } from '../prospects/model.ts';
import type { IcpSlice } from '../icp/schemas.ts';
import { PROSPECT_PIPELINE, PROSPECT_STEPS } from './prospect-pipeline.ts';
import { workflowResponse, type StepOutputs, type WorkflowResponse } from './workflow-response.ts';

/** The prospect's site: the one on record, else the domain of their work email. */
function websiteOf(prospect: { website: string | null; email: string }): string {
  return prospect.website ?? `https://${prospect.email.split('@')[1]}/`;
}

/** Where processing runs: the models and the pipeline runner. */
export type ProcessDeps = { db: Models; runner: PipelineRunner };

type ProspectRecord = Pick<
  Prospect,
  'id' | 'firstName' | 'lastName' | 'jobTitle' | 'company' | 'email' | 'industry' | 'employeeCount' | 'website'
>;

/**
 * The slice a prospect is scored against: among the chosen slices (all when none is chosen), the
 * most confident one naming the prospect's industry, else the most confident one.
 */
export function sliceFor(prospect: Pick<Prospect, 'industry'>, slices: readonly IcpSlice[]): IcpSlice | undefined {
  const byConfidence = slices.toSorted((a, b) => b.confidence - a.confidence);
  const industry = prospect.industry?.toLowerCase();
  return (
    (industry && byConfidence.find((slice) => slice.criteria.industry.some((name) => name.toLowerCase() === industry))) || byConfidence[0]
  );
}

/**
 * The built-in prospect pipeline's input for each prospect: the workspace's ICP, config and
 * offer read once. 409 without an ICP (or when none of `sliceNames` is in it) or without an offer.
 */
export async function prospectRunInputs(
  db: Models,
  workspaceId: string,
  prospects: readonly ProspectRecord[],
  options: { sliceNames?: readonly string[] } = {},
): Promise<Array<Record<string, unknown>>> {
  const icp = await getWorkspaceIcp(db, workspaceId);
  const chosen = options.sliceNames?.length ? icp?.icpSlices.filter((slice) => options.sliceNames!.includes(slice.name)) : icp?.icpSlices;
  if (!icp || icp.icpSlices.length === 0)
    throw new ConflictError('This workspace has no ICP yet: analyse 3 customer URLs in the ICP Builder first');
  if (!chosen || chosen.length === 0)
    throw new ConflictError(
      `None of the slices ${options.sliceNames!.join(', ')} is in this workspace's ICP any more: analyse again or choose others`,
    );
  const [offer, config] = await Promise.all([requireOffer(db, workspaceId), getWorkspaceConfig(db, workspaceId)]);
  return prospects.map((prospect) => ({
    prospectId: prospect.id,
    website: websiteOf(prospect),
    icp: sliceFor(prospect, chosen)!.criteria,
    config,
    prospect: {
      jobTitle: prospect.jobTitle ?? '',
      company: prospect.company,
      industry: prospect.industry,
      employeeCount: prospect.employeeCount,
    },
    contact: {
      firstName: prospect.firstName,
      lastName: prospect.lastName,
      jobTitle: prospect.jobTitle ?? '',
      company: prospect.company,
      email: prospect.email,
    },
    offer,
  }));
}

/**
 * Starts the built-in prospect pipeline for one prospect and answers its run id at once (the
 * Workflow Test page follows the run's events). 404 for an unknown prospect, 409 without an ICP.
 */
export async function startProcessProspect(
  deps: ProcessDeps,
  workspaceId: string,
  principal: RunPrincipal,
  prospectId: number,
): Promise<{ runId: string; workflowId: string }> {
  const { db, runner } = deps;
  const prospect = await db.prospects.findOne({ workspaceId, id: prospectId }).lean();
  if (!prospect) throw new NotFoundError(`No prospect ${prospectId} in this workspace`);
  const [input] = await prospectRunInputs(db, workspaceId, [prospect]);
  const run = await startPipelineRun(runner, { workspaceId, principal, definition: PROSPECT_PIPELINE, input: input! });
  return { runId: run.runId, workflowId: run.workflowId! };
}

/**
 * Writes what a finished prospect-pipeline run learned: the prospect's score (and industry, when
 * unknown) and one `lead_scored` outcome keyed by the run, so applying it twice changes nothing.
 */
export async function applyProspectRun(
  db: Models,
  run: { workspaceId: string; runId: string; input: unknown },
  outputs: StepOutputs,
): Promise<void> {
  const { workspaceId, runId } = run;
  const prospectId = (run.input as { prospectId: number }).prospectId;
  if (!outputs.score) return;
  const prospect = await db.prospects.findOne({ workspaceId, id: prospectId }, { industry: 1 }).lean();
  if (!prospect) return;
  // The prospect list shows the score; the learning engine fits weights on the dimensions.
  await db.prospects.updateOne(
    { workspaceId, id: prospectId },
    {
      $set: {
        score: outputs.score.totalScore,
        ...(prospect.industry === null && outputs.research?.industry
          ? { industry: outputs.research.industry, industryLower: outputs.research.industry.toLowerCase() }
          : {}),
      },
    },
  );
  const features = Object.fromEntries(outputs.score.dimensions.filter((d) => d.key !== 'timing').map((d) => [d.key, d.score / 100]));
  await recordOutcome(db, {
    workspaceId,
    eventId: `scored-${runId}`,
    type: 'lead_scored',
    at: new Date(),
    prospectId,
    score: outputs.score.totalScore,
    features: features as never,
  });
}

/** Applies every finished prospect-pipeline run among `runIds` (a batch's), reading their outputs in one query. */
export async function applyProspectRuns(db: Models, runIds: readonly string[]): Promise<void> {
  // A batch knows its runs by id only (UUIDs, unique across workspaces); each run then names its
  // workspace. Both reads name exactly a unique index's keys (the pipeline is checked here, the
  // outputs read one by one), since the embedded database otherwise scans every run and output.
  const runs = (
    await db.pipelineRuns.find({ runId: { $in: runIds } }, { workspaceId: 1, runId: 1, pipelineId: 1, input: 1 }, ACROSS_WORKSPACES).lean()
  ).filter((run) => run.pipelineId === PROSPECT_PIPELINE.id);
  const outputOf = async (runId: string, nodeId: string) => [nodeId, (await db.stepOutputs.findOne({ runId, nodeId }).lean())?.output];
  for (const run of runs) {
    const stored = await Promise.all([PROSPECT_STEPS.research, PROSPECT_STEPS.score].map((nodeId) => outputOf(run.runId, nodeId)));
    const own = Object.fromEntries(stored.filter(([, output]) => output !== undefined));
    await applyProspectRun(db, run, own as StepOutputs);
  }
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
  const outputs = Object.fromEntries(
    (await db.stepOutputs.find({ runId }).lean()).map((stored) => [stored.nodeId, stored.output]),
  ) as StepOutputs;
  await applyProspectRun(db, finished, outputs);
  return workflowResponse(finished, outputs);
}

/**
 * Runs the built-in prospect pipeline for one prospect and answers the product's Workflow
 * response. A step that fails (an unreachable site, say) is a `success: false` answer naming it,
 * not an HTTP error: the request itself was fine. The run stays in /api/runs to inspect and rerun.
 */
export async function processProspect(
  deps: ProcessDeps,
  workspaceId: string,
  principal: RunPrincipal,
  prospectId: number,
): Promise<WorkflowResponse> {
  const { runId, workflowId } = await startProcessProspect(deps, workspaceId, principal, prospectId);
  await deps.runner.temporal.workflow
    .getHandle(workflowId)
    .result()
    .catch(() => undefined); // the run record says how it ended
  const response = await finishProcessProspect(deps, workspaceId, runId);
  if (!response) throw new Error(`prospect-pipeline run ${runId} ended but its record still says it is running`);
  return response;
}
