import { isIP } from 'node:net';
import { connectionFailureReason, type MailFailureReason } from '@meetflow/plugin-sdk/contracts/channel';
import type { Client } from '@temporalio/client';
import { ImapFlow } from 'imapflow';
import { InputError } from '../../../core/errors.ts';
import type { Secrets } from '../../../core/secrets-key.ts';
import { mailServerAddress, type MailAllowHosts } from '../mailboxes/mail-hosts.ts';
import { openPassword, PasswordUnusable } from '../mailboxes/mailbox-password.ts';
import type { Mailbox, MailboxDb } from '../mailboxes/model.ts';
import { handleInbound, type InboundDb } from './handle-inbound.ts';

/** What one check of a mailbox's INBOX read. */
export interface InboxCheck {
  ok: boolean;
  /**
   * Why the check failed: one classified reason (see MAIL_FAILURE_REASONS), never what the server
   * said; or why the password cannot be used. What was read before stays read.
   */
  error?: string;
  read: number;
  replies: number;
  bounces: number;
  ignored: number;
}

/** What reading a mailbox's inbox touches: its mailbox, and all an inbound message does. */
export type InboxDb = InboundDb & MailboxDb;

export type InboxDeps = {
  db: InboxDb;
  temporal: Client;
  taskQueue: string;
  secrets: Secrets;
  /** Mail servers allowed despite the address policy (MEETFLOW_MAIL_ALLOW_HOSTS). */
  mailAllowHosts: MailAllowHosts;
  /** How long connecting and the greeting may take (15 s); tests shorten it. */
  connectTimeoutMs?: number;
};

/** One check reads at most this many new messages; the next check goes on from there. */
export const MESSAGES_PER_CHECK = 200;
/** A message larger than this is not read (a reply or a bounce report never is). */
const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 15_000;

type WithImap = Mailbox & { imap: NonNullable<Mailbox['imap']> };

/**
 * imapflow's options for a mailbox: its IMAP server, at the `address` checked, with the SMTP
 * login and password; the host still names the server for TLS.
 */
function clientFor(mailbox: WithImap, address: string, password: string, timeoutMs: number): ImapFlow {
  const named = isIP(mailbox.imap.host) === 0;
  return new ImapFlow({
    host: address,
    ...(named ? { servername: mailbox.imap.host } : {}),
    port: mailbox.imap.port,
    secure: mailbox.imap.tls === 'tls',
    doSTARTTLS: mailbox.imap.tls === 'starttls' ? true : mailbox.imap.tls === 'none' ? false : undefined,
    auth: { user: mailbox.smtp.user, pass: password },
    logger: false, // the conversation carries the login: never logged
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: 60_000,
    disableAutoIdle: true,
  });
}

// IMAP response codes (RFC 5530) meaning "not without TLS" rather than a wrong login.
const TLS_FIRST_CODES = new Set(['PRIVACYREQUIRED', 'ENCRYPTIONNEEDED']);

/** Why connecting or logging in failed, as one reason (never the server's words): see MAIL_FAILURE_REASONS. */
function reasonOf(error: unknown): MailFailureReason {
  const failure = error as { authenticationFailed?: boolean; serverResponseCode?: string };
  if (TLS_FIRST_CODES.has(String(failure.serverResponseCode).toUpperCase())) return 'TLS required';
  if (failure.authenticationFailed) return 'authentication failed';
  return connectionFailureReason(error);
}

/**
 * Reads the new messages of a mailbox's INBOX over IMAP (read-only: nothing is marked or moved)
 * and hands each to {@link handleInbound}, as a posted inbound email would be: replies are
 * threaded, classified and told to their sequence, delivery reports count as bounces. The last
 * UID read is saved after each message, so a check cut short goes on where it stopped; a message
 * read twice still counts once. The first check (or one after the server renumbered its messages)
 * reads what arrived since the mailbox was added.
 */
