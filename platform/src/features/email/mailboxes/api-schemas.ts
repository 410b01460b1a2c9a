import { MAIL_FAILURE_REASONS } from '@meetflow/plugin-sdk/contracts/channel';
import { z } from 'zod';
import { emailAddress, nonBlank } from '../../../core/http/api-strings.ts';
import { MAILBOX_STATUSES, TLS_MODES } from './model.ts';

const host = z
  .string()
  .trim()
  .min(1, 'must not be blank')
  .max(253)
  .regex(/^[A-Za-z0-9.:-]+$/, 'must be a host name or an IP address')
  .describe('The SMTP server, e.g. smtp.example.com');

const SmtpSettings = z.object({
  host,
  port: z.number().int().min(1).max(65_535).describe('Usually 465 (tls), 587 (starttls) or 25'),
  tls: z.enum(TLS_MODES).describe('tls: encrypted from the start (465); starttls: upgraded after connecting (587); none: never encrypted'),
  user: z.string().min(1, 'must not be blank').max(320).describe('The SMTP login'),
});

const ImapSettings = z.object({
  host: host.describe('The IMAP server, e.g. imap.example.com'),
  port: z.number().int().min(1).max(65_535).describe('Usually 993 (tls) or 143 (starttls)'),
  tls: z.enum(TLS_MODES).describe('tls: encrypted from the start (993); starttls: upgraded after connecting (143); none: never encrypted'),
});

const fromName = nonBlank(100, 'must not be blank').describe('Shown as the sender, e.g. "Ada Lane"');
const fromAddress = emailAddress()
  .transform((address) => address.toLowerCase())
  .describe('The address emails are sent from (lowercased; one mailbox per address in a workspace)');
const signature = z.string().max(2_000).describe('Added below each email; several lines allowed');
const password = z.string().min(1, 'must not be blank').max(1_000).describe('The SMTP password: stored encrypted, never shown again');

/** POST /api/mailboxes. */
export const NewMailboxBody = z.object({
  fromName,
  fromAddress,
  signature: signature.optional(),
  smtp: SmtpSettings,
  imap: ImapSettings.nullable()
    .optional()
    .describe(
      'Where replies are read over IMAP, with the SMTP login and password; leave out when replies are posted to /api/inbound/email',
    ),
  password,
  dailyCap: z.number().int().min(1).max(10_000).optional().describe('The most emails it sends a day (default 30)'),
});
export type NewMailbox = z.infer<typeof NewMailboxBody>;

/** PATCH /api/mailboxes/{id}: only what is given changes; without `password` the stored one is kept. */
export const MailboxPatchBody = z.object({
  fromName: fromName.optional(),
  fromAddress: fromAddress.optional(),
  signature: signature.optional(),
  smtp: SmtpSettings.partial().optional().describe('Only the settings given change'),
  imap: ImapSettings.nullable().optional().describe('New IMAP settings (all three), or null to stop reading replies over IMAP'),
  password: password
    .optional()
    .describe(
      'A new SMTP password; leave out to keep the stored one, unless smtp.host, smtp.port, smtp.user, imap.host or imap.port changes: then it is required (400 naming password)',
    ),
  dailyCap: z.number().int().min(1).max(10_000).optional(),
  status: z.enum(MAILBOX_STATUSES).optional().describe('paused: sends nothing until active again'),
});
export type MailboxPatch = z.infer<typeof MailboxPatchBody>;

export const MailboxParams = z.object({ id: z.string().regex(/^[0-9a-f]{16}$/, 'must be a mailbox id') });

/** Why a connection to a mail server failed: one classified reason, never what the server said. */
const failureReason = z
  .enum(MAIL_FAILURE_REASONS)
  .describe(
    '"address not allowed": the host is, or resolves to, a private, loopback, link-local or metadata address; "TLS required": the server wants TLS the settings do not use; "TLS failed": the TLS handshake or certificate failed',
  );

/** A mailbox as the API shows it: never its password, only that one is set. */
export const MailboxView = z.object({
  id: z.string(),
  fromName: z.string(),
  fromAddress: z.string(),
  signature: z.string(),
  smtp: z.object({ host: z.string(), port: z.number().int(), tls: z.enum(TLS_MODES), user: z.string() }),
  imap: z.object({ host: z.string(), port: z.number().int(), tls: z.enum(TLS_MODES) }).nullable(),
  inbox: z
    .object({
      lastCheckAt: z.iso.datetime().nullable(),
      lastError: z
        .string()
        .nullable()
        .describe('Why the last IMAP check failed (a classified reason, or why the stored password cannot be used); null when it worked'),
      received: z.number().int().describe('Replies and bounces read over IMAP so far'),
    })
    .nullable()
    .describe('How reading replies over IMAP goes; null when the mailbox has no IMAP settings or was never checked'),
  passwordSet: z.literal(true).describe('A password is stored (encrypted); it is never returned'),
  status: z.enum(MAILBOX_STATUSES),
  pausedReason: z.string().nullable(),
  dailyCap: z.number().int(),
  lastTest: z
    .object({ at: z.iso.datetime(), ok: z.boolean(), error: failureReason.nullable() })
    .nullable()
    .describe('The last Test connection, null before the first'),
  createdAt: z.iso.datetime().describe('Also when its warm-up started'),
  updatedAt: z.iso.datetime(),
});
export type MailboxView = z.infer<typeof MailboxView>;

/** A mailbox in the list, with today's figures. */
export const MailboxListItem = MailboxView.extend({
  sentToday: z.number().int().describe("Emails it has taken on today (the workspace's sending time zone)"),
  capToday: z.number().int().describe('The most it sends today: its daily cap, or less while it warms up (5 the first day, +2 a day)'),
  bounceRate: z.number().min(0).max(1).nullable().describe('Bounces over its last 100 sends, as a fraction; null before its first send'),
});

/** The answer of Check replies now. */
export const InboxCheckResult = z.object({
  ok: z.boolean(),
  error: z
    .string()
    .optional()
    .describe(
      `Why not: one classified reason (${MAIL_FAILURE_REASONS.map((reason) => `"${reason}"`).join(', ')}), never what the server said; or why the stored password cannot be used`,
    ),
  read: z.number().int().describe('New messages read'),
  replies: z.number().int().describe('Of them, replies threaded to a prospect'),
  bounces: z.number().int().describe('Of them, delivery failure reports'),
  ignored: z.number().int().describe('Of them, messages from no known prospect, or not email'),
});

/** The answer of Test connection: a server refusing the settings is an answer, not a failed request. */
export const TestResult = z.object({
  ok: z.boolean(),
  error: failureReason.optional().describe('Why not, when ok is false: one classified reason, never what the server said'),
});
