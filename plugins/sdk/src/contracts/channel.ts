import { z } from 'zod';

// The contract of a sending channel (a plugin of kind `channel`): what the platform's send step
// hands it and what it answers. The platform chooses the account, checks every guardrail and
// records the intent (the Message-ID) before calling `send`; the channel only moves the message.
// Both activities are `inProcess`: their input carries the account's secret.

/** How a connection to a mail server is secured: TLS from the start (465, 993), upgraded with STARTTLS (587, 143), or none. */
export const TLS_MODES = ['tls', 'starttls', 'none'] as const;
export type TlsMode = (typeof TLS_MODES)[number];

/** One message as the platform has approved it, ready to go on the wire. */
export const outgoingMessageSchema = z.object({
  /** `<…@sender-domain>`, chosen by the platform before the call: the key that makes a send happen once. */
  messageId: z.string().regex(/^<[^<>\s@]+@[^<>\s@]+>$/, 'must look like <id@domain>'),
  from: z.object({ name: z.string(), address: z.email() }),
  to: z.email(),
  subject: z.string().min(1),
  /** The plain-text body, signature and footer included: always sent. */
  text: z.string().min(1),
  /** An HTML alternative (only when the workspace tracks opens); null: plain text alone. */
  html: z.string().nullable().default(null),
  /** For a follow-up: the first message's id, so it lands in the same thread. */
  inReplyTo: z.string().nullable().default(null),
  references: z.array(z.string()).default([]),
  /** RFC 8058 one-click unsubscribe: the signed https link and a mailto. */
  unsubscribe: z.object({ url: z.url({ protocol: /^https?$/ }), mailto: z.string().startsWith('mailto:') }),
  /** A meeting invitation (iCalendar, RFC 5545/5546): sent as a text/calendar part mail clients offer to accept; null: none. */
  calendar: z
    .object({ method: z.enum(['REQUEST', 'CANCEL']), content: z.string().min(1).startsWith('BEGIN:VCALENDAR') })
    .nullable()
    .default(null),
});
export type OutgoingMessage = z.input<typeof outgoingMessageSchema>;

/** What `send` answers once the server took the message. */
export const sentMessageSchema = z.object({
  /** What the server said, e.g. "250 2.0.0 Ok: queued as 4F2B". */
  response: z.string(),
  /** The id the server gave the message when it replaces ours (Microsoft 365, SES); null when it kept ours. */
  serverMessageId: z.string().nullable(),
});
export type SentMessage = z.output<typeof sentMessageSchema>;

/**
 * Why a connection to a mail server (SMTP or IMAP) failed, as the person who typed its settings is
 * told: one of these, never the server's own words (a banner or a reply could come from anything
 * listening at host:port). "address not allowed": the host resolves to a private, loopback,
 * link-local or metadata address outside the platform's allow-list; "TLS required": the server
 * wants TLS the settings do not use; "TLS failed": the TLS handshake or its certificate failed.
 */
export const MAIL_FAILURE_REASONS = [
  'authentication failed',
  'connection refused',
  'TLS required',
  'TLS failed',
  'timed out',
  'address not allowed',
  'host not found',
  'connection failed',
] as const;
export type MailFailureReason = (typeof MAIL_FAILURE_REASONS)[number];

const REFUSED_CODES = new Set(['ECONNREFUSED']);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT']);
const NOT_FOUND_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EDNS']);
// nodemailer's ETLS, Node's TLS layer (ERR_SSL_*, ERR_TLS_*) and OpenSSL's certificate checks.
const TLS_CODE = /^(ETLS|ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/;

/**
 * The reason for a failed connection from the codes the socket, the resolver and the TLS layer
 * put on the error (`code`, the `originalCode` a mail client keeps, or its `cause`'s), never from
 * its message. A refused login is the protocol client's to recognise; every other code is
 * "connection failed".
 */
export function connectionFailureReason(error: unknown): MailFailureReason {
  const failure = error as { code?: unknown; originalCode?: unknown; cause?: { code?: unknown } } | null;
  const codes = [failure?.code, failure?.originalCode, failure?.cause?.code].filter((code): code is string => typeof code === 'string');
  if (codes.some((code) => REFUSED_CODES.has(code))) return 'connection refused';
  if (codes.some((code) => TIMEOUT_CODES.has(code))) return 'timed out';
  if (codes.some((code) => NOT_FOUND_CODES.has(code))) return 'host not found';
  if (codes.some((code) => TLS_CODE.test(code))) return 'TLS failed';
  return 'connection failed';
}

/** What `verify` answers: whether the server accepts the account's settings, and if not why, as one of the reasons above. */
export const verifyResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: z.enum(MAIL_FAILURE_REASONS) }),
]);
export type VerifyResult = z.output<typeof verifyResultSchema>;

/**
 * How `send` fails (the `type` of the ApplicationFailure it throws), so the platform knows what
 * happened to the message. Any other failure means the message may have reached the server.
 */
export const CHANNEL_FAILURES = {
  /** Refused for good (an SMTP 5xx): sending again would not help. Details: `[{ responseCode }]`. */
  refused: 'ChannelRefused',
  /** The account's login was refused: nothing goes out of it until someone fixes its settings. */
  loginRefused: 'ChannelLoginRefused',
  /** Refused for now before anything was taken (an SMTP 4xx, or no connection): safe to send again later. */
  notSent: 'ChannelNotSent',
} as const;

/** The checkpoint `send` passes just before the message can reach the server (see ActivityContext.checkpoint). */
export const TRANSMITTING_CHECKPOINT = 'transmitting';
