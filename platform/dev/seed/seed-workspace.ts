import { IcpCriteriaSchema } from '@meetflow/plugin-sdk';
import type { DiscoveredProspectView } from '../../src/features/prospecting/discovery/api-schemas.ts';
import { systemRunContext } from '../../src/core/run-context.ts';
import type { Connection } from 'mongoose';
import { createModels, type Models } from '../../src/features/models.ts';
import { workspaceSeedModel, type WorkspaceSeedModel } from './model.ts';
import { discoverProspects, type DiscoveryDeps } from '../../src/features/prospecting/discovery/discover.ts';
import { analyzeIcp } from '../../src/features/prospecting/icp/analyze.ts';
import { getWorkspaceIcp } from '../../src/features/prospecting/icp/store.ts';
import { getOffer, saveOffer } from '../../src/features/prospecting/offer/offer.ts';
import { SAMPLE_OFFER } from '../../src/features/prospecting/offer/sample-offer.ts';
import type { Logger } from '../../src/core/logger.ts';
import type { PipelineRunner } from '../../src/features/runs/pipelines/runs.ts';
import { createCampaign } from '../../src/features/prospecting/campaigns/campaigns.ts';
import { batchRunning, startCampaignRuns } from '../../src/features/prospecting/campaigns/runs.ts';
import { createProspect } from '../../src/features/prospecting/prospects/prospects.ts';
import { PROSPECT_PIPELINE } from '../../src/features/prospecting/superagent/prospect-pipeline.ts';
import { sampleCustomerSites } from '../../src/features/prospecting/icp/sample-sites.ts';

/** The product's models and the seed's own record of each workspace it seeded. */
export type SeedModels = Models & { workspaceSeeds: WorkspaceSeedModel };

/** The product's models over a connection, with the seed's own. */
export const seedModels = (connection: Connection): SeedModels => ({
  ...createModels(connection),
  workspaceSeeds: workspaceSeedModel(connection),
});

/** What seeding runs on: the product's own services, the sample sites and the sample database. */
export interface SeedDeps extends DiscoveryDeps {
  db: SeedModels;
  runner: PipelineRunner;
  /** Where the bundled customer sites and the sample companies' sites are served. */
  samplesUrl: string;
  logger: Logger;
}

/** How a seed ended, as stored and logged. */
export interface SeedResult {
  status: 'done' | 'skipped' | 'failed';
  reason: string | null;
  prospectIds: number[];
  processed: number;
  qualified: number;
}

/** How many prospects a seeded workspace starts with: enough to fill the screens, few enough to process in seconds. */
export const SEED_PROSPECTS = 12;
/** Discovery answers from the sample database for unconfigured sources; one source is enough. */
const SEED_SOURCES = ['apollo'] as const;

/** Of the seed's prospects, how many are the best matches; the rest are spread over the weaker ones. */
const SEED_BEST = 8;

/**
 * The people a seeded workspace starts with: one per company (the best match there), the eight
 * best, then four spread over the rest of the list, so the workspace holds a range of matches
 * rather than only the very top (whether the weaker ones still qualify depends on the data).
 */
export function seedSelection(prospects: readonly DiscoveredProspectView[], count = SEED_PROSPECTS): DiscoveredProspectView[] {
  const seen = new Set<string>();
  const candidates = prospects.filter((prospect) => prospect.email !== null && !seen.has(prospect.company) && seen.add(prospect.company));
  const best = candidates.slice(0, Math.min(SEED_BEST, count));
  const rest = candidates.slice(best.length);
  const others = count - best.length;
  const spread =
    others <= 0 || rest.length <= others
      ? rest.slice(0, Math.max(0, others))
      : Array.from({ length: others }, (_, index) => rest[Math.floor(((index + 1) * rest.length) / (others + 1))]!);
  return [...best, ...spread];
}

/** Adds the discovered people (or finds them, when a cut-short seed added them already), labelled sample. */
async function addProspects(deps: SeedDeps, workspaceId: string, people: readonly DiscoveredProspectView[]): Promise<number[]> {
  const ids: number[] = [];
  for (const person of people) {
    const email = person.email!;
    const existing = await deps.db.prospects.findOne({ workspaceId, emailLower: email.toLowerCase() }).lean();
    if (existing) {
      ids.push(existing.id);
      continue;
    }
    const created = await createProspect(deps.db, workspaceId, {
      firstName: person.firstName,
      lastName: person.lastName,
      company: person.company,
      email,
      jobTitle: person.jobTitle,
      website: person.website ?? undefined,
      source: person.source,
      industry: person.industry ?? undefined,
      companySize: person.companySize ?? undefined,
      employeeCount: person.enrichmentData.employeeCount ?? undefined,
      sample: true,
      ...(person.linkedinUrl ? { linkedinUrl: person.linkedinUrl } : {}),
    });
    ids.push(created.id);
  }
  return ids;
}

