import type { ActivityContext, PluginDeps } from '@meetflow/plugin-sdk';
import { CHANNEL_FAILURES, TRANSMITTING_CHECKPOINT, type OutgoingMessage, type SentMessage } from '@meetflow/plugin-sdk/contracts/channel';
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

/** nodemailer's SMTP connection options for an account: how `tls` maps to implicit TLS, required STARTTLS, or none. */
export function connectionOptions(account: SmtpAccount, stepTimeoutMs: number) {
  return {
    host: account.host,
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
 * safe to retry), then sends the envelope and the message. A failure before the checkpoint, or
 * a 4xx, took nothing (ChannelNotSent); a 5xx is for good (ChannelRefused); a refused login is
 * the account's (ChannelLoginRefused); a connection lost after the checkpoint is thrown as is:
 * the message may have arrived.
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
          throw failure(
            CHANNEL_FAILURES.loginRefused,
            `the server refused the login of ${account.user}: ${error.response ?? error.message}`,
          );
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
      if (typeof code === 'number' && code >= 500) throw failure(CHANNEL_FAILURES.refused, said, code);
      if (typeof code === 'number' || !passed) throw failure(CHANNEL_FAILURES.notSent, (lost as Error | null)?.message ?? said, code);
      throw lost ?? error;
    } finally {
      connection.quit();
    }
  };
}
