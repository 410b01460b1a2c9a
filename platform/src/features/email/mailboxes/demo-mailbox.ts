import { randomBytes } from 'node:crypto';
import type { SecretsBox } from '../../../core/secrets-box.ts';
import type { MailboxDb } from './model.ts';
import { getWorkspaceConfig, setWorkspaceConfig, type ConfigStoreDb } from '../../insights/services.ts';
import { createMailbox } from './mailboxes.ts';

/** The address the demo workspace sends from; replies to it are read back over IMAP. */
export const DEMO_MAILBOX_ADDRESS = 'demo@meetflow.local';

/**
 * Gives the demo workspace a sample mailbox on the local mail server `npm start` runs (GreenMail:
 * SMTP and IMAP, no TLS, any login accepted), so the whole loop runs with no account: what is
 * approved is sent there, and answers to it come back through IMAP. Idempotent; a later start
 * on other ports moves the mailbox to them. Its sends, cap and warm-up are those of any mailbox;
 * when it is first made, the demo workspace's sending window opens every day at every hour with a
 * 1–2 min gap, so a newcomer sees the loop whenever they try it (the settings stay theirs to change).
 */
export async function ensureDemoMailbox(
  db: MailboxDb & ConfigStoreDb,
  box: SecretsBox,
  workspaceId: string,
  server: { host: string; smtpPort: number; imapPort: number },
): Promise<'created' | 'updated'> {
  const imap = { host: server.host, port: server.imapPort, tls: 'none' as const };
  const moved = await db.mailboxes.updateOne(
    { workspaceId, fromAddress: DEMO_MAILBOX_ADDRESS },
    { $set: { 'smtp.host': server.host, 'smtp.port': server.smtpPort, imap } },
  );
  if (moved.matchedCount > 0) return 'updated';
  await createMailbox(db, box, workspaceId, {
    fromName: 'Meetflow demo (sample mailbox)',
    fromAddress: DEMO_MAILBOX_ADDRESS,
    // The copy signs off as the offer's sender already; the "(sample mailbox)" in the From name labels it.
    signature: '',
    smtp: { host: server.host, port: server.smtpPort, tls: 'none', user: DEMO_MAILBOX_ADDRESS },
    imap,
    // GreenMail accepts any password: a random one, sealed like any other.
    password: randomBytes(12).toString('base64url'),
  });
  const { sending } = await getWorkspaceConfig(db, workspaceId);
  await setWorkspaceConfig(db, workspaceId, 'sending', {
    ...sending,
    window: { days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '23:59' },
    gapMinutes: { min: 1, max: 2 },
  });
  return 'created';
}