/**
 * Seeds a workspace the way a new customer would fill it, with the product's own steps on the
 * built-in sample data: the ICP builder reads the bundled customer sites, discovery finds matching
 * people in the sample database, they are added as prospects (labelled sample, each with its
 * company's sample site) in a campaign, and the prospect pipeline researches, scores, writes to and
 * enrols each one. Runs once per workspace: a finished seed never reruns, one cut short resumes
 * (every step finds what it did before), and a workspace that already has prospects is left alone.
 */
export async function seedWorkspace(deps: SeedDeps, workspaceId: string): Promise<SeedResult> {
  const { db } = deps;
  const previous = await db.workspaceSeeds.findById(workspaceId).lean();
  // Done or skipped is final; running (a restart cut it short) or failed (say the worker was down) resumes.
  if (previous && (previous.status === 'done' || previous.status === 'skipped')) {
    return {
      status: previous.status,
      reason: previous.reason ?? null,
      prospectIds: previous.prospectIds,
      processed: previous.processed,
      qualified: previous.qualified,
    };
  }
  if (!previous && (await db.prospects.exists({ workspaceId }))) {
    return finish(db, workspaceId, {
      status: 'skipped',
      reason: 'the workspace already had prospects',
      prospectIds: [],
      processed: 0,
      qualified: 0,
    });
  }
  await db.workspaceSeeds.updateOne({ _id: workspaceId }, { $set: { status: 'running', reason: null } }, { upsert: true });
  try {
    // The copy pitches the workspace's offer: a sample one (labelled so) until the team saves its own.
    if (!(await getOffer(db, workspaceId))) await saveOffer(db, workspaceId, SAMPLE_OFFER);
    const icp = (await getWorkspaceIcp(db, workspaceId)) ?? (await analyzeIcp(deps, workspaceId, sampleCustomerSites(deps.samplesUrl)));
    const slice = icp.icpSlices.toSorted((a, b) => b.confidence - a.confidence)[0]!;
    // The ICP builder states no revenue (customer sites rarely do), so none is asked for.
    const found = await discoverProspects(deps, workspaceId, IcpCriteriaSchema.parse(slice.criteria), SEED_SOURCES);
    if (!found.success) throw new Error(found.error ?? 'discovery found no one');
    const prospectIds = await addProspects(deps, workspaceId, seedSelection(found.prospects));
    await db.workspaceSeeds.updateOne({ _id: workspaceId }, { $set: { prospectIds } });
    let campaign = await db.campaigns.findOne({ workspaceId }).sort({ id: 1 }).lean();
    if (!campaign) {
      const created = await createCampaign(db, workspaceId, { name: `${slice.name} (sample prospects)`, status: 'draft', prospectIds });
      await db.workspaceSeeds.updateOne({ _id: workspaceId }, { $set: { campaignId: String(created.id) } });
      campaign = await db.campaigns.findOne({ workspaceId, id: created.id }).lean();
    }
    // The campaign runs them as one batch, as a user's would. A batch a restart cut short is waited
    // for; a prospect scored before the restart was processed, and running it again would only repeat its run.
    const running = campaign!.batches.at(-1)?.batchId;
    if (running && (await batchRunning(db, workspaceId, running))) await batchEnded(deps, running);
    const unscored = await db.prospects.find({ workspaceId, id: { $in: prospectIds }, score: null }, { id: 1 }).lean();
    if (unscored.length > 0) {
      const batch = await startCampaignRuns(
        { db, runner: deps.runner },
        workspaceId,
        systemRunContext(workspaceId, 'seed').principal,
        campaign!.id,
        {
          prospects: 'all',
          only: unscored.map(({ id }) => id),
        },
      );
      await batchEnded(deps, batch.batchId);
    }
    // Qualified is lead scoring's word (its own threshold): the copy step ran for the prospect's run.
    const qualified = (
      await db.pipelineRuns.distinct('input.prospectId', {
        workspaceId,
        pipelineId: PROSPECT_PIPELINE.id,
        'input.prospectId': { $in: prospectIds },
        'steps.score.status': 'completed',
        'steps.copy.status': { $ne: 'skipped' },
      })
    ).length;
    return finish(db, workspaceId, { status: 'done', reason: null, prospectIds, processed: prospectIds.length, qualified });
  } catch (error) {
    deps.logger.error({ err: error, workspaceId }, 'could not seed the workspace with sample prospects');
    const prospectIds = (await db.workspaceSeeds.findById(workspaceId).lean())?.prospectIds ?? [];
    return finish(db, workspaceId, { status: 'failed', reason: (error as Error).message, prospectIds, processed: 0, qualified: 0 });
  }
}

/** Waits for a batch's workflow to end (its runs record how each went). */
async function batchEnded(deps: SeedDeps, batchId: string): Promise<void> {
  await deps.runner.temporal.workflow
    .getHandle(`pipeline-batch-${batchId}`)
    .result()
    .catch(() => undefined);
}

async function finish(db: SeedModels, workspaceId: string, result: SeedResult): Promise<SeedResult> {
  await db.workspaceSeeds.updateOne({ _id: workspaceId }, { $set: { ...result, finishedAt: new Date() } }, { upsert: true });
  return result;
}
