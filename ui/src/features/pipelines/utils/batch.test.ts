import { describe, expect, it } from 'vitest';
import type { BatchDetail } from '../api/batches-api.ts';
import { batchIsLive, canControlBatches, paceText, runsText, timeText } from './batch.ts';

describe('batch texts', () => {
  it('says the pace, the time left while it runs and how long it took once it has ended', () => {
    expect([paceText(null), paceText(12.5), paceText(40), paceText(2862.9)]).toEqual([
      '—',
      '12.5 runs/min',
      '40 runs/min',
      '2,863 runs/min',
    ]);
    const startedAt = '2026-01-01T10:00:00Z';
    expect(timeText({ status: 'running', etaSeconds: null, startedAt, finishedAt: null })).toBe('Estimating…');
    expect(timeText({ status: 'running', etaSeconds: 185, startedAt, finishedAt: null })).toBe('About 3 min 05 s left');
    expect(timeText({ status: 'completed', etaSeconds: null, startedAt, finishedAt: '2026-01-01T10:02:03Z' })).toBe('Took 2 min 03 s');
  });

  it('lists the runs by status, what still goes first, and lets sales ops and up act', () => {
    expect(runsText({ pending: 3, running: 2, completed: 44, failed: 1, cancelled: 0 })).toBe(
      '2 running · 3 pending · 44 completed · 1 failed',
    );
    expect(runsText({ pending: 0, running: 0, completed: 0, failed: 0, cancelled: 0 })).toBe('No runs');
    expect([canControlBatches('owner'), canControlBatches('sales-ops'), canControlBatches('viewer'), canControlBatches(null)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('is read again while it runs, and for a moment after a cancel while steps under way end', () => {
    const now = Date.parse('2026-01-01T10:01:00Z');
    const batch = (status: BatchDetail['status'], secondsAgo: number | null, running: number) =>
      ({
        status,
        finishedAt: secondsAgo === null ? null : new Date(now - secondsAgo * 1_000).toISOString(),
        stages: [{ running }],
      }) as BatchDetail;
    expect(batchIsLive(batch('running', null, 0), now)).toBe(true);
    expect(batchIsLive(batch('cancelled', 2, 1), now)).toBe(true);
    expect(batchIsLive(batch('cancelled', 2, 0), now)).toBe(false);
    expect(batchIsLive(batch('cancelled', 30, 1), now)).toBe(false); // a step left running for good stops nothing
    expect(batchIsLive(batch('completed', 2, 1), now)).toBe(false);
    expect(batchIsLive(undefined, now)).toBe(false);
  });
});
