import { describe, expect, it } from 'vitest';
import { emailText } from './deliver.ts';
import { capOn, dayKey, domainOf, nextDayOpening, sendGapMs, windowOpening } from './guardrails.ts';

const WEEKDAYS = { days: [1, 2, 3, 4, 5], start: '08:00', end: '17:00' };

describe('the sending window', () => {
  it('answers the moment itself inside the window, else the next opening in the zone', () => {
    const inside = new Date('2026-11-25T10:30:00Z'); // Wednesday 11:30 in Berlin
    expect(windowOpening(inside, 'Europe/Berlin', WEEKDAYS)).toEqual(inside);
    // Wednesday 18:00 in New York (23:00 UTC): Thursday 08:00 there.
    expect(windowOpening(new Date('2026-11-25T23:00:00Z'), 'America/New_York', WEEKDAYS).toISOString()).toBe('2026-11-26T13:00:00.000Z');
    // Friday after hours → Monday 08:00; Saturday → Monday 08:00.
    expect(windowOpening(new Date('2026-11-27T17:00:00Z'), 'UTC', WEEKDAYS).toISOString()).toBe('2026-11-30T08:00:00.000Z');
    expect(windowOpening(new Date('2026-11-28T09:00:00Z'), 'UTC', WEEKDAYS).toISOString()).toBe('2026-11-30T08:00:00.000Z');
    // Before the start on an open day: that day's start.
    expect(windowOpening(new Date('2026-11-25T06:59:00Z'), 'UTC', WEEKDAYS).toISOString()).toBe('2026-11-25T08:00:00.000Z');
  });

  it('keeps local clock times across a daylight-saving change', () => {
    // Berlin moves to summer time on Sunday 29 March 2026: Monday 08:00 local is 06:00 UTC, not 07:00.
    expect(windowOpening(new Date('2026-03-28T12:00:00Z'), 'Europe/Berlin', WEEKDAYS).toISOString()).toBe('2026-03-30T06:00:00.000Z');
  });

  it('waits for the next open day when a cap is reached', () => {
    expect(nextDayOpening(new Date('2026-11-25T10:00:00Z'), 'UTC', WEEKDAYS).toISOString()).toBe('2026-11-26T08:00:00.000Z');
    expect(nextDayOpening(new Date('2026-11-27T10:00:00Z'), 'UTC', WEEKDAYS).toISOString()).toBe('2026-11-30T08:00:00.000Z');
  });
});

describe('the daily cap and its warm-up', () => {
  const added = new Date('2026-11-20T15:00:00Z');
  it('allows 5 on the day a mailbox is added, 2 more each day after, never above its cap', () => {
    const on = (iso: string, dailyCap = 30) => capOn(new Date(iso), { createdAt: added, dailyCap }, 'UTC');
    expect(on('2026-11-20T16:00:00Z')).toBe(5);
    expect(on('2026-11-21T08:00:00Z')).toBe(7);
    expect(on('2026-11-25T08:00:00Z')).toBe(15);
    expect(on('2027-01-01T08:00:00Z')).toBe(30);
    expect(on('2027-01-01T08:00:00Z', 12)).toBe(12);
  });

  it('counts days in the workspace zone', () => {
    expect(dayKey(new Date('2026-11-25T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-26');
    expect(dayKey(new Date('2026-11-25T23:30:00Z'), 'UTC')).toBe('2026-11-25');
  });
});

describe('the pieces of a send', () => {
  it('draws the gap between two sends within the configured minutes', () => {
    expect(sendGapMs({ min: 8, max: 15 }, () => 0)).toBe(8 * 60_000);
    expect(sendGapMs({ min: 8, max: 15 }, () => 0.999999)).toBeCloseTo(15 * 60_000, -2);
  });

  it('reads the company domain of an address', () => {
    expect(domainOf(' Ada@Mail.Acme.TEST ')).toBe('mail.acme.test');
  });

  it('adds the mailbox signature unless the body already signs off with it, and always the unsubscribe footer', () => {
    const url = 'https://meetflow.example/api/unsubscribe/t';
    expect(emailText('Hi Ada,\n\nA question.', 'Alex Morgan\nBrightline', url)).toBe(
      `Hi Ada,\n\nA question.\n\nAlex Morgan\nBrightline\n\n--\nNot interested? Unsubscribe with one click: ${url}\n`,
    );
    expect(emailText('Hi Ada,\n\nA question.\n\nCheers,\nAlex Morgan\nBrightline', 'Alex Morgan\nBrightline', url)).toBe(
      `Hi Ada,\n\nA question.\n\nCheers,\nAlex Morgan\nBrightline\n\n--\nNot interested? Unsubscribe with one click: ${url}\n`,
    );
  });
});
