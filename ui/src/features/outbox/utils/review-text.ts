import { formatDate, formatNumber, formatSoon } from '../../../utils/format.ts';
import type { OutboxItem } from '../api/outbox-api.ts';

/** Each outbox status as the screens name it, with its badge's style (the prospect panel's too). */
export const STATUS_BADGES: Record<OutboxItem['status'], { label: string; className: string }> = {
  pending_review: { label: 'Pending review', className: 'badge-warning' },
  queued: { label: 'Queued', className: 'badge-info' },
  sending: { label: 'Sending', className: 'badge-info' },
  sent: { label: 'Sent', className: 'badge-success' },
  failed: { label: 'Failed', className: 'badge-error' },
  suppressed: { label: 'Suppressed', className: 'badge-ghost' },
  rejected: { label: 'Rejected', className: 'badge-ghost' },
};

/** An email's status badge; a status this screen does not know is shown as the API names it. */
export const statusBadge = (status: string) =>
  (STATUS_BADGES as Partial<Record<string, { label: string; className: string }>>)[status] ?? { label: status, className: 'badge-ghost' };

/** Who the email is to, e.g. "Ada Lane"; the prospect may have been deleted since. */
export const prospectName = (item: Pick<OutboxItem, 'prospect'>): string =>
  item.prospect ? `${item.prospect.firstName} ${item.prospect.lastName}`.trim() : 'Deleted prospect';

/** "CTO at Acme", or just the company when the title is unknown. */
export function prospectRole(prospect: NonNullable<OutboxItem['prospect']>): string {
  return prospect.jobTitle ? `${prospect.jobTitle} at ${prospect.company}` : prospect.company;
}

/** The email's place in its sequence, e.g. "Email 1 of the sequence". */
export const stepLabel = (step: number): string =>
  step === MEETING_PROPOSAL_STEP
    ? 'Meeting slots offered after an interested reply'
    : step >= FIRST_ONE_OFF_STEP
      ? 'Sent from the Inbox (an answer or a meeting invitation)'
      : `Email ${step} of the sequence`;

/** The outbox step of the email offering meeting slots after an interested reply (workflows' PROPOSAL_STEP). */
export const MEETING_PROPOSAL_STEP = 100;
/** The first outbox step of the emails sent from the Inbox (the platform's FIRST_ONE_OFF_STEP). */
export const FIRST_ONE_OFF_STEP = 200;

/** The API's wait reasons that read better in other words; any other code is shown with its separators as spaces. */
const WAIT_REASONS: Record<string, string> = {
  daily_cap: 'daily cap reached',
  daily_cap_reached: 'daily cap reached',
  outside_window: 'outside the sending window',
  sending_window: 'outside the sending window',
  no_mailbox: 'no mailbox connected',
};

/** A wait reason in words: a code such as `daily_cap` becomes "daily cap reached"; a sentence stays as it is. */
export function waitReasonText(reason: string): string {
  const trimmed = reason.trim();
  if (!/^[a-z0-9]+(?:[_-][a-z0-9]+)*$/i.test(trimmed)) return trimmed;
  return WAIT_REASONS[trimmed.toLowerCase().replaceAll('-', '_')] ?? trimmed.toLowerCase().replace(/[_-]+/g, ' ');
}

/** When a window opens, in the reader's time: "Tue 8:00 AM" within the coming week, else "Mar 18, 8:00 AM". */
export function windowTime(value: string, now: Date = new Date()): string {
  return formatSoon(value, now);
}

/** Why a queued email has not gone out, e.g. "Waiting: daily cap reached — next window Tue 8:00 AM"; null for other statuses. */
export function waitLine(item: Pick<OutboxItem, 'status' | 'waitReason' | 'waitingUntil'>, now?: Date): string | null {
  if (item.status === 'sending') return 'Sending now';
  if (item.status !== 'queued') return null;
  const next = item.waitingUntil ? `next window ${windowTime(item.waitingUntil, now)}` : null;
  if (item.waitReason) {
    const reason = waitReasonText(item.waitReason);
    // The API's own sentences may start with "waiting …" already: not "Waiting: waiting …".
    const said = /^waiting\b/i.test(reason) ? `${reason.charAt(0).toUpperCase()}${reason.slice(1)}` : `Waiting: ${reason}`;
    return `${said}${next ? ` — ${next}` : ''}`;
  }
  return next ? `Queued — ${next}` : 'Queued — goes out in the next sending window';
}

/** When and from which mailbox a sent email went, e.g. "Sent 12 Mar 2025, 14:03 from dana@acme.com". */
export function sentLine(item: Pick<OutboxItem, 'status' | 'sentAt' | 'mailbox'>): string | null {
  if (item.status !== 'sent') return null;
  return `Sent ${formatDate(item.sentAt, { time: true })}${item.mailbox ? ` from ${item.mailbox.fromAddress}` : ''}`;
}

/** Why a failed or suppressed email was not sent. */
export function failureLine(item: Pick<OutboxItem, 'status' | 'error'>): string | null {
  if (item.status === 'failed') return `Failed: ${item.error ?? 'the mailbox gave no reason'}`;
  if (item.status === 'suppressed') return `Not sent: ${item.error ?? 'the address is on the suppression list'}`;
  return null;
}

/**
 * The reviewer as people know them: the API records who by principal id (`user:<id>` or
 * `token:<id>`): "you", a member's name, "an API token", or "a former member" once they left;
 * "a member" while the members are not known. Anything else is shown as the API gives it.
 */
export function reviewerName(
  reviewedBy: string,
  members: ReadonlyArray<{ userId: string; name: string }> | undefined,
  myUserId: string | null,
): string {
  const colon = reviewedBy.indexOf(':');
  const [kind, id] = colon < 0 ? ['', reviewedBy] : [reviewedBy.slice(0, colon), reviewedBy.slice(colon + 1)];
  if (kind === 'token') return 'an API token';
  if (kind !== 'user') return reviewedBy;
  if (id === myUserId) return 'you';
  const member = members?.find((candidate) => candidate.userId === id);
  if (member) return member.name;
  return members ? 'a former member' : 'a member';
}

/**
 * Who approved or rejected the email, and when, e.g. "Approved by Dana Reyes, 12 Mar 2025, 14:03";
 * null before a review. `reviewer` is the reviewer's name (reviewerName), else the API's record.
 */
export function reviewLine(
  item: Pick<OutboxItem, 'status' | 'reviewedBy' | 'reviewedAt'>,
  reviewer: string | null = item.reviewedBy,
): string | null {
  if (item.status === 'pending_review' || (item.reviewedAt === null && item.reviewedBy === null)) return null;
  const by = reviewer ? ` by ${reviewer}` : '';
  const when = item.reviewedAt ? `, ${formatDate(item.reviewedAt, { time: true })}` : '';
  return `${item.status === 'rejected' ? 'Rejected' : 'Approved'}${by}${when}`;
}

/** "1 email", "12 emails". */
export const emailCount = (count: number): string => `${formatNumber(count)} email${count === 1 ? '' : 's'}`;
