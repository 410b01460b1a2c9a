import { describe, expect, it } from 'vitest';
import { parseReturnDate } from './return-date.ts';

// Friday 20 November 2026, afternoon in London.
const friday = '2026-11-20T14:05:00Z';

describe('parseReturnDate', () => {
  it.each([
    ['I am back on Monday the 30th.', '2026-11-30'],
    ['Out of office until Tuesday.', '2026-11-24'],
    ['Returning on 3 December.', '2026-12-03'],
    ['On leave from 23 Nov to 27 Nov.', '2026-11-28'],
    ['Away through Friday the 27th.', '2026-11-28'],
    ['Back in the office on 5 January.', '2027-01-05'],
    ['Out until 01/12/2026.', '2026-12-01'],
  ])('%s → %s', (text, expected) => {
    expect(parseReturnDate(text, friday)?.date).toBe(expected);
  });

  it("reads relative dates in the sender's own day (UTC offset of receivedAt)", () => {
    // 23:30 in New York is already Saturday in UTC; "tomorrow" is Saturday the 21st there.
    expect(parseReturnDate('Back tomorrow.', '2026-11-20T23:30:00-05:00')?.date).toBe('2026-11-21');
  });

  it('finds nothing in vague or time-only text', () => {
    expect(parseReturnDate('I will be back after the holidays.', friday)).toBeNull();
    expect(parseReturnDate('Available from 23 onwards.', friday)).toBeNull();
  });
});
