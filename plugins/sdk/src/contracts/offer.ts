import { z } from 'zod';

// The workspace's offer: what the sending team sells and how it wants to sound. The platform
// stores it (GET/PUT /api/offer) and hands it to the copywriter with every prospect; the
// outreach plugin writes only what the offer and the prospect's researched facts support.

/** A field a person types: trimmed, not empty, and short enough to sit in an email. */
// Measured and checked as sent (at most `max` characters, not blank), then trimmed: what the
// JSON Schema says (maxLength, a pattern needing a non-space) is exactly what is taken.
const text = (max: number) => z.string().max(max).regex(/\S/, 'must not be blank').trim();

/** One reason to buy: the buyer's problem and what changes once it is solved. */
export const ValuePropSchema = z.object({
  /** The problem as a short noun phrase in the buyer's words: "manual prospect research", "SDR ramp time". */
  pain: text(120),
  /** What changes, as a clause that can follow "so": "your reps only talk to accounts that fit". */
  value: text(200),
});

/** A result the team may cite: the sentence to send, and optionally who and what. */
export const ProofPointSchema = z.object({
  /** The proof as a sentence the team is happy to send: "Kestrel cut SDR ramp time from 6 months to 3." */
  text: text(240),
  customer: text(120).optional(),
  result: text(120).optional(),
});

/**
 * What the sending team sells and how it wants to sound: everything the copywriter may say
 * about the sender. Facts about the prospect come from research only.
 */
export const OfferSchema = z.object({
  companyName: text(120),
  website: z.url().optional(),
  /** What you sell, completing "<companyName> …": "books qualified sales meetings with your ideal customers". */
  oneLiner: text(200),
  valueProps: z.array(ValuePropSchema).min(2).max(5),
  proofPoints: z.array(ProofPointSchema).max(10).default([]),
  /** Who the offer is for; the copy reads them, the prospect record says who this one is. */
  personas: z.object({ titles: z.array(text(80)).max(20), seniority: z.array(text(40)).max(10).optional() }),
  tone: z.enum(['formal', 'plain']).default('plain'),
  callToAction: z.object({ meetingMinutes: z.number().int().min(5).max(120), bookingLink: z.url().optional() }),
  senderName: text(120),
  senderTitle: text(120).optional(),
  /** Set for the seeded sample workspace's offer. */
  sample: z.boolean().optional(),
});

export type Offer = z.output<typeof OfferSchema>;
export type OfferInput = z.input<typeof OfferSchema>;
export type ValueProp = z.infer<typeof ValuePropSchema>;
export type ProofPoint = z.infer<typeof ProofPointSchema>;
