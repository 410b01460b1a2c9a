import type { Client } from '@temporalio/client';
import type { Models } from '../../models.ts';
import type { Campaign } from './model.ts';
import type { Prospect } from '../prospects/model.ts';
import { NotFoundError } from '../../../core/errors.ts';
import type { z } from 'zod';
import type { CampaignDetailView, StageProgress } from './api-schemas.ts';
import { sequenceStateOf } from '../../email/services.ts';
import { PROSPECT_PIPELINE } from '../superagent/prospect-pipeline.ts';
import { liveBatchProgress, recordedBatchCounts } from '../../runs/services.ts';
import { failureReason, latestRuns, outcomeOf, runByCampaign, type RunSummary } from './outcomes.ts';

/** What the campaign screens read: the campaign, its prospects and runs, and Temporal (the batch's live progress, the sequences' state). */
export interface CampaignDeps {
  db: Pick<Models, 'campaigns' | 'prospects' | 'pipelineRuns'>;
  temporal: Client;
}

/** The campaign, or 404 naming it. */
export async function findCampaign(db: Pick<Models, 'campaigns'>, workspaceId: string, id: number): Promise<Campaign> {
  const campaign = await db.campaigns.findOne({ workspaceId, id }).lean<Campaign>();
  if (!campaign) throw new NotFoundError(`No campaign ${id} in this workspace`);
  return campaign;
}

type Stage = z.infer<typeof StageProgress>;

const STAGE_LABELS: Record<string, string> = { research: 'Research', score: 'Score', copy: 'Copy', outreach: 'Enrol' };

function stage(nodeId: string, label: string | undefined, total: number, counts: Partial<Record<string, number>>): Stage {
  const completed = counts.completed ?? 0;
  const failed = counts.failed ?? 0;
  const skipped = counts.skipped ?? 0;
  return { nodeId, label: STAGE_LABELS[nodeId] ?? label ?? nodeId, total, completed, failed, skipped, done: completed + failed + skipped };
}

/**
 * The latest batch's per-stage progress: while it runs, from the batch workflow's query (it knows
 * the skips; nothing is scanned, so polling stays cheap); once it has finished, from its run records.
 */
async function batchProgress(deps: CampaignDeps, campaign: Campaign): Promise<CampaignDetailView['batch']> {
  const latest = campaign.batches.at(-1);
  if (!latest) return null;
  const { pipelineRuns } = deps.db;
  const [sample, unfinished] = await Promise.all([
    pipelineRuns.findOne({ workspaceId: campaign.workspaceId, batchId: latest.batchId }, { definition: 1 }).lean(),
    pipelineRuns.exists({ workspaceId: campaign.workspaceId, batchId: latest.batchId, status: { $in: ['pending', 'running'] } }),
  ]);
  const definition = sample?.definition ?? PROSPECT_PIPELINE;
  const running = unfinished !== null;
  // Just after the start the workflow cannot answer yet: the run records say as much.
  const live = running
    ? await liveBatchProgress(deps.temporal, latest.batchId).then(
        ({ live }) => live,
        () => null,
      )
    : null;
  const counts = live?.nodes ?? (await recordedBatchCounts(deps.db, campaign.workspaceId, latest.batchId, definition)).nodes;
  const stages = definition.nodes.map((node) => stage(node.id, node.label, latest.prospects, counts[node.id] ?? {}));
  return {
    batchId: latest.batchId,
    kind: latest.kind,
    startedAt: latest.startedAt.toISOString(),
    running,
    total: latest.prospects,
    stages,
  };
}

