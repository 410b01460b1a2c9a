// Upgrades never break work in flight (#18): every committed history in histories/ (index.json) is
// replayed on today's workflow code. A failure names the fixture and Temporal's error: the change
// needs patched()/deprecatePatch() or a new workflow type (README, "Changing a workflow").
import { fileURLToPath } from 'node:url';
import * as workflows from '@meetflow/workflows';
import { bundleWorkflowCode, DefaultLogger, Worker } from '@temporalio/worker';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { quietTemporalRuntime } from '../testing/quiet-temporal.ts';
import { historyFiles, readHistory, readIndex, workflowIdOf, workflowTypeOf, type HistoryFixture } from './fixtures.ts';

quietTemporalRuntime(); // the altered code below fails replays on purpose: core would print each one

const fixtures = readIndex();
const HOW_TO_FIX =
  'this change breaks workflows already running: put it behind patched() (README, "Changing a workflow") or make it a new workflow type';

type Bundle = { codePath: string } | { code: string };

/** Replays the fixtures on `workflowBundle` with one replay worker; per file, null or the error as `<class>: <message>`. */
async function replay(workflowBundle: Bundle, list: HistoryFixture[] = fixtures): Promise<Map<string, string | null>> {
  const histories = list.map((fixture) => {
    const history = readHistory(fixture.file);
    return { workflowId: workflowIdOf(history, fixture.file), history };
  });
  const outcomes = new Map<string, string | null>();
  let index = 0;
  // One history at a time, results in the order given.
  for await (const result of Worker.runReplayHistories({ workflowBundle }, histories)) {
    outcomes.set(list[index++]!.file, result.error ? `${result.error.name}: ${result.error.message}` : null);
  }
  return outcomes;
}

describe('the committed workflow histories', () => {
  it('are all in the index, each of the workflow type it says, and every workflow type has one', () => {
    expect(fixtures.map((fixture) => fixture.file).sort()).toEqual(historyFiles());
    for (const fixture of fixtures) expect(workflowTypeOf(readHistory(fixture.file)), fixture.file).toBe(fixture.workflowType);
    const types = Object.entries(workflows)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name);
    expect(types.length).toBeGreaterThanOrEqual(7);
    // A new workflow type gets recorded cases too (record-histories.ts).
    expect(types.filter((type) => !fixtures.some((fixture) => fixture.workflowType === type))).toEqual([]);
  });
});

describe("every committed history replays on today's workflow code", () => {
  let outcomes: Map<string, string | null>;
  beforeAll(async () => {
    outcomes = await replay({ codePath: inject('workflowBundlePath') });
  });

  it.each(fixtures)('$file ($workflowType, $status)', ({ file }) => {
    expect(outcomes.get(file), `${file}: ${HOW_TO_FIX}`).toBeNull();
  });
});

describe('the replay check fails on a change that breaks replay, and passes it behind a patch', () => {
  let outcomes: Map<string, string | null>;
  beforeAll(async () => {
    // Today's workflows with learningCycle and runBatch changed without a patch, prospectSequence behind one.
    const { code } = await bundleWorkflowCode({
      workflowsPath: fileURLToPath(new URL('./altered-workflows.ts', import.meta.url)),
      logger: new DefaultLogger('WARN'),
    });
    outcomes = await replay({ code });
  }, 120_000);

  it('fails every recorded learning cycle and batch, the batch still running too, with a DeterminismViolationError', () => {
    const changed = fixtures.filter((fixture) => ['learningCycle', 'runBatch'].includes(fixture.workflowType));
    expect(changed.filter((fixture) => fixture.workflowType === 'learningCycle').length).toBeGreaterThan(0);
    expect(changed.some((fixture) => fixture.workflowType === 'runBatch' && fixture.status === 'running')).toBe(true);
    const failed = [...outcomes].filter(([, error]) => error !== null);
    expect(failed.map(([file]) => file)).toEqual(changed.map((fixture) => fixture.file));
    for (const [, error] of failed)
      // Core says which recorded event the new code's first command (a timer) does not match: an activity's, or a batch's first slice.
      expect(error).toMatch(
        /^DeterminismViolationError: .*Nondeterminism error.*(ActivityTaskScheduled|StartChildWorkflowExecutionInitiated)/s,
      );
  });

  it('replays every recorded sequence on its old path when the change is behind patched()', () => {
    const sequences = fixtures.filter((fixture) => fixture.workflowType === 'prospectSequence');
    expect(sequences.length).toBeGreaterThan(0);
    for (const { file } of sequences) expect(outcomes.get(file), file).toBeNull();
  });
});
