import type { ReplyCategory, ReplyInput } from './schemas.ts';
import { WEIGHT } from './weights.ts';

/** A rule read off the envelope (sender, subject, headers) or the whole raw body. */
export interface EnvelopeRule {
  /** `<category>.<name>`, reported in the signals. */
  id: string;
  category: ReplyCategory;
  weight: number;
  /** The words the rule fired on, or null. */
  find(reply: ReplyInput): string | null;
}

/** Header value by case-insensitive name. */
function header(reply: ReplyInput, name: string): string | undefined {
  const entry = Object.entries(reply.headers ?? {}).find(([key]) => key.toLowerCase() === name);
  return entry?.[1];
}

const matchIn = (text: string | undefined, pattern: RegExp): string | null => (text ? (pattern.exec(text)?.[0] ?? null) : null);
const headerLine = (reply: ReplyInput, name: string, pattern = /.*/): string | null => {
  const value = header(reply, name);
  return value !== undefined && pattern.test(value) ? `${name}: ${value}` : null;
};

/**
 * Delivery-status and auto-reply evidence. Bounce rules read the raw body on purpose: a
 * non-delivery report embeds the original message in ways no quote-stripper recognises, and
 * its status codes may sit below that copy.
 */
export const ENVELOPE_RULES: readonly EnvelopeRule[] = [
  {
    id: 'bounce.mailer-daemon',
    category: 'bounce',
    weight: WEIGHT.strong,
    find: (reply) => matchIn(reply.from, /mailer-daemon|postmaster|mail delivery (?:subsystem|system)/i),
  },
  {
    id: 'bounce.dsn-subject',
    category: 'bounce',
    weight: WEIGHT.strong,
    find: (reply) =>
      matchIn(
        reply.subject,
        /delivery status notification|undeliverable|undelivered mail|mail delivery failed|delivery (?:has )?failed|delivery failure|returned mail|failure notice/i,
      ),
  },
  {
    id: 'bounce.smtp-status',
    category: 'bounce',
    weight: WEIGHT.strong,
    find: (reply) => matchIn(reply.body, /\b5[0-5]\d[ -]#?5\.\d\.\d{1,3}\b|\bStatus:\s*5\.\d\.\d{1,3}\b/i),
  },
  {
    id: 'bounce.dsn-phrase',
    category: 'bounce',
    weight: WEIGHT.medium,
    find: (reply) =>
      matchIn(
        reply.body,
        /(?:address|account|mailbox|recipient|user) (?:(?:that )?you tried to reach )?(?:couldn(?:'|’)?t be found|(?:was )?not found|does not exist|doesn(?:'|’)?t exist|unknown|is unavailable)|delivery to the following recipients? failed|(?:message|e-?mail) (?:could not|couldn(?:'|’)?t|wasn(?:'|’)?t|was not) (?:be )?delivered/i,
      ),
  },
  {
    id: 'bounce.failed-recipients-header',
    category: 'bounce',
    weight: WEIGHT.strong,
    find: (reply) => headerLine(reply, 'x-failed-recipients'),
  },
  {
    id: 'bounce.delivery-report-header',
    category: 'bounce',
    weight: WEIGHT.strong,
    find: (reply) => headerLine(reply, 'content-type', /report-type="?delivery-status/i),
  },
  {
    id: 'bounce.auto-generated-header',
    category: 'bounce',
    weight: WEIGHT.weak,
    find: (reply) => headerLine(reply, 'auto-submitted', /auto-generated/i),
  },

  {
    id: 'out-of-office.auto-reply-subject',
    category: 'out-of-office',
    weight: WEIGHT.strong,
    find: (reply) =>
      matchIn(
        reply.subject,
        /^(?:automatic reply|auto(?:matic)?[- ]?(?:reply|response)|autoreply|out of (?:the )?office|OOO|away from (?:the )?office)\b/i,
      ),
  },
  {
    id: 'out-of-office.auto-replied-header',
    category: 'out-of-office',
    weight: WEIGHT.medium,
    find: (reply) => headerLine(reply, 'auto-submitted', /auto-replied/i),
  },
  {
    id: 'out-of-office.autoreply-header',
    category: 'out-of-office',
    weight: WEIGHT.medium,
    find: (reply) =>
      headerLine(reply, 'x-autoreply') ?? headerLine(reply, 'x-autorespond') ?? headerLine(reply, 'precedence', /auto_reply/i),
  },
];
