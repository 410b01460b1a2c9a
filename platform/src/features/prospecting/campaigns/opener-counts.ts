import type { Models } from '../../models.ts';
import { PROSPECT_STEPS } from '../superagent/prospect-pipeline.ts';

/** What counting a campaign's openers reads: its batches' runs and their copy steps' outputs. */
export type OpenerCountsDb = Pick<Models, 'pipelineRuns' | 'stepOutputs'>;

/** The copywriter's `campaignOpeners` input (the outreach plugin's CampaignOpeners). */
export interface CampaignOpeners {
  firstEmails: number;
  kinds: Record<string, number>;
}

interface CopiedRun {
  runId: string;
  input?: { prospectId?: number };
  createdAt?: Date;
}

/**
 * The campaign's first emails so far and the kind of fact each opens on, as the copy step
 * recorded it (`openerKind` of its output): what the copywriter is given, so no kind opens more
 * than 40% of a campaign's first emails. Read from the runs of the campaign's batches, in the
 * workspace (by batch id: an indexed read of the campaign's runs, never a scan of the workspace's),
 * whose copy step completed, the latest per prospect (a retried prospect counts once), then only
 * those runs' copy outputs' opener kind (by the outputs' unique run-and-step index).
 */
export async function countCampaignOpeners(db: OpenerCountsDb, workspaceId: string, batchIds: readonly string[]): Promise<CampaignOpeners> {
  const counts: CampaignOpeners = { firstEmails: 0, kinds: {} };
  if (batchIds.length === 0) return counts;
  const runs = await db.pipelineRuns
    .find(
      { workspaceId, batchId: { $in: [...batchIds] }, [`steps.${PROSPECT_STEPS.copy}.status`]: 'completed' },
      { runId: 1, 'input.prospectId': 1, createdAt: 1 },
    )
    .lean<CopiedRun[]>();
  const latest = new Map<number | string, CopiedRun>();
  for (const run of runs) {
    const key = run.input?.prospectId ?? run.runId;
    const seen = latest.get(key);
    if (!seen || (run.createdAt?.getTime() ?? 0) > (seen.createdAt?.getTime() ?? 0)) latest.set(key, run);
  }
  if (latest.size === 0) return counts;
  const outputs = await db.stepOutputs
    .find({ runId: { $in: [...latest.values()].map((run) => run.runId) }, nodeId: PROSPECT_STEPS.copy }, { 'output.openerKind': 1 })
    .lean<Array<{ output?: { openerKind?: unknown } }>>();
  for (const { output } of outputs) {
    counts.firstEmails += 1;
    const kind = output?.openerKind;
    if (typeof kind === 'string' && kind) counts.kinds[kind] = (counts.kinds[kind] ?? 0) + 1;
  }
  return counts;
}
