import { describe, expect, it } from 'vitest';
import { LIVE_FAILURES, withSlices, type BatchLiveProgress } from './batch-progress.ts';

/** A sliced batch of 10 runs over two steps: slice 1 (4 runs) finished, slice 2 (4) under way, slice 3 (2) to come. */
const batch: BatchLiveProgress = {
  total: 10,
  levels: 2,
  level: 0,
  nodes: { a: { completed: 4, pending: 2 }, b: { completed: 3, failed: 1, pending: 2 } },
  runs: { pending: 2, running: 0, completed: 3, failed: 1 },
  failures: [{ runId: 'r1', error: 'step "b" failed: no' }],
  conditions: { b: { met: 3, unmet: 1 } },
  slices: { running: [{ workflowId: 'batch-slice-2', total: 4 }] },
};

const underWay: BatchLiveProgress = {
  total: 4,
  levels: 2,
  level: 1,
  nodes: { a: { completed: 4 }, b: { running: 2, failed: 1, pending: 1 } },
  runs: { pending: 0, running: 3, completed: 0, failed: 1 },
  failures: [{ runId: 'r6', error: 'step "b" failed: late' }],
  conditions: { b: { met: 2, unmet: 2 } },
};

describe("a sliced batch's answer with its running slice's", () => {
  it('adds the counts up, keeps failures in order and takes the level of the slice under way', () => {
    expect(withSlices(batch, [underWay])).toEqual({
      total: 10,
      levels: 2,
      level: 0,
      nodes: { a: { completed: 8, pending: 2 }, b: { completed: 3, failed: 2, running: 2, pending: 3 } },
      runs: { pending: 2, running: 3, completed: 3, failed: 2 },
      failures: [
        { runId: 'r1', error: 'step "b" failed: no' },
        { runId: 'r6', error: 'step "b" failed: late' },
      ],
      conditions: { b: { met: 5, unmet: 3 } },
    });
    // With no slice to come, the level is the running slice's.
    const lastSlice = { ...batch, level: 2, runs: { ...batch.runs, pending: 0 } };
    expect(withSlices(lastSlice, [underWay]).level).toBe(1);
  });

  it('counts the runs of a slice that cannot answer yet as pending, at every step', () => {
    const answer = withSlices(batch, [null]);
    expect(answer.runs).toEqual({ pending: 6, running: 0, completed: 3, failed: 1 });
    expect(answer.nodes).toEqual({ a: { completed: 4, pending: 6 }, b: { completed: 3, failed: 1, pending: 6 } });
    expect(answer.level).toBe(0);
    expect(answer.conditions).toEqual({ b: { met: 3, unmet: 1 } });
    expect(batch.nodes.a).toEqual({ completed: 4, pending: 2 }); // the batch's own answer is not changed
  });

  it('lists at most the first failures the batch lists', () => {
    const many = (prefix: string) => Array.from({ length: 40 }, (_, index) => ({ runId: `${prefix}${index}`, error: 'x' }));
    const answer = withSlices({ ...batch, failures: many('first') }, [{ ...underWay, failures: many('later') }]);
    expect(answer.failures).toHaveLength(LIVE_FAILURES);
    expect(answer.failures.at(-1)!.runId).toBe(`later${LIVE_FAILURES - 41}`);
  });
});
