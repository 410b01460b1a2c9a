import { z } from 'zod';

/** Where a fact was read: the page and the words on it. */
export const EvidenceSchema = z.object({
  url: z.string().url(),
  /** The text the fact was taken from, as it stands on the page (trimmed to 300 characters). */
  snippet: z.string().min(1).max(300),
});

/**
 * A researched fact with its evidence: the only thing outreach may personalise with. Kinds in
 * use: description, industry, employees, revenue, location, founded, product, customer,
 * pain-point, value, tech, funding, hiring, contact, social.
 */
export const FactSchema = z.object({
  /** Stable within one research result, e.g. "tech-stripe"; cited by the sentences that use it. */
  id: z.string().min(1),
  kind: z.string().min(1),
  /** The fact itself, short: "Uses Stripe", "Series B, $40M (2025)". */
  value: z.string().min(1),
  evidence: EvidenceSchema,
  /** 0–1: how sure the extraction is. */
  confidence: z.number().min(0).max(1),
});

export type Evidence = z.infer<typeof EvidenceSchema>;
export type Fact = z.infer<typeof FactSchema>;
