import { randomBytes } from 'node:crypto';
import { isDuplicateKey } from '@meetflow/plugin-sdk';
import { MAIL_FAILURE_REASONS, type MailFailureReason, type VerifyResult } from '@meetflow/plugin-sdk/contracts/channel';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../../../core/errors.ts';
import type { SecretsBox } from '../../../core/secrets-box.ts';
import type { Secrets } from '../../../core/secrets-key.ts';
import type { InProcessChannel } from '../../runs/services.ts';
import type { MailboxPatch, MailboxView, NewMailbox } from './api-schemas.ts';
import { invalidFields, mailServerAddress, refusedMailHosts, type MailAllowHosts } from './mail-hosts.ts';
import { openPassword, PasswordUnusable, sealPassword } from './mailbox-password.ts';
import type { Mailbox, MailboxDb } from './model.ts';

/** The box that seals and opens mailbox passwords, or a 503 naming what the operator must set. */
export function requireBox(secrets: Secrets): SecretsBox {
  if ('unavailable' in secrets) throw new ServiceUnavailableError(secrets.unavailable);
  return secrets;
}

/** A mailbox as the API shows it: the password only as `passwordSet`. */
export function viewOf(mailbox: Mailbox): MailboxView {
  return {
    id: mailbox.publicId,
    fromName: mailbox.fromName,
    fromAddress: mailbox.fromAddress,
    signature: mailbox.signature,
    smtp: { host: mailbox.smtp.host, port: mailbox.smtp.port, tls: mailbox.smtp.tls, user: mailbox.smtp.user },
    imap: mailbox.imap ? { host: mailbox.imap.host, port: mailbox.imap.port, tls: mailbox.imap.tls } : null,
    inbox:
      mailbox.imap && mailbox.inbox
        ? {
            lastCheckAt: mailbox.inbox.lastCheckAt?.toISOString() ?? null,
            lastError: mailbox.inbox.lastError ?? null,
            received: mailbox.inbox.received ?? 0,
          }
        : null,
    passwordSet: true,
    status: mailbox.status,
    pausedReason: mailbox.pausedReason,
    dailyCap: mailbox.dailyCap,
    lastTest: mailbox.lastTest
      ? { at: mailbox.lastTest.at.toISOString(), ok: mailbox.lastTest.ok, error: reasonOf(mailbox.lastTest) }
      : null,
    createdAt: mailbox.createdAt.toISOString(),
    updatedAt: mailbox.updatedAt.toISOString(),
  };
}

/** A failed test's reason; one recorded before reasons were classified (in the server's words) shows as "connection failed". */
function reasonOf(lastTest: NonNullable<Mailbox['lastTest']>): MailFailureReason | null {
  if (lastTest.ok) return null;
  return MAIL_FAILURE_REASONS.find((reason) => reason === lastTest.error) ?? 'connection failed';
}

const taken = (address: string) =>
  new ConflictError(`A mailbox sending from ${address} already exists in this workspace: edit that one instead.`);

/** The workspace's mailboxes, oldest first. */
export async function listMailboxes(db: MailboxDb, workspaceId: string): Promise<MailboxView[]> {
  const mailboxes = await db.mailboxes.find({ workspaceId }).sort({ createdAt: 1, _id: 1 }).lean<Mailbox[]>();
  return mailboxes.map(viewOf);
}

/** One of the workspace's mailboxes; another workspace's is "not found". */
export async function getMailbox(db: MailboxDb, workspaceId: string, id: string): Promise<Mailbox> {
  const mailbox = await db.mailboxes.findOne({ workspaceId, publicId: id }).lean<Mailbox>();
  if (!mailbox) throw new NotFoundError(`Mailbox ${id} not found.`);
  return mailbox;
}

/**
 * Adds a mailbox, its password sealed (bound to it) before it is stored. Its servers are not
 * checked here: the API checks them first ({@link refusedMailHosts}); the demo's and tests' own
 * are trusted, and every connection checks again.
 */
export async function createMailbox(db: MailboxDb, box: SecretsBox, workspaceId: string, input: NewMailbox): Promise<MailboxView> {
  const { password, ...settings } = input;
  const publicId = randomBytes(8).toString('hex');
  try {
    const created = await db.mailboxes.create({
      ...settings,
      workspaceId,
      publicId,
      password: sealPassword(box, { workspaceId, publicId }, password),
    });
    return viewOf(created.toObject());
  } catch (error) {
    if (isDuplicateKey(error)) throw taken(input.fromAddress);
    throw error;
  }
}

/** The password a change of connection settings needs, as the 400 names it. */
export const PASSWORD_AGAIN = 'enter the password again: the connection settings changed';

const sameHost = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** How much a TLS mode protects the login on the wire: a change to a lower one would send the stored password less protected. */
const TLS_STRENGTH: Record<string, number> = { tls: 2, starttls: 1, none: 0 };
const weaker = (after: { tls: string }, before: { tls: string }) => (TLS_STRENGTH[after.tls] ?? 0) < (TLS_STRENGTH[before.tls] ?? 0);

