import { InputError } from '../../../core/errors.ts';

// Written as strings so the OpenAPI document states the same pattern the route applies (and any
// regex engine, a fuzzer's included, reads it alike).
const CONTROL = '\\u0000-\\u001f\\u007f-\\u009f';
const TEXT_CONTROL = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f';

/** A one-line field (a name, a subject, an address): no control character at all (C0, DEL or C1). */
export const LINE_PATTERN = new RegExp(`^[^${CONTROL}]*$`);
/** A text (a reply's body): no C0 control character other than tab, line feed and carriage return. */
export const TEXT_PATTERN = new RegExp(`^[^${TEXT_CONTROL}]*$`);

/** What a refusal says of the field. */
export const NO_CONTROL_CHARACTERS = 'must not hold control characters';
export const NO_TEXT_CONTROL_CHARACTERS = 'must not hold control characters other than tab and line breaks';

/**
 * Refuses (400, each field named) an inbound message whose one-line fields or text hold control
 * characters: they would reach the review screens, logs and the classifier as they are, and no
 * mail program writes them there.
 */
export function refuseControlCharacters(lines: Record<string, ReadonlyArray<string | null>>, texts: Record<string, string> = {}): void {
  const fields: Record<string, string> = {};
  for (const [field, values] of Object.entries(lines))
    if (values.some((value) => value !== null && !LINE_PATTERN.test(value))) fields[field] = NO_CONTROL_CHARACTERS;
  for (const [field, value] of Object.entries(texts)) if (!TEXT_PATTERN.test(value)) fields[field] = NO_TEXT_CONTROL_CHARACTERS;
  const named = Object.keys(fields);
  if (named.length > 0)
    throw new InputError(`${named.map((field) => `${field} ${fields[field]}`).join('; ')}: the message was not read`, fields);
}

/** The header fields checked as sent, by the name a refusal gives them. */
const RAW_FIELDS: Record<string, string> = {
  from: 'from',
  sender: 'sender',
  'reply-to': 'replyTo',
  to: 'to',
  cc: 'cc',
  subject: 'subject',
  'message-id': 'messageId',
  'in-reply-to': 'inReplyTo',
  references: 'references',
};

/**
 * Refuses (400) a raw message whose address, subject or id headers hold control characters as
 * sent: a mail parser drops them from addresses silently, so they are looked for before it reads
 * them. Folding (a line break before a space or tab) and tabs are a header's own whitespace.
 */
export function refuseRawHeaderControlCharacters(raw: Buffer): void {
  const text = raw.toString('utf8');
  const end = text.search(/\r?\n\r?\n/);
  const head = (end < 0 ? text : text.slice(0, end)).replace(/\r?\n[ \t]/g, ' ');
  const lines: Record<string, string[]> = {};
  for (const line of head.split(/\r?\n/)) {
    const [, name = '', value = ''] = /^([!-9;-~]+):(.*)$/s.exec(line) ?? [];
    const field = RAW_FIELDS[name.toLowerCase()];
    if (field) (lines[field] ??= []).push(value.replaceAll('\t', ' '));
  }
  refuseControlCharacters(lines);
}
