import { describe, expect, it } from 'vitest';
import { batchPace } from './batch-pace.ts';

const counts = (completed: number, failed = 0, skipped = 0, total = 100) => ({
  pending: total - completed - failed - skipped,
  running: 0,
  completed,
  failed,
  skipped,
});
const startedAt = new Date('2026-01-01T10:00:00Z');
const after = (seconds: number) => new Date(startedAt.getTime() + seconds * 1000);

describe('batchPace', () => {
  it('counts a run in part as each of its steps settles, so the pace holds from the first stage on', () => {
    // Two stages of 100 runs: the first done, the second a quarter done, in 5 minutes.
    const nodes = { research: counts(90, 5, 5), score: counts(20, 0, 5) };
    expect(batchPace({ total: 100, nodes, startedAt, until: after(300), running: true })).toEqual({
      runsPerMinute: 12.5, // 125 of 200 steps = 62.5 runs in 5 minutes
      etaSeconds: 180, // 75 steps left at 125 per 300 s
    });
  });

  it('has no pace before a step has settled, and no time left once the batch has ended', () => {
    expect(batchPace({ total: 10, nodes: { a: counts(0, 0, 0, 10) }, startedAt, until: after(30), running: true })).toEqual({
      runsPerMinute: null,
      etaSeconds: null,
    });
    expect(batchPace({ total: 10, nodes: { a: counts(10, 0, 0, 10) }, startedAt, until: after(60), running: false })).toEqual({
      runsPerMinute: 10,
      etaSeconds: null,
    });
    // Cancelled after 4 of 10 ran: the 6 skipped by the cancel did not run.
    const cancelled = { a: counts(4, 0, 6, 10) };
    expect(batchPace({ total: 10, nodes: cancelled, startedAt, until: after(60), running: false, cancelled: true })).toEqual({
      runsPerMinute: 4,
      etaSeconds: null,
    });
  });
});
