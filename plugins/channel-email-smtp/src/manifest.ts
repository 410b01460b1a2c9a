import { defineManifest } from '@meetflow/plugin-sdk';
import { outgoingMessageSchema, sentMessageSchema, TLS_MODES, verifyResultSchema } from '@meetflow/plugin-sdk/contracts/channel';
import { z } from 'zod';
import { emailSmtpConfig } from './config.ts';

/** One mailbox's SMTP account: where its server is, how it is secured, and its login. */
export const smtpAccountSchema = z.object({
  host: z.string().min(1),
  port: z.number().int().min(1).max(65_535),
  tls: z.enum(TLS_MODES),
  user: z.string().min(1),
  password: z.string(),
  /**
   * The IP address to connect to, when the platform has resolved `host` and checked it against its
   * address policy: the connection goes there (so a DNS answer that changes after the check cannot
   * move it), and `host` still names the server for TLS. Left out: `host` is resolved as it is.
   */
  address: z.ipv4().or(z.ipv6()).optional(),
});
export type SmtpAccount = z.output<typeof smtpAccountSchema>;

/** Sending email over SMTP, with nodemailer. */
export const manifest = defineManifest({
  id: 'channel-email-smtp',
  name: 'Email over SMTP',
  version: '0.1.0',
  description:
    "Sends approved emails through a mailbox's own SMTP server with nodemailer: a plain-text part always, threading and one-click unsubscribe headers, and Test connection.",
  kind: 'channel',
  ui: { icon: 'mail', color: '#0ea5e9', category: 'Channels', order: 200 },
  channel: {
    displayName: 'Email over SMTP',
    address: 'email',
    credentials: [
      { key: 'host', label: 'SMTP host', secret: false },
      { key: 'port', label: 'Port', secret: false },
      { key: 'tls', label: 'TLS mode', secret: false },
      { key: 'user', label: 'Username', secret: false },
      { key: 'password', label: 'Password', secret: true },
    ],
    credentialsTest:
      'Test connection connects, secures the connection as set and logs in, sending nothing: a refusal answers one reason ("authentication failed", "connection refused", "TLS required", "TLS failed", "timed out", "host not found" or "connection failed"), never what the server said.',
  },
  config: emailSmtpConfig,
  activities: {
    send: {
      description:
        'Sends one approved message through the account; passes the "transmitting" checkpoint just before the message can reach the server. Fails with ChannelRefused (5xx), ChannelLoginRefused or ChannelNotSent (4xx, or no connection: its message is the reason, e.g. "connection refused").',
      access: 'internal',
      input: z.object({ account: smtpAccountSchema, message: outgoingMessageSchema }),
      output: sentMessageSchema,
      timeout: '2 minutes',
      inProcess: true,
    },
    verify: {
      description:
        'Test connection: connects and logs in with the account, sends nothing, and answers ok or why not (one of MAIL_FAILURE_REASONS).',
      access: 'internal',
      input: z.object({ account: smtpAccountSchema }),
      output: verifyResultSchema,
      timeout: '30 seconds',
      inProcess: true,
    },
  },
});
