import { randomBytes } from 'node:crypto';
import { isDuplicateKey } from '@meetflow/plugin-sdk';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../../core/errors.ts';
import { SecretKeyMismatch, type SecretsBox } from '../../core/secrets-box.ts';
import type { Secrets } from '../../core/secrets-key.ts';
import type { VerifyResult } from '@meetflow/plugin-sdk/contracts/channel';
import type { InProcessChannel } from '../plugins/host.ts';
import type { MailboxPatch, MailboxView, NewMailbox } from './api-schemas.ts';
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
      ? { at: mailbox.lastTest.at.toISOString(), ok: mailbox.lastTest.ok, error: mailbox.lastTest.error ?? null }
      : null,
    createdAt: mailbox.createdAt.toISOString(),
    updatedAt: mailbox.updatedAt.toISOString(),
  };
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

/** Adds a mailbox, its password sealed before it is stored. */
export async function createMailbox(db: MailboxDb, box: SecretsBox, workspaceId: string, input: NewMailbox): Promise<MailboxView> {
  const { password, ...settings } = input;
  try {
    const created = await db.mailboxes.create({
      ...settings,
      workspaceId,
      publicId: randomBytes(8).toString('hex'),
      password: box.seal(password),
    });
    return viewOf(created.toObject());
  } catch (error) {
    if (isDuplicateKey(error)) throw taken(input.fromAddress);
    throw error;
  }
}

/** Changes what the patch names (a password only when given, sealed); answers the mailbox before and after. */
export async function updateMailbox(
  db: MailboxDb,
  secrets: Secrets,
  workspaceId: string,
  id: string,
  patch: MailboxPatch,
): Promise<{ before: MailboxView; after: MailboxView }> {
  const before = await getMailbox(db, workspaceId, id);
  const { password, smtp, ...fields } = patch;
  const set: Record<string, unknown> = { ...fields };
  for (const [key, value] of Object.entries(smtp ?? {})) if (value !== undefined) set[`smtp.${key}`] = value;
  if (password !== undefined) set.password = requireBox(secrets).seal(password);
  if (fields.status === 'active') set.pausedReason = null;
  // Another IMAP server numbers its messages anew: reading starts over there (from when the mailbox was added).
  const imapMoved = patch.imap !== undefined && (patch.imap?.host !== before.imap?.host || patch.imap?.port !== before.imap?.port);
  if (imapMoved) set.inbox = null;
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

/**
 * Test connection: asks the mailbox's SMTP server, through the email channel plugin's `verify`,
 * to accept its stored settings and password (connect, TLS as set, log in), records the outcome
 * as its `lastTest`, and answers it. A server refusing them is an answer for the user, not a
 * failed request; no channel installed is a 503 saying so.
 */
export async function testMailbox(
  db: MailboxDb,
  secrets: Secrets,
  channel: InProcessChannel | null,
  workspaceId: string,
  id: string,
): Promise<{ ok: boolean; error?: string }> {
  const box = requireBox(secrets);
  if (!channel)
    throw new ServiceUnavailableError('No email channel plugin is installed (such as channel-email-smtp): nothing can be tested or sent');
  const mailbox = await getMailbox(db, workspaceId, id);
  let password: string;
  try {
    password = box.open(mailbox.password);
  } catch (error) {
    if (!(error instanceof SecretKeyMismatch)) throw error;
    throw new ConflictError(
      `The password of ${mailbox.fromAddress} was saved under another MEETFLOW_SECRETS_KEY than the one set now: enter it again.`,
    );
  }
  const result = (await channel.verify({ account: { ...mailbox.smtp, password } })) as VerifyResult;
  const lastTest = { at: new Date(), ok: result.ok, error: result.ok ? null : result.error };
  await db.mailboxes.updateOne({ workspaceId, publicId: id }, { $set: { lastTest } });
  return result.ok ? { ok: true } : { ok: false, error: result.error };
}
