// What the scripted walk of a sales-ops user's day (day-walk.spec.ts) sets up: the seller's offer,
// review-mode sending from a mailbox on the local mail server (GreenMail, MEETFLOW_E2E_MAIL_SMTP/IMAP),
// what reached a prospect's mailbox there, and the prospect's answer sent back through it.
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import { readInbox } from '@meetflow/platform/dev/testing/mail-server';
import { morningZone } from '@meetflow/platform/dev/testing/sending';
import { expect, type APIRequestContext } from './fixtures.ts';

export { OFFER } from './seller-offer.ts';

export const SAMPLES = process.env.MEETFLOW_E2E_SAMPLES_URL;
const [mailHost = '127.0.0.1', smtpPort = '0'] = (process.env.MEETFLOW_E2E_MAIL_SMTP ?? '').split(':');
const [, imapPort = '0'] = (process.env.MEETFLOW_E2E_MAIL_IMAP ?? '').split(':');

/** A weekday at least three days ahead: the day the prospect proposes, at 13:15 UTC (inside working hours in London all year). */
export function proposedDay(): Date {
  const day = new Date(Date.now() + 3 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  day.setUTCHours(13, 15, 0, 0);
  return day;
}

/** The messages in an address's INBOX on the local mail server, parsed. */
export async function mailOf(address: string): Promise<ParsedMail[]> {
  return Promise.all((await readInbox({ host: mailHost, port: Number(imapPort) }, address)).map((raw) => simpleParser(raw)));
}

/** Expects an API answer's status (the body in the message when it differs) and answers its JSON. */
export async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200) {
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
}

/**
 * Makes a workspace send in review mode, its window open every day now, from one mailbox on the
 * local mail server (replies read over its IMAP); answers the mailbox's id. `at` adds the workspace to a path.
 */
export async function reviewModeMailbox(request: APIRequestContext, at: (path: string) => string, seller: string): Promise<string> {
  expect(process.env.MEETFLOW_E2E_MAIL_SMTP, 'the e2e stack runs a local mail server').toBeTruthy();
  await ok(
    await request.put(at('/api/config/sending'), {
      data: {
        configValue: {
          mode: 'review',
          timeZone: morningZone(Date.now()),
          window: { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '17:00' },
          gapMinutes: { min: 0, max: 0 },
          newProspectsPerDomainPerDay: 2,
        },
      },
    }),
  );
  const mailbox = (await ok(
    await request.post(at('/api/mailboxes'), {
      data: {
        fromName: 'Riley Chen',
        fromAddress: seller,
        signature: 'Riley Chen\nLumen Ledger',
        smtp: { host: mailHost, port: Number(smtpPort), tls: 'none', user: seller },
        imap: { host: mailHost, port: Number(imapPort), tls: 'none' },
        password: 'any password',
      },
    }),
    201,
  )) as { id: string };
  return mailbox.id;
}

/** The prospect answers `first` in its thread, through the local mail server. */
export async function replyAs(from: { name: string; address: string }, to: string, first: ParsedMail, text: string): Promise<void> {
  const transport = nodemailer.createTransport({ host: mailHost, port: Number(smtpPort), secure: false, ignoreTLS: true });
  await transport.sendMail({
    from: `${from.name} <${from.address}>`,
    to,
    subject: `Re: ${first.subject}`,
    inReplyTo: first.messageId,
    references: first.messageId,
    date: new Date(),
    text,
  });
  transport.close();
}

/** Has the mailbox read its IMAP inbox until the Inbox lists `count` replies. */
export async function waitForReplies(request: APIRequestContext, at: (path: string) => string, mailboxId: string, count: number) {
  await expect
    .poll(
      async () => {
        await request.post(at(`/api/mailboxes/${mailboxId}/check-inbox`));
        return ((await (await request.get(at('/api/inbox'))).json()) as { total: number }).total;
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe(count);
}

/** Waits for the meeting invitation (a subject starting "Invitation:") in the prospect's mailbox and answers its calendar text, unfolded. */
export async function invitationOf(address: string): Promise<{ mail: ParsedMail; calendar: string | undefined }> {
  let invitation: ParsedMail | undefined;
  await expect
    .poll(async () => (invitation = (await mailOf(address)).find((mail) => /^Invitation:/.test(mail.subject ?? ''))) !== undefined, {
      timeout: 60_000,
    })
    .toBe(true);
  const ics = invitation!.attachments.find((part) => part.filename === 'invite.ics');
  // Unfolded as a calendar reads it (RFC 5545 folds long lines).
  return { mail: invitation!, calendar: ics?.content.toString().replace(/\r?\n[ \t]/g, '') };
}
