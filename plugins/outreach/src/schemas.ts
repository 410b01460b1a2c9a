import { FactSchema } from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { CadenceTimingSchema, TEMPLATE_IDS, TemplatePerformanceSchema } from './config.ts';
import { OfferSchema } from './offer.ts';

/** The part of the research agent's result that outreach reads; only `facts` may be quoted. */
export const ResearchSubsetSchema = z.object({
  companyName: z.string().optional(),
  companyInfo: z.string().optional(),
  industry: z.string().nullable().optional(),
  painPoints: z.array(z.string()).default([]),
  techStack: z.array(z.string()).default([]),
  facts: z.array(FactSchema).default([]),
});

export type ResearchSubset = z.infer<typeof ResearchSubsetSchema>;

export const OutreachProspectSchema = z.object({
  firstName: z.string().min(1),
  lastName: z.string(),
  jobTitle: z.string(),
  company: z.string().min(1),
  email: z.string(),
});

export type OutreachProspect = z.infer<typeof OutreachProspectSchema>;

export const WriteSequenceInputSchema = z.object({
  prospect: OutreachProspectSchema,
  research: ResearchSubsetSchema,
  scoring: z.object({ totalScore: z.number(), priority: z.string() }).optional(),
  offer: OfferSchema,
  signature: z
    .string()
    .optional()
    .describe("The sending mailbox's signature; replaces the sender's name, title and company under the emails."),
  templatePerformance: TemplatePerformanceSchema.optional().describe('Overrides the configured template response rates.'),
  cadenceTiming: CadenceTimingSchema.optional().describe('Overrides the configured cadence.'),
});

export type WriteSequenceInput = z.infer<typeof WriteSequenceInputSchema>;

/** The part of an email a sentence plays (absent when a language model wrote it). */
export const MOVES = ['greeting', 'follow-up', 'opener', 'bridge', 'offer', 'proof', 'ask', 'sign-off'] as const;
export type Move = (typeof MOVES)[number];

/** One sentence of an email and the facts it rests on (none for generic lines). */
export const SentenceSchema = z.object({ text: z.string().min(1), factIds: z.array(z.string()), move: z.enum(MOVES).optional() });
export type Sentence = z.infer<typeof SentenceSchema>;

export const EmailSchema = z.object({
  step: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** Days after enrolment on which this email goes out. */
  dayOffset: z.number().int().min(0),
  template: z.enum(TEMPLATE_IDS),
  subject: z.string().min(1),
  /** The sentences joined by blank lines. */
  body: z.string().min(1),
  sentences: z.array(SentenceSchema).min(1),
});

export type Email = z.infer<typeof EmailSchema>;

export const WriteSequenceOutputSchema = z.object({
  sequence: z.array(EmailSchema).length(3),
  overallStrategy: z.string(),
  /** Fraction: the templates' response rates weighted by step. */
  expectedResponseRate: z.number().min(0).max(1),
  /** 0–1: how many of the personal lines a sequence can carry were filled with researched facts. */
  confidence: z.number().min(0).max(1),
  citations: z.array(z.object({ factId: z.string(), url: z.string(), snippet: z.string() })),
  writer: z.enum(['templates', 'llm']),
});

export type WriteSequenceOutput = z.infer<typeof WriteSequenceOutputSchema>;

/** Output of templates: the template copy, in the order the copywriter prefers them before anything is learned. */
export const TemplatesOutputSchema = z.object({
  templates: z.array(
    z.object({
      id: z.enum(TEMPLATE_IDS),
      subjects: z.array(z.string()).describe('Subject lines, slots such as {firstName} left as they are.'),
      valueLines: z.array(z.string()).describe("The sender's offer, after the personal lines."),
      asks: z.array(z.string()).describe('The closing question or call to action.'),
    }),
  ),
});
