import { boundToRecord, isUnbound, whyUnopenable, type SealedSecret, type SecretsBox } from '../../../core/secrets-box.ts';
import type { Mailbox, MailboxDb } from './model.ts';

type Owner = Pick<Mailbox, 'workspaceId' | 'publicId'>;

/** What a mailbox's password is sealed bound to: its workspace and id, so it opens for no other mailbox. */
const boundTo = (mailbox: Owner) => boundToRecord('mailbox-password', mailbox);

/** A stored password that cannot be used: sealed under another key, for another mailbox, or damaged. */
export class PasswordUnusable extends Error {
  override name = 'PasswordUnusable';
}

/** Seals a mailbox's password bound to that mailbox. */
export function sealPassword(box: SecretsBox, mailbox: Owner, password: string): SealedSecret {
  return box.seal(password, boundTo(mailbox));
}

/**
 * Opens a mailbox's stored password. One sealed before passwords were bound to their mailbox
 * opens as it is and is sealed again, bound, in its place (unless it changed meanwhile): each
 * one is migrated at its first use (a send, a Test connection, an IMAP check), or when a new one
 * is saved. Throws {@link PasswordUnusable}, saying to enter it again, when it cannot be opened.
 */
export async function openPassword(db: MailboxDb, box: SecretsBox, mailbox: Mailbox): Promise<string> {
  let password: string;
  try {
    password = box.open(mailbox.password, boundTo(mailbox));
  } catch (error) {
    throw new PasswordUnusable(`The password of ${mailbox.fromAddress} ${whyUnopenable(error)}: enter it again.`);
  }
  if (isUnbound(mailbox.password)) {
    await db.mailboxes.updateOne(
      { workspaceId: mailbox.workspaceId, publicId: mailbox.publicId, 'password.ciphertext': mailbox.password.ciphertext },
      { $set: { password: sealPassword(box, mailbox, password) } },
    );
  }
  return password;
}
