import type { Models } from '../../models.ts';
import type { ProfileFact } from '../../prospecting/prospects/profile.ts';
import { PROSPECT_PIPELINE, PROSPECT_STEPS } from '../../prospecting/superagent/prospect-pipeline.ts';

/** The facts of each prospect's latest research (the prospect pipeline's newest run that produced one). */
export async function prospectFacts(db: Models, workspaceId: string, prospectIds: number[]): Promise<Map<number, ProfileFact[]>> {
  const facts = new Map<number, ProfileFact[]>();
  if (prospectIds.length === 0) return facts;
  const runs = await db.pipelineRuns
    .find({ workspaceId, pipelineId: PROSPECT_PIPELINE.id, 'input.prospectId': { $in: prospectIds } }, { runId: 1, input: 1 })
    .sort({ startedAt: -1 })
    .lean();
  const outputs = await db.stepOutputs
    .find({ runId: { $in: runs.map((run) => run.runId) }, nodeId: PROSPECT_STEPS.research }, { runId: 1, output: 1 })
    .lean();
  for (const run of runs) {
    const prospectId = (run.input as { prospectId?: number } | undefined)?.prospectId;
    const output = outputs.find((stored) => stored.runId === run.runId)?.output as { facts?: ProfileFact[] } | undefined;
    if (prospectId === undefined || facts.has(prospectId) || !output?.facts) continue;
    facts.set(prospectId, output.facts);
  }
  return facts;
}
