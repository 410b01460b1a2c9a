import { describe, expect, it } from 'vitest';
import { runCountsText, versionsText } from './run-stats.ts';

const stats = (byStatus: Partial<Record<'pending' | 'running' | 'completed' | 'failed' | 'cancelled', number>>) => {
  const counts = { pending: 0, running: 0, completed: 0, failed: 0, cancelled: 0, ...byStatus };
  return { total: Object.values(counts).reduce((sum, count) => sum + count, 0), byStatus: counts, last: null };
};

describe('runCountsText', () => {
  it('names the total, then each status that has runs, live ones first', () => {
    expect(runCountsText(stats({ completed: 10, failed: 2, running: 1 }))).toBe('13 runs · 1 running · 10 completed · 2 failed');
    expect(runCountsText(stats({ failed: 1 }))).toBe('1 run · 1 failed');
  });

  it('says so before the first run', () => {
    expect(runCountsText(stats({}))).toBe('No runs yet');
  });
});

describe('versionsText', () => {
  it('agrees in number', () => {
    expect([versionsText(1), versionsText(3)]).toEqual(['1 version', '3 versions']);
  });
});
