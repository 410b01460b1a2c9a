import type { OutgoingMessage } from '@meetflow/plugin-sdk/contracts/channel';
import MailComposer from 'nodemailer/lib/mail-composer';

/**
 * The raw RFC 822 message: a plain-text part (and the HTML alternative when there is one), the
 * platform's Message-ID, the threading headers, RFC 8058's one-click List-Unsubscribe, and a
 * meeting invitation's text/calendar part when there is one.
 */
export async function composeMessage(message: OutgoingMessage, date = new Date()): Promise<Buffer> {
  const composer = new MailComposer({
    from: { name: message.from.name, address: message.from.address },
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    messageId: message.messageId,
    date,
    inReplyTo: message.inReplyTo ?? undefined,
    references: message.references?.length ? message.references : undefined,
    // The invitation as its own text/calendar part (and an invite.ics attachment), as calendar clients expect.
    ...(message.calendar
      ? { icalEvent: { method: message.calendar.method, filename: 'invite.ics', content: message.calendar.content } }
      : {}),
    headers: {
      'List-Unsubscribe': `<${message.unsubscribe.url}>, <${message.unsubscribe.mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
  return composer.compile().build();
}
