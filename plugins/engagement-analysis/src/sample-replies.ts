// Realistic replies to an outreach email sent by "Sam Lee <sam@meetflow.io>" to Northwind and
// Acme, each with what the classifier must conclude. Received on Friday 20 November 2026.
import type { ReplyCategory, ReplyClassification, ReplyInput } from './schemas.ts';

/** A reply and the parts of its classification a test asserts. */
export interface SampleReply {
  name: string;
  reply: ReplyInput;
  category: ReplyCategory;
  action: ReplyClassification['action'];
  returnDate?: string | null;
  referral?: ReplyClassification['referral'];
  objection?: ReplyClassification['objection'];
  minMeetingIntent?: number;
  /** A category none of whose rules may fire (e.g. quoted text that must not count). */
  noSignalsFrom?: ReplyCategory;
}

const receivedAt = '2026-11-20T14:05:00Z';
const QUOTED_OUTREACH = `On Tue, 17 Nov 2026 at 10:02, Sam Lee <sam@meetflow.io> wrote:
> Hi Laura, teams like Northwind book 12 more meetings a month with Meetflow.
> Worth a 15-minute chat? If not, reply "unsubscribe" and I'll stop emailing you.`;
const OUTLOOK_QUOTE = `________________________________
From: Sam Lee <sam@meetflow.io>
Sent: Tuesday, November 17, 2026 10:02 AM
To: Mark Chen <mark@acme.com>
Subject: Quick idea for Acme

If you'd rather not hear from me, just say "remove me".`;
const reply = (body: string, extra: Partial<ReplyInput> = {}): ReplyInput => ({ body, receivedAt, ...extra });

