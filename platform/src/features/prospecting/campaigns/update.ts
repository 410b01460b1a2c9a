import type { Client } from '@temporalio/client';
import type { Models } from '../../models.ts';
import type { RunPrincipal } from '@meetflow/plugin-sdk';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import { unknownProspectIds } from '../prospects/prospects.ts';
import { controlSequences } from '../../email/services.ts';
import type { PipelineRunner } from '../../runs/services.ts';
import { findCampaign } from './detail.ts';
import { knownMailboxIds } from '../../email/services.ts';
import { batchRunning, startCampaignRuns, type CampaignRunDb } from './runs.ts';

/** A PATCH of a campaign, parsed. */
export interface CampaignPatch {
  name?: string;
  status?: 'active' | 'paused';
  addProspectIds: number[];
  removeProspectIds: number[];
  /** Replaces the mailboxes it sends through; [] = every active one. */
  mailboxIds?: string[];
}

/**
 * Renames, pauses or resumes a campaign (signalling every enrolled sequence of its prospects),
 * adds prospects (an active campaign runs them at once, unless its last batch is still running:
 * then they wait for "run new"), removes prospects (their sequences are stopped for good) and
 * replaces the mailboxes it sends through. 400 naming unknown prospect or mailbox ids, or an id
 * both added and removed.
 */
export async function updateCampaign(
  deps: { db: CampaignRunDb & Pick<Models, 'mailboxes' | 'sequenceDirectory'>; runner: PipelineRunner; temporal: Client },
  workspaceId: string,
  principal: RunPrincipal,
  id: number,
  patch: CampaignPatch,
): Promise<{ sequences: { signalled: number; notEnrolled: number; ended: number }; batchId: string | null }> {
  const { db } = deps;
  const campaign = await findCampaign(db, workspaceId, id);
  const both = patch.addProspectIds.filter((prospectId) => patch.removeProspectIds.includes(prospectId));
  if (both.length > 0) throw new UnprocessableError(`Prospects both added and removed: ${both.join(', ')}`);
  const unknown = await unknownProspectIds(db, workspaceId, [...new Set(patch.addProspectIds)]);
  if (unknown.length > 0) throw new UnprocessableError(`Unknown prospect ids in this workspace: ${unknown.join(', ')}`);
  const mailboxIds = patch.mailboxIds === undefined ? undefined : await knownMailboxIds(db, workspaceId, patch.mailboxIds);
  const added = [...new Set(patch.addProspectIds)].filter((prospectId) => !campaign.prospectIds.includes(prospectId));
  const removed = campaign.prospectIds.filter((prospectId) => patch.removeProspectIds.includes(prospectId));
  const prospectIds = [...campaign.prospectIds.filter((prospectId) => !removed.includes(prospectId)), ...added];
  const status = patch.status ?? campaign.status;
  await db.campaigns.updateOne(
    { workspaceId, id },
    { $set: { ...(patch.name ? { name: patch.name } : {}), ...(mailboxIds ? { mailboxIds } : {}), status, prospectIds } },
  );

  const sequences = { signalled: 0, notEnrolled: 0, ended: 0 };
  const tally = (counts: typeof sequences) => {
    for (const key of Object.keys(sequences) as Array<keyof typeof sequences>) sequences[key] += counts[key];
  };
  if (patch.status && patch.status !== campaign.status) {
    const remaining = prospectIds.filter((prospectId) => !added.includes(prospectId));
    tally(await controlSequences(deps, workspaceId, remaining, patch.status === 'paused' ? 'pause' : 'resume'));
  }
  if (removed.length > 0) tally(await controlSequences(deps, workspaceId, removed, 'stop'));
  let batchId: string | null = null;
  if (
    added.length > 0 &&
    status === 'active' &&
    campaign.batches.length > 0 &&
    !(await batchRunning(db, workspaceId, campaign.batches.at(-1)?.batchId))
  ) {
    batchId = (await startCampaignRuns(deps, workspaceId, principal, id, { prospects: 'new', kind: 'added' })).batchId;
  }
  return { sequences, batchId };
}
