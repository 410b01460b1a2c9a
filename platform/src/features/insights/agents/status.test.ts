import { describe, expect, it } from 'vitest';
import { agentActivityText, agentPerformance, agentStatus } from './status.ts';

const now = new Date('2026-11-22T12:00:00Z');
const at = (iso: string) => new Date(iso);

describe('agentStatus', () => {
  it('is analyzing (or learning, for the learning engine) while an execution is in flight', () => {
    const busy = {
      pluginId: 'x',
      succeeded: 0,
      failed: 0,
      inFlight: [{ key: 'k', activity: 'x.y', startedAt: at('2026-11-22T11:59:00Z'), expiresAt: at('2026-11-22T12:04:00Z') }],
    };
    expect(agentStatus('lead-scoring', busy, now)).toBe('analyzing');
    expect(agentStatus('learning-engine', busy, now)).toBe('learning');
  });

  it('ignores an execution whose worker died (past its timeout), then reads recency', () => {
    const stale = {
      pluginId: 'x',
      succeeded: 3,
      failed: 0,
      lastFinishedAt: at('2026-11-22T09:00:00Z'),
      inFlight: [{ key: 'k', activity: 'x.y', startedAt: at('2026-11-22T08:00:00Z'), expiresAt: at('2026-11-22T08:05:00Z') }],
    };
    expect(agentStatus('research', stale, now)).toBe('active');
    expect(agentStatus('research', { ...stale, lastFinishedAt: at('2026-11-20T09:00:00Z') }, now)).toBe('idle');
    expect(agentStatus('research', undefined, now)).toBe('idle');
  });
});

describe('agentActivityText', () => {
  it('says what runs now, else when the agent last worked, else that it has not run', () => {
    const running = (activity: string, expiresAt: string) => ({
      key: activity,
      activity,
      startedAt: at('2026-11-22T11:59:00Z'),
      expiresAt: at(expiresAt),
    });
    const busy = {
      pluginId: 'research',
      succeeded: 4,
      failed: 1,
      lastFinishedAt: at('2026-11-22T09:00:00Z'),
      inFlight: [
        running('research.researchCompany', '2026-11-22T12:04:00Z'),
        running('research.researchCompany', '2026-11-22T12:05:00Z'),
        running('research.fetchPage', '2026-11-22T11:00:00Z'),
      ],
    };
    expect(agentActivityText(busy, now)).toBe('Running researchCompany (2 in progress)');
    expect(agentActivityText({ ...busy, inFlight: [] }, now)).toBe('Last finished work 3 hours ago; 5 runs, 1 failed');
    expect(agentActivityText({ ...busy, inFlight: [], succeeded: 1, failed: 0, lastFinishedAt: at('2026-11-22T11:59:30Z') }, now)).toBe(
      'Last finished work a minute ago; 1 run, 0 failed',
    );
    expect(agentActivityText(undefined, now)).toBe('Has not run yet');
  });
});

describe('agentPerformance', () => {
  it('is null with no executions, and the success share otherwise', () => {
    expect(agentPerformance('research', undefined)).toEqual({ accuracy: null, precision: null, engagement: null, success: null });
    expect(agentPerformance('research', { pluginId: 'research', inFlight: [], succeeded: 2, failed: 1 }).success).toBe(66.7);
  });

  it('reads outreach engagement and the meeting show-up rate from the outcome totals', () => {
    const totals = { sends: 40, replies: 9, meetingsAttended: 7, noShows: 1 };
    expect(agentPerformance('outreach', undefined, totals)).toMatchObject({ engagement: 22.5, success: null });
    expect(
      agentPerformance('meeting-booking', { pluginId: 'meeting-booking', inFlight: [], succeeded: 5, failed: 5 }, totals).success,
    ).toBe(87.5);
    expect(agentPerformance('meeting-booking', undefined, { ...totals, meetingsAttended: 0, noShows: 0 }).success).toBeNull();
    expect(agentPerformance('outreach', undefined, { ...totals, sends: 0 }).engagement).toBeNull();
  });
});