/** The table the classifier is tested against. */
export const SAMPLE_REPLIES: readonly SampleReply[] = [
  {
    name: 'interested, asks for times',
    category: 'interested',
    action: 'stop',
    minMeetingIntent: 0.6,
    reply: reply(
      'Hi Sam,\n\nThanks for reaching out, this sounds interesting. Could you send me a few times next week?\n\nBest,\nLaura\nVP Sales, Northwind\n+44 20 7946 0958',
    ),
  },
  {
    name: 'interested, proposes a time',
    category: 'interested',
    action: 'stop',
    minMeetingIntent: 0.8,
    reply: reply('Happy to chat. Does Tuesday at 2pm work for you?'),
  },
  {
    name: 'interested above a quoted "unsubscribe"',
    category: 'interested',
    action: 'stop',
    noSignalsFrom: 'unsubscribe',
    reply: reply(`Sure, let's talk. I'm free Thursday afternoon.\n\n${QUOTED_OUTREACH}`),
  },
  {
    name: 'question only, unsubscribe buried in the quoted thread',
    category: 'interested',
    action: 'stop',
    noSignalsFrom: 'unsubscribe',
    reply: reply(`Sounds interesting - can you tell me more about how the pricing works?\n\n${QUOTED_OUTREACH}`),
  },
  {
    name: 'interested under an Outlook quote',
    category: 'interested',
    action: 'stop',
    noSignalsFrom: 'unsubscribe',
    minMeetingIntent: 0.8,
    reply: reply(`Yes, let's set up a call. Thursday at 11am works.\n\n${OUTLOOK_QUOTE}`),
  },
  {
    name: 'interested, footer with unsubscribe link after the signature',
    category: 'interested',
    action: 'stop',
    noSignalsFrom: 'unsubscribe',
    reply: reply(
      'Can you send over some times for a demo?\n\n--\nMark Chen | Acme Ltd\nTo unsubscribe from Acme marketing emails, click here.',
    ),
  },
  {
    name: 'interested despite a pricing worry',
    category: 'interested',
    action: 'stop',
    objection: 'pricing',
    reply: reply("Sounds interesting, though the pricing seems high. Let's chat next week - send me a calendar link."),
  },

  {
    name: 'not interested right now, maybe next quarter',
    category: 'not-now',
    action: 'stop',
    objection: 'timing',
    reply: reply('Not interested right now but maybe next quarter.\n\nThanks,\nLaura'),
  },
  {
    name: 'circle back after a reorg',
    category: 'not-now',
    action: 'stop',
    reply: reply("We're in the middle of a reorg. Can you circle back in a few months?"),
  },
  {
    name: 'try again after the new year',
    category: 'not-now',
    action: 'stop',
    reply: reply("Timing isn't great, we're mid-migration. Try me again after the new year."),
  },

  { name: 'remove me from the list', category: 'unsubscribe', action: 'stop', reply: reply('Please remove me from your mailing list.') },
  { name: 'angry stop emailing', category: 'unsubscribe', action: 'stop', reply: reply('Stop emailing me. I never signed up for this.') },
  {
    name: 'not interested and take me off',
    category: 'unsubscribe',
    action: 'stop',
    objection: 'no-need',
    reply: reply('Not interested. Take me off your list.'),
  },

  {
    name: 'OOO back on Monday the 30th with an urgent contact',
    category: 'out-of-office',
    action: 'pause',
    returnDate: '2026-11-30',
    referral: null,
    reply: reply(
      'Thank you for your email. I am out of the office and back on Monday the 30th, with limited access to email. For urgent matters please contact my colleague Priya Patel at priya@northwind.com.',
      {
        subject: 'Automatic reply: Quick question about Northwind',
        from: 'Laura Gomez <laura@northwind.com>',
        headers: { 'Auto-Submitted': 'auto-replied' },
      },
    ),
  },
  {
    name: 'OOO on annual leave until a date',
    category: 'out-of-office',
    action: 'pause',
    returnDate: '2026-12-07',
    reply: reply("Hi, I'm currently on annual leave until 7 December. I will respond to your message on my return."),
  },
  {
    name: 'OOO leave as a range',
    category: 'out-of-office',
    action: 'pause',
    returnDate: '2026-12-05',
    reply: reply("I'm on parental leave from 23 November to 4 December.", { subject: 'Out of Office' }),
  },
  {
    name: 'OOO with a day/month date',
    category: 'out-of-office',
    action: 'pause',
    returnDate: '2026-12-01',
    reply: reply("I'm out of the office until 01/12/2026 and will reply after my return."),
  },
  {
    name: 'OOO without a return date',
    category: 'out-of-office',
    action: 'continue',
    returnDate: null,
    reply: reply('I am currently out of the office with limited access to email.', {
      subject: 'Out of office',
      headers: { 'X-Autoreply': 'yes' },
    }),
  },

  {
    name: 'referral with an email address',
    category: 'referral',
    action: 'stop',
    referral: { name: 'Dana Whitfield', email: 'dana.whitfield@acme.io' },
    reply: reply("I'm not the right person for this. Please reach out to Dana Whitfield (dana.whitfield@acme.io), she runs our sales ops."),
  },
  {
    name: 'referral to a titled colleague, copied in',
    category: 'referral',
    action: 'stop',
    referral: { name: 'Tom Becker', email: null },
    reply: reply("Thanks for the note. The better person to talk to is our Head of Revenue, Tom Becker. I've copied him here."),
  },
  {
    name: 'authority or referral tie needs review',
    category: 'referral',
    action: 'pause',
    reply: reply("This isn't my decision, you'd need to speak with our CFO."),
  },

  {
    name: 'competitor already in use',
    category: 'objection',
    action: 'stop',
    objection: 'competitor',
    reply: reply('We already use Outreach and the team is happy with our current setup.'),
  },
  {
    name: 'too expensive and no budget',
    category: 'objection',
    action: 'stop',
    objection: 'pricing',
    reply: reply('Honestly this looks too expensive for a team our size, and we have no budget for new tools.'),
  },
  {
    name: 'no need, in-house team',
    category: 'objection',
    action: 'stop',
    reply: reply("Thanks, but we don't need help with outbound. We do it all with an in-house team."),
  },

  {
    name: 'Gmail non-delivery report',
    category: 'bounce',
    action: 'stop',
    reply: reply(
      `** Address not found **\n\nYour message wasn't delivered to jane@northwind.com because the address couldn't be found, or is unable to receive mail.\n\nThe response from the remote server was:\n550 5.1.1 The email account that you tried to reach does not exist.\n\n---------- Forwarded message ----------\nFrom: Sam Lee <sam@meetflow.io>\nLet's find a time next week? Reply "unsubscribe" to opt out.`,
      {
        subject: 'Delivery Status Notification (Failure)',
        from: 'Mail Delivery Subsystem <mailer-daemon@googlemail.com>',
      },
    ),
  },
  {
    name: 'Outlook undeliverable with a failed-recipients header',
    category: 'bounce',
    action: 'stop',
    reply: reply("Delivery has failed to these recipients or groups:\n\nmark@acme.com\nThe email address you entered couldn't be found.", {
      subject: 'Undeliverable: Quick idea for Acme',
      from: 'postmaster@acme.onmicrosoft.com',
      headers: { 'X-Failed-Recipients': 'mark@acme.com' },
    }),
  },

  { name: 'a bare thank-you says nothing', category: 'not-now', action: 'pause', reply: reply('Thanks!') },
];
