import type { Models } from '../../models.ts';
import type { CampaignBatch } from './model.ts';
import type { RunPrincipal } from '@meetflow/plugin-sdk';
import type { Prospect } from '../prospects/model.ts';
import { ConflictError } from '../../../core/errors.ts';
import { findPipeline } from '../../runs/services.ts';
import { startPipelineBatch } from '../../runs/services.ts';
import type { PipelineRunner } from '../../runs/services.ts';
import { PROSPECT_PIPELINE, withAppliedScore } from '../superagent/prospect-pipeline.ts';
import { prospectRunInputs, type RunInputsDb } from '../superagent/process-prospect.ts';
import { findCampaign } from './detail.ts';
import { latestRuns, outcomeOf, runByCampaign } from './outcomes.ts';
import { countCampaignOpeners, type OpenerCountsDb } from './opener-counts.ts';

/** Which of a campaign's prospects a batch runs. */
export type CampaignRunSelection = 'new' | 'failed' | 'all';

/** What starting a campaign's runs reads and writes: the campaign, its prospects and runs, the saved pipeline, and what the inputs are built from. */
export type CampaignRunDb = Pick<Models, 'campaigns' | 'prospects' | 'pipelineRuns' | 'pipelines'> & RunInputsDb & OpenerCountsDb;

/** What starting a campaign's runs needs. */
export interface CampaignRunDeps {
  db: CampaignRunDb;
  runner: PipelineRunner;
}

/** True while the campaign's latest batch has runs not finished. */
export async function batchRunning(db: Pick<Models, 'pipelineRuns'>, workspaceId: string, batchId: string | undefined): Promise<boolean> {
  if (!batchId) return false;
  return (await db.pipelineRuns.exists({ workspaceId, batchId, status: { $in: ['pending', 'running'] } })) !== null;
}

/**
 * Runs the campaign's prospects through the prospect pipeline as one batch (research → score →
 * copy → enrolment, with per-stage progress on the campaign): the new ones (not run by this
 * campaign yet, though a Process click or the seed may have run them), the
 * failed ones (latest run failed) or all. 409 while its last batch runs, when none is selected,
 * or without an ICP. A draft becomes active; a paused campaign stays paused (its new sequences start held).
 */
export async function startCampaignRuns(
  deps: CampaignRunDeps,
  workspaceId: string,
  principal: RunPrincipal,
  campaignId: number,
  options: { prospects: CampaignRunSelection; chunkSize?: number; kind?: CampaignBatch['kind']; only?: readonly number[] },
): Promise<{ batchId: string; total: number }> {
  const { db } = deps;
  const campaign = await findCampaign(db, workspaceId, campaignId);
  if (await batchRunning(db, workspaceId, campaign.batches.at(-1)?.batchId)) {
    throw new ConflictError(`Campaign ${campaignId} is still running its last batch: wait for it to finish`);
  }
  let selected = campaign.prospectIds;
  if (options.prospects === 'new') {
    const done = await runByCampaign(
      db,
      workspaceId,
      campaign.batches.map((batch) => batch.batchId),
    );
    selected = campaign.prospectIds.filter((id) => !done.has(id));
  } else if (options.prospects === 'failed') {
    const runs = await latestRuns(db, workspaceId, campaign.prospectIds);
    selected = campaign.prospectIds.filter((id) => outcomeOf(runs.get(id)) === 'failed');
  }
  if (options.only) selected = selected.filter((id) => options.only!.includes(id)); // the seed runs only what it has not processed
  if (selected.length === 0) {
    const none = {
      new: 'the campaign has run every one of its prospects already (choose failed or all)',
      failed: 'no prospect of the campaign has a failed run',
      all: 'the campaign has no prospects: add some first',
    }[options.prospects];
    throw new ConflictError(`Nothing to run: ${none}`);
  }
  const prospects = await db.prospects.find({ workspaceId, id: { $in: selected } }).lean<Prospect[]>();
  const [built, campaignOpeners] = await Promise.all([
    prospectRunInputs(db, workspaceId, prospects, { sliceNames: campaign.sliceNames }),
    countCampaignOpeners(
      db,
      workspaceId,
      campaign.batches.map((batch) => batch.batchId),
    ),
  ]);
  // The copywriter spreads the campaign's first emails over kinds of fact (its copy step reads `campaignOpeners`).
  const inputs = built.map((input) => ({ ...input, campaignOpeners }));
  // A version saved under the built-in's id before v3 gains the apply step: campaigns always applied their scores.
  const definition = campaign.pipelineVersion
    ? withAppliedScore((await findPipeline(db, workspaceId, PROSPECT_PIPELINE.id, campaign.pipelineVersion)).definition)
    : PROSPECT_PIPELINE;
  const batch = await startPipelineBatch(deps.runner, { workspaceId, principal, definition, inputs, chunkSize: options.chunkSize ?? 25 });
  const kind = options.kind ?? (campaign.batches.length === 0 ? 'start' : options.prospects === 'failed' ? 'retry' : 'added');
  await db.campaigns.updateOne(
    { workspaceId, id: campaignId },
    {
      $set: { status: campaign.status === 'paused' ? 'paused' : 'active' }, // a paused campaign's new sequences start held
      $push: { batches: { batchId: batch.batchId, startedAt: new Date(), kind, prospects: inputs.length } },
    },
  );
  return { batchId: batch.batchId, total: inputs.length };
}
