import { runActivity, testDeps } from '@meetflow/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import { engagementAnalysisPlugin } from './index.ts';
import { proposedTimes } from './proposed-times.ts';

const classify = (reply: { body: string; receivedAt: string; timeZone?: string }) =>
  runActivity(engagementAnalysisPlugin, 'classifyReply', reply, testDeps(engagementAnalysisPlugin, { config: {} }) as never);

// Thursday 26 November 2026, 09:00 UTC.
const THURSDAY = '2026-11-26T09:00:00Z';

describe('proposed meeting times', () => {
  it('reads "Monday at 13:15 works" as the coming Monday, 13:15 in the prospect’s zone', () => {
    expect(proposedTimes(['Monday at 13:15 works for me.'], THURSDAY, 'Europe/Berlin')).toEqual([
      { start: '2026-11-30T12:15:00Z', matched: 'Monday at 13:15', sentence: 0 },
    ]);
    expect(proposedTimes(['Monday at 13:15 works for me.'], THURSDAY, 'America/New_York')[0]?.start).toBe('2026-11-30T18:15:00Z');
  });

  it('falls back to the offset of the reply’s Date header without a known zone', () => {
    expect(proposedTimes(['How about Friday at 3pm?'], '2026-11-26T10:00:00+02:00')[0]?.start).toBe('2026-11-27T13:00:00Z');
  });

  it('keeps the wall-clock hour across a daylight-saving change', () => {
    // Europe/London leaves summer time on Sunday 25 October 2026.
    expect(proposedTimes(['Does Monday at 10am work?'], '2026-10-22T09:00:00Z', 'Europe/London')[0]?.start).toBe('2026-10-26T10:00:00Z');
  });

  // Sent on a Thursday morning, "Thursday 4pm" is that afternoon.
  it('finds up to three offered times, each once', () => {
    const times = proposedTimes(
      ['Tuesday at 10am or Wednesday at 2pm works, or Thursday 4pm?', 'Tuesday at 10am works too.'],
      THURSDAY,
      'UTC',
    );
    expect(times.map((time) => time.start)).toEqual(['2026-12-01T10:00:00Z', '2026-12-02T14:00:00Z', '2026-11-26T16:00:00Z']);
  });

  it('ignores a time without a day, a day without a time, a statement that offers nothing, and a time already past', () => {
    expect(proposedTimes(['3pm works for me.'], THURSDAY, 'UTC')).toEqual([]);
    expect(proposedTimes(['Monday works for me.'], THURSDAY, 'UTC')).toEqual([]);
    expect(proposedTimes(["I'm back Monday at 9."], THURSDAY, 'UTC')).toEqual([]);
    expect(proposedTimes(['Today at 8am works?'], THURSDAY, 'UTC')).toEqual([]);
  });

  it('takes an unknown zone as the Date header’s offset rather than failing', () => {
    expect(proposedTimes(['Monday at 13:15 works.'], THURSDAY, 'Mars/Olympus')[0]?.start).toBe('2026-11-30T13:15:00Z');
  });

  it('returns them with the classification of an interested reply, never with an unsubscribe', async () => {
    const interested = await classify({
      body: 'Sounds good. Monday at 13:15 works for me.',
      receivedAt: THURSDAY,
      timeZone: 'Europe/Berlin',
    });
    expect(interested.category).toBe('interested');
    expect(interested.proposedTimes).toEqual([{ start: '2026-11-30T12:15:00Z', matched: 'Monday at 13:15' }]);
    const unsubscribe = await classify({ body: 'Remove me from your list. Monday at 13:15 works for nothing.', receivedAt: THURSDAY });
    expect(unsubscribe.category).toBe('unsubscribe');
    expect(unsubscribe.proposedTimes).toEqual([]);
  });
});
