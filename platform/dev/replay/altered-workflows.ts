// Test-only workflow code for replay.test.ts: today's workflows with one change (a timer before
// anything else) made the two ways a workflow can change. Without a patch it breaks every recorded
// learning cycle and batch, the batch still running included; behind patched() the recorded
// sequences keep their old path and replay. Bundled by the test, never by the worker.
import { patched, sleep } from '@temporalio/workflow';
import {
  learningCycle as todaysLearningCycle,
  prospectSequence as todaysProspectSequence,
  runBatch as todaysRunBatch,
  type LearningCycleInput,
  type ProspectSequenceInput,
  type RunBatchInput,
} from '@meetflow/workflows';

export * from '@meetflow/workflows';

/** Marks the sequences that wait a minute before anything else. */
export const WAIT_FIRST_PATCH = 'replay-check-wait-first';

/** Changed without a patch: a timer before the first activity, where every recorded cycle scheduled `gatherOutcomes`. */
export async function learningCycle(input: LearningCycleInput) {
  await sleep('1 minute');
  return todaysLearningCycle(input);
}

/** Changed without a patch too: a timer where every recorded batch execution scheduled its first activity. */
export async function runBatch(input: RunBatchInput) {
  await sleep('1 minute');
  return todaysRunBatch(input);
}

/** The same change behind a patch: a sequence recorded without the marker replays on the old path. */
export async function prospectSequence(input: ProspectSequenceInput) {
  if (patched(WAIT_FIRST_PATCH)) await sleep('1 minute');
  return todaysProspectSequence(input);
}
