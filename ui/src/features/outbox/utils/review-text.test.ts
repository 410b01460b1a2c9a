import { describe, expect, it } from 'vitest';
import {
  failureLine,
  prospectName,
  prospectRole,
  reviewerName,
  reviewLine,
  sentLine,
  statusBadge,
  stepLabel,
  waitLine,
  waitReasonText,
} from './review-text.ts';

// Local times, so the expectations hold in any time zone.
const monday = new Date(2025, 2, 10, 15, 0);
const tuesdayMorning = new Date(2025, 2, 11, 8, 0).toISOString();

describe('an email in words', () => {
  it('names the prospect, or says they are gone', () => {
    const prospect = { firstName: 'Ada', lastName: 'Lane', company: 'Acme', jobTitle: 'CTO', email: 'ada@acme.test' };
    expect(prospectName({ prospect })).toBe('Ada Lane');
    expect(prospectName({ prospect: null })).toBe('Deleted prospect');
    expect(prospectRole(prospect)).toBe('CTO at Acme');
    expect(prospectRole({ ...prospect, jobTitle: null })).toBe('Acme');
  });

  it('says why a queued email waits and when its next window opens', () => {
    expect(waitLine({ status: 'queued', waitReason: 'daily_cap', waitingUntil: tuesdayMorning }, monday)).toBe(
      'Waiting: daily cap reached — next window Tue 8:00 AM',
    );
    expect(waitLine({ status: 'queued', waitReason: 'Mailbox paused by an admin', waitingUntil: null }, monday)).toBe(
      'Waiting: Mailbox paused by an admin',
    );
    expect(
      waitLine({ status: 'queued', waitReason: 'waiting its turn: dana@acme.test leaves 8–15 min between sends', waitingUntil: null }),
    ).toBe('Waiting its turn: dana@acme.test leaves 8–15 min between sends');
    expect(waitLine({ status: 'queued', waitReason: null, waitingUntil: tuesdayMorning }, monday)).toBe('Queued — next window Tue 8:00 AM');
    expect(waitLine({ status: 'queued', waitReason: null, waitingUntil: null })).toBe('Queued — goes out in the next sending window');
    expect(waitLine({ status: 'sent', waitReason: 'daily_cap', waitingUntil: null })).toBeNull();
  });

  it('gives a later window its date', () => {
    const nextMonth = new Date(2025, 3, 18, 8, 0).toISOString();
    expect(waitLine({ status: 'queued', waitReason: 'outside-window', waitingUntil: nextMonth }, monday)).toBe(
      'Waiting: outside the sending window — next window Apr 18, 8:00 AM',
    );
  });

  it('turns unknown reason codes into words', () => {
    expect(waitReasonText('mailbox_warming_up')).toBe('mailbox warming up');
    expect(waitReasonText('DAILY_CAP')).toBe('daily cap reached');
  });

  it('says where a sent email went, why one failed, and who reviewed it', () => {
    expect(sentLine({ status: 'sent', sentAt: new Date(2025, 2, 11, 8, 4).toISOString(), mailbox: null })).toMatch(/^Sent .*2025/);
    expect(sentLine({ status: 'sent', sentAt: null, mailbox: { id: 'm1', fromAddress: 'dana@acme.test' } })).toBe(
      'Sent — from dana@acme.test',
    );
    expect(failureLine({ status: 'failed', error: '550 mailbox unavailable' })).toBe('Failed: 550 mailbox unavailable');
    expect(failureLine({ status: 'queued', error: null })).toBeNull();
    expect(reviewLine({ status: 'rejected', reviewedBy: 'Dana Reyes', reviewedAt: null })).toBe('Rejected by Dana Reyes');
    expect(reviewLine({ status: 'queued', reviewedBy: null, reviewedAt: null })).toBeNull();
    expect(reviewLine({ status: 'pending_review', reviewedBy: 'Dana', reviewedAt: null })).toBeNull();
    expect(reviewLine({ status: 'rejected', reviewedBy: 'user:abc', reviewedAt: null }, 'you')).toBe('Rejected by you');
  });

  it('names the reviewer rather than their principal id', () => {
    const members = [{ userId: 'a1', name: 'Dana Reyes' }];
    expect(reviewerName('user:a1', members, 'b2')).toBe('Dana Reyes');
    expect(reviewerName('user:b2', members, 'b2')).toBe('you');
    expect(reviewerName('user:c3', members, 'b2')).toBe('a former member');
    expect(reviewerName('user:c3', undefined, 'b2')).toBe('a member');
    expect(reviewerName('token:f00d', members, 'b2')).toBe('an API token');
    expect(reviewerName('system', members, 'b2')).toBe('system');
  });

  it('badges statuses it knows, and shows others as named', () => {
    expect(statusBadge('failed')).toEqual({ label: 'Failed', className: 'badge-error' });
    expect(statusBadge('bounced')).toEqual({ label: 'bounced', className: 'badge-ghost' });
  });
});

describe('stepLabel', () => {
  it('names a cadence step, the meeting slots offered, and what was sent from the Inbox', () => {
    expect(stepLabel(2)).toBe('Email 2 of the sequence');
    expect(stepLabel(100)).toBe('Meeting slots offered after an interested reply');
    expect(stepLabel(200)).toBe('Sent from the Inbox (an answer or a meeting invitation)');
    expect(stepLabel(203)).toBe('Sent from the Inbox (an answer or a meeting invitation)');
  });
});
