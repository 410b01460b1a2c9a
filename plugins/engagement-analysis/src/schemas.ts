import { z } from 'zod';

/** What a reply can mean for the sequence, most decisive first (also the tie-break order). */
export const REPLY_CATEGORIES = ['bounce', 'unsubscribe', 'out-of-office', 'referral', 'interested', 'objection', 'not-now'] as const;
export type ReplyCategory = (typeof REPLY_CATEGORIES)[number];

/** Kinds of objection a reply can raise. */
export const OBJECTION_KINDS = ['pricing', 'budget', 'timing', 'competitor', 'no-need', 'authority'] as const;
export type ObjectionKind = (typeof OBJECTION_KINDS)[number];

/** One inbound reply to an outreach email, as the mailbox connector delivers it. */
export const replyInputSchema = z.object({
  subject: z.string().optional(),
  /** Plain-text body, quoted history and signature included: the classifier strips them. */
  body: z.string(),
  from: z.string().optional(),
  /** When the reply arrived: the reference for relative dates such as "back on Monday". */
  receivedAt: z.iso.datetime({ offset: true }),
  /** The sender's IANA time zone when known (the prospect's): proposed times are read in it; else the Date header's offset. */
  timeZone: z.string().max(64).optional(),
  /** Raw headers; only the delivery-status and auto-reply ones are read. */
  headers: z.record(z.string(), z.string()).optional(),
});
export type ReplyInput = z.output<typeof replyInputSchema>;

/** A rule that fired and the words it fired on. */
export const signalSchema = z.object({
  /** `<category>.<rule>`, e.g. "unsubscribe.remove-me", or "meeting.<rule>" for scheduling words. */
  rule: z.string(),
  matched: z.string(),
});
export type Signal = z.infer<typeof signalSchema>;

/** The classification of a reply and what the sequence must do about it. */
export const replyClassificationSchema = z.object({
  category: z.enum(REPLY_CATEGORIES),
  /** 0–1: strength of the winning evidence times its margin over the runner-up. */
  confidence: z.number().min(0).max(1),
  /** 0–1: how clearly the reply asks for a meeting, from scheduling words and proposed times. */
  meetingIntent: z.number().min(0).max(1),
  /** ISO date the sender is back (out-of-office only), parsed relative to receivedAt. */
  returnDate: z.iso.date().nullable(),
  /** Who the sender pointed to (referral only); either part may be unknown. */
  referral: z.object({ name: z.string().nullable(), email: z.email().nullable() }).nullable(),
  /** Concrete days and times the reply offers for a meeting (UTC), each with the words it was read from; at most three. */
  proposedTimes: z.array(z.object({ start: z.iso.datetime(), matched: z.string() })).default([]),
  /** The kind of objection raised, if any (not-now without a stated reason counts as timing). */
  objection: z.enum(OBJECTION_KINDS).nullable(),
  /** stop the sequence, pause it (until returnDate, or for human review), or let it continue. */
  action: z.enum(['stop', 'pause', 'continue']),
  /** True when confidence is below minConfidence: the action is "pause" until a person decides. */
  needsReview: z.boolean(),
  signals: z.array(signalSchema),
});
export type ReplyClassification = z.infer<typeof replyClassificationSchema>;
