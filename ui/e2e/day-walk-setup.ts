// What the two walks of a sales-ops user's day share (day-walk.spec.ts with the mouse,
// keyboard-walk.spec.ts with the keyboard alone): the seller's offer, review-mode sending from a
// mailbox on the local mail server (GreenMail, MEETFLOW_E2E_MAIL_SMTP/IMAP), what reached a
// prospect's mailbox there, and the prospect's answer sent back through it.
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

/** Whether a message came from `address`. */
const sentBy = (address: string) => (mail: ParsedMail) => mail.from?.value.some((sender) => sender.address === address) ?? false;

/**
 * Waits until the prospect's first email from `seller` reaches the prospect's mailbox (other specs
 * may write to the same sample prospect from their own sellers); when it does not, fails saying
 * what the outbox and the prospect's sequence say about it (why it waits and until when), so a
 * slow send explains itself instead of only timing out.
 */
export async function deliveredTo(
  request: APIRequestContext,
  at: (path: string) => string,
  prospect: { id: number; email: string },
  seller: string,
): Promise<ParsedMail[]> {
  let all: ParsedMail[] = [];
  const fromSeller = () => all.filter(sentBy(seller));
  try {
    await expect.poll(async () => ((all = await mailOf(prospect.email)), fromSeller().length), { timeout: 60_000 }).toBe(1);
  } catch (error) {
    const profile = (await (await request.get(at(`/api/prospects/${prospect.id}/profile`))).json()) as { sequence: unknown };
    const outbox = async (status: string) =>
      ((await (await request.get(at(`/api/outbox?status=${status}`))).json()) as { items: Array<Record<string, unknown>> }).items.map(
        ({ step, status, waitReason, waitingUntil, mailbox, reviewedAt, sentAt }) => ({
          step,
          status,
          waitReason,
          waitingUntil,
          mailbox,
          reviewedAt,
          sentAt,
        }),
      );
    const senders = all.map((mail) => mail.from?.text);
    const why = [
      `at ${new Date().toISOString()}: in the mailbox ${JSON.stringify(senders)}`,
      `queued ${JSON.stringify(await outbox('queued'))}`,
      `sent ${JSON.stringify(await outbox('sent'))}`,
      `sequence ${JSON.stringify((profile.sequence as { state?: unknown } | null)?.state ?? null)}`,
    ].join('; ');
    throw new Error(`${(error as Error).message}\nThe email did not arrive; ${why}`);
  }
  return fromSeller();
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

/** Waits for the meeting invitation from `seller` (a subject starting "Invitation:") in the prospect's mailbox and answers its calendar text, unfolded. */
export async function invitationOf(address: string, seller: string): Promise<{ mail: ParsedMail; calendar: string | undefined }> {
  let invitation: ParsedMail | undefined;
  const isInvitation = (mail: ParsedMail) => /^Invitation:/.test(mail.subject ?? '') && sentBy(seller)(mail);
  await expect
    .poll(async () => (invitation = (await mailOf(address)).find(isInvitation)) !== undefined, {
      timeout: 60_000,
    })
    .toBe(true);
  const ics = invitation!.attachments.find((part) => part.filename === 'invite.ics');
  // Unfolded as a calendar reads it (RFC 5545 folds long lines).
  return { mail: invitation!, calendar: ics?.content.toString().replace(/\r?\n[ \t]/g, '') };
}
