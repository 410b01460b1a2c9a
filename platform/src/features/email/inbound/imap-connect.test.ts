import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../dev/devstack/ports.ts';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { startTestMailServer, TEST_MAIL_ALLOW_HOSTS, type TestMailServer } from '../../../../dev/testing/mail-server.ts';
import { createModels, type Models } from '../../models.ts';
import { secretsBox } from '../../../core/secrets-box.ts';
import { createMailbox, testMailbox } from '../mailboxes/mailboxes.ts';
import type { Mailbox } from '../mailboxes/model.ts';
import { PluginHost } from '../../runs/plugins/host.ts';
import { installedPlugins } from '../../runs/plugins/installed.ts';
import { checkInbox, type InboxDeps } from './imap-poll.ts';

// How connecting to a mailbox's servers fails, on real servers: GreenMail with one user (so a wrong
// password is refused, over SMTP and IMAP alike), a closed port, a server that never greets. Each
// failure is one classified reason, never what the server said; the address policy is checked
// before each connection.
const USER = { email: 'alex@brightline.test', password: 'the right password' };
const WS = 'imap-connect';
const box = secretsBox(randomBytes(32));

let database: mongoose.Connection;
let db: Models;
let mail: TestMailServer;
let closedPort: number;
let silent: Server;
const sockets: Socket[] = [];
const channel = PluginHost.load(installedPlugins).channel('email');

beforeAll(async () => {
  database = await openTestDatabase('imap-connect');
  db = createModels(database);
  await db.mailboxes.init();
  mail = await startTestMailServer({ users: [USER] });
  closedPort = await freePort();
  silent = createServer((socket) => void sockets.push(socket)); // takes the connection, never greets
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
}, 90_000);
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  await mail.close();
  await database.dropDatabase();
  await database.close();
});

/** Checks were never made through Temporal here: nothing is read that would need it. */
const deps = (overrides: Partial<InboxDeps> = {}): InboxDeps => ({
  db,
  secrets: box,
  temporal: {} as InboxDeps['temporal'],
  taskQueue: 'unused',
  mailAllowHosts: TEST_MAIL_ALLOW_HOSTS,
  ...overrides,
});

let count = 0;
/** A mailbox on GreenMail's SMTP, reading IMAP at `imap` (GreenMail's by default), logging in with `password`. */
async function mailbox(password: string, imap: Partial<NonNullable<Mailbox['imap']>> = {}): Promise<Mailbox> {
  const fromAddress = `sender-${++count}@brightline.test`;
  const created = await createMailbox(db, box, WS, {
    fromName: 'Alex Morgan',
    fromAddress,
    smtp: { host: mail.host, port: mail.smtpPort, tls: 'none', user: USER.email },
    imap: { host: mail.host, port: mail.imapPort, tls: 'none', ...imap },
    password,
  });
  return (await db.mailboxes.findOne({ workspaceId: WS, publicId: created.id }).lean<Mailbox>())!;
}

const failed = (error: string) => ({ ok: false, error, read: 0, replies: 0, bounces: 0, ignored: 0 });

describe('connecting to a mailbox’s servers', () => {
  it('reads with the right password, and says only "authentication failed" for a wrong one, over IMAP and SMTP', async () => {
    expect(await checkInbox(deps(), await mailbox(USER.password))).toEqual({ ok: true, read: 0, replies: 0, bounces: 0, ignored: 0 });
    const wrong = await mailbox('not the password');
    const result = await checkInbox(deps(), wrong);
    expect(result).toEqual(failed('authentication failed'));
    const stored = await db.mailboxes.findOne({ workspaceId: WS, publicId: wrong.publicId }).lean<Mailbox>();
    expect(stored?.inbox).toMatchObject({ lastError: 'authentication failed', lastCheckAt: expect.any(Date) });

    const testDeps = { db, secrets: box, channel, mailAllowHosts: TEST_MAIL_ALLOW_HOSTS };
    expect(await testMailbox(testDeps, WS, (await mailbox(USER.password)).publicId)).toEqual({ ok: true });
    expect(await testMailbox(testDeps, WS, wrong.publicId)).toEqual({ ok: false, error: 'authentication failed' });
  });

  it('says "connection refused" where nothing listens, "timed out" where nothing answers, "TLS failed" for TLS a plain server lacks', async () => {
    expect(await checkInbox(deps(), await mailbox(USER.password, { port: closedPort }))).toEqual(failed('connection refused'));
    const quiet = await mailbox(USER.password, { port: (silent.address() as AddressInfo).port });
    expect(await checkInbox(deps({ connectTimeoutMs: 500 }), quiet)).toEqual(failed('timed out'));
    expect(sockets.length).toBeGreaterThan(0);
    expect(await checkInbox(deps(), await mailbox(USER.password, { tls: 'tls' }))).toEqual(failed('TLS failed'));
  });

  it('checks the address policy before connecting: a loopback server not on the allow-list is "address not allowed"', async () => {
    const loopback = await mailbox(USER.password);
    expect(await checkInbox(deps({ mailAllowHosts: [] }), loopback)).toEqual(failed('address not allowed'));
    expect(await checkInbox(deps({ mailAllowHosts: [`${mail.host}:${mail.imapPort}`] }), loopback)).toMatchObject({ ok: true });
    expect(await checkInbox(deps({ mailAllowHosts: [`${mail.host}:${mail.smtpPort}`] }), loopback)).toEqual(failed('address not allowed'));
  });

  it('does not open a password copied from another mailbox: it is sealed bound to its own', async () => {
    const owner = await mailbox(USER.password);
    const other = await mailbox('its own password');
    await db.mailboxes.collection.updateOne({ workspaceId: WS, publicId: other.publicId }, { $set: { password: owner.password } });
    const copied = (await db.mailboxes.findOne({ workspaceId: WS, publicId: other.publicId }).lean<Mailbox>())!;
    expect(await checkInbox(deps(), copied)).toEqual(failed(`The password of ${other.fromAddress} cannot be opened here: enter it again.`));
    expect(await checkInbox(deps(), owner)).toMatchObject({ ok: true });
  });
});
