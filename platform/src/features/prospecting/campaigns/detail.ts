import type { Client } from '@temporalio/client';
import type { Models } from '../../models.ts';
import type { Campaign } from './model.ts';
import type { Prospect } from '../prospects/model.ts';
import { NotFoundError } from '../../../core/errors.ts';
import type { z } from 'zod';
import type { CampaignDetailView, StageProgress } from './api-schemas.ts';
import { sequenceStatesOf } from '../../email/services.ts';
import { PROSPECT_STEPS } from '../superagent/prospect-pipeline.ts';
import { batchStanding, conditionOf } from '../../runs/services.ts';
import { failureReason, latestRuns, outcomeOf, runByCampaign, stepError, type RunSummary } from './outcomes.ts';

/** What the campaign screens read: the campaign, its prospects, runs and batches, and Temporal (the batch's live progress, the sequences' state). */
export interface CampaignDeps {
  db: Pick<Models, 'campaigns' | 'prospects' | 'pipelineRuns' | 'pipelineBatches' | 'sequenceDirectory'>;
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

function stage(
  nodeId: string,
  label: string | undefined,
  total: number,
  counts: Partial<Record<string, number>>,
  condition: Stage['condition'],
): Stage {
  const completed = counts.completed ?? 0;
  const failed = counts.failed ?? 0;
  const skipped = counts.skipped ?? 0;
  return {
    nodeId,
    label: STAGE_LABELS[nodeId] ?? label ?? nodeId,
    total,
    pending: counts.pending ?? 0,
    running: counts.running ?? 0,
    completed,
    failed,
    skipped,
    done: completed + failed + skipped,
    condition,
  };
}

/** The latest batch's progress: the runs domain's one computation of it (batchStanding), as the batch page reads it. */
async function batchProgress(deps: CampaignDeps, campaign: Campaign): Promise<CampaignDetailView['batch']> {
  const latest = campaign.batches.at(-1);
  if (!latest) return null;
  const { batch, status, counts } = await batchStanding(deps, campaign.workspaceId, latest.batchId);
  return {
    batchId: latest.batchId,
    kind: latest.kind,
    startedAt: latest.startedAt.toISOString(),
    running: status === 'running',
    total: batch.total,
    stages: batch.definition.nodes.map((node) =>
      stage(node.id, node.label, batch.total, counts.nodes[node.id] ?? {}, counts.conditions[node.id] ?? null),
    ),
  };
}

/** Whether lead scoring qualified the run's prospect: how its copy step's condition came out (undefined until scored). */
const qualifiedBy = (run: RunSummary | undefined) => (run ? conditionOf(run.steps[PROSPECT_STEPS.copy]) : undefined);

/**
 * Counts of outcomes, why prospects got no sequence, and the failures to retry. A prospect counts
 * qualified or not once lead scoring has answered (how its run's copy step condition came out,
 * read as the batch's figures read it: conditionOf), mid-batch too.
 */
function summarise(prospectIds: readonly number[], runs: Map<number, RunSummary>, names: Map<number, string>) {
  const results = { prospects: prospectIds.length, notProcessed: 0, inProgress: 0, qualified: 0, enrolled: 0, notQualified: 0, failed: 0 };
  const reasons = new Map<string, number>();
  const failures: CampaignDetailView['failures'] = [];
  for (const id of prospectIds) {
    const run = runs.get(id);
    const decided = qualifiedBy(run);
    const outcome = outcomeOf(run, decided);
    // Qualified: lead scoring said so, whatever happened after.
    if (decided === true) results.qualified += 1;
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
        const reason = failureReason(run!.error ?? stepError(run!));
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
  const outcomes = new Map(ids.map((prospectId) => [prospectId, outcomeOf(runs.get(prospectId), qualifiedBy(runs.get(prospectId)))]));
  // The enrolled ones' states: one question per group of sequences, one per sequence alone.
  const states = await sequenceStatesOf(
    deps,
    workspaceId,
    ids.filter((prospectId) => byId.has(prospectId) && ['enrolled', 'completed'].includes(outcomes.get(prospectId)!)),
  );
  const items = ids
    .filter((prospectId) => byId.has(prospectId))
    .map((prospectId) => {
      const person = byId.get(prospectId)!;
      const run = runs.get(prospectId);
      const outcome = outcomes.get(prospectId)!;
      const state = states.get(prospectId) ?? null;
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
        error: outcome === 'failed' ? failureReason(run!.error ?? stepError(run!)) : null,
        sequence: state ? { status: state.status, sentSteps: state.sentSteps.length, nextSendAt: state.nextSendAt } : null,
      };
    });
  return { items, total: campaign.prospectIds.length };
}
