import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the sink took: the envelope, the raw bytes and mailparser's reading of them. */
export interface SunkMessage {
  from: string;
  to: string[];
  raw: Buffer;
  parsed: ParsedMail;
}

/** A real SMTP server on loopback (plain, with AUTH) that keeps every message it accepts. */
export interface SmtpSink {
  port: number;
  user: string;
  password: string;
  messages: SunkMessage[];
  /** Recipients it answers 550 for (a hard bounce at RCPT TO). */
  rejectRecipients: Set<string>;
  /**
   * Runs once a message's DATA is in and kept, before the server answers 250: a fault test kills
   * the sender here, the hardest moment for exactly-once (the mail arrived, the sender never heard).
   */
  onReceived: ((message: SunkMessage) => void) | null;
  close(): Promise<void>;
}

/** Starts a sink on a free loopback port; `user`/`password` are the only login it accepts. */
export async function startSmtpSink(user = 'sender@meetflow.test', password = 'sink-password'): Promise<SmtpSink> {
  const messages: SunkMessage[] = [];
  const rejectRecipients = new Set<string>();
  let sink: SmtpSink | undefined = undefined;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'], // tls 'none': plain SMTP on loopback
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) return callback(null, { user: auth.username });
      callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (!rejectRecipients.has(address.address.toLowerCase())) return callback();
      callback(Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            const message = {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw,
              parsed,
            };
            messages.push(message);
            sink?.onReceived?.(message);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  // A client that dies mid-message (the worker killed by the fault tests, on purpose) resets its
  // connection: smtp-server reports that as the server's 'error', which with no listener is thrown
  // out of the test process. A real server logs it and serves the next connection; so does the sink.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  sink = {
    port: (server.server.address() as AddressInfo).port,
    user,
    password,
    messages,
    rejectRecipients,
    onReceived: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return sink;
}
