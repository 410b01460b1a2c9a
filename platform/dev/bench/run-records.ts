// A batch's run records of the prospect pipeline as a campaign records them (each carrying its
// definition and a prospect's input: the ICP and the offer), for the benches that read or write
// run records on the embedded database (batch-view-cost.ts, run-update-cost.ts).
import type { PipelineRun } from '../../src/features/runs/pipelines/run-model.ts';
import { PROSPECT_PIPELINE } from '../../src/features/prospecting/superagent/prospect-pipeline.ts';
import { SAMPLE_OFFER } from '../../src/features/prospecting/offer/sample-offer.ts';
import { BENCH_ICP_ANALYSIS } from './icp.ts';

/** The `index`th run of batch `batchId`, its step records as `steps` gives them. */
export function benchRunRecord(
  workspaceId: string,
  batchId: string,
  runId: string,
  index: number,
  steps: PipelineRun['steps'],
): Pick<PipelineRun, 'runId' | 'workspaceId' | 'pipelineId' | 'pipelineVersion' | 'definition' | 'input' | 'status' | 'steps' | 'batchId'> {
  const definition = PROSPECT_PIPELINE;
  return {
    runId,
    workspaceId,
    pipelineId: definition.id,
    pipelineVersion: definition.version,
    definition,
    input: {
      prospectId: index + 1,
      website: `https://company-${index}.example`,
      icp: BENCH_ICP_ANALYSIS.icpSlices[0]?.criteria,
      offer: SAMPLE_OFFER,
    },
    status: 'running',
    steps,
    batchId,
  };
}
