import type { RunPrincipal } from '@meetflow/plugin-sdk';
import { getWorkspaceConfig, type ConfigStoreDb } from '../../insights/services.ts';
import type { Models } from '../../models.ts';
import { requireOffer } from '../offer/offer.ts';
import type { OfferDb } from '../offer/model.ts';
import { ConflictError, NotFoundError } from '../../../core/errors.ts';
import { getWorkspaceIcp } from '../icp/store.ts';
import type { WorkspaceIcpModels } from '../icp/model.ts';
import { startPipelineRun, type PipelineRunner } from '../../runs/services.ts';
import type { Prospect } from '../prospects/model.ts';
import type { IcpSlice } from '../icp/schemas.ts';
import { PROSPECT_PIPELINE } from './prospect-pipeline.ts';
import { workflowResponse, type StepOutputs, type WorkflowResponse } from './workflow-response.ts';

/** The prospect's site: the one on record, else the domain of their work email. */
function websiteOf(prospect: { website: string | null; email: string }): string {
  return prospect.website ?? `https://${prospect.email.split('@')[1]}/`;
}

/** What a prospect pipeline's input is built from: the workspace's ICP, offer and config. */
export type RunInputsDb = WorkspaceIcpModels & OfferDb & ConfigStoreDb;

/** Where processing runs: what the input is built from (and the prospect), the run's records, and the pipeline runner. */
export type ProcessDeps = { db: RunInputsDb & Pick<Models, 'prospects' | 'pipelineRuns' | 'stepOutputs'>; runner: PipelineRunner };

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
  db: RunInputsDb,
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
 * The built-in prospect pipeline's input for one prospect of the workspace (what it runs with, and
 * what the editor's test run on a prospect runs a draft with). 404 for an unknown prospect, 409 as
 * prospectRunInputs.
 */
export async function prospectRunInput(
  db: RunInputsDb & Pick<Models, 'prospects'>,
  workspaceId: string,
  prospectId: number,
): Promise<Record<string, unknown>> {
  const prospect = await db.prospects.findOne({ workspaceId, id: prospectId }).lean();
  if (!prospect) throw new NotFoundError(`No prospect ${prospectId} in this workspace`);
  const [input] = await prospectRunInputs(db, workspaceId, [prospect]);
  return input!;
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
  const input = await prospectRunInput(db, workspaceId, prospectId);
  const run = await startPipelineRun(runner, { workspaceId, principal, definition: PROSPECT_PIPELINE, input });
  return { runId: run.runId, workflowId: run.workflowId! };
}

/**
 * The Workflow response of a finished prospect-pipeline run, read from its step outputs; null while
 * the run is still going. It writes nothing: the run's own `apply` step applied its score (the
 * prospect's score and industry, one `lead_scored` outcome) before the run ended.
 */
export async function processProspectResult(deps: ProcessDeps, workspaceId: string, runId: string): Promise<WorkflowResponse | null> {
  const { db } = deps;
  const finished = await db.pipelineRuns.findOne({ workspaceId, runId, pipelineId: PROSPECT_PIPELINE.id }).lean();
  if (!finished) throw new NotFoundError(`No prospect-pipeline run ${runId} in this workspace`);
  if (finished.status === 'running' || finished.status === 'pending') return null;
  const outputs = Object.fromEntries(
    (await db.stepOutputs.find({ runId }).lean()).map((stored) => [stored.nodeId, stored.output]),
  ) as StepOutputs;
  return workflowResponse(finished, outputs);
}

/**
 * Runs the built-in prospect pipeline for one prospect and answers the product's Workflow
 * response once the run has ended (its own steps applied the score and enrolled the prospect). A
 * step that fails (an unreachable site, say) is a `success: false` answer naming it, not an HTTP
 * error: the request itself was fine. The run stays in /api/runs to inspect and rerun.
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
  const response = await processProspectResult(deps, workspaceId, runId);
  if (!response) throw new Error(`prospect-pipeline run ${runId} ended but its record still says it is running`);
  return response;
}
