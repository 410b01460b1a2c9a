import type { Client } from '@temporalio/client';
import type { SequenceStep } from '@meetflow/workflows';
import type { Models } from '../../src/features/models.ts';
import type { SecretsBox } from '../../src/core/secrets-box.ts';
import { createMailbox } from '../../src/features/email/mailboxes/mailboxes.ts';
import { setWorkspaceConfig } from '../../src/features/insights/workspace-config/workspace-config.ts';
import { CONFIG_DEFAULTS, type WorkspaceConfig } from '../../src/features/insights/workspace-config/schemas.ts';
import type { SmtpSink } from '@meetflow/plugin-channel-email-smtp/testing';
import { sequenceWorkflowId } from '../../src/features/email/sequences/enrollment.ts';

/**
 * A fixed-offset zone (Etc/GMT±N) where the local time at `nowMs` is between 10:00 and 10:59:
 * tests that send at once stay inside a 08:00–17:00 window whatever the time of day they run.
 */
export function morningZone(nowMs: number): string {
  let offset = 10 - new Date(nowMs).getUTCHours(); // -13 … +10
  if (offset < -12) offset += 24; // UTC-13 does not exist; UTC+11 is the same local hour a day later
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`; // the IANA names' sign is inverted
}

/** Saves the workspace's sending settings: the defaults with `changes` over them. */
export async function configureSending(db: Models, workspaceId: string, changes: Partial<WorkspaceConfig['sending']>) {
  await setWorkspaceConfig(db, workspaceId, 'sending', { ...CONFIG_DEFAULTS.sending, ...changes });
}

/**
 * Connects a mailbox that sends to the sink, added at `addedAt` (the workflows' clock, which a
 * time-skipping server moves ahead of the wall clock); `warmedUp` backdates it two months, so its
 * daily cap applies from the first day (a new one warms up from 5 a day).
 */
export async function connectSinkMailbox(
  db: Models,
  box: SecretsBox,
  workspaceId: string,
  sink: SmtpSink,
  options: { fromAddress?: string; dailyCap?: number; warmedUp?: boolean; addedAt?: number } = {},
) {
  const mailbox = await createMailbox(db, box, workspaceId, {
    fromName: 'Alex Morgan',
    fromAddress: options.fromAddress ?? 'alex@brightline.test',
    signature: 'Alex Morgan\nBrightline Data',
    smtp: { host: '127.0.0.1', port: sink.port, tls: 'none', user: sink.user },
    password: sink.password,
    dailyCap: options.dailyCap ?? 30,
  });
  const addedAt = (options.addedAt ?? Date.now()) - (options.warmedUp ? 60 * 86_400_000 : 0);
  // Through the driver: mongoose keeps createdAt immutable.
  await db.mailboxes.collection.updateOne({ workspaceId, publicId: mailbox.id }, { $set: { createdAt: new Date(addedAt) } });
  return mailbox;
}

/**
 * Autonomous sending, its window open now, from one warmed-up mailbox (cap 100) on the local mail
 * server, replies read over its IMAP; answers the mailbox's id.
 */
export async function sendFromMailServer(
  db: Models,
  box: SecretsBox,
  workspaceId: string,
  mail: { host: string; smtpPort: number; imapPort: number },
  fromAddress: string,
): Promise<string> {
  await configureSending(db, workspaceId, {
    mode: 'autonomous',
    timeZone: morningZone(Date.now()),
    window: { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '17:00' },
    gapMinutes: { min: 0, max: 0 },
  });
  const mailbox = await createMailbox(db, box, workspaceId, {
    fromName: 'Alex Morgan',
    fromAddress,
    signature: 'Alex Morgan',
    smtp: { host: mail.host, port: mail.smtpPort, tls: 'none', user: fromAddress },
    imap: { host: mail.host, port: mail.imapPort, tls: 'none' },
    password: 'any password: GreenMail accepts every login',
    dailyCap: 100,
  });
  // Warmed up (added two months ago), so its cap applies at once. Through the driver: createdAt is immutable in mongoose.
  await db.mailboxes.collection.updateOne(
    { workspaceId, publicId: mailbox.id },
    { $set: { createdAt: new Date(Date.now() - 60 * 86_400_000) } },
  );
  return mailbox.id;
}

/** A prospect of the workspace, enrolled in a sequence of `steps` on the test worker. */
export async function enrolProspect(
  stack: { db: Models; runner: { temporal: Client; taskQueue: string } },
  workspaceId: string,
  id: number,
  email: string,
  steps: SequenceStep[],
) {
  await stack.db.prospects.create({ workspaceId, id, firstName: 'Pat', lastName: `P${id}`, company: 'Acme', email, emailLower: email });
  const workflowId = sequenceWorkflowId(workspaceId, id);
  await stack.runner.temporal.workflow.start('prospectSequence', {
    taskQueue: stack.runner.taskQueue,
    workflowId,
    args: [{ workspaceId, sequenceId: workflowId, prospectId: id, email, steps }],
  });
}

/** A delivery status notification (`multipart/report`) saying the email `originalMessageId` to `recipient` failed for good (5.1.1). */
export const deliveryFailureReport = (recipient: string, originalMessageId: string, to = 'alex@brightline.test') =>
  [
    'From: MAILER-DAEMON@mx.acme.test',
    `To: ${to}`,
    'Subject: Undelivered Mail Returned to Sender',
    'Date: Wed, 25 Nov 2026 10:00:00 +0000',
    `Message-ID: <dsn-${Math.random().toString(36).slice(2)}@mx.acme.test>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain',
    '',
    'Your message could not be delivered.',
    '--b1',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.acme.test',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    'Action: failed',
    'Status: 5.1.1',
    'Diagnostic-Code: smtp; 550 5.1.1 user unknown',
    '',
    '--b1',
    'Content-Type: text/rfc822-headers',
    '',
    `Message-ID: ${originalMessageId}`,
    `To: ${recipient}`,
    '',
    '--b1--',
    '',
  ].join('\r\n');
