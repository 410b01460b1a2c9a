import { describe, expect, it } from 'vitest';
import { InboundParseError, parseInboundMessage, type InboundMessage } from './parse-message.ts';

/** The message, asserted to be of the expected kind, so each test can read that kind's fields. */
async function parsedAs<K extends InboundMessage['kind']>(kind: K, raw: string): Promise<Extract<InboundMessage, { kind: K }>> {
  const message = await parseInboundMessage(raw);
  expect(message.kind).toBe(kind);
  return message as Extract<InboundMessage, { kind: K }>;
}

/** A Postfix delivery status notification, as it returns one of our emails, for one recipient block. */
function postfixDsn(recipientBlock: string, subject = 'Undelivered Mail Returned to Sender'): string {
  return `Return-Path: <>
Received: by mail.brightline.test (Postfix) id A1B2C3; Tue,  3 Nov 2026 10:00:00 +0000 (UTC)
Date: Tue,  3 Nov 2026 10:00:00 +0000 (UTC)
From: MAILER-DAEMON@mail.brightline.test (Mail Delivery System)
Subject: ${subject}
To: alex@brightline.test
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
\tboundary="A1B2C3.1793700000/mail.brightline.test"
Message-Id: <20261103100000.A1B2C3@mail.brightline.test>

This is a MIME-encapsulated message.

--A1B2C3.1793700000/mail.brightline.test
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mail.brightline.test.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients.

--A1B2C3.1793700000/mail.brightline.test
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mail.brightline.test
X-Postfix-Queue-ID: A1B2C3
X-Postfix-Sender: rfc822; alex@brightline.test
Arrival-Date: Tue,  3 Nov 2026 09:59:58 +0000 (UTC)

${recipientBlock}

--A1B2C3.1793700000/mail.brightline.test
Content-Description: Undelivered Message Headers
Content-Type: text/rfc822-headers

Return-Path: <alex@brightline.test>
From: Alex Morgan <alex@brightline.test>
To: ada@acme.test
Subject: Quick question about Acme's pipeline
Message-ID: <seq-42.step-1@brightline.test>
Date: Tue, 3 Nov 2026 09:59:57 +0000

--A1B2C3.1793700000/mail.brightline.test--
`;
}

describe('parseInboundMessage: bounces', () => {
  it('reads a 5.1.1 hard bounce from a Postfix DSN, with the id of the email that bounced', async () => {
    const raw = postfixDsn(`Final-Recipient: rfc822; Ada@Acme.test
Original-Recipient: rfc822;ada@acme.test
Action: failed
Status: 5.1.1
Remote-MTA: dns; mx.acme.test
Diagnostic-Code: smtp; 550 5.1.1 <ada@acme.test>: Recipient address rejected:
    User unknown in local recipient table`);
    const bounce = await parsedAs('bounce', raw);
    expect(bounce.recipients).toEqual([
      {
        email: 'ada@acme.test',
        status: '5.1.1',
        action: 'failed',
        hard: true,
        diagnostic: '550 5.1.1 <ada@acme.test>: Recipient address rejected: User unknown in local recipient table',
      },
    ]);
    expect(bounce.originalMessageId).toBe('<seq-42.step-1@brightline.test>');
    expect(bounce.messageId).toBe('<20261103100000.A1B2C3@mail.brightline.test>');
    expect(bounce.receivedAt).toBe('2026-11-03T10:00:00.000Z');
  });

  it('reads a delayed 4.x.x notification as a transient (not hard) bounce', async () => {
    const raw = postfixDsn(
      `Final-Recipient: rfc822; grace@hopper.test
Action: delayed
Status: 4.4.1
Diagnostic-Code: X-Postfix; connect to mx.hopper.test[192.0.2.7]:25: Connection timed out
Will-Retry-Until: Fri,  6 Nov 2026 09:59:58 +0000 (UTC)`,
      'Delayed Mail (still being retried)',
    );
    const bounce = await parsedAs('bounce', raw);
    expect(bounce.recipients).toEqual([
      {
        email: 'grace@hopper.test',
        status: '4.4.1',
        action: 'delayed',
        hard: false,
        diagnostic: 'connect to mx.hopper.test[192.0.2.7]:25: Connection timed out',
      },
    ]);
  });

  it('reads an informal MAILER-DAEMON bounce that names its recipient in the text', async () => {
    const raw = `From: MAILER-DAEMON@mx.oldhost.test
To: alex@brightline.test
Subject: Undelivered Mail Returned to Sender
Date: Wed, 4 Nov 2026 08:00:00 +0000
Content-Type: text/plain; charset=us-ascii

I'm sorry to have to inform you that your message could not be delivered.

<Bob@Oldhost.test>: host mx.oldhost.test said: 550 5.1.1 mailbox unavailable

--- Below this line is a copy of the message.

From: Alex Morgan <alex@brightline.test>
Message-ID: <seq-7.step-2@brightline.test>
Subject: Quick question
`;
    const bounce = await parsedAs('bounce', raw);
    expect(bounce.recipients).toEqual([
      {
        email: 'bob@oldhost.test',
        status: '5.1.1',
        action: 'failed',
        hard: true,
        diagnostic: 'host mx.oldhost.test said: 550 5.1.1 mailbox unavailable',
      },
    ]);
    expect(bounce.originalMessageId).toBe('<seq-7.step-2@brightline.test>');
  });

  it('reads a postmaster message that names no recipient as a reply', async () => {
    const raw = `From: postmaster@acme.test
To: alex@brightline.test
Subject: Delivery Status Notification (Failure)
Content-Type: text/plain

Your message could not be delivered. Please try again later.
`;
    const reply = await parsedAs('reply', raw);
    expect(reply.from).toBe('postmaster@acme.test');
    expect(reply.text).toBe('Your message could not be delivered. Please try again later.');
  });
});

