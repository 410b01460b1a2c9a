import { describe, expect, it } from 'vitest';
import { bounceText, checkResultText, failureText, formatRate, pausedText, repliesStatus, sendingToday, timeAgo } from './mailbox-view.ts';

describe('a mailbox as shown', () => {
  it("says today's sending, and that it is warming up while today's cap is below the daily cap", () => {
    expect(sendingToday({ sentToday: 12, capToday: 15, dailyCap: 30 })).toEqual({
      text: '12 / 15 sent today · warming up',
      warmingUp: true,
    });
    expect(sendingToday({ sentToday: 12, capToday: 30, dailyCap: 30 })).toEqual({ text: '12 / 30 sent today', warmingUp: false });
  });

  it('shows the bounce rate as a percent, or that nothing was sent yet', () => {
    expect(bounceText({ bounceRate: 0.04 })).toBe('4%');
    expect(bounceText({ bounceRate: 0.025 })).toBe('2.5%');
    expect(bounceText({ bounceRate: null })).toBe('no sends yet');
    expect(formatRate(0)).toBe('0%');
  });

  it('says why a mailbox is paused', () => {
    expect(pausedText({ pausedReason: '4 bounces in the last 100 sends (4%)' })).toBe('Paused: 4 bounces in the last 100 sends (4%).');
    expect(pausedText({ pausedReason: 'The server refused the login.' })).toBe('Paused: The server refused the login.');
    expect(pausedText({ pausedReason: null })).toMatch(/^Paused: sends nothing until/);
    expect(pausedText({ pausedReason: 'address not allowed' })).toBe(
      'Paused: Address not allowed: the host is a private or local address, which mailboxes may not use.',
    );
  });

  it("says why a connection failed: the API's reason and what to check; any other text as it is", () => {
    expect(failureText('authentication failed')).toBe(
      'Authentication failed: check the username and password (Google and Microsoft 365 need an app password)',
    );
    expect(failureText('TLS required')).toBe('TLS required: the server wants an encrypted connection; choose STARTTLS or SSL/TLS');
    expect(failureText('The password of ada@acme.example cannot be opened here: enter it again.')).toBe(
      'The password of ada@acme.example cannot be opened here: enter it again.',
    );
  });

  it('says how reading replies over IMAP goes', () => {
    const now = new Date('2025-03-12T10:00:00.000Z');
    const imap = { host: 'imap.acme.example', port: 993, tls: 'tls' as const };
    expect(repliesStatus({ imap: null, inbox: null }, now)).toEqual({ kind: 'off' });
    expect(repliesStatus({ imap, inbox: null }, now)).toEqual({ kind: 'unchecked' });
    expect(repliesStatus({ imap, inbox: { lastCheckAt: '2025-03-12T09:58:00.000Z', lastError: null, received: 3 } }, now)).toEqual({
      kind: 'read',
      text: 'Replies read over IMAP · last checked 2 minutes ago · 3 read',
    });
    expect(repliesStatus({ imap, inbox: { lastCheckAt: '2025-03-12T09:59:45.000Z', lastError: 'No answer', received: 0 } }, now)).toEqual({
      kind: 'failed',
      error: 'No answer',
      checked: 'last checked just now',
    });
  });

  it('says how long ago, in words', () => {
    const now = new Date('2025-03-12T10:00:00.000Z');
    expect(timeAgo('2025-03-12T10:00:20.000Z', now)).toBe('just now'); // a server clock a little ahead
    expect(timeAgo('2025-03-12T09:59:00.000Z', now)).toBe('1 minute ago');
    expect(timeAgo('2025-03-12T07:00:00.000Z', now)).toBe('3 hours ago');
    expect(timeAgo('2025-03-09T10:00:00.000Z', now)).toBe('3 days ago');
  });

  it('says what Check replies now found', () => {
    expect(checkResultText({ read: 0, replies: 0, bounces: 0, ignored: 0 })).toBe('No new replies');
    expect(checkResultText({ read: 3, replies: 2, bounces: 1, ignored: 0 })).toBe('3 new: 2 replies, 1 bounce');
    expect(checkResultText({ read: 4, replies: 1, bounces: 0, ignored: 3 })).toBe('4 new: 1 reply, 3 from no known prospect');
    expect(checkResultText({ read: 2, replies: 0, bounces: 0, ignored: 2 })).toBe('2 new messages, none from a prospect');
  });
});
