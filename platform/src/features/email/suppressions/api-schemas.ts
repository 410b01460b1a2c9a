import { z } from 'zod';
import { nonBlank } from '../../../core/http/api-strings.ts';
import { SUPPRESSION_SOURCES } from '../outbox/model.ts';
import { ENTRY_PATTERN, MAX_ENTRY_LENGTH, parseEntry, quoted } from './entry.ts';

/** The most entries one request adds (a pasted export of another tool's blocklist, in chunks). */
export const MAX_ENTRIES = 1_000;

/** Query of GET /api/suppressions. */
export const SuppressionListQuery = z.object({
  search: z
    .string()
    .max(200)
    .trim()
    .optional()
    .describe('Part of an address or domain, any case (e.g. "acme" finds ada@acme.com and *@acme.com)'),
  reason: z.string().max(200).trim().optional().describe('Only entries with exactly this reason (e.g. unsubscribed, bounced, manual)'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type SuppressionListOptions = z.infer<typeof SuppressionListQuery>;

/** Why `input` is not an entry, quoted as the person typed it. */
const whyNot = (input: unknown) => {
  const parsed = parseEntry(String(input));
  return `${quoted(String(input))} ${'problem' in parsed ? parsed.problem : 'is neither an email address nor a domain'}`;
};

/** One entry, checked as a person typed it against the pattern the document shows: the 400 quotes it with why it is refused. */
const Entry = z
  .string()
  .max(MAX_ENTRY_LENGTH, { error: (issue) => `${quoted(String(issue.input))} is longer than ${MAX_ENTRY_LENGTH} characters` })
  .regex(ENTRY_PATTERN, { error: (issue) => whyNot(issue.input) })
  .describe('An email address, or a whole domain: example.com, @example.com or *@example.com (stored as *@example.com)');

/** POST /api/suppressions. */
export const AddSuppressionsBody = z.object({
  entries: z
    .array(Entry)
    .min(1, 'add at least one address or domain')
    .max(MAX_ENTRIES, `at most ${MAX_ENTRIES.toLocaleString('en')} at a time: split the list`)
    .describe('Addresses and domains; every one is checked first, and one refused entry adds none'),
  reason: nonBlank(200)
    .optional()
    .describe('Why they may not be emailed (default "manual"); kept only for entries not already on the list'),
});
export type AddSuppressions = z.infer<typeof AddSuppressionsBody>;

/** Path of DELETE /api/suppressions/{email}. */
export const SuppressionParams = z.object({
  email: z
    .string()
    .max(MAX_ENTRY_LENGTH, `must be at most ${MAX_ENTRY_LENGTH} characters`)
    .regex(ENTRY_PATTERN, { error: (issue) => whyNot(issue.input) })
    .describe('The entry, URL-encoded: an address, or a domain as *@example.com (example.com and @example.com are read the same)'),
});

/** One entry of the list as the API shows it. */
export const SuppressionView = z.object({
  email: z.string().describe('The address, or *@domain for a whole domain'),
  kind: z.enum(['address', 'domain']),
  reason: z.string().describe('Why: unsubscribed, bounced, asked to be removed, manual, or what the person who added it wrote'),
  source: z.enum(SUPPRESSION_SOURCES).describe('How it got here: an unsubscribe link, a bounce, a reply asking to stop, or a person'),
  createdAt: z.iso.datetime(),
  addedBy: z.string().optional().describe('Who added it by hand: user:<id> or token:<id> (absent for automatic entries)'),
});
export type SuppressionView = z.infer<typeof SuppressionView>;

/** One page of GET /api/suppressions. */
export const SuppressionPage = z.object({
  items: z.array(SuppressionView),
  total: z.number().int().describe('Entries matching the search and reason'),
  page: z.number().int(),
  limit: z.number().int(),
  byReason: z
    .array(z.object({ reason: z.string(), count: z.number().int() }))
    .describe('Every entry of the workspace counted by reason (whatever the search and reason), most first'),
});
export type SuppressionPage = z.infer<typeof SuppressionPage>;

/** What POST /api/suppressions did. */
export const AddResult = z.object({
  added: z.number().int().describe('Entries that were not on the list and are now'),
  alreadyPresent: z.number().int().describe('Entries already on the list: left as they were, with their first reason'),
});
export type AddResult = z.infer<typeof AddResult>;
