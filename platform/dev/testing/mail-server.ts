import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { startMailServer } from '../devstack/mail-server.ts';
import { freePort } from '../devstack/ports.ts';

/**
 * The mailboxes' address policy allow-list in tests (MEETFLOW_MAIL_ALLOW_HOSTS): their mail servers
 * (GreenMail, the SMTP sink, a port where nothing listens) are on loopback. A test of the policy
 * itself passes its own.
 */
export const TEST_MAIL_ALLOW_HOSTS: readonly string[] = ['127.0.0.1'];

/**
 * The raw messages in `address`'s INBOX on a local mail server (GreenMail: any password is
 * accepted), oldest first, read over plain IMAP without marking anything.
 */
export async function readInbox(imap: { host: string; port: number }, address: string): Promise<Buffer[]> {
  const client = new ImapFlow({ ...imap, secure: false, doSTARTTLS: false, auth: { user: address, pass: 'any' }, logger: false });
  await client.connect();
  try {
    const lock = await client.getMailboxLock('INBOX', { readOnly: true });
    try {
      const sources: Buffer[] = [];
      const exists = client.mailbox ? client.mailbox.exists : 0;
      if (exists > 0) for await (const message of client.fetch('1:*', { source: true })) if (message.source) sources.push(message.source);
      return sources;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

/** A GreenMail server for one test file: real SMTP and IMAP on free loopback ports, any login accepted. */
export interface TestMailServer {
  host: string;
  smtpPort: number;
  imapPort: number;
  /** Delivers a message through its SMTP server, as another mail server would. */
  send(message: SendMailOptions): Promise<void>;
  /** The raw messages in `address`'s INBOX, oldest first, read over IMAP. */
  inbox(address: string): Promise<Buffer[]>;
  close(): Promise<void>;
}

/**
 * Starts GreenMail (provisioned like the other local servers) in a temporary folder; with `users`,
 * only they may log in (with their password), as a real server would.
 */
export async function startTestMailServer(options: { users?: Array<{ email: string; password: string }> } = {}): Promise<TestMailServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'meetflow-mail-'));
  const server = await startMailServer({ dataDir, smtpPort: await freePort(), imapPort: await freePort(), users: options.users });
  const transport = nodemailer.createTransport({ host: server.host, port: server.smtpPort, secure: false, ignoreTLS: true });
  return {
    host: server.host,
    smtpPort: server.smtpPort,
    imapPort: server.imapPort,
    async send(message) {
      await transport.sendMail(message);
    },
    inbox: (address) => readInbox({ host: server.host, port: server.imapPort }, address),
    async close() {
      transport.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
