import nodemailer from 'nodemailer';
import type { Logger } from './logger.ts';

/** One email the product sends on its own behalf (a password-reset or verification link): plain text. */
export interface SystemMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * The product's own mail channel (not a workspace's mailboxes): where account emails go out,
 * through the SMTP server `MEETFLOW_SYSTEM_MAIL_URL` names. Unconfigured, nothing is sent and
 * each message that would have been is logged as not sent (never its content: it holds a link
 * that works as a password).
 */
export interface SystemMail {
  /** False when no server is configured: messages are dropped, and logged as such. */
  readonly configured: boolean;
  /** Sends one message; rejects when the server refuses it or cannot be reached. */
  send(message: SystemMessage): Promise<void>;
  close(): void;
}

/** The settings of the system mail channel (config.ts: MEETFLOW_SYSTEM_MAIL_URL, MEETFLOW_SYSTEM_MAIL_FROM). */
export interface SystemMailSettings {
  /** smtp://[user:pass@]host:port (STARTTLS when the server offers it) or smtps:// (TLS from the start). */
  url: string;
  /** The From header, e.g. `Meetflow <no-reply@example.com>`. */
  from: string;
}

/** The system mail channel over `settings`, or one that sends nothing when they are null. */
export function createSystemMail(settings: SystemMailSettings | null, logger: Logger): SystemMail {
  if (!settings) {
    return {
      configured: false,
      async send(message) {
        logger.warn(
          { subject: message.subject },
          'system mail is not configured (MEETFLOW_SYSTEM_MAIL_URL): an account email was not sent',
        );
      },
      close() {},
    };
  }
  // A connection per message (account emails are rare); a plain smtp:// server that offers no STARTTLS (a local one) is used as it is.
  const transport = nodemailer.createTransport(settings.url, { from: settings.from });
  return {
    configured: true,
    async send(message) {
      await transport.sendMail({ to: message.to, subject: message.subject, text: message.text });
    },
    close() {
      transport.close();
    },
  };
}
