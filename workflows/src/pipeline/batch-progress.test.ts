import { describe, expect, it } from 'vitest';
import { LIVE_FAILURES, withChunksUnderWay, withSlices, type BatchLiveProgress, type ChunkProgress } from './batch-progress.ts';

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

describe("a batch's answer with what its chunks under way told", () => {
  /** 60 runs over steps a (a chunk of 25 under way, its first run r0, another of 25 from r25 not begun) and b (its condition reads a). */
  const live: BatchLiveProgress = {
    total: 60,
    levels: 2,
    level: 0,
    nodes: { a: { completed: 10, running: 50 }, b: { skipped: 2 } },
    runs: { pending: 0, running: 60, completed: 0, failed: 0 },
    failures: [],
    conditions: { b: { met: 6, unmet: 2 } },
    chunks: [
      { nodeId: 'a', firstRunId: 'r0' },
      { nodeId: 'a', firstRunId: 'r25' },
    ],
  };
  const told = (firstRunId: string, completed: number, failed: number, met = 0): ChunkProgress => ({
    nodeId: 'a',
    firstRunId,
    done: completed + failed,
    completed,
    failed,
    conditions: { b: { met, unmet: completed - met } },
  });

  it("moves each chunk's completed and failed runs from running, fails the runs it failed, and counts the conditions it decided", () => {
    expect(withChunksUnderWay(live, [told('r0', 20, 3, 15)])).toMatchObject({
      nodes: { a: { completed: 30, running: 27, failed: 3 }, b: { skipped: 2 } },
      runs: { pending: 0, running: 57, completed: 0, failed: 3 },
      conditions: { b: { met: 21, unmet: 7 } },
    });
    expect(live.nodes.a).toEqual({ completed: 10, running: 50 }); // the answer itself is not changed
  });

  it('leaves out a chunk the answer no longer names (it returned: counted already), and the same chunk told twice', () => {
    expect(withChunksUnderWay(live, [told('r50', 25, 0), told('r0', 5, 0), told('r0', 5, 0)]).nodes.a).toEqual({
      completed: 15,
      running: 45,
      failed: 0,
    });
    // An answer from before chunks were named adds nothing.
    expect(withChunksUnderWay({ ...live, chunks: undefined }, [told('r0', 5, 0)]).nodes.a).toEqual({
      completed: 10,
      running: 50,
    });
  });

  it('never counts more runs moved than the answer has running', () => {
    const answer = withChunksUnderWay({ ...live, nodes: { a: { running: 4 } } }, [told('r0', 3, 3)]);
    expect(answer.nodes.a).toEqual({ running: 0, completed: 3, failed: 1 });
    expect(answer.runs).toMatchObject({ running: 59, failed: 1 });
  });
});
