import { roleAtLeast, type Role } from '../../auth/index.ts';
import type { InboxCheckResult, Mailbox, MailFailureReason, TlsMode } from '../api/mailboxes-api.ts';

/** True when `role` may add, change, test and remove mailboxes (admins and owners, as the API checks). */
export const canManageMailboxes = (role: Role | null): role is Role => role !== null && roleAtLeast(role, 'admin');

/** True when `role` may Check replies now (sales ops and up, as the API checks). */
export const canCheckReplies = (role: Role | null): role is Role => role !== null && roleAtLeast(role, 'sales-ops');

/** Where an email provider posts replies when Meetflow does not read them over IMAP (platform/src/features/email/inbound/routes.ts). */
export const INBOUND_WEBHOOK_PATH = '/api/inbound/email';

/** Each TLS mode as a person choosing it reads it. */
export const TLS_LABELS: Record<TlsMode, string> = {
  tls: 'SSL/TLS',
  starttls: 'STARTTLS',
  none: 'No encryption',
};

/**
 * The guardrails every send passes (platform/src/features/email/sending/guardrails.ts and the workspace's
 * `sending` config defaults), as the empty state and the cap's hint tell them.
 */
export const SENDING_GUARD = {
  warmUpStart: 5,
  warmUpStep: 2,
  window: 'Monday to Friday, 08:00–17:00',
  gapMinutes: '8–15',
} as const;

/** What to look at for each reason a connection failed. */
const FAILURE_HINTS: Record<MailFailureReason, string> = {
  'authentication failed': 'check the username and password (Google and Microsoft 365 need an app password)',
  'connection refused': 'nothing answers at that host and port; check the port',
  'TLS required': 'the server wants an encrypted connection; choose STARTTLS or SSL/TLS',
  'TLS failed': 'no encrypted connection could be made; check the TLS mode for this port',
  'timed out': 'no answer in time; check the host, the port and the TLS mode',
  'address not allowed': 'the host is a private or local address, which mailboxes may not use',
  'host not found': 'no such host; check its spelling',
  'connection failed': 'check the host, the port and the TLS mode',
};

/**
 * Why a connection failed, as a sentence: "Authentication failed: check the username and password
 * (…)" for one of the API's reasons; any other text (why a password cannot be used) as it is.
 */
export function failureText(error: string): string {
  const hint = FAILURE_HINTS[error as MailFailureReason] as string | undefined;
  return hint ? `${error.charAt(0).toUpperCase()}${error.slice(1)}: ${hint}` : error;
}

/** "4%", "2.5%": a 0–1 fraction with at most one decimal. */
export function formatRate(fraction: number): string {
  return `${Number((fraction * 100).toFixed(1))}%`;
}

/**
 * Why the mailbox sends nothing, for the paused notice, as a sentence: the API's reason (too many
 * bounces, a refused login with what to check), or that someone paused it.
 */
export function pausedText(mailbox: Pick<Mailbox, 'pausedReason'>): string {
  const given = mailbox.pausedReason?.trim();
  if (!given) return 'Paused: sends nothing until someone resumes it.';
  const reason = failureText(given);
  return `Paused: ${reason}${/[.!?]$/.test(reason) ? '' : '.'}`;
}

/**
 * Today's sending: "12 / 30 sent today", with "warming up" while today's cap is still below the
 * mailbox's daily cap.
 */
export function sendingToday(mailbox: Pick<Mailbox, 'sentToday' | 'capToday' | 'dailyCap'>): { text: string; warmingUp: boolean } {
  const warmingUp = mailbox.capToday < mailbox.dailyCap;
  return { text: `${mailbox.sentToday} / ${mailbox.capToday} sent today${warmingUp ? ' · warming up' : ''}`, warmingUp };
}

/** The bounce rate over the last 100 sends as shown ("4%", "no sends yet"). */
export function bounceText(mailbox: Pick<Mailbox, 'bounceRate'>): string {
  return mailbox.bounceRate === null ? 'no sends yet' : formatRate(mailbox.bounceRate);
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago": how long before `now` a timestamp was. */
export function timeAgo(iso: string, now: Date): string {
  const minutes = Math.floor((now.getTime() - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** How reading a mailbox's replies goes, as its card says it. */
export type RepliesStatus =
  { kind: 'off' } | { kind: 'unchecked' } | { kind: 'read'; text: string } | { kind: 'failed'; error: string; checked: string | null };

/**
 * "Replies read over IMAP · last checked 2 minutes ago · 3 read", the last check's error, "not
 * checked yet", or off when the mailbox has no IMAP settings.
 */
export function repliesStatus(mailbox: Pick<Mailbox, 'imap' | 'inbox'>, now: Date): RepliesStatus {
  if (!mailbox.imap) return { kind: 'off' };
  const inbox = mailbox.inbox;
  const checked = inbox?.lastCheckAt ? `last checked ${timeAgo(inbox.lastCheckAt, now)}` : null;
  if (inbox?.lastError) return { kind: 'failed', error: failureText(inbox.lastError), checked };
  if (!inbox || checked === null) return { kind: 'unchecked' };
  return { kind: 'read', text: `Replies read over IMAP · ${checked} · ${inbox.received} read` };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What Check replies now found, for its toast: "3 new: 2 replies, 1 bounce", "No new replies". */
export function checkResultText(result: Pick<InboxCheckResult, 'read' | 'replies' | 'bounces' | 'ignored'>): string {
  if (result.read === 0) return 'No new replies';
  if (result.replies === 0 && result.bounces === 0) return `${count(result.read, 'new message', 'new messages')}, none from a prospect`;
  const parts = [
    result.replies > 0 ? count(result.replies, 'reply', 'replies') : null,
    result.bounces > 0 ? count(result.bounces, 'bounce', 'bounces') : null,
    result.ignored > 0 ? `${result.ignored} from no known prospect` : null,
  ].filter((part) => part !== null);
  return `${result.read} new: ${parts.join(', ')}`;
}
