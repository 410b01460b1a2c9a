import { describe, expect, it } from 'vitest';
import { sampleProgress, timeAgo, timeUntil } from './queue.ts';

describe('the learning queue', () => {
  it('fills the sample bar by scored leads against the minimum, capped at 100%', () => {
    expect(sampleProgress({ pendingScoredLeads: 0, minSampleSize: 100 })).toBe(0);
    expect(sampleProgress({ pendingScoredLeads: 47, minSampleSize: 100 })).toBe(47);
    expect(sampleProgress({ pendingScoredLeads: 2, minSampleSize: 3 })).toBe(66);
    expect(sampleProgress({ pendingScoredLeads: 250, minSampleSize: 100 })).toBe(100);
  });

  it('says how far the next cycle and the last activity are', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(timeUntil('2026-11-30T06:00:00Z', now)).toBe('in 6 days');
    expect(timeUntil('2026-11-24T15:00:00Z', now)).toBe('in 5 hours');
    expect(timeUntil('2026-11-24T10:01:00Z', now)).toBe('in 1 minute');
    expect(timeUntil('2026-11-24T09:00:00Z', now)).toBe('now');
    expect(timeAgo('2026-11-24T09:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-11-22T10:00:00Z', now)).toBe('2 days ago');
    expect(timeAgo('2026-11-24T10:00:00Z', now)).toBe('just now');
  });
});
