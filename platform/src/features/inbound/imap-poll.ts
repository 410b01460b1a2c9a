import type { Client } from '@temporalio/client';
import { ImapFlow } from 'imapflow';
import type { Models } from '../../core/db/models.ts';
import { InputError } from '../../core/errors.ts';
import { SecretKeyMismatch } from '../../core/secrets-box.ts';
import type { Secrets } from '../../core/secrets-key.ts';
import type { Mailbox } from '../mailboxes/model.ts';
import { handleInbound } from './handle-inbound.ts';

/** What one check of a mailbox's INBOX read. */
export interface InboxCheck {
  ok: boolean;
  /** Why the check failed (the server refused the login, nothing answered…); what was read before stays read. */
  error?: string;
  read: number;
  replies: number;
  bounces: number;
  ignored: number;
}

export type InboxDeps = { db: Models; temporal: Client; taskQueue: string; secrets: Secrets };

/** One check reads at most this many new messages; the next check goes on from there. */
export const MESSAGES_PER_CHECK = 200;
/** A message larger than this is not read (a reply or a bounce report never is). */
const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 15_000;

/** imapflow's options for a mailbox: its IMAP server with the SMTP login and password. */
function clientFor(mailbox: Mailbox & { imap: NonNullable<Mailbox['imap']> }, password: string): ImapFlow {
  return new ImapFlow({
    host: mailbox.imap.host,
    port: mailbox.imap.port,
    secure: mailbox.imap.tls === 'tls',
    doSTARTTLS: mailbox.imap.tls === 'starttls' ? true : mailbox.imap.tls === 'none' ? false : undefined,
    auth: { user: mailbox.smtp.user, pass: password },
    logger: false, // the conversation carries the login: never logged
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: 60_000,
    disableAutoIdle: true,
  });
}

/** A failed connection or login in words the person who typed the settings can act on. */
function describe(error: unknown, mailbox: Mailbox & { imap: NonNullable<Mailbox['imap']> }): string {
  const where = `${mailbox.imap.host}:${mailbox.imap.port}`;
  const failure = error as { code?: string; authenticationFailed?: boolean; responseText?: string; message?: string };
  if (failure.authenticationFailed) return `The IMAP server at ${where} refused the login of ${mailbox.smtp.user}`;
  if (failure.code === 'ECONNREFUSED') return `Could not connect to ${where}: connection refused (nothing listens there)`;
  if (failure.code === 'ENOTFOUND' || failure.code === 'EAI_AGAIN') return `Could not find the host ${mailbox.imap.host}`;
  if (failure.code === 'ETIMEDOUT' || /timeout/i.test(failure.message ?? '')) return `No answer from ${where} in time`;
  return `Reading replies from ${where} failed: ${failure.responseText ?? failure.message ?? String(error)}`;
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
  const withImap = mailbox as Mailbox & { imap: NonNullable<Mailbox['imap']> };
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
    password = deps.secrets.open(mailbox.password);
  } catch (error) {
    if (error instanceof SecretKeyMismatch) return finish('The password was saved under another MEETFLOW_SECRETS_KEY: enter it again');
    throw error;
  }

  const client = clientFor(withImap, password);
  client.on('error', () => {}); // a dropped connection fails the command in flight, which is handled below
  try {
    await client.connect();
  } catch (error) {
    return finish(describe(error, withImap));
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
    if (error instanceof Error && ('responseText' in error || typeof failure.code === 'string')) return finish(describe(error, withImap));
    throw error;
  }
}

/** One message through the inbound path; what it was. Not an email at all: ignored, not retried. */
async function read(deps: InboxDeps, mailbox: Mailbox, source: Buffer): Promise<'replies' | 'bounces' | 'ignored'> {
  try {
    const handled = await handleInbound(deps, mailbox.workspaceId, source);
    if (handled.kind === 'bounce') return 'bounces';
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