describe('parseInboundMessage: replies', () => {
  it('reads a Gmail reply: threading headers, and only the new lines above the quoted history', async () => {
    const raw = `MIME-Version: 1.0
Date: Tue, 3 Nov 2026 11:40:02 +0100
References: <seq-42.step-0@brightline.test> <seq-42.step-1@brightline.test>
In-Reply-To: <seq-42.step-1@brightline.test>
Message-ID: <CAF=abc123XYZ@mail.gmail.com>
Subject: Re: Quick question about Acme's pipeline
From: Ada Lovelace <Ada@Acme.test>
To: Alex Morgan <Alex@Brightline.test>
Cc: ops@acme.test
Content-Type: text/plain; charset="UTF-8"

Hi Alex,

Thursday at 3pm works for me. Send an invite?

On Tue, 3 Nov 2026 at 09:12, Alex Morgan <alex@brightline.test> wrote:

> Hi Ada,
>
> Would you have 20 minutes this week to talk about your pipeline?
>
> Alex
`;
    const reply = await parsedAs('reply', raw);
    expect(reply).toEqual({
      kind: 'reply',
      from: 'ada@acme.test',
      fromName: 'Ada Lovelace',
      to: ['alex@brightline.test'],
      subject: "Re: Quick question about Acme's pipeline",
      messageId: '<CAF=abc123XYZ@mail.gmail.com>',
      inReplyTo: '<seq-42.step-1@brightline.test>',
      references: ['<seq-42.step-0@brightline.test>', '<seq-42.step-1@brightline.test>'],
      receivedAt: '2026-11-03T10:40:02.000Z',
      text: 'Hi Alex,\n\nThursday at 3pm works for me. Send an invite?',
      autoReply: false,
      calendar: null,
    });
  });

  it("keeps the text of a calendar's answer to an invitation (Outlook's text/calendar alternative, base64)", async () => {
    const ics = 'BEGIN:VCALENDAR\r\nMETHOD:REPLY\r\nBEGIN:VEVENT\r\nUID:abc@meetflow.local\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
    const raw = [
      'From: Ada Lovelace <ada@acme.test>',
      'To: alex@brightline.test',
      'Subject: Accepted: 30-minute call',
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Ada Lovelace has accepted this invitation.',
      '--b1',
      'Content-Type: text/calendar; charset=utf-8; method=REPLY',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(ics).toString('base64'),
      '--b1--',
      '',
    ].join('\r\n');
    const reply = await parsedAs('reply', raw);
    expect(reply.calendar).toBe(ics);
    expect(reply.text).toBe('Ada Lovelace has accepted this invitation.');
  });

  it('cuts a Gmail quote header that wraps over two lines, and bare ids are bracketed', async () => {
    const raw = `From: ada@acme.test
To: alex@brightline.test
Subject: Re: hello
In-Reply-To: seq-42.step-1@brightline.test
Content-Type: text/plain

Yes, please send it over.

On Tue, 3 Nov 2026 at 09:12, Alex Morgan
<alex@brightline.test> wrote:
> Shall I send the deck?
`;
    const reply = await parsedAs('reply', raw);
    expect(reply.text).toBe('Yes, please send it over.');
    expect(reply.inReplyTo).toBe('<seq-42.step-1@brightline.test>');
    expect(reply.references).toEqual([]);
    expect(reply.messageId).toBeNull();
  });

  it('reads an Outlook reply: the "-----Original Message-----" block is cut off', async () => {
    const raw = [
      'From: "Turing, Alan" <alan.turing@bletchley.test>',
      'To: <alex@brightline.test>',
      'Subject: RE: Quick question',
      'Date: Wed, 4 Nov 2026 14:05:00 +0000',
      'Message-ID: <DB9PR01MB1234@DB9PR01MB1234.eurprd01.prod.outlook.test>',
      'In-Reply-To: <seq-9.step-1@brightline.test>',
      'Content-Type: text/plain; charset="us-ascii"',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Not interested at the moment, please check back in Q3.',
      '',
      'Alan',
      '',
      '-----Original Message-----',
      'From: Alex Morgan <alex@brightline.test>',
      'Sent: Tuesday, November 3, 2026 9:12 AM',
      'To: Turing, Alan <alan.turing@bletchley.test>',
      'Subject: Quick question',
      '',
      'Hi Alan, would you have 20 minutes this week?',
      '',
    ].join('\r\n');
    const reply = await parsedAs('reply', raw);
    expect(reply.from).toBe('alan.turing@bletchley.test');
    expect(reply.fromName).toBe('Turing, Alan');
    expect(reply.text).toBe('Not interested at the moment, please check back in Q3.\n\nAlan');
  });

  it('cuts an Outlook "From: / Sent:" block that has no original-message line', async () => {
    const raw = `From: alan.turing@bletchley.test
To: alex@brightline.test
Subject: RE: Quick question
Content-Type: text/plain

Please remove me from your list.

________________________________
From: Alex Morgan <alex@brightline.test>
Sent: Tuesday, November 3, 2026 9:12 AM
To: Alan Turing <alan.turing@bletchley.test>
Subject: Quick question

Hi Alan, would you have 20 minutes this week?
`;
    expect((await parsedAs('reply', raw)).text).toBe('Please remove me from your list.');
  });

  it('marks an out-of-office with Auto-Submitted: auto-replied as an automatic reply', async () => {
    const raw = `From: Grace Hopper <grace@hopper.test>
To: alex@brightline.test
Subject: Automatic reply: Quick question
Auto-Submitted: auto-replied
Date: Wed, 4 Nov 2026 07:00:00 -0500
Content-Type: text/plain

I am out of the office until 2026-12-07 with limited access to email.
`;
    const reply = await parsedAs('reply', raw);
    expect(reply.autoReply).toBe(true);
    expect(reply.text).toBe('I am out of the office until 2026-12-07 with limited access to email.');
    expect(reply.receivedAt).toBe('2026-11-04T12:00:00.000Z');
  });

  it('marks X-Autoreply and Precedence: auto_reply as automatic, and Auto-Submitted: no as not', async () => {
    const base = 'From: grace@hopper.test\nTo: alex@brightline.test\nSubject: Re: hi\n';
    const autoReplyOf = async (header: string) => (await parsedAs('reply', `${base}${header}\n\nAway.\n`)).autoReply;
    expect(await autoReplyOf('X-Autoreply: yes')).toBe(true);
    expect(await autoReplyOf('Precedence: auto_reply')).toBe(true);
    expect(await autoReplyOf('Auto-Submitted: no')).toBe(false);
    expect(await autoReplyOf('Precedence: bulk')).toBe(false);
  });

  it('reads an HTML-only Gmail reply as text, without the quoted blockquote', async () => {
    const raw = `From: Ada Lovelace <ada@acme.test>
To: alex@brightline.test
Subject: Re: Quick question
Content-Type: text/html; charset="UTF-8"

<div dir="ltr">Sounds good &mdash; <b>Thursday</b> works.</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Tue, 3 Nov 2026 at 09:12, Alex Morgan &lt;<a href="mailto:alex@brightline.test">alex@brightline.test</a>&gt; wrote:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex">Hi Ada,<br>Would Thursday work?<br></blockquote></div>
`;
    expect((await parsedAs('reply', raw)).text).toBe('Sounds good — Thursday works.');
  });

  it('cuts the signature after "-- "', async () => {
    const raw = `From: ada@acme.test
To: alex@brightline.test
Subject: Re: Quick question
Content-Type: text/plain

Can you send pricing for 50 seats?

-- 
Ada Lovelace
Head of Engineering, Acme
+1 555 0100
`;
    expect((await parsedAs('reply', raw)).text).toBe('Can you send pricing for 50 seats?');
  });

  it('keeps the whole text when cutting would leave nothing', async () => {
    const raw = `From: ada@acme.test
To: alex@brightline.test
Subject: Fwd: deck
Content-Type: text/plain

> Alex's deck is attached, as discussed.
`;
    expect((await parsedAs('reply', raw)).text).toBe("> Alex's deck is attached, as discussed.");
  });
});

describe('parseInboundMessage: not an email', () => {
  it.each([
    ['empty input', '', /empty/],
    ['whitespace only', ' \r\n\r\n', /empty/],
    ['a line of text', 'hello, this is not an email at all', /no headers/],
    ['headers without a From', 'Subject: hi\nTo: alex@brightline.test\n\nHello', /no From address/],
  ])('throws InboundParseError for %s', async (_, raw, reason) => {
    const parsing = parseInboundMessage(Buffer.from(raw));
    await expect(parsing).rejects.toBeInstanceOf(InboundParseError);
    await expect(parsing).rejects.toThrow(reason);
  });
});
