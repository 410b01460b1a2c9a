import { describe, expect, it } from 'vitest';
import type { SendingForecast } from '../api/forecast-api.ts';
import { forecastSentences, whenText } from './forecast-text.ts';

const forecast = (change: Partial<SendingForecast> = {}): SendingForecast => ({
  timeZone: 'UTC',
  mailboxes: 1,
  warmingUp: 1,
  sentToday: 2,
  capacityToday: 5,
  capacityFullDay: 7,
  waiting: 12,
  emails: 59,
  finish: { lastDay: '2026-12-21', days: 22 },
  withAnotherMailbox: { lastDay: '2026-12-14', days: 15 },
  days: [],
  ...change,
});

describe('the sending forecast in words', () => {
  it('says when the last new email goes out after those waiting, what the mailboxes send, and how to finish sooner', () => {
    expect(forecastSentences(forecast(), 'the 59 first emails')).toEqual({
      finish: 'The last of the 59 first emails after the 12 already waiting goes out on Dec 21, 2026 (in 22 days).',
      capacity: "1 active mailbox, 1 still warming up (its cap rises by 2 a day): 7 emails a sending day at today's caps, 5 more today.",
      faster: 'Connect another mailbox to finish on Dec 14, 2026 (in 15 days).',
    });
  });

  it('says nothing goes out without a mailbox, and nothing waits when nothing does', () => {
    const none = forecast({ mailboxes: 0, warmingUp: 0, capacityToday: 0, finish: { lastDay: null, days: null } });
    expect(forecastSentences(none, null)).toMatchObject({
      capacity: 'No active mailbox: nothing is sent until one is connected.',
      finish: 'The last of the 12 waiting emails would not go out until a mailbox is connected.',
      faster: 'Connect another mailbox to finish on Dec 14, 2026 (in 15 days).',
    });
    expect(forecastSentences(forecast({ waiting: 0 }), null)).toMatchObject({ finish: 'Nothing is waiting to be sent.', faster: null });
  });

  it('names the new emails whatever the case they are given in, when none would go out', () => {
    const none = forecast({ mailboxes: 0, warmingUp: 0, capacityToday: 0, waiting: 0, finish: { lastDay: null, days: null } });
    expect(forecastSentences(none, 'the 13 first emails').finish).toBe(
      'The 13 first emails would not go out until a mailbox is connected.',
    );
  });

  it('reads today and tomorrow as words', () => {
    expect(whenText({ lastDay: '2026-11-29', days: 0 })).toBe('today');
    expect(whenText({ lastDay: '2026-11-30', days: 1 })).toBe('tomorrow');
    expect(whenText({ lastDay: null, days: null })).toBe('not within a year');
  });
});