/** Counts of outcomes, why prospects got no sequence, and the failures to retry. */
function summarise(prospectIds: readonly number[], runs: Map<number, RunSummary>, names: Map<number, string>) {
  const results = { prospects: prospectIds.length, notProcessed: 0, inProgress: 0, qualified: 0, enrolled: 0, notQualified: 0, failed: 0 };
  const reasons = new Map<string, number>();
  const failures: CampaignDetailView['failures'] = [];
  for (const id of prospectIds) {
    const run = runs.get(id);
    const outcome = outcomeOf(run);
    // Qualified: the copy step's condition (lead scoring said qualified) let it run, whatever happened after.
    const copy = run?.steps.copy?.status;
    if (copy === 'completed' || copy === 'failed' || copy === 'running') results.qualified += 1;
    switch (outcome) {
      case 'not-processed':
        results.notProcessed += 1;
        break;
      case 'pending':
      case 'running':
        results.inProgress += 1;
        break;
      case 'enrolled':
        results.enrolled += 1;
        break;
      case 'not-qualified': {
        results.notQualified += 1;
        const reason = 'Scored below the qualification threshold: not qualified';
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        break;
      }
      case 'failed': {
        results.failed += 1;
        const reason = failureReason(run!.error);
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        if (failures.length < 50)
          failures.push({ prospectId: id, name: names.get(id) ?? `Prospect ${id}`, runId: run!.runId, error: reason });
        break;
      }
      case 'completed':
        break;
    }
  }
  const skipped = [...reasons]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  return { results, skipped, failures };
}

/** GET /api/campaigns/{id}: the campaign, its latest batch's progress, and what each of its prospects came to. */
export async function campaignDetail(deps: CampaignDeps, workspaceId: string, id: number): Promise<CampaignDetailView> {
  const campaign = await findCampaign(deps.db, workspaceId, id);
  const [batch, runs, people, ranHere] = await Promise.all([
    batchProgress(deps, campaign),
    latestRuns(deps.db, workspaceId, campaign.prospectIds),
    deps.db.prospects
      .find({ workspaceId, id: { $in: campaign.prospectIds } }, { id: 1, firstName: 1, lastName: 1 })
      .lean<Array<Pick<Prospect, 'id' | 'firstName' | 'lastName'>>>(),
    runByCampaign(
      deps.db,
      workspaceId,
      campaign.batches.map((entry) => entry.batchId),
    ),
  ]);
  const names = new Map(people.map((person) => [person.id, `${person.firstName} ${person.lastName}`]));
  const summary = summarise(campaign.prospectIds, runs, names);
  return {
    id: campaign.id,
    name: campaign.name,
    status: campaign.status,
    prospectIds: campaign.prospectIds,
    mailboxIds: campaign.mailboxIds ?? [],
    sliceNames: campaign.sliceNames ?? [],
    pipelineVersion: campaign.pipelineVersion ?? null,
    createdAt: (campaign.createdAt ?? new Date(0)).toISOString(),
    batch,
    ...summary,
    results: { ...summary.results, notRunByCampaign: campaign.prospectIds.filter((id) => !ranHere.has(id)).length },
  };
}

/** GET /api/campaigns/{id}/prospects: a page of the campaign's prospects (in the order added) with outcome and sequence. */
export async function campaignProspects(deps: CampaignDeps, workspaceId: string, id: number, page: { offset: number; limit: number }) {
  const campaign = await findCampaign(deps.db, workspaceId, id);
  const ids = campaign.prospectIds.slice(page.offset, page.offset + page.limit);
  const [people, runs] = await Promise.all([
    deps.db.prospects.find({ workspaceId, id: { $in: ids } }).lean<Prospect[]>(),
    latestRuns(deps.db, workspaceId, ids),
  ]);
  const byId = new Map(people.map((person) => [person.id, person]));
  const items = await Promise.all(
    ids
      .filter((prospectId) => byId.has(prospectId))
      .map(async (prospectId) => {
        const person = byId.get(prospectId)!;
        const run = runs.get(prospectId);
        const outcome = outcomeOf(run);
        const state =
          outcome === 'enrolled' || outcome === 'completed' ? await sequenceStateOf(deps.temporal, workspaceId, prospectId) : null;
        return {
          id: person.id,
          firstName: person.firstName,
          lastName: person.lastName,
          jobTitle: person.jobTitle ?? null,
          company: person.company,
          email: person.email,
          score: person.score ?? null,
          sample: person.sample ?? false,
          outcome,
          runId: run?.runId ?? null,
          error: outcome === 'failed' ? failureReason(run!.error) : null,
          sequence: state ? { status: state.status, sentSteps: state.sentSteps.length, nextSendAt: state.nextSendAt } : null,
        };
      }),
  );
  return { items, total: campaign.prospectIds.length };
}
