import { roleAtLeast, type Role } from '../../auth/index.ts';
import type { Mailbox, TlsMode } from '../api/mailboxes-api.ts';

/** True when `role` may add, change, test and remove mailboxes (admins and owners, as the API checks). */
export const canManageMailboxes = (role: Role | null): role is Role => role !== null && roleAtLeast(role, 'admin');

/** Each TLS mode as a person choosing it reads it. */
export const TLS_LABELS: Record<TlsMode, string> = {
  tls: 'SSL/TLS',
  starttls: 'STARTTLS',
  none: 'No encryption',
};

/**
 * The guardrails every send passes (platform/src/features/sending/guardrails.ts and the workspace's
 * `sending` config defaults), as the empty state and the cap's hint tell them.
 */
export const SENDING_GUARD = {
  warmUpStart: 5,
  warmUpStep: 2,
  window: 'Monday to Friday, 08:00–17:00',
  gapMinutes: '8–15',
} as const;

/** "4%", "2.5%": a 0–1 fraction with at most one decimal. */
export function formatRate(fraction: number): string {
  return `${Number((fraction * 100).toFixed(1))}%`;
}

/**
 * Why the mailbox sends nothing, for the paused notice, as a sentence: the API's reason (too many
 * bounces, a refused login), or that someone paused it.
 */
export function pausedText(mailbox: Pick<Mailbox, 'pausedReason'>): string {
  const reason = mailbox.pausedReason?.trim();
  if (!reason) return 'Paused: sends nothing until someone resumes it.';
  return `Paused: ${reason}${/[.!?]$/.test(reason) ? '' : '.'}`;
}

/**
 * Today's sending, when the API says it: "12 / 30 sent today", with "warming up" while today's
 * cap is still below the mailbox's daily cap; null from an API that does not say.
 */
export function sendingToday(mailbox: Pick<Mailbox, 'sentToday' | 'capToday' | 'dailyCap'>): { text: string; warmingUp: boolean } | null {
  if (mailbox.sentToday === undefined || mailbox.capToday === undefined) return null;
  const warmingUp = mailbox.capToday < mailbox.dailyCap;
  return { text: `${mailbox.sentToday} / ${mailbox.capToday} sent today${warmingUp ? ' · warming up' : ''}`, warmingUp };
}

/** The bounce rate over the last 100 sends as shown ("4%", "no sends yet"); null when the API does not say. */
export function bounceText(mailbox: Pick<Mailbox, 'bounceRate'>): string | null {
  if (mailbox.bounceRate === undefined) return null;
  return mailbox.bounceRate === null ? 'no sends yet' : formatRate(mailbox.bounceRate);
}