export async function checkInbox(deps: InboxDeps, mailbox: Mailbox): Promise<InboxCheck> {
  const result: InboxCheck = { ok: true, read: 0, replies: 0, bounces: 0, ignored: 0 };
  if (!mailbox.imap) return { ...result, ok: false, error: 'This mailbox has no IMAP settings' };
  const withImap = mailbox as WithImap;
  const key = { workspaceId: mailbox.workspaceId, publicId: mailbox.publicId };
  // A mailbox never read (or moved to another server) has no state yet: its fields are set inside one.
  const fresh = { uidValidity: null, lastUid: 0, lastCheckAt: null, lastError: null, received: 0 };
  if (!mailbox.inbox) await deps.db.mailboxes.updateOne({ ...key, inbox: null }, { $set: { inbox: fresh } });
  const finish = async (error?: string) => {
    await deps.db.mailboxes.updateOne(key, { $set: { 'inbox.lastCheckAt': new Date(), 'inbox.lastError': error ?? null } });
    return error ? { ...result, ok: false, error } : result;
  };
  if ('unavailable' in deps.secrets) return finish(deps.secrets.unavailable);
  let password: string;
  try {
    password = await openPassword(deps.db, deps.secrets, mailbox);
  } catch (error) {
    if (error instanceof PasswordUnusable) return finish(error.message);
    throw error;
  }
  // Checked before each connection (DNS may have changed since the settings were saved), which goes to the address checked.
  const server = await mailServerAddress(withImap.imap, deps.mailAllowHosts);
  if (!server.ok) return finish(server.reason);

  const client = clientFor(withImap, server.address, password, deps.connectTimeoutMs ?? TIMEOUT_MS);
  client.on('error', () => {}); // a dropped connection fails the command in flight, which is handled below
  try {
    await client.connect();
  } catch (error) {
    return finish(reasonOf(error));
  }
  try {
    const lock = await client.getMailboxLock('INBOX', { readOnly: true });
    try {
      const folder = client.mailbox as { uidValidity: bigint } | false;
      const uidValidity = folder ? String(folder.uidValidity) : null;
      const same = mailbox.inbox?.uidValidity === uidValidity && uidValidity !== null;
      const lastUid = same ? (mailbox.inbox?.lastUid ?? 0) : 0;
      const found = same
        ? await client.search({ uid: `${lastUid + 1}:*` }, { uid: true })
        : await client.search({ since: mailbox.createdAt }, { uid: true });
      // `n:*` always matches the newest message, even one below n: only higher UIDs are new.
      const uids = (found || []).filter((uid) => uid > lastUid).sort((a, b) => a - b);
      if (!same) await deps.db.mailboxes.updateOne(key, { $set: { 'inbox.uidValidity': uidValidity, 'inbox.lastUid': 0 } });
      for (const uid of uids.slice(0, MESSAGES_PER_CHECK)) {
        const message = await client.fetchOne(String(uid), { source: true, size: true }, { uid: true });
        const kind =
          message && message.source && (message.size ?? 0) <= MAX_MESSAGE_BYTES ? await read(deps, mailbox, message.source) : 'ignored';
        result.read += 1;
        result[kind] += 1;
        await deps.db.mailboxes.updateOne(key, {
          $set: { 'inbox.lastUid': uid },
          $inc: { 'inbox.received': kind === 'ignored' ? 0 : 1 },
        });
      }
    } finally {
      lock.release();
    }
    await client.logout();
    return finish();
  } catch (error) {
    client.close();
    // The server or the connection failed (not our database or Temporal, whose errors go to the caller to retry).
    const failure = error as { code?: unknown };
    if (error instanceof Error && ('responseText' in error || typeof failure.code === 'string')) return finish(reasonOf(error));
    throw error;
  }
}

/** One message through the inbound path; what it was. Not an email at all: ignored, not retried. */
async function read(deps: InboxDeps, mailbox: Mailbox, source: Buffer): Promise<'replies' | 'bounces' | 'ignored'> {
  try {
    const handled = await handleInbound(deps, mailbox.workspaceId, source);
    if (handled.kind === 'bounce') return 'bounces';
    // An answer to a meeting's invitation was read and acted on, as a reply is.
    if (handled.kind === 'calendar-reply') return 'replies';
    return handled.matched ? 'replies' : 'ignored';
  } catch (error) {
    if (error instanceof InputError) return 'ignored';
    throw error;
  }
}

/** Checks every mailbox of the workspace that has IMAP settings (paused ones too: replies still come); how many there were. */
export async function checkWorkspaceInboxes(deps: InboxDeps, workspaceId: string): Promise<{ mailboxes: number; checks: InboxCheck[] }> {
  const mailboxes = await deps.db.mailboxes.find({ workspaceId, imap: { $ne: null } }).lean<Mailbox[]>();
  const checks: InboxCheck[] = [];
  for (const mailbox of mailboxes) checks.push(await checkInbox(deps, mailbox));
  return { mailboxes: mailboxes.length, checks };
}
