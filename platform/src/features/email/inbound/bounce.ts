import type { ParsedMail, StructuredHeader } from 'mailparser';

/** One address a delivery status notification reports on. */
export type BounceRecipient = {
  /** The address that failed, lowercased. */
  email: string;
  /** The enhanced status code (`5.1.1`), or the field as written when it holds none; null when absent. */
  status: string | null;
  /** `failed`, `delayed`, `delivered`, `relayed` or `expanded` (lowercased); null when absent. */
  action: string | null;
  /** Permanent failure: the address will not accept mail (Action failed, Status 5.x.x). */
  hard: boolean;
  /** What the remote server said, without its type prefix (`550 5.1.1 user unknown`); null when absent. */
  diagnostic: string | null;
};

const STATUS_PARTS = new Set(['message/delivery-status', 'message/global-delivery-status']);
const RETURNED_PARTS = new Set(['message/rfc822', 'message/global', 'text/rfc822-headers', 'message/global-headers']);
const BOUNCE_SENDER = /^(mailer-daemon|postmaster)(@|$)/i;
const BOUNCE_SUBJECT =
  /undeliver|returned to sender|returned mail|delivery status notification \(failure\)|delivery failure|failure notice|mail delivery failed/i;
const ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;
const ENHANCED_STATUS = /\b[245]\.\d{1,3}\.\d{1,3}\b/;

/** Whether the message is a standard delivery status notification (RFC 3464): a delivery-status report. */
export function isDeliveryReport(mail: ParsedMail): boolean {
  const type = mail.headers.get('content-type') as StructuredHeader | undefined; // mailparser always structures it
  return type?.value.toLowerCase() === 'multipart/report' && type.params['report-type']?.toLowerCase() === 'delivery-status';
}

/**
 * The recipients a delivery status notification reports on, read from its delivery-status part
 * (mailparser keeps it as an attachment when asked to), or from the text when the part is missing.
 */
export function reportedRecipients(mail: ParsedMail): BounceRecipient[] {
  const part = mail.attachments.find((attachment) => STATUS_PARTS.has(attachment.contentType));
  return fieldRecipients(part ? part.content.toString('utf8') : (mail.text ?? ''));
}

/**
 * The recipients of a bounce that is not a standard report (an old MTA's "Undelivered Mail
 * Returned to Sender"), or none when the message does not look like one or names no address
 * reliably: such a message is then read as a reply.
 */
export function informalBounceRecipients(sender: string, subject: string, text: string): BounceRecipient[] {
  if (!BOUNCE_SENDER.test(sender) || !BOUNCE_SUBJECT.test(subject)) return [];
  const reported = fieldRecipients(text);
  return reported.length > 0 ? reported : listedRecipients(text);
}

/** The Message-ID of the email that bounced, from the returned message or headers part, else from a copy pasted in the text. */
export function returnedMessageId(mail: ParsedMail): string | null {
  const part = mail.attachments.find((attachment) => RETURNED_PARTS.has(attachment.contentType));
  const headers = part?.content.toString('utf8').split(/\r?\n\r?\n/)[0];
  return messageIdIn(headers) ?? messageIdIn(mail.text);
}

/** The first `Message-ID:` header line's id in the text, brackets kept. */
function messageIdIn(text: string | undefined): string | null {
  return text ? (/^Message-ID:\s*(<[^<>\s]+>)/im.exec(text)?.[1] ?? null) : null;
}

/** One recipient per block of `Final-Recipient` / `Original-Recipient` fields (RFC 3464 §2.3). */
function fieldRecipients(text: string): BounceRecipient[] {
  return fieldBlocks(text).flatMap((fields) => {
    const email = addressOf(fields.get('final-recipient') ?? fields.get('original-recipient'));
    if (!email) return [];
    const action = fields.get('action')?.toLowerCase() || null;
    const status = statusOf(fields.get('status'));
    const diagnostic = withoutType(fields.get('diagnostic-code')) || null;
    return [{ email, status, action, hard: action === 'failed' && !!status?.startsWith('5'), diagnostic }];
  });
}

/** The blank-line separated blocks of header-like fields, folded lines joined, names lowercased, first value kept. */
function fieldBlocks(text: string): Array<Map<string, string>> {
  return text.split(/\r?\n[ \t]*\r?\n/).map((block) => {
    const fields = new Map<string, string>();
    for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
      const [, name, value] = /^([A-Za-z][\w-]*)[ \t]*:[ \t]*(.*)$/.exec(line.trim()) ?? [];
      if (name && value !== undefined && !fields.has(name.toLowerCase())) fields.set(name.toLowerCase(), value.trim());
    }
    return fields;
  });
}

/** Postfix's human-readable form, `<ada@acme.test>: host mx said: 550 5.1.1 ...`: the line is the diagnostic. */
function listedRecipients(text: string): BounceRecipient[] {
  return [...text.matchAll(/^[ \t]*<([^\s<>]+@[^\s<>]+)>:[ \t]*(.*)$/gm)].map(([, email = '', said = '']) => {
    const status = ENHANCED_STATUS.exec(said)?.[0] ?? null;
    return { email: email.toLowerCase(), status, action: 'failed', hard: !!status?.startsWith('5'), diagnostic: said.trim() || null };
  });
}

/** `rfc822; Ada@Acme.test` → `ada@acme.test`; undefined when the field holds no address. */
function addressOf(field: string | undefined): string | undefined {
  const address = withoutType(field).replace(/^<|>$/g, '').toLowerCase();
  return ADDRESS.test(address) ? address : undefined;
}

/** The enhanced status code in a Status field (`5.1.1 (bad mailbox)` → `5.1.1`), or the field as written. */
function statusOf(field: string | undefined): string | null {
  return field ? (ENHANCED_STATUS.exec(field)?.[0] ?? field) : null;
}

/** A typed field without its type (`smtp; 550 ...` → `550 ...`, `rfc822;ada@x` → `ada@x`). */
function withoutType(field: string | undefined): string {
  return (field ?? '').replace(/^[\w-]+[ \t]*;[ \t]*/, '').trim();
}
