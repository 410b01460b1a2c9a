import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { informalBounceRecipients, isDeliveryReport, reportedRecipients, returnedMessageId, type BounceRecipient } from './bounce.ts';
import { newReplyText } from './reply-text.ts';

export type { BounceRecipient } from './bounce.ts';

/** What one inbound email is: a bounce of an email we sent, or a reply someone wrote. */
export type InboundMessage =
  | {
      kind: 'bounce';
      /** The addresses that failed (lowercased), from the DSN's per-recipient fields (Final-Recipient / Original-Recipient), e.g. 'ada@acme.test'. */
      recipients: BounceRecipient[];
      /** Message-ID of the email that bounced (angle brackets kept, e.g. '<abc@x>'), read from the returned message/rfc822 or text/rfc822-headers part; null when absent. */
      originalMessageId: string | null;
      /** The DSN's own Message-ID. */
      messageId: string | null;
      /** ISO, from the Date header or now. */
      receivedAt: string;
    }
  | {
      kind: 'reply';
      /** The sender's address only, lowercased. */
      from: string;
      fromName: string | null;
      /** Lowercased addresses, group members included. */
      to: string[];
      subject: string;
      /** '<...>' */
      messageId: string | null;
      /** '<...>' */
      inReplyTo: string | null;
      /** Each '<...>', in order. */
      references: string[];
      /** ISO, from the Date header or now. */
      receivedAt: string;
      /** The new text the person wrote: quoted history ("On ... wrote:", '>' lines, forwarded/original-message blocks) and signatures removed. Never empty if the message had any text: fall back to the full text when stripping leaves nothing. */
      text: string;
      /** Headers that mark automatic replies, for the out-of-office path: true when Auto-Submitted is not 'no', or X-Autoreply / X-Autorespond present, or Precedence auto_reply. */
      autoReply: boolean;
      /** The text of its first iCalendar part (text/calendar, or an application/ics attachment), e.g. a calendar's answer to an invitation; null when it has none. */
      calendar: string | null;
    };

/** The input is not an email at all (empty, no headers, no sender); the message says why in plain words. */
export class InboundParseError extends Error {
  override name = 'InboundParseError';
}

/**
 * Reads one raw inbound email (RFC 822) and says what it is: a delivery status notification
 * (standard, or an old MTA's informal one that names its recipient) becomes a bounce, anything
 * else with a sender a reply. Throws {@link InboundParseError} only for input that is not an email.
 */
export async function parseInboundMessage(raw: string | Buffer): Promise<InboundMessage> {
  if (String(raw).trim() === '') throw new InboundParseError('The message is empty');
  const mail = await readMail(raw);
  if (mail.headers.size === 0) throw new InboundParseError('The message has no headers: it is not an email');
  if (isDeliveryReport(mail)) return bounce(mail, reportedRecipients(mail));

  const sender = mail.from?.value[0];
  if (!sender?.address) throw new InboundParseError('The message has no From address, so it cannot be a reply');
  const from = sender.address.toLowerCase();
  const informal = informalBounceRecipients(from, mail.subject ?? '', mail.text ?? '');
  if (informal.length > 0) return bounce(mail, informal);
  return {
    kind: 'reply',
    from,
    fromName: sender.name.trim() || null,
    to: addresses(mail.to),
    subject: mail.subject ?? '',
    messageId: firstId(mail.messageId),
    inReplyTo: firstId(mail.inReplyTo),
    references: messageIds(mail.references),
    receivedAt: receivedAt(mail),
    text: newReplyText(mail.text ?? ''),
    autoReply: isAutoReply(mail),
    calendar: calendarPart(mail),
  };
}

/** The first iCalendar part's text: mailparser keeps a text/calendar part (inline or attached) among the attachments. */
function calendarPart(mail: ParsedMail): string | null {
  const part = mail.attachments.find((attachment) => ['text/calendar', 'application/ics'].includes(attachment.contentType.toLowerCase()));
  return part ? part.content.toString('utf8') : null;
}

/** mailparser's reading, the delivery-status part kept as an attachment rather than merged into the text. */
async function readMail(raw: string | Buffer): Promise<ParsedMail> {
  try {
    return await simpleParser(raw, { keepDeliveryStatus: true });
  } catch (error) {
    throw new InboundParseError(`The message could not be read as an email: ${(error as Error).message}`, { cause: error });
  }
}

/** The bounce a notification reports, with the id of the email that bounced. */
function bounce(mail: ParsedMail, recipients: BounceRecipient[]): InboundMessage {
  return {
    kind: 'bounce',
    recipients,
    originalMessageId: returnedMessageId(mail),
    messageId: firstId(mail.messageId),
    receivedAt: receivedAt(mail),
  };
}

/** Every address of an address header (or headers), group members included, lowercased. */
function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  return [field ?? []]
    .flat()
    .flatMap((header) => header.value)
    .flatMap((entry) => entry.group ?? [entry])
    .flatMap((entry) => (entry.address ? [entry.address.toLowerCase()] : []));
}

/** Message-IDs with their angle brackets, whether the header gave them bracketed, bare, one or many. */
function messageIds(value: string | string[] | undefined): string[] {
  const ids = [value ?? []].flat().join(' ');
  // Bare ids may come back wrapped whole by mailparser ("<a@x b@y>"): each is taken without brackets.
  return ids.match(/<[^<>\s]+>/g) ?? (ids.match(/[^<>\s]+/g) ?? []).map((id) => `<${id}>`);
}

/** The first Message-ID of a header, bracketed; null when the header is absent or empty. */
function firstId(value: string | undefined): string | null {
  return messageIds(value)[0] ?? null;
}

/** When the message was sent as its Date header says, or now when that is missing or unreadable. */
function receivedAt(mail: ParsedMail): string {
  const sent = mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : new Date();
  return sent.toISOString();
}

/** Whether headers mark the message as sent by a program (RFC 3834 Auto-Submitted, and the older vendor headers). */
function isAutoReply(mail: ParsedMail): boolean {
  const submitted = headerText(mail, 'auto-submitted').split(';')[0]?.trim().toLowerCase();
  return (
    (!!submitted && submitted !== 'no') ||
    mail.headers.has('x-autoreply') ||
    mail.headers.has('x-autorespond') ||
    headerText(mail, 'precedence').trim().toLowerCase() === 'auto_reply'
  );
}

/** An unstructured header's value, or '' when absent. */
function headerText(mail: ParsedMail, name: string): string {
  const value = mail.headers.get(name);
  return typeof value === 'string' ? value : '';
}
