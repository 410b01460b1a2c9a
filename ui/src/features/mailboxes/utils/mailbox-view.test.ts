import { describe, expect, it } from 'vitest';
import { bounceText, formatRate, pausedText, sendingToday } from './mailbox-view.ts';

describe('a mailbox as shown', () => {
  it("says today's sending, and that it is warming up while today's cap is below the daily cap", () => {
    expect(sendingToday({ sentToday: 12, capToday: 15, dailyCap: 30 })).toEqual({
      text: '12 / 15 sent today · warming up',
      warmingUp: true,
    });
    expect(sendingToday({ sentToday: 12, capToday: 30, dailyCap: 30 })).toEqual({ text: '12 / 30 sent today', warmingUp: false });
    expect(sendingToday({ dailyCap: 30 })).toBeNull();
  });

  it('shows the bounce rate as a percent, or nothing from an API that does not report it', () => {
    expect(bounceText({ bounceRate: 0.04 })).toBe('4%');
    expect(bounceText({ bounceRate: 0.025 })).toBe('2.5%');
    expect(bounceText({ bounceRate: null })).toBe('no sends yet');
    expect(bounceText({})).toBeNull();
    expect(formatRate(0)).toBe('0%');
  });

  it('says why a mailbox is paused', () => {
    expect(pausedText({ pausedReason: '4 bounces in the last 100 sends (4%)' })).toBe('Paused: 4 bounces in the last 100 sends (4%).');
    expect(pausedText({ pausedReason: 'The server refused the login.' })).toBe('Paused: The server refused the login.');
    expect(pausedText({ pausedReason: null })).toMatch(/^Paused: sends nothing until/);
  });
});