/**
 * Changes what the patch names (a password only when given, sealed); answers the mailbox before
 * and after. Sending the stored password to another server, or for another login, takes the
 * password again: a change of the SMTP host, port or user, or of the IMAP host or port (IMAP logs
 * in with the SMTP login), or to a weaker TLS mode (the password would cross the network less
 * protected), without one is a 400 naming `password`. A server moved to is checked
 * against the address policy (a 400 naming its host).
 */
export async function updateMailbox(
  deps: { db: MailboxDb; secrets: Secrets; mailAllowHosts: MailAllowHosts },
  workspaceId: string,
  id: string,
  patch: MailboxPatch,
): Promise<{ before: MailboxView; after: MailboxView }> {
  const { db, secrets } = deps;
  const before = await getMailbox(db, workspaceId, id);
  const { password, smtp, ...fields } = patch;
  const set: Record<string, unknown> = { ...fields };
  for (const [key, value] of Object.entries(smtp ?? {})) if (value !== undefined) set[`smtp.${key}`] = value;
  const smtpAfter = { ...before.smtp, ...Object.fromEntries(Object.entries(smtp ?? {}).filter(([, value]) => value !== undefined)) };
  const smtpMoved =
    !sameHost(smtpAfter.host, before.smtp.host) || smtpAfter.port !== before.smtp.port || smtpAfter.user !== before.smtp.user;
  const imapAfter = patch.imap === undefined ? before.imap : patch.imap;
  // Another IMAP server numbers its messages anew: reading starts over there (from when the mailbox was added).
  const imapMoved =
    imapAfter !== null && (before.imap === null || !sameHost(imapAfter.host, before.imap.host) || imapAfter.port !== before.imap.port);
  const problems = await refusedMailHosts({ smtp: smtpMoved ? smtpAfter : null, imap: imapMoved ? imapAfter : null }, deps.mailAllowHosts);
  const weakened = weaker(smtpAfter, before.smtp) || (imapAfter !== null && before.imap !== null && weaker(imapAfter, before.imap));
  if ((smtpMoved || imapMoved || weakened) && password === undefined) problems.password = PASSWORD_AGAIN;
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  if (password !== undefined) set.password = sealPassword(requireBox(secrets), before, password);
  if (fields.status === 'active') set.pausedReason = null;
  if (imapMoved || (patch.imap === null && before.imap !== null)) set.inbox = null;
  try {
    const after = await db.mailboxes
      .findOneAndUpdate({ workspaceId, publicId: id }, { $set: set }, { returnDocument: 'after', runValidators: true })
      .lean<Mailbox>();
    if (!after) throw new NotFoundError(`Mailbox ${id} not found.`);
    return { before: viewOf(before), after: viewOf(after) };
  } catch (error) {
    if (isDuplicateKey(error)) throw taken(patch.fromAddress ?? before.fromAddress);
    throw error;
  }
}

/** Deletes one of the workspace's mailboxes. */
export async function deleteMailbox(db: MailboxDb, workspaceId: string, id: string): Promise<MailboxView> {
  const mailbox = await getMailbox(db, workspaceId, id);
  await db.mailboxes.deleteOne({ workspaceId, publicId: id });
  return viewOf(mailbox);
}

/** What Test connection is done with: the mailboxes, the box their passwords are in, the channel plugin and the address policy's allow-list. */
export interface MailboxTestDeps {
  db: MailboxDb;
  secrets: Secrets;
  channel: InProcessChannel | null;
  mailAllowHosts: MailAllowHosts;
}

/**
 * Test connection: asks the mailbox's SMTP server, through the email channel plugin's `verify`,
 * to accept its stored settings and password (connect, TLS as set, log in), records the outcome
 * as its `lastTest`, and answers it. The host is checked against the address policy first and
 * the connection goes to the address checked. A server refusing them is an answer for the user
 * (one classified reason, never what the server said), not a failed request; no channel
 * installed is a 503 saying so; a password that cannot be opened is a 409 saying to enter it again.
 */
export async function testMailbox(
  deps: MailboxTestDeps,
  workspaceId: string,
  id: string,
): Promise<{ ok: boolean; error?: MailFailureReason }> {
  const { db, channel } = deps;
  const box = requireBox(deps.secrets);
  if (!channel)
    throw new ServiceUnavailableError('No email channel plugin is installed (such as channel-email-smtp): nothing can be tested or sent');
  const mailbox = await getMailbox(db, workspaceId, id);
  let password: string;
  try {
    password = await openPassword(db, box, mailbox);
  } catch (error) {
    if (error instanceof PasswordUnusable) throw new ConflictError(error.message);
    throw error;
  }
  const server = await mailServerAddress(mailbox.smtp, deps.mailAllowHosts);
  const result: VerifyResult = server.ok
    ? ((await channel.verify({ account: { ...mailbox.smtp, password, address: server.address } })) as VerifyResult)
    : { ok: false, error: server.reason };
  const lastTest = { at: new Date(), ok: result.ok, error: result.ok ? null : result.error };
  await db.mailboxes.updateOne({ workspaceId, publicId: id }, { $set: { lastTest } });
  return result.ok ? { ok: true } : { ok: false, error: result.error };
}
