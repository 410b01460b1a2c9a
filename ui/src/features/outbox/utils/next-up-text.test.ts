import { describe, expect, it } from 'vitest';
import { nextUpWhat, nextUpWhen } from './next-up-text.ts';

describe('what comes up next, in words', () => {
  const monday = new Date(2026, 10, 23, 9, 0);

  it('says when: due now, or the moment', () => {
    expect(nextUpWhen({ at: null }, monday)).toBe('Due now');
    expect(nextUpWhen({ at: new Date(2026, 10, 24, 8, 0).toISOString() }, monday)).toBe('Tue 8:00 AM');
    expect(nextUpWhen({ at: new Date(2026, 11, 18, 8, 0).toISOString() }, monday)).toBe('Dec 18, 8:00 AM');
  });

  it('says what happens then, by stage and mode, and why it waits', () => {
    const step = { stage: 'write' as const, reason: 'waiting for its day in the cadence, counted from email 1' };
    expect(nextUpWhat(step, 'review')).toBe(
      'Written then; it waits for your review here. Waiting for its day in the cadence, counted from email 1.',
    );
    expect(nextUpWhat(step, 'autonomous')).toBe(
      'Written then, and sent within the sending guardrails. Waiting for its day in the cadence, counted from email 1.',
    );
    expect(nextUpWhat(step, undefined)).toBe('Written then. Waiting for its day in the cadence, counted from email 1.');
    expect(nextUpWhat({ stage: 'send', reason: 'daily cap reached on riley@lumen.example' }, 'review')).toBe(
      'Ready to send. Daily cap reached on riley@lumen.example.',
    );
    expect(nextUpWhat({ stage: 'send', reason: 'Outside the sending window.' }, 'review')).toBe(
      'Ready to send. Outside the sending window.',
    );
  });
});
