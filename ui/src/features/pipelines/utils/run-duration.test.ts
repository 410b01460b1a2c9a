import { describe, expect, it } from 'vitest';
import { runDuration } from './run-duration.ts';

describe('runDuration', () => {
  const now = new Date('2026-03-01T10:00:30Z');
  it("is the run's start to its end once it has ended", () => {
    expect(runDuration({ status: 'completed', startedAt: '2026-03-01T10:00:00Z', endedAt: '2026-03-01T10:00:12Z' }, now)).toBe(
      runDuration({ status: 'failed', startedAt: '2026-03-01T09:00:00Z', endedAt: '2026-03-01T09:00:12Z' }, now),
    );
  });
  it('runs on to now while the run is under way, and is unknown before it starts', () => {
    expect(runDuration({ status: 'running', startedAt: '2026-03-01T10:00:00Z' }, now)).toBe(
      runDuration({ status: 'completed', startedAt: '2026-03-01T10:00:00Z', endedAt: '2026-03-01T10:00:30Z' }, now),
    );
    expect(runDuration({ status: 'pending' }, now)).toBeUndefined();
    expect(runDuration({ status: 'cancelled', endedAt: '2026-03-01T10:00:00Z' }, now)).toBeUndefined();
  });
});
