import { isIP } from 'node:net';
import type { ActivityContext, PluginDeps } from '@meetflow/plugin-sdk';
import {
  CHANNEL_FAILURES,
  connectionFailureReason,
  TRANSMITTING_CHECKPOINT,
  type MailFailureReason,
  type OutgoingMessage,
  type SentMessage,
} from '@meetflow/plugin-sdk/contracts/channel';
import { ApplicationFailure } from '@temporalio/common';
import type { NodemailerError } from 'nodemailer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { composeMessage } from './compose.ts';
import type { EmailSmtpConfig } from './config.ts';
import type { SmtpAccount } from './manifest.ts';

const promised = <T>(run: (done: (error: Error | null | undefined, value?: T) => void) => void): Promise<T> =>
  new Promise<T>((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value as T))));

const failure = (type: string, message: string, responseCode?: number) =>
  ApplicationFailure.create({ type, message, nonRetryable: true, details: responseCode === undefined ? [] : [{ responseCode }] });

// SMTP replies to AUTH meaning "not before TLS": 530 5.7.0 Must issue a STARTTLS command first; 538 encryption required.
const TLS_FIRST_CODES = new Set([530, 538]);

/** Why a connection or login failed, as one reason (never the server's words): see MAIL_FAILURE_REASONS. */
export function smtpFailureReason(error: unknown): MailFailureReason {
  const failure = error as NodemailerError;
  if (failure.code === 'EAUTH') return TLS_FIRST_CODES.has(Number(failure.responseCode)) ? 'TLS required' : 'authentication failed';
  return connectionFailureReason(error);
}

/**
 * nodemailer's SMTP connection options for an account: how `tls` maps to implicit TLS, required
 * STARTTLS, or none; to the checked `address` when the platform gave one, `host` naming the server for TLS.
 */
export function connectionOptions(account: SmtpAccount, stepTimeoutMs: number) {
  const named = isIP(account.host) === 0;
  return {
    host: account.address ?? account.host,
    ...(account.address && named ? { servername: account.host } : {}),
    port: account.port,
    secure: account.tls === 'tls',
    requireTLS: account.tls === 'starttls',
    ignoreTLS: account.tls === 'none',
    connectionTimeout: stepTimeoutMs,
    greetingTimeout: stepTimeoutMs,
    socketTimeout: stepTimeoutMs,
    logger: false, // the conversation carries the login: never logged
    debug: false,
  } as const;
}

/**
 * `send`: one message over SMTP. Connects and logs in, passes the `transmitting` checkpoint (the
 * platform records then that the message may reach the server, so a crash before it is known
 * safe to retry), then sends the envelope and the message. A failure before the checkpoint
 * (saying only its classified reason: see MAIL_FAILURE_REASONS), or a 4xx, took nothing
 * (ChannelNotSent); a 5xx to the message is for good (ChannelRefused); a refused login is the
 * account's (ChannelLoginRefused, "authentication failed" or "TLS required"); a connection lost
 * after the checkpoint is thrown as is: the message may have arrived.
 */
export function createSend(deps: PluginDeps<EmailSmtpConfig>) {
  return async function send(input: { account: SmtpAccount; message: OutgoingMessage }, context: ActivityContext): Promise<SentMessage> {
    const { account, message } = input;
    const raw = await composeMessage(message, deps.clock.now());
    const connection = new SMTPConnection(connectionOptions(account, deps.config.stepTimeoutSeconds * 1000));
    let lost: Error | null = null;
    let passed = false;
    connection.on('error', (error: Error) => (lost = error));
    try {
      await promised<void>((done) => {
        connection.once('error', done);
        connection.connect(() => done(null));
      });
      await promised<boolean>((done) => connection.login({ user: account.user, pass: account.password }, done)).catch(
        (error: NodemailerError) => {
          if (error.code !== 'EAUTH') throw error;
          throw failure(CHANNEL_FAILURES.loginRefused, smtpFailureReason(error));
        },
      );
      await context.checkpoint?.(TRANSMITTING_CHECKPOINT);
      passed = true;
      const info = await promised<{ response: string; serverMessageId?: string }>((done) =>
        connection.send({ from: message.from.address, to: [message.to] }, raw, done),
      );
      return { response: info.response, serverMessageId: info.serverMessageId ?? null };
    } catch (error) {
      if (error instanceof ApplicationFailure) throw error;
      const code = (error as NodemailerError).responseCode;
      const said = (error as Error).message;
      // Before the checkpoint (connecting, greeting, TLS): nothing taken, and only why, classified.
      if (!passed) throw failure(CHANNEL_FAILURES.notSent, smtpFailureReason(lost ?? error), code);
      // A reply to the message itself says what became of it: kept, as a bounce's reason is.
      if (typeof code === 'number' && code >= 500) throw failure(CHANNEL_FAILURES.refused, said, code);
      if (typeof code === 'number') throw failure(CHANNEL_FAILURES.notSent, said, code);
      throw lost ?? error;
    } finally {
      connection.quit();
    }
  };
}
