import type { Fact } from '@meetflow/plugin-sdk';
import { RESEARCH } from '@meetflow/plugin-sdk/contracts/agents';
import type { EnrichCompanyResult } from '@meetflow/plugin-sdk/contracts/research';
import type { Models } from '../../models.ts';
import { ENROLL_ACTIVITY } from '../sequences/enrollment.ts';

/** A fact an email cites, with where it was read: a fact of the research agent's contract (the SDK's). */
export type CitedFact = Fact;

/** What a research step's output holds of its facts (an output stored before facts existed has none). */
type ResearchOutput = Partial<Pick<EnrichCompanyResult, 'facts'>>;

/**
 * The facts of each prospect's latest research: of the runs about the prospect (their input's
 * `prospectId`) that enrol it in its sequence (the step whose emails cite the facts), the newest
 * whose step running the research agent's `enrichCompany` stored facts. The runs are known by
 * those two activities, never by a pipeline's id or its steps' names.
 */
export async function prospectFacts(
  db: Pick<Models, 'pipelineRuns' | 'stepOutputs'>,
  workspaceId: string,
  prospectIds: number[],
): Promise<Map<number, CitedFact[]>> {
  const facts = new Map<number, CitedFact[]>();
  if (prospectIds.length === 0) return facts;
  const runs = await db.pipelineRuns
    .find({ workspaceId, 'input.prospectId': { $in: prospectIds } }, { runId: 1, input: 1, steps: 1 })
    .sort({ startedAt: -1 })
    .lean();
  const researchSteps = new Map<string, string[]>();
  for (const run of runs) {
    const steps = Object.entries(run.steps ?? {});
    if (!steps.some(([, step]) => step.activity === ENROLL_ACTIVITY)) continue;
    const research = steps.filter(([, step]) => step.activity === RESEARCH.enrichCompany).map(([nodeId]) => nodeId);
    if (research.length > 0) researchSteps.set(run.runId, research);
  }
  if (researchSteps.size === 0) return facts;
  const stored = await db.stepOutputs
    .find(
      { runId: { $in: [...researchSteps.keys()] }, nodeId: { $in: [...new Set([...researchSteps.values()].flat())] } },
      { runId: 1, nodeId: 1, output: 1 },
    )
    .lean();
  const outputs = new Map(stored.map(({ runId, nodeId, output }) => [`${runId}/${nodeId}`, output as ResearchOutput | undefined]));
  for (const run of runs) {
    const prospectId = (run.input as { prospectId?: number } | undefined)?.prospectId;
    if (prospectId === undefined || facts.has(prospectId)) continue;
    const nodeIds = researchSteps.get(run.runId) ?? [];
    const researched = nodeIds.map((nodeId) => outputs.get(`${run.runId}/${nodeId}`)).find((output) => output?.facts);
    if (researched?.facts) facts.set(prospectId, researched.facts);
  }
  return facts;
}
