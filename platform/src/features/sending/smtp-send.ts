import MailComposer from 'nodemailer/lib/mail-composer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { NodemailerError } from 'nodemailer';
import type { Mailbox } from '../mailboxes/model.ts';

/** One email as it goes on the wire. */
export interface OutgoingEmail {
  /** `<…@sender-domain>`, chosen before the SMTP call: the key that makes a send happen once. */
  messageId: string;
  from: { name: string; address: string };
  to: string;
  subject: string;
  /** The plain-text body, signature and footer included. */
  text: string;
  /** For a follow-up: the first email's Message-ID, so it lands in the same thread. */
  inReplyTo?: string;
  references?: string[];
  /** RFC 8058 one-click unsubscribe: the signed https link and a mailto. */
  unsubscribe: { url: string; mailto: string };
}

/** The raw RFC 822 message: a plain-text part, the threading and the List-Unsubscribe headers. */
export async function composeMessage(email: OutgoingEmail): Promise<Buffer> {
  const composer = new MailComposer({
    from: { name: email.from.name, address: email.from.address },
    to: email.to,
    subject: email.subject,
    text: email.text,
    messageId: email.messageId,
    date: new Date(),
    inReplyTo: email.inReplyTo,
    references: email.references,
    headers: {
      'List-Unsubscribe': `<${email.unsubscribe.url}>, <${email.unsubscribe.mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
  return composer.compile().build();
}

/** The server took the message: what it said, and the id it gave it when it replaces ours (Microsoft 365, SES). */
export interface SmtpAccepted {
  response: string;
  serverMessageId: string | null;
}

/** The server refused the message for good (a 5xx): sending again would not help. */
export class PermanentSmtpError extends Error {
  override name = 'PermanentSmtpError';
  constructor(
    message: string,
    readonly responseCode: number,
  ) {
    super(message);
  }
}

/** The server refused the mailbox's login: no email can go out of it until someone fixes its settings. */
export class SmtpLoginError extends Error {
  override name = 'SmtpLoginError';
}

const STEP_TIMEOUT_MS = 20_000;

const promised = <T>(run: (done: (error: Error | null | undefined, value?: T) => void) => void): Promise<T> =>
  new Promise<T>((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value as T))));

/**
 * Sends one message over SMTP with the mailbox's settings. `beforeData` runs once the connection
 * is open and logged in, just before the envelope and message go out: the caller records there
 * that the message may now reach the server, so a crash before it is known safe to retry.
 */
export async function sendOverSmtp(
  smtp: Mailbox['smtp'],
  password: string,
  envelope: { from: string; to: string },
  raw: Buffer,
  beforeData: () => Promise<void>,
): Promise<SmtpAccepted> {
  const connection = new SMTPConnection({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.tls === 'tls',
    requireTLS: smtp.tls === 'starttls',
    ignoreTLS: smtp.tls === 'none',
    connectionTimeout: STEP_TIMEOUT_MS,
    greetingTimeout: STEP_TIMEOUT_MS,
    socketTimeout: STEP_TIMEOUT_MS,
    logger: false, // the conversation carries the login: never logged
    debug: false,
  });
  let failed: Error | null = null;
  connection.on('error', (error: Error) => (failed = error));
  try {
    await promised<void>((done) => {
      connection.once('error', done);
      connection.connect(() => done(null));
    });
    await promised<boolean>((done) => connection.login({ user: smtp.user, pass: password }, done)).catch((error: NodemailerError) => {
      throw error.code === 'EAUTH'
        ? new SmtpLoginError(`the server refused the login of ${smtp.user}: ${error.response ?? error.message}`)
        : error;
    });
    await beforeData();
    const info = await promised<{ response: string; serverMessageId?: string }>((done) =>
      connection.send({ from: envelope.from, to: [envelope.to] }, raw, done),
    );
    return { response: info.response, serverMessageId: info.serverMessageId ?? null };
  } catch (error) {
    if (error instanceof SmtpLoginError) throw error;
    const code = (error as NodemailerError).responseCode;
    if (typeof code === 'number' && code >= 500) throw new PermanentSmtpError((error as Error).message, code);
    throw failed ?? error;
  } finally {
    connection.quit();
  }
}
